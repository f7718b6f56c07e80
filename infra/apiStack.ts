/**
 * API stack: the key secret, the router Lambda (functions/api/lambda.ts, bundled locally with esbuild, no Docker)
 * and the HTTP API (payload v2) that routes the portal's /service paths to it.
 *
 * The key secret's SecretString is `{"material": <64 random chars>, "adminPassword": "Hd@1" + <12 random
 * alphanumerics>}`: Secrets Manager generates `material` in the secret itself; the random half of the admin
 * password is generated in a second secret and pulled into the template by a CloudFormation dynamic reference,
 * so no secret value ever appears in the template. The fixed `Hd@1` prefix guarantees the password rule (upper,
 * lower, digit, one of @#$%&; 16 characters). Both secrets are retained: tables are retained, and their sealed
 * values and sessions are only readable with the same material. Never edit `generateSecretString` of
 * KeySecret once deployed: CloudFormation would generate new material.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type CfnRole, Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alarm, ComparisonOperator, Dashboard, GraphWidget, type IMetric, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type IKey, Key } from 'aws-cdk-lib/aws-kms';
import { Architecture, type CfnFunction, type IFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { EventBus, EventField, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption, type QueueProps } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription, LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../functions/platform/metricNames';
import { PATHS } from '../shared/paths';
import { SDK_BASE_PATH, SDK_OPENAPI_PATH } from '../shared/sdk/contract';
import type { HeraldConfig } from './config';
import { LAMBDA_BUNDLING, LAMBDA_NODE_OPTIONS, letterFontCopyCommands, packagesBesideCopyCommands } from './lambdaBundling';
import { acknowledge, acknowledgeWildcards } from './nag';
import { AudienceFeed } from './audienceFeed';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The paths the router answers. */
export const API_ROUTES: readonly { path: string; method: HttpMethod }[] = [
  { path: PATHS.api, method: HttpMethod.POST },
  { path: PATHS.init, method: HttpMethod.POST },
  { path: PATHS.webConfig, method: HttpMethod.GET },
  // tracking: open pixel, click redirect, unsubscribe page (GET) and one-click unsubscribe (POST)
  { path: `${PATHS.tracking}/{proxy+}`, method: HttpMethod.GET },
  { path: `${PATHS.tracking}/{proxy+}`, method: HttpMethod.POST },
  // uploads (JSON or a form, spec 000 section 7) and an organization's public assets
  { path: PATHS.upload, method: HttpMethod.POST },
  { path: `${PATHS.upload}Form`, method: HttpMethod.POST },
  { path: `${PATHS.upload}/uploadS3`, method: HttpMethod.POST },
  { path: `${PATHS.upload}/uploadS3Form`, method: HttpMethod.POST },
  { path: `${PATHS.assets}/{proxy+}`, method: HttpMethod.GET },
  // the app SDK API: signed calls (POST) and its OpenAPI document (GET)
  { path: `${SDK_BASE_PATH}/{proxy+}`, method: HttpMethod.POST },
  { path: SDK_OPENAPI_PATH, method: HttpMethod.GET },
  // recipient-action triggers' inbound webhooks
  { path: `${PATHS.hooks}/{proxy+}`, method: HttpMethod.POST },
  // an organization's Twilio provider: message status callbacks and inbound replies (STOP)
  { path: `${PATHS.twilio}/{proxy+}`, method: HttpMethod.POST },
];

/** A delivery message stays hidden this long while a worker holds it: six times the worker's timeout. */
export const DELIVERY_WORKER_TIMEOUT_S = 120;
export const DELIVERY_VISIBILITY_S = 6 * DELIVERY_WORKER_TIMEOUT_S;

/** Guarantees the password rule's classes (upper, lower, special, digit); the rest is random alphanumerics. */
export const ADMIN_PASSWORD_PREFIX = 'Hd@1';
export const ADMIN_PASSWORD_RANDOM_LENGTH = 12;

export interface HeraldApiStackProps extends StackProps {
  config: HeraldConfig;
  /** every registry table; the router gets read/write on each (and its indexes) */
  tables: readonly ITable[];
  /** the files of the storage port (the data stack's private, encrypted, versioned, TLS-only bucket) */
  storageBucket: IBucket;
  /** the account table, whose stream feeds the audience snapshot (infra/audienceFeed.ts) */
  accountTable?: ITable;
  /** the data stack's customer managed key (herald:customerManagedKey): the secrets are encrypted with it too */
  dataKey?: IKey;
  logRetention?: RetentionDays;
}

/**
 * The logical ids the functions' roles had when CDK made them inside each function: a role made beside its
 * function keeps its id, so a deployed role (and the job role's ARN, which customers' trust policies name) stays.
 */
const FUNCTION_ROLE_IDS = {
  RouterFunction: 'RouterFunctionServiceRoleC0D99B26',
  JobFunction: 'JobFunctionServiceRole4A8ED768',
  DeliveryFunction: 'DeliveryFunctionServiceRoleBA84088B',
  SmsInboundFunction: 'SmsInboundFunctionServiceRoleE4F5B2B6',
} as const;

/**
 * @node-rs/argon2 loads a native binary, which esbuild cannot bundle: it stays external and is copied next to
 * the bundle with its linux-x64-gnu binary (the Lambda runs x86_64 on Amazon Linux, glibc). Where the binary
 * package is not installed (a non-Linux build host), npm fetches it for the Lambda's platform.
 */
function argon2CopyCommands(outputDir: string): string[] {
  const require = createRequire(import.meta.url);
  const mainPkg = require.resolve('@node-rs/argon2/package.json');
  const mainDir = dirname(mainPkg);
  const version = (require(mainPkg) as { version: string }).version;
  const target = join(outputDir, 'node_modules', '@node-rs');
  let binaryDir: string | undefined;
  try {
    binaryDir = dirname(createRequire(mainPkg).resolve('@node-rs/argon2-linux-x64-gnu/package.json'));
  } catch {
    binaryDir = undefined;
  }
  if (binaryDir && existsSync(binaryDir)) {
    return [`mkdir -p "${target}"`, `cp -R "${mainDir}" "${join(target, 'argon2')}"`, `cp -R "${binaryDir}" "${join(target, 'argon2-linux-x64-gnu')}"`];
  }
  return [
    `npm install --prefix "${outputDir}" --no-save --no-package-lock --os=linux --cpu=x64 --libc=glibc ` + `@node-rs/argon2@${version} @node-rs/argon2-linux-x64-gnu@${version}`,
  ];
}

/** The job worker's time limit: a data export of up to 100,000 accounts fits well inside it. */
export const JOB_WORKER_TIMEOUT_S = 300;

/** How every Herald Lambda is bundled (infra/lambdaBundling.ts): ESM for Node 22, the AWS SDK bundled, argon2's binary copied. */
function bundledFunction(entry: string): Pick<NodejsFunctionProps, 'entry' | 'handler' | 'projectRoot' | 'depsLockFilePath' | 'runtime' | 'architecture' | 'bundling'> {
  return {
    entry: join(ROOT, entry),
    handler: 'handler',
    projectRoot: ROOT,
    depsLockFilePath: join(ROOT, 'package-lock.json'),
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.X86_64,
    bundling: {
      format: OutputFormat.ESM,
      target: LAMBDA_BUNDLING.target,
      mainFields: [...LAMBDA_BUNDLING.mainFields],
      banner: LAMBDA_BUNDLING.banner,
      externalModules: [...LAMBDA_BUNDLING.external],
      minify: LAMBDA_BUNDLING.minify,
      sourceMap: true,
      sourcesContent: false,
      forceDockerBundling: false,
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (_inputDir, outputDir) => [...argon2CopyCommands(outputDir), ...letterFontCopyCommands(outputDir), ...packagesBesideCopyCommands(outputDir)],
      },
    },
  };
}

export class HeraldApiStack extends Stack {
  readonly routerFunction: NodejsFunction;
  /** work requests hand off (forgot-password mail), run by the job worker after the answer */
  readonly jobQueue: Queue;
  readonly jobDeadLetters: Queue;
  readonly jobFunction: NodejsFunction;
  /** the send pipeline's steps (fire, audience pages, send batches, checks) and their worker */
  readonly deliveryQueue: Queue;
  readonly deliveryDeadLetters: Queue;
  readonly deliveryFunction: NodejsFunction;
  /** the account stream's consumer, when the stack is given the account table */
  readonly audienceFeed?: AudienceFeed;
  /** two-way SMS events that could not be handled */
  smsInboundDeadLetters!: Queue;
  /** SES events of Herald's mail (bounces, complaints, opens, clicks) */
  readonly configurationSet: ConfigurationSet;
  /** EventBridge Scheduler's group for Herald's schedules, and the role its targets are sent with */
  readonly scheduleGroup: CfnScheduleGroup;
  readonly schedulerRole: Role;
  readonly httpApi: HttpApi;
  /** `<apiId>.execute-api.<region>.<urlSuffix>`: the CloudFront origin */
  readonly apiDomainName: string;
  readonly keySecret: Secret;
  /** every alarm notifies this topic (herald:alarmEmail subscribes an address) */
  readonly alarmTopic: Topic;
  readonly dashboard: Dashboard;
  /** the queues' encryption: SQS-managed, or the customer managed key when herald:customerManagedKey is on */
  private readonly queueEncryption: Pick<QueueProps, 'encryption' | 'encryptionMasterKey'>;
  /** X-Ray's write actions for every function's role: X-Ray has no resource to name */
  private readonly tracingPolicy: ManagedPolicy;

  constructor(scope: Construct, id: string, props: HeraldApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    // by ARN: a grant then goes to the function's role only (the key's policy trusts the account's IAM), and the
    // data stack's key policy never names this stack's roles (which would make the stacks depend on each other)
    const dataKey = props.dataKey ? Key.fromKeyArn(this, 'DataKey', props.dataKey.keyArn) : undefined;
    // herald:customerManagedKey encrypts the queues' messages (campaign and job payloads) with the same key
    this.queueEncryption = dataKey ? { encryption: QueueEncryption.KMS, encryptionMasterKey: dataKey } : { encryption: QueueEncryption.SQS_MANAGED };
    const retention = props.logRetention ?? (Number(config.logRetentionDays) as RetentionDays);
    this.tracingPolicy = new ManagedPolicy(this, 'TracingPolicy', {
      description: 'Herald: functions send their X-Ray traces',
      statements: [new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] })],
    });
    acknowledgeWildcards(this.tracingPolicy, 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions', /^Resource::\*$/);
    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: 'Herald alarms', enforceSSL: true });
    if (config.alarmEmail) {
      const mail = this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));
      acknowledge(mail, 'An alarm mail SNS could not deliver leaves nothing to redrive: the alarm itself stays in ALARM on the dashboard', 'Serverless-SNSRedrivePolicy');
    }

    const adminPasswordPart = new Secret(this, 'AdminPasswordPart', {
      description: 'Herald: random part of the initial administrator password (see KeySecret adminPassword)',
      generateSecretString: {
        passwordLength: ADMIN_PASSWORD_RANDOM_LENGTH,
        excludePunctuation: true,
        includeSpace: false,
        requireEachIncludedType: true,
      },
      encryptionKey: dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      adminPasswordPart,
      'Read once, at the first deploy, into the initial administrator password, which the administrator changes at first sign-in',
      'AwsSolutions-SMG4',
    );
    this.keySecret = new Secret(this, 'KeySecret', {
      description: 'Herald: key material (JWT signing, sealing) and the initial administrator password',
      generateSecretString: {
        secretStringTemplate: this.toJsonString({
          adminPassword: `${ADMIN_PASSWORD_PREFIX}${adminPasswordPart.secretValue.unsafeUnwrap()}`,
        }),
        generateStringKey: 'material',
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      encryptionKey: dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.keySecret,
      'The material seals stored values and signs sessions: rotating it makes every sealed value unreadable, so it is never rotated on a timer (docs/deploy.md, first deploy)',
      'AwsSolutions-SMG4',
    );

    this.jobDeadLetters = new Queue(this, 'JobDeadLetters', {
      retentionPeriod: Duration.days(14),
      ...this.queueEncryption,
      enforceSSL: true,
    });
    this.jobQueue = new Queue(this, 'JobQueue', {
      // six times the worker's timeout, as Lambda's SQS guidance asks
      visibilityTimeout: Duration.seconds(JOB_WORKER_TIMEOUT_S * 6),
      deadLetterQueue: { queue: this.jobDeadLetters, maxReceiveCount: 5 },
      ...this.queueEncryption,
      enforceSSL: true,
    });
    acknowledge(this.jobDeadLetters, 'A dead-letter queue is the end of the line: its messages wait for an operator, under an alarm', 'Serverless-SQSRedrivePolicy');
    new Alarm(this, 'JobDeadLettersAlarm', {
      alarmDescription: 'Herald: jobs failed five times and wait in the dead-letter queue',
      metric: this.jobDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.deliveryDeadLetters = new Queue(this, 'DeliveryDeadLetters', {
      retentionPeriod: Duration.days(14),
      ...this.queueEncryption,
      enforceSSL: true,
    });
    this.deliveryQueue = new Queue(this, 'DeliveryQueue', {
      visibilityTimeout: Duration.seconds(DELIVERY_VISIBILITY_S),
      deadLetterQueue: { queue: this.deliveryDeadLetters, maxReceiveCount: 5 },
      ...this.queueEncryption,
      enforceSSL: true,
    });
    acknowledge(this.deliveryDeadLetters, 'A dead-letter queue is the end of the line: its messages wait for an operator, under an alarm', 'Serverless-SQSRedrivePolicy');
    new Alarm(this, 'DeliveryDeadLettersAlarm', {
      alarmDescription: 'Herald: send pipeline messages failed five times and wait in the dead-letter queue',
      metric: this.deliveryDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {});
    // Bounces and complaints go to EventBridge's default bus (the only one SES publishes to); a rule puts each
    // of this configuration set's events on the job queue as an `emailFeedback` job (functions/tracking/feedback.ts).
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    new Rule(this, 'EmailFeedbackRule', {
      description: 'Herald: SES bounces and complaints of campaign mail, to the job queue',
      eventPattern: {
        source: ['aws.ses'],
        detailType: ['Email Bounced', 'Email Complaint Received'],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [
        new SqsQueue(this.jobQueue, {
          message: RuleTargetInput.fromObject({ kind: 'emailFeedback', detail: EventField.fromPath('$.detail') }),
          // an event EventBridge could not deliver waits with the failed jobs, under their alarm
          deadLetterQueue: this.jobDeadLetters,
        }),
      ],
    });

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
      // the translation system and the AI composer (herald:translationUrl, bedrockModelId, aiDailyLimit): empty is
      // the runtime's default (functions/platform/runtime.ts defaultConfig)
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
      role: this.functionRole('RouterFunction', logGroup),
      memorySize: 1024,
      timeout: Duration.seconds(29),
      logGroup,
      // Set by the web stack's CloudFront Function; the Lambda is reached through CloudFront.
      environment: { ...environment, HERALD_VIEWER_IP_HEADER: 'x-herald-viewer-ip' },
    });
    const tableAccess = this.tableAccess(config.tablePrefix);
    this.routerFunction.addToRolePolicy(tableAccess);
    this.keySecret.grantRead(this.routerFunction);
    this.routerFunction.addToRolePolicy(sendMail);
    // the AI composer (functions/platform/ai.ts): Converse on the foundation models and inference profiles
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
    // The router and the delivery worker schedule in Herald's group only, handing the scheduler its own role.
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
      role: this.functionRole('JobFunction', jobLogs),
      // a data export reads up to 100,000 accounts and writes their file in one job
      memorySize: 1024,
      timeout: Duration.seconds(JOB_WORKER_TIMEOUT_S),
      logGroup: jobLogs,
      environment,
    });
    this.jobFunction.addEventSource(new SqsEventSource(this.jobQueue, { batchSize: 10, reportBatchItemFailures: true }));
    this.jobFunction.addToRolePolicy(tableAccess);
    this.keySecret.grantRead(this.jobFunction);
    this.jobFunction.addToRolePolicy(sendMail);
    props.storageBucket.grantReadWrite(this.jobFunction);
    // an export loop that ended cancels its own schedule
    this.jobFunction.addToRolePolicy(manageSchedules);
    // cloud sources read a partner's bucket through the role its owner trusts Herald's job worker to assume: only
    // with the external id Herald made for that source (no other customer's role answers to it), and never a role
    // of Herald's own account (whose roles may trust the account as a whole)
    this.jobFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole'], resources: [`arn:${Aws.PARTITION}:iam::*:role/*`], conditions: { StringLike: { 'sts:ExternalId': 'herald-*' } } }),
    );
    this.jobFunction.addToRolePolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['sts:AssumeRole'], resources: [`arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/*`] }));
    // the source dialog names this role as the principal a customer's trust policy must allow
    this.routerFunction.addEnvironment('HERALD_JOB_ROLE_ARN', this.jobFunction.role!.roleArn);

    const deliveryLogs = new LogGroup(this, 'DeliveryLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    this.deliveryFunction = new NodejsFunction(this, 'DeliveryFunction', {
      description: 'Herald delivery worker (fire, audience, send, check)',
      ...bundledFunction('functions/delivery/lambda.ts'),
      role: this.functionRole('DeliveryFunction', deliveryLogs),
      memorySize: 1024,
      timeout: Duration.seconds(DELIVERY_WORKER_TIMEOUT_S),
      logGroup: deliveryLogs,
      environment,
    });
    // at most this many batches in flight: with the shared rate, more would only wait
    this.deliveryFunction.addEventSource(new SqsEventSource(this.deliveryQueue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 50 }));
    this.deliveryFunction.addToRolePolicy(tableAccess);
    this.keySecret.grantRead(this.deliveryFunction);
    this.deliveryFunction.addToRolePolicy(sendMail);
    this.deliveryQueue.grantSendMessages(this.deliveryFunction);
    // a finished run's notifications are a job (functions/services/notification)
    this.jobQueue.grantSendMessages(this.deliveryFunction);
    this.deliveryFunction.addToRolePolicy(manageSchedules);
    this.schedulerRole.grantPassRole(this.deliveryFunction.grantPrincipal);
    // letters: each recipient's PDF, and after the run the merged PDF and manifest (functions/channels/directMail)
    props.storageBucket.grantReadWrite(this.deliveryFunction, 'letters/*');
    const inbound = this.addSms(config, environment, tableAccess, retention);
    this.addPush();
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
    // the tables' and the bucket's data keys: use, never re-encrypt or manage
    if (dataKey)
      for (const fn of [this.routerFunction, this.jobFunction, this.deliveryFunction, inbound])
        dataKey.grant(fn, 'kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:DescribeKey');

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${this.stackName}-api`,
      description: 'Herald portal API (reached through CloudFront at /service/*)',
      createDefaultStage: true,
    });
    const integration = new HttpLambdaIntegration('RouterIntegration', this.routerFunction, {
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
    });
    for (const route of API_ROUTES) this.httpApi.addRoutes({ path: route.path, methods: [route.method], integration });
    acknowledge(
      this.httpApi,
      "The router authorizes every request itself (spec 000: the envelope's app key and signature, then the session; the SDK's signed calls; tracking links carry their own signed token): an API Gateway authorizer would add a second Lambda call per request and could not see the envelope",
      'AwsSolutions-APIG4',
    );

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    const stage = this.httpApi.defaultStage?.node.defaultChild as CfnStage;
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        time: '$context.requestTime',
        method: '$context.httpMethod',
        path: '$context.path',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };
    stage.defaultRouteSettings = { throttlingBurstLimit: 500, throttlingRateLimit: 200 };

    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    this.acknowledgeFunctions(config, inbound);
    this.dashboard = this.addMonitoring(inbound);

    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.dashboard.dashboardName });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'KeySecretArn', { value: this.keySecret.secretArn });
    new CfnOutput(this, 'RouterFunctionName', { value: this.routerFunction.functionName });
    new CfnOutput(this, 'JobDeadLetterQueueUrl', { value: this.jobDeadLetters.queueUrl });
  }

  /**
   * A function's own role: Lambda may assume it, it may write its own log group (not every log group, as
   * AWSLambdaBasicExecutionRole would let it) and send traces. It keeps the id CDK gave the role it made.
   */
  private functionRole(name: keyof typeof FUNCTION_ROLE_IDS, logGroup: LogGroup): Role {
    const role = new Role(this, `${name}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), managedPolicies: [this.tracingPolicy] });
    (role.node.defaultChild as CfnRole).overrideLogicalId(FUNCTION_ROLE_IDS[name]);
    logGroup.grantWrite(role);
    return role;
  }

  /** Active X-Ray tracing on each function, set on the resource: its grant is the shared tracing policy. */
  private trace(fn: IFunction): void {
    (fn.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
  }

  /** The findings Herald's functions accept, each with its reason; every wildcard left is explained here. */
  private acknowledgeFunctions(config: HeraldConfig, inbound: NodejsFunction): void {
    const all = [this.routerFunction, this.jobFunction, this.deliveryFunction, inbound];
    for (const fn of all) {
      this.trace(fn);
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
    for (const fn of [this.routerFunction, this.deliveryFunction]) {
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
      this.jobFunction.role!,
      "A cloud source reads a customer's bucket through the role the customer names, in the customer's account: allowed only with Herald's external id (herald-*), and denied for every role of this account",
      /^Resource::arn:<AWS::Partition>:iam::\*:role\/\*$/,
    );
    for (const fn of [this.routerFunction, this.jobFunction, this.deliveryFunction]) {
      acknowledge(
        fn,
        "Invoked synchronously (the router, by API Gateway) or by an SQS event source (the workers): a failed message is redriven to its queue's dead-letter queue, the place for it",
        'Serverless-LambdaDLQ',
      );
    }
    for (const fn of [this.jobFunction, this.deliveryFunction]) {
      acknowledge(
        fn,
        "SQS event sources take no on-failure destination (only streams do): the queue's redrive policy sends a message that failed five times to its dead-letter queue",
        'Serverless-LambdaEventSourceMappingDestination',
      );
    }
  }

  /**
   * Alarms (to the alarm topic) on dead letters, function error rates, send failures, throttles, queue age and
   * SES's bounce and complaint rates; and one dashboard of the same.
   */
  private addMonitoring(inbound: NodejsFunction): Dashboard {
    const action = new SnsAction(this.alarmTopic);
    const alarm = (id: string, description: string, metric: IMetric, threshold: number, evaluationPeriods = 1) => {
      const a = new Alarm(this, id, {
        alarmDescription: `Herald: ${description}`,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      return a;
    };
    for (const child of this.node.children) if (child instanceof Alarm) child.addAlarmAction(action);
    alarm(
      'SmsInboundDeadLettersAlarm',
      'two-way SMS events failed and wait in the dead-letter queue',
      this.smsInboundDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      0,
    );
    if (this.audienceFeed) {
      alarm(
        'AudienceFeedDeadLettersAlarm',
        'account changes the audience snapshot could not record wait in the dead-letter queue (counts are stale until a rebuild)',
        this.audienceFeed.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
        0,
      );
    }

    const period = Duration.minutes(5);
    const functions = { Router: this.routerFunction, Job: this.jobFunction, Delivery: this.deliveryFunction, SmsInbound: inbound };
    for (const [name, fn] of Object.entries(functions)) {
      const rate = new MathExpression({
        expression: 'IF(invocations > 0, 100 * errors / invocations, 0)',
        usingMetrics: { errors: fn.metricErrors({ period }), invocations: fn.metricInvocations({ period }) },
        label: `${name} errors (%)`,
        period,
      });
      alarm(`${name}ErrorRateAlarm`, `more than 5 % of ${name} invocations failed for 10 minutes`, rate, 5, 2);
    }
    const herald = (metricName: string, statistic = 'Sum') =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: METRICS_SERVICE }, statistic, period });
    const failureRate = new MathExpression({
      expression: 'IF(sends + failures > 0, 100 * failures / (sends + failures), 0)',
      usingMetrics: { sends: herald(METRIC.sends), failures: herald(METRIC.sendFailures) },
      label: 'send failures (%)',
      period,
    });
    alarm('SendFailureRateAlarm', 'more than 5 % of sends failed for 15 minutes', failureRate, 5, 3);
    alarm('DeliveryQueueAgeAlarm', 'the oldest send pipeline message waited more than 15 minutes', this.deliveryQueue.metricApproximateAgeOfOldestMessage({ period }), 15 * 60, 2);
    // SES pauses an account's sending near 10 % bounces or 0.5 % complaints: warn well before
    const ses = (metricName: string) => new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    alarm('BounceRateAlarm', "the account's SES bounce rate is above 5 %", ses('Reputation.BounceRate'), 0.05);
    alarm('ComplaintRateAlarm', "the account's SES complaint rate is above 0.1 %", ses('Reputation.ComplaintRate'), 0.001);

    const perChannel = (metricName: string) =>
      new MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},channel,service} MetricName="${metricName}"', 'Sum', 300)`,
        usingMetrics: {},
        label: metricName,
        period,
      });
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `${this.stackName}-herald` });
    dashboard.addWidgets(
      new GraphWidget({ title: 'Sends by channel', left: [perChannel(METRIC.sends)], width: 12 }),
      new GraphWidget({ title: 'Send failures by channel', left: [perChannel(METRIC.sendFailures)], right: [failureRate], width: 12 }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Provider throttles', left: [herald(METRIC.throttles)], width: 8 }),
      new GraphWidget({
        title: 'Queue age (s)',
        left: [this.deliveryQueue.metricApproximateAgeOfOldestMessage({ period }), this.jobQueue.metricApproximateAgeOfOldestMessage({ period })],
        right: [herald(METRIC.queueAge, 'Maximum')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Dead letters',
        left: [this.jobDeadLetters, this.deliveryDeadLetters, this.smsInboundDeadLetters].map((q) => q.metricApproximateNumberOfMessagesVisible({ period })),
        width: 8,
      }),
    );
    dashboard.addWidgets(
      ...Object.entries(functions).map(
        ([name, fn]) =>
          new GraphWidget({
            title: `${name} function`,
            left: [fn.metricInvocations({ period }), fn.metricErrors({ period }), fn.metricThrottles({ period })],
            right: [fn.metricDuration({ period, statistic: 'p95' })],
            width: 6,
          }),
      ),
    );
    dashboard.addWidgets(new GraphWidget({ title: 'SES reputation', left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')], width: 12 }));
    return dashboard;
  }

  /**
   * Push through End User Messaging push (functions/channels/push): the delivery worker sends to the apps'
   * channels; the router saves the push channel settings (an app made on the first save, its APNs, APNs sandbox
   * and FCM channels written and removed) and sends test notifications.
   */
  private addPush(): void {
    const apps = (path = '') => `arn:${Aws.PARTITION}:mobiletargeting:${Aws.REGION}:${Aws.ACCOUNT_ID}:apps${path}`;
    const sendPush = new PolicyStatement({ actions: ['mobiletargeting:SendMessages'], resources: [apps('/*'), apps('/*/messages')] });
    this.deliveryFunction.addToRolePolicy(sendPush);
    this.routerFunction.addToRolePolicy(sendPush);
    this.routerFunction.addToRolePolicy(
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

  /**
   * SMS through End User Messaging SMS: the deployment's settings to the functions that send (the delivery
   * worker, and the router for test sends), `sms-voice:SendTextMessage` on the origination identity and the
   * configuration set only, and two-way SMS: a topic the origination number's two-way channel publishes replies
   * to (set it on the number: output SmsInboundTopicArn) and the function that lists a STOP
   * (functions/channels/sms/lambda.ts).
   */
  private addSms(config: HeraldConfig, environment: Record<string, string>, tableAccess: PolicyStatement, retention: RetentionDays): NodejsFunction {
    const smsEnvironment = {
      HERALD_SMS_ORIGINATION_IDENTITY: config.smsOriginationIdentity,
      HERALD_SMS_CONFIGURATION_SET: config.smsConfigurationSet,
      HERALD_SMS_MAX_PRICE: config.smsMaxPrice,
      HERALD_SMS_TTL_SECONDS: config.smsTtlSeconds,
    };
    const smsVoice = (type: string, id = '*') => `arn:${Aws.PARTITION}:sms-voice:${Aws.REGION}:${Aws.ACCOUNT_ID}:${type}/${id}`;
    const identity = config.smsOriginationIdentity;
    // an ARN names its one resource; a number or id may be a phone number, a pool or a sender id of the account
    const origination = identity.startsWith('arn:') ? [identity] : [smsVoice('phone-number'), smsVoice('pool'), smsVoice('sender-id')];
    // a message names the configuration set only when the deployment has one (functions/channels/sms)
    const configurationSet = !config.smsConfigurationSet
      ? []
      : [config.smsConfigurationSet.startsWith('arn:') ? config.smsConfigurationSet : smsVoice('configuration-set', config.smsConfigurationSet)];
    const sendSms = new PolicyStatement({
      actions: ['sms-voice:SendTextMessage'],
      resources: [...origination, ...configurationSet, smsVoice('opt-out-list')],
    });
    for (const fn of [this.deliveryFunction, this.routerFunction]) {
      for (const [name, value] of Object.entries(smsEnvironment)) if (value) fn.addEnvironment(name, value);
      fn.addToRolePolicy(sendSms);
    }

    const inboundTopic = new Topic(this, 'SmsInboundTopic', { displayName: 'Herald two-way SMS', enforceSSL: true });
    // replies SNS could not hand to the function, and events the function failed on twice, wait here under an alarm
    this.smsInboundDeadLetters = new Queue(this, 'SmsInboundDeadLetters', { retentionPeriod: Duration.days(14), ...this.queueEncryption, enforceSSL: true });
    acknowledge(this.smsInboundDeadLetters, 'A dead-letter queue is the end of the line: its messages wait for an operator, under an alarm', 'Serverless-SQSRedrivePolicy');
    const inboundLogs = new LogGroup(this, 'SmsInboundLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    inboundTopic.grantPublish(new ServicePrincipal('sms-voice.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } } }));
    const inbound = new NodejsFunction(this, 'SmsInboundFunction', {
      description: 'Herald two-way SMS (opt-out replies)',
      ...bundledFunction('functions/channels/sms/lambda.ts'),
      role: this.functionRole('SmsInboundFunction', inboundLogs),
      memorySize: 256,
      timeout: Duration.seconds(30),
      logGroup: inboundLogs,
      environment,
      deadLetterQueue: this.smsInboundDeadLetters,
    });
    inbound.addToRolePolicy(tableAccess);
    this.keySecret.grantRead(inbound);
    inboundTopic.addSubscription(new LambdaSubscription(inbound, { deadLetterQueue: this.smsInboundDeadLetters }));
    new CfnOutput(this, 'SmsInboundTopicArn', { value: inboundTopic.topicArn });
    return inbound;
  }

  /**
   * Read and write on Herald's tables and their indexes, named by the deployment's prefix: one statement
   * however many areas there are (a grant per table overflows IAM's policy size at about fifty tables).
   */
  private tableAccess(prefix: string): PolicyStatement {
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
}
