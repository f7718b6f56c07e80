/** The account stream feeds the audience snapshot (functions/domain/audience/streamLambda.ts); lost batches are caught up by the next rebuild. */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { type CfnFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, type QueueProps } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { BundledFunctionProps } from './bundling';
import { acknowledge, acknowledgeWildcards } from './nag';

export interface AudienceFeedProps {
  accountTable: ITable;
  storageBucket: IBucket;
  dataKey?: IKey;
  tracingPolicy: ManagedPolicy;
  queueEncryption: Pick<QueueProps, 'encryption' | 'encryptionMasterKey'>;
  retention: RetentionDays;
  logLevel: string;
  bundled: BundledFunctionProps;
}

export class AudienceFeed extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: AudienceFeedProps) {
    super(scope, id);
    const logs = new LogGroup(this, 'Logs', { retention: props.retention, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), managedPolicies: [props.tracingPolicy] });
    logs.grantWrite(role);
    this.deadLetters = new Queue(this, 'DeadLetters', { retentionPeriod: Duration.days(14), ...props.queueEncryption, enforceSSL: true });
    acknowledge(
      this.deadLetters,
      "A dead-letter queue is the end of the line: the stream mapping's on-failure destination (not an SQS redrive, which cdk-nag looks for); its messages wait for an operator, under an alarm",
      'Serverless-SQSRedrivePolicy',
      'AwsSolutions-SQS3',
    );
    this.function = new NodejsFunction(this, 'Function', {
      description: 'Herald audience snapshot feed (account table stream to the change log)',
      ...props.bundled,
      role,
      memorySize: 512,
      timeout: Duration.seconds(60),
      logGroup: logs,
      environment: { HERALD_STORAGE_BUCKET: props.storageBucket.bucketName, HERALD_LOG_LEVEL: props.logLevel },
    });
    // made here rather than by DynamoEventSource, whose grant adds dynamodb:ListStreams on "*"
    const stream = props.accountTable.tableStreamArn!;
    this.function.addEventSourceMapping('AccountStream', {
      eventSourceArn: stream,
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 1000,
      maxBatchingWindow: Duration.seconds(1),
      bisectBatchOnError: true,
      retryAttempts: 10,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(this.deadLetters),
    });
    this.function.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'], resources: [stream] }),
    );
    props.storageBucket.grantPut(this.function, 'audience/*');
    props.dataKey?.grant(this.function, 'kms:Decrypt', 'kms:GenerateDataKey');
    (this.function.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
    acknowledge(
      this.function,
      'Node.js 22 is the runtime Herald is built for (esbuild target node22) and tested on; moving to a newer one is a tested change, not a default',
      'AwsSolutions-L1',
      'Serverless-LambdaLatestVersion',
    );
    acknowledge(
      this.function,
      "Invoked by the table's stream, whose failed batches go to the event source's on-failure queue (DeadLetters), the place for them",
      'Serverless-LambdaDLQ',
    );
    acknowledgeWildcards(
      role,
      "CDK's grant for writing the snapshot's change log: objects under audience/ only, keys made per organization at run time",
      /^Action::s3:Abort\*$/,
      /^Resource::.*AssetsBucket.*\/audience\/\*$/,
      /^Action::kms:(GenerateDataKey|ReEncrypt)\*$/,
    );
  }
}
