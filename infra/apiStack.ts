/** API stack: secret, router, workers and queues, SMS, push, HTTP API and monitoring, all made in this stack so logical ids are its own. */
import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Dashboard } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type IKey, Key } from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { type Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AudienceFeed } from './audienceFeed';
import { bundledFunction } from './bundling';
import type { HeraldConfig } from './config';
import { emailFeedback } from './emailFeedback';
import { functionRole, tableAccess } from './functionAccess';
import { acknowledgeFunctions } from './functionAcknowledgements';
import { routerApi } from './httpApi';
import { keySecret } from './keySecret';
import { LAMBDA_NODE_OPTIONS } from './lambdaBundling';
import { addMonitoring, alarmTopic } from './monitoring';
import { acknowledgeWildcards } from './nag';
import { allowPush } from './push';
import { addSms } from './sms';
import { DELIVERY_VISIBILITY_S, DELIVERY_WORKER_TIMEOUT_S, JOB_WORKER_TIMEOUT_S, type QueueEncryption as QueueEncryptionProps, workQueues } from './workQueues';

export interface HeraldApiStackProps extends StackProps {
  config: HeraldConfig;
  tables: readonly ITable[];
  storageBucket: IBucket;
  accountTable?: ITable;
  /** the secrets are encrypted with it too */
  dataKey?: IKey;
  logRetention?: RetentionDays;
}

export class HeraldApiStack extends Stack {
  readonly routerFunction: NodejsFunction;
  readonly jobQueue: Queue;
  readonly jobDeadLetters: Queue;
  readonly jobFunction: NodejsFunction;
  readonly deliveryQueue: Queue;
  readonly deliveryDeadLetters: Queue;
  readonly deliveryFunction: NodejsFunction;
  readonly audienceFeed?: AudienceFeed;
  readonly smsInboundDeadLetters: Queue;
  readonly configurationSet: ConfigurationSet;
  readonly scheduleGroup: CfnScheduleGroup;
  readonly schedulerRole: Role;
  readonly httpApi: HttpApi;
  readonly apiDomainName: string;
  readonly keySecret: Secret;
  readonly alarmTopic: Topic;
  readonly dashboard: Dashboard;
  private readonly queueEncryption: QueueEncryptionProps;
  /** X-Ray has no resource to name */
  private readonly tracingPolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, props: HeraldApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    // by ARN: grants go to the function's role only, and the data stack's key policy never names this stack's roles (a stack cycle)
    const dataKey = props.dataKey ? Key.fromKeyArn(this, 'DataKey', props.dataKey.keyArn) : undefined;
    this.queueEncryption = dataKey ? { encryption: QueueEncryption.KMS, encryptionMasterKey: dataKey } : { encryption: QueueEncryption.SQS_MANAGED };
    const retention = props.logRetention ?? (Number(config.logRetentionDays) as RetentionDays);
    this.tracingPolicy = new ManagedPolicy(this, 'TracingPolicy', {
      description: 'Herald: functions send their X-Ray traces',
      statements: [new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] })],
    });
    acknowledgeWildcards(this.tracingPolicy, 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions', /^Resource::\*$/);
    this.alarmTopic = alarmTopic(this, config);
    this.keySecret = keySecret(this, dataKey);
    const queues = workQueues(this, this.queueEncryption);
    this.jobQueue = queues.jobQueue;
    this.jobDeadLetters = queues.jobDeadLetters;
    this.deliveryQueue = queues.deliveryQueue;
    this.deliveryDeadLetters = queues.deliveryDeadLetters;
    this.configurationSet = emailFeedback(this, queues);

    this.scheduleGroup = new CfnScheduleGroup(this, 'ScheduleGroup', { name: `${this.stackName}-schedules` });
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      description: 'Herald: EventBridge Scheduler sends due schedules to Herald queues',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } } }),
    });
    this.jobQueue.grantSendMessages(this.schedulerRole);
    this.deliveryQueue.grantSendMessages(this.schedulerRole);
    acknowledgeWildcards(
      this.schedulerRole,
      "CDK's send grant on a queue encrypted with the customer managed key (herald:customerManagedKey on): SQS encrypts each message with data keys of that one key",
      /^Action::kms:(GenerateDataKey|ReEncrypt)\*$/,
    );

    const environment = {
      HERALD_KEY_SECRET_ID: this.keySecret.secretArn,
      HERALD_TABLE_PREFIX: config.tablePrefix,
      HERALD_AUTH_TYPE: config.authType,
      HERALD_APP_KEY: config.appKey,
      HERALD_PUBLIC_URL: config.publicUrl,
      HERALD_MAIL_FROM: config.mailFrom,
      HERALD_MAP_TILE_URL: config.mapTileUrl,
      HERALD_MAP_ATTRIBUTION: config.mapAttribution,
      HERALD_LOG_LEVEL: config.logLevel,
      HERALD_JOB_QUEUE_URL: this.jobQueue.queueUrl,
      HERALD_SCHEDULE_GROUP: this.scheduleGroup.ref,
      HERALD_SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      HERALD_QUEUE_ARNS: this.toJsonString({ jobs: this.jobQueue.queueArn, delivery: this.deliveryQueue.queueArn }),
      HERALD_QUEUE_URLS: this.toJsonString({ jobs: this.jobQueue.queueUrl, delivery: this.deliveryQueue.queueUrl }),
      HERALD_SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      HERALD_DELIVERY_VISIBILITY_S: String(DELIVERY_VISIBILITY_S),
      HERALD_STORAGE_BUCKET: props.storageBucket.bucketName,
      // empty is the runtime's default (functions/platform/runtime.ts defaultConfig)
      HERALD_TRANSLATION_URL: config.translationUrl,
      HERALD_BEDROCK_MODEL_ID: config.bedrockModelId,
      HERALD_AI_DAILY_LIMIT: config.aiDailyLimit,
      // cloud sources refuse roles of this account
      HERALD_AWS_ACCOUNT_ID: Aws.ACCOUNT_ID,
      NODE_OPTIONS: LAMBDA_NODE_OPTIONS.join(' '),
    };
    const sendMail = new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`,
        `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/${this.configurationSet.configurationSetName}`,
      ],
    });

    const logGroup = new LogGroup(this, 'RouterLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    this.routerFunction = new NodejsFunction(this, 'RouterFunction', {
      description: 'Herald API router',
      ...bundledFunction('functions/api/lambda.ts'),
      role: functionRole(this, 'RouterFunction', logGroup, this.tracingPolicy),
      memorySize: 1024,
      timeout: Duration.seconds(29),
      logGroup,
      // set by the web stack's CloudFront Function; the Lambda is reached through CloudFront
      environment: { ...environment, HERALD_VIEWER_IP_HEADER: 'x-herald-viewer-ip' },
    });
    const tables = tableAccess(config.tablePrefix);
    this.routerFunction.addToRolePolicy(tables);
    this.keySecret.grantRead(this.routerFunction);
    this.routerFunction.addToRolePolicy(sendMail);
    this.routerFunction.addToRolePolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [`arn:${Aws.PARTITION}:bedrock:*::foundation-model/*`, `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/*`],
      }),
    );
    acknowledgeWildcards(
      this.routerFunction.role!,
      "The composer's model is chosen at run time (on the brand voice or HERALD_BEDROCK_MODEL_ID), and a cross-region inference profile invokes the foundation model in whichever region it routes to: no model or region is known when deploying",
      /^Resource::arn:<AWS::Partition>:bedrock:\*::foundation-model\/\*$/,
      /^Resource::arn:<AWS::Partition>:bedrock:<AWS::Region>:<AWS::AccountId>:inference-profile\/\*$/,
    );
    this.jobQueue.grantSendMessages(this.routerFunction);
    this.deliveryQueue.grantSendMessages(this.routerFunction);
    // Herald's schedule group only
    const manageSchedules = new PolicyStatement({
      actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
      resources: [`arn:${Aws.PARTITION}:scheduler:${Aws.REGION}:${Aws.ACCOUNT_ID}:schedule/${this.scheduleGroup.ref}/*`],
    });
    this.routerFunction.addToRolePolicy(manageSchedules);
    this.schedulerRole.grantPassRole(this.routerFunction.grantPrincipal);
    props.storageBucket.grantReadWrite(this.routerFunction);

    const jobLogs = new LogGroup(this, 'JobLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    this.jobFunction = new NodejsFunction(this, 'JobFunction', {
      description: 'Herald job worker (work handed off by requests)',
      ...bundledFunction('functions/jobs/lambda.ts'),
      role: functionRole(this, 'JobFunction', jobLogs, this.tracingPolicy),
      // an audience snapshot job holds an organization's accounts while it writes their columns: about 1 GB at a
      // million accounts (a data export reads up to 100,000 and writes their file in one job)
      memorySize: 2048,
      timeout: Duration.seconds(JOB_WORKER_TIMEOUT_S),
      logGroup: jobLogs,
      environment,
    });
    this.jobFunction.addEventSource(new SqsEventSource(this.jobQueue, { batchSize: 10, reportBatchItemFailures: true }));
    this.jobFunction.addToRolePolicy(tables);
    this.keySecret.grantRead(this.jobFunction);
    this.jobFunction.addToRolePolicy(sendMail);
    props.storageBucket.grantReadWrite(this.jobFunction);
    this.jobFunction.addToRolePolicy(manageSchedules);
    // only with the source's external id (no other customer's role answers to it), never a role of Herald's own account
    this.jobFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole'], resources: [`arn:${Aws.PARTITION}:iam::*:role/*`], conditions: { StringLike: { 'sts:ExternalId': 'herald-*' } } }),
    );
    this.jobFunction.addToRolePolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['sts:AssumeRole'], resources: [`arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/*`] }));
    this.routerFunction.addEnvironment('HERALD_JOB_ROLE_ARN', this.jobFunction.role!.roleArn);

    const deliveryLogs = new LogGroup(this, 'DeliveryLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    this.deliveryFunction = new NodejsFunction(this, 'DeliveryFunction', {
      description: 'Herald delivery worker (fire, audience, send, check)',
      ...bundledFunction('functions/delivery/lambda.ts'),
      role: functionRole(this, 'DeliveryFunction', deliveryLogs, this.tracingPolicy),
      memorySize: 1024,
      timeout: Duration.seconds(DELIVERY_WORKER_TIMEOUT_S),
      logGroup: deliveryLogs,
      environment,
    });
    // with the shared rate, more batches in flight would only wait
    this.deliveryFunction.addEventSource(new SqsEventSource(this.deliveryQueue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 50 }));
    this.deliveryFunction.addToRolePolicy(tables);
    this.keySecret.grantRead(this.deliveryFunction);
    this.deliveryFunction.addToRolePolicy(sendMail);
    this.deliveryQueue.grantSendMessages(this.deliveryFunction);
    this.jobQueue.grantSendMessages(this.deliveryFunction);
    this.deliveryFunction.addToRolePolicy(manageSchedules);
    this.schedulerRole.grantPassRole(this.deliveryFunction.grantPrincipal);
    props.storageBucket.grantReadWrite(this.deliveryFunction, 'letters/*');
    const { inbound, deadLetters } = addSms(this, {
      config,
      environment,
      tableAccess: tables,
      retention,
      routerFunction: this.routerFunction,
      deliveryFunction: this.deliveryFunction,
      keySecret: this.keySecret,
      queueEncryption: this.queueEncryption,
      tracingPolicy: this.tracingPolicy,
    });
    this.smsInboundDeadLetters = deadLetters;
    allowPush(this);
    if (props.accountTable) {
      this.audienceFeed = new AudienceFeed(this, 'AudienceFeed', {
        accountTable: props.accountTable,
        storageBucket: props.storageBucket,
        dataKey,
        tracingPolicy: this.tracingPolicy,
        queueEncryption: this.queueEncryption,
        retention,
        logLevel: config.logLevel,
        bundled: bundledFunction('functions/domain/audience/streamLambda.ts'),
      });
    }
    // use, never re-encrypt or manage
    if (dataKey)
      for (const fn of [this.routerFunction, this.jobFunction, this.deliveryFunction, inbound])
        dataKey.grant(fn, 'kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:DescribeKey');

    this.httpApi = routerApi(this, this.routerFunction, retention);
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    const functions = { routerFunction: this.routerFunction, jobFunction: this.jobFunction, deliveryFunction: this.deliveryFunction, inbound };
    acknowledgeFunctions(config, functions);
    this.dashboard = addMonitoring(this, {
      ...functions,
      jobQueue: this.jobQueue,
      jobDeadLetters: this.jobDeadLetters,
      deliveryQueue: this.deliveryQueue,
      deliveryDeadLetters: this.deliveryDeadLetters,
      smsInboundDeadLetters: this.smsInboundDeadLetters,
      audienceFeed: this.audienceFeed,
      alarmTopic: this.alarmTopic,
    });

    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.dashboard.dashboardName });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'KeySecretArn', { value: this.keySecret.secretArn });
    new CfnOutput(this, 'RouterFunctionName', { value: this.routerFunction.functionName });
    new CfnOutput(this, 'JobDeadLetterQueueUrl', { value: this.jobDeadLetters.queueUrl });
  }
}
