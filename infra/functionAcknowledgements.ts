/** The cdk-nag findings Herald's functions accept (infra/nag.ts), each with its reason. */
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { HeraldConfig } from './config';
import { trace } from './functionAccess';
import { acknowledge, acknowledgeWildcards } from './nag';

export interface HeraldFunctions {
  routerFunction: IFunction;
  jobFunction: IFunction;
  deliveryFunction: IFunction;
  inbound: IFunction;
}

export function acknowledgeFunctions(config: HeraldConfig, fns: HeraldFunctions): void {
  const { routerFunction, jobFunction, deliveryFunction, inbound } = fns;
  const all = [routerFunction, jobFunction, deliveryFunction, inbound];
  for (const fn of all) {
    trace(fn);
    acknowledge(
      fn,
      'Node.js 22 is the runtime Herald is built for (esbuild target node22) and tested on; moving to a newer one is a tested change, not a default',
      'AwsSolutions-L1',
      'Serverless-LambdaLatestVersion',
    );
    acknowledgeWildcards(
      fn.role!,
      "Herald's tables are the deployment's prefix (herald:tablePrefix) and their indexes: one statement for all, because a grant per table overflows IAM's policy size at about fifty tables",
      /^Resource::arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table\/.*\*$/,
    );
    acknowledgeWildcards(
      fn.role!,
      "Organizations send from their own verified addresses and domains, known only at run time; SES checks each sender's identity",
      /^Resource::arn:<AWS::Partition>:ses:.*:identity\/\*$/,
    );
    acknowledgeWildcards(
      fn.role!,
      "Schedules are made at run time (one per plan, loop or check), only in Herald's own schedule group",
      /^Resource::arn:<AWS::Partition>:scheduler:.*:schedule\/<ScheduleGroup>\/\*$/,
    );
    acknowledgeWildcards(
      fn.role!,
      "CDK's read/write grant on the one storage bucket (object keys are per organization and made at run time); the action groups are CDK's (GetObject*, DeleteObject*, Abort*, List*, GetBucket*)",
      /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
      /^Resource::.*AssetsBucket.*\/(letters\/)?\*$/,
    );
    acknowledgeWildcards(
      fn.role!,
      "CDK's grants on the storage bucket's and the queues' customer managed key (herald:customerManagedKey on): S3 and SQS encrypt and re-encrypt objects and messages with data keys of that one key",
      /^Action::kms:(GenerateDataKey|ReEncrypt)\*$/,
    );
  }
  for (const fn of [routerFunction, deliveryFunction]) {
    acknowledgeWildcards(
      fn.role!,
      config.smsOriginationIdentity.startsWith('arn:')
        ? "An opt-out list is the origination identity's, chosen in End User Messaging, not by Herald"
        : "Without an origination identity ARN (herald:smsOriginationIdentity), End User Messaging picks one of the account's numbers, pools or sender ids; the opt-out list is the identity's",
      /^Resource::arn:<AWS::Partition>:sms-voice:<AWS::Region>:<AWS::AccountId>:(phone-number|pool|sender-id|opt-out-list)\/\*$/,
    );
    acknowledgeWildcards(
      fn.role!,
      'Push apps are made at run time, one per organization that sets up push, and sent to by id',
      /^Resource::arn:<AWS::Partition>:mobiletargeting:.*:apps\/\*(\/messages|\/channels\/\*)?$/,
    );
  }
  acknowledgeWildcards(
    jobFunction.role!,
    "A cloud source reads a customer's bucket through the role the customer names, in the customer's account: allowed only with Herald's external id (herald-*), and denied for every role of this account",
    /^Resource::arn:<AWS::Partition>:iam::\*:role\/\*$/,
  );
  for (const fn of [routerFunction, jobFunction, deliveryFunction]) {
    acknowledge(
      fn,
      "Invoked synchronously (the router, by API Gateway) or by an SQS event source (the workers): a failed message is redriven to its queue's dead-letter queue, the place for it",
      'Serverless-LambdaDLQ',
    );
  }
  for (const fn of [jobFunction, deliveryFunction]) {
    acknowledge(
      fn,
      "SQS event sources take no on-failure destination (only streams do): the queue's redrive policy sends a message that failed five times to its dead-letter queue",
      'Serverless-LambdaEventSourceMappingDestination',
    );
  }
}
