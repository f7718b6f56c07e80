/** Push through End User Messaging push (functions/channels/push). */
import { Aws } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';

export function allowPush(fns: { routerFunction: IFunction; deliveryFunction: IFunction }): void {
  const apps = (path = '') => `arn:${Aws.PARTITION}:mobiletargeting:${Aws.REGION}:${Aws.ACCOUNT_ID}:apps${path}`;
  const sendPush = new PolicyStatement({ actions: ['mobiletargeting:SendMessages'], resources: [apps('/*'), apps('/*/messages')] });
  fns.deliveryFunction.addToRolePolicy(sendPush);
  fns.routerFunction.addToRolePolicy(sendPush);
  fns.routerFunction.addToRolePolicy(
    new PolicyStatement({
      actions: [
        'mobiletargeting:CreateApp',
        'mobiletargeting:TagResource',
        'mobiletargeting:UpdateApnsChannel',
        'mobiletargeting:UpdateApnsSandboxChannel',
        'mobiletargeting:UpdateGcmChannel',
        'mobiletargeting:DeleteApnsChannel',
        'mobiletargeting:DeleteApnsSandboxChannel',
        'mobiletargeting:DeleteGcmChannel',
      ],
      resources: [apps(), apps('/*'), apps('/*/channels/*')],
    }),
  );
}
