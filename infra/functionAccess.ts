import { Aws, type Stack } from 'aws-cdk-lib';
import { type CfnRole, type ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';

/** Kept from when CDK made the roles inside each function, so deployed roles (and the job role's ARN customers trust) stay. */
const FUNCTION_ROLE_IDS = {
  RouterFunction: 'RouterFunctionServiceRoleC0D99B26',
  JobFunction: 'JobFunctionServiceRole4A8ED768',
  DeliveryFunction: 'DeliveryFunctionServiceRoleBA84088B',
  SmsInboundFunction: 'SmsInboundFunctionServiceRoleE4F5B2B6',
} as const;

/** Its own log group only, not every one as AWSLambdaBasicExecutionRole would allow. */
export function functionRole(stack: Stack, name: keyof typeof FUNCTION_ROLE_IDS, logGroup: LogGroup, tracingPolicy: ManagedPolicy): Role {
  const role = new Role(stack, `${name}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), managedPolicies: [tracingPolicy] });
  (role.node.defaultChild as CfnRole).overrideLogicalId(FUNCTION_ROLE_IDS[name]);
  logGroup.grantWrite(role);
  return role;
}

export function trace(fn: IFunction): void {
  (fn.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
}

/** One statement by prefix: a grant per table overflows IAM's policy size at about fifty tables. */
export function tableAccess(prefix: string): PolicyStatement {
  const tables = `arn:${Aws.PARTITION}:dynamodb:${Aws.REGION}:${Aws.ACCOUNT_ID}:table/${prefix}*`;
  return new PolicyStatement({
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:Scan',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DescribeTable',
    ],
    resources: [tables, `${tables}/index/*`],
  });
}
