/**
 * The synthesized templates of Herald's three stacks: tables follow the entity registry (checked against the
 * key schema the local stand-in uses), the router Lambda gets its environment and grants, the key secret yields
 * the JSON the Lambda reads, and CloudFront sends /portalui/* to S3 and /service/* to the HTTP API, adding the
 * hardening headers the local server sends.
 * One app is built once for the whole file, without bundling; the router is bundled in a stack of its own, as apiStack bundles it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { keySchemaOf } from '../functions/store/tables';
import { DEPLOYED_ENTITIES as ENTITY_LIST, tableName } from '../shared/entities';
import { contentSecurityPolicy, securityHeaders } from '../functions/platform/securityHeaders';
import { isValidPassword } from '../shared/validation';
import { API_ROUTES } from './httpApi';
import { ADMIN_PASSWORD_PREFIX, ADMIN_PASSWORD_RANDOM_LENGTH } from './keySecret';
import { DELIVERY_VISIBILITY_S, DELIVERY_WORKER_TIMEOUT_S, JOB_WORKER_TIMEOUT_S } from './workQueues';
import { readConfig } from './config';
import { HeraldDataStack } from './dataStack';
import { ACCESS_LOG_DAYS } from './logBuckets';
import { bundledFunction } from './bundling';
import { buildHerald } from './herald';
import { ROOT_REDIRECT, SPA_REWRITE, VIEWER_IP } from './webStack';

type Json = Record<string, any>;

// every app synthesizes into one temporary folder, removed at the end
const outRoot = mkdtempSync(join(tmpdir(), 'herald-cdk-test-'));
let apps = 0;
const newApp = (context: Json = {}) => new App({ context, outdir: join(outRoot, String(apps++)) });
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as { context: Json };
// Templates only: bundling the five Lambdas was most of this file's time; the router's bundle is made below, alone.
const app = newApp({ ...cdkJson.context, 'herald:publicUrl': 'https://portal.example.com', 'aws:cdk:bundling-stacks': [] });
const stacks = buildHerald(app, { webDist: join(import.meta.dirname, '__no_web_dist__') });
const data = Template.fromStack(stacks.data);
const api = Template.fromStack(stacks.api);
const web = Template.fromStack(stacks.web);
const prefix = stacks.config.tablePrefix;

const tablesByName = () => {
  const out = new Map<string, Json>();
  for (const [logicalId, r] of Object.entries(data.findResources('AWS::DynamoDB::Table'))) {
    out.set(r.Properties.TableName, { logicalId, ...r });
  }
  return out;
};
const sortByName = <T extends { AttributeName?: string; IndexName?: string }>(xs: T[] = []) =>
  [...xs].sort((a, b) => String(a.AttributeName ?? a.IndexName).localeCompare(String(b.AttributeName ?? b.IndexName)));

describe('data stack', () => {
  it('has exactly one table per registered entity', () => {
    data.resourceCountIs('AWS::DynamoDB::Table', ENTITY_LIST.length);
    expect([...tablesByName().keys()].sort()).toEqual(ENTITY_LIST.map((d) => tableName(prefix, d)).sort());
  });

  for (const def of ENTITY_LIST) {
    it(`table ${def.name} has the registry's keys, indexes and TTL`, () => {
      const table = tablesByName().get(tableName(prefix, def));
      expect(table).toBeDefined();
      const p = table!.Properties;
      const expected = keySchemaOf(def);
      expect(p.KeySchema).toEqual(expected.KeySchema);
      expect(sortByName(p.AttributeDefinitions)).toEqual(sortByName(expected.AttributeDefinitions));
      expect(sortByName(p.GlobalSecondaryIndexes)).toEqual(sortByName(expected.GlobalSecondaryIndexes));
      expect(p.BillingMode).toBe('PAY_PER_REQUEST');
      expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      if (def.ttlAttribute) expect(p.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
      else expect(p.TimeToLiveSpecification).toBeUndefined();
      expect(table!.DeletionPolicy).toBe('Retain');
      expect(table!.UpdateReplacePolicy).toBe('Retain');
    });
  }

  it('makes a layout moved to a new table a new resource, so the old table is retained for the key migration to read', () => {
    const moved = ENTITY_LIST.filter((d) => d.table);
    expect(moved.map((d) => d.name).sort()).toEqual(['cloudSourceHistory', 'operationRecord', 'planRun', 'smsContact']);
    const logicalIds = [...tablesByName().values()].map((t) => String(t.logicalId));
    for (const def of moved) {
      expect(tablesByName().get(tableName(prefix, def))!.logicalId).toMatch(new RegExp(`^${def.table!.charAt(0).toUpperCase()}${def.table!.slice(1)}Table`));
      // the old table's resource is no longer in the template: with its Retain policy CloudFormation leaves it in place
      expect(logicalIds.some((id) => id.startsWith(`${def.name.charAt(0).toUpperCase()}${def.name.slice(1)}Table`))).toBe(false);
    }
  });

  it('refuses an entity registered twice', () => {
    const twice = [ENTITY_LIST[0], ENTITY_LIST[0]];
    expect(() => new HeraldDataStack(newApp(), 'Twice', { tablePrefix: 'x-', entities: twice })).toThrow(/registered twice/);
  });

  it("has an encrypted, private, versioned, TLS-only, retained assets bucket (the storage port's)", () => {
    // the assets bucket (the template's first) and the bucket its access logs go to
    data.resourceCountIs('AWS::S3::Bucket', 2);
    data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        VersioningConfiguration: { Status: 'Enabled' },
      }),
    });
    const bucketId = Object.keys(data.findResources('AWS::S3::Bucket'))[0]!;
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 's3:*', Principal: { AWS: '*' }, Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it("sends the assets bucket's access logs to the data stack's own retained, private, TLS-only log bucket", () => {
    const buckets = data.findResources('AWS::S3::Bucket');
    const [assetsId, logsId] = Object.keys(buckets);
    expect(buckets[assetsId!]!.Properties.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: logsId }, LogFilePrefix: 'assets-bucket/' });
    expect(buckets[logsId!]).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: {
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        // as the web stack's log bucket
        VersioningConfiguration: { Status: 'Enabled' },
        LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: ACCESS_LOG_DAYS })] },
      },
    });
    // only S3's logging service, for the assets bucket in this account, may write there; and only over TLS
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logsId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'logging.s3.amazonaws.com' },
            Action: 's3:PutObject',
            Condition: { ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [assetsId, 'Arn'] } }, StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          }),
        ]),
      },
    });
  });
});

describe('api stack', () => {
  const routerId = () => {
    const fns = api.findResources('AWS::Lambda::Function', { Properties: { Description: 'Herald API router' } });
    expect(Object.keys(fns)).toHaveLength(1);
    return Object.keys(fns)[0];
  };
  const keySecretId = () => Object.keys(api.findResources('AWS::SecretsManager::Secret')).find((id) => id.startsWith('KeySecret'))!;
  /** Every statement granted to a role (CDK splits a long policy into several). */
  const statementsOf = (role: string) =>
    Object.values(api.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Json[]);

  it('runs the router on Node 22 with 1024 MB, 29 s and its environment', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Herald API router',
      Runtime: 'nodejs22.x',
      Handler: 'index.handler',
      Architectures: ['x86_64'],
      MemorySize: 1024,
      Timeout: 29,
      Environment: {
        Variables: Match.objectLike({
          HERALD_KEY_SECRET_ID: { Ref: keySecretId() },
          HERALD_TABLE_PREFIX: prefix,
          HERALD_AUTH_TYPE: Match.stringLikeRegexp('^(NONE|AES256)$'),
          HERALD_APP_KEY: Match.anyValue(),
          HERALD_PUBLIC_URL: 'https://portal.example.com',
          HERALD_MAIL_FROM: Match.anyValue(),
          HERALD_LOG_LEVEL: Match.anyValue(),
        }),
      },
    });
    routerId();
  });

  it("keeps every function's logs and the API's access logs for the configured 30 days", () => {
    // 30 is the default a deployment keeps unless herald:logRetentionDays says otherwise (infra/config.ts)
    expect(stacks.config.logRetentionDays).toBe('30');
    const groups = api.findResources('AWS::Logs::LogGroup');
    expect(Object.values(groups).map((g) => g.Properties.RetentionInDays)).toEqual(Object.keys(groups).map(() => 30));
    // each function writes to one of those groups, not to a default group kept forever
    const fns = Object.entries(api.findResources('AWS::Lambda::Function'));
    expect(fns.length).toBeGreaterThanOrEqual(4);
    for (const [id, fn] of fns) expect(Object.keys(groups), id).toContain(fn.Properties.LoggingConfig?.LogGroup?.Ref);
    const stage = Object.values(api.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
    expect(Object.keys(groups)).toContain(stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]);
  });

  it('grants read/write on every table and its indexes, the key secret and SES', () => {
    const statements = statementsOf('RouterFunction');
    const dynamo = statements.filter((s) => [s.Action].flat().includes('dynamodb:PutItem'));
    for (const st of dynamo)
      expect(st.Action).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchGetItem']));
    // one statement on the deployment's prefix covers every table of the registry and its indexes
    expect(dynamo).toHaveLength(1);
    expect(JSON.stringify(dynamo[0]!.Resource)).toContain(`:table/${prefix}*`);
    expect(JSON.stringify(dynamo[0]!.Resource)).toContain(`:table/${prefix}*/index/*`);
    for (const def of ENTITY_LIST) expect(tableName(prefix, def).startsWith(prefix)).toBe(true);
    expect(JSON.stringify(statements)).not.toMatch(/"dynamodb:\*"|"Resource":"\*"/);
    const secret = statements.find((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))!;
    expect(secret.Resource).toEqual({ Ref: keySecretId() });
    expect(statements.some((s) => [s.Action].flat().includes('ses:SendEmail'))).toBe(true);
  });

  it('names the storage bucket to every function and lets only the router and the job worker read and write it (the delivery worker its letters)', () => {
    const bucketId = Object.keys(data.findResources('AWS::S3::Bucket'))[0]!;
    const imported = (attribute: string) => JSON.stringify(api.toJSON()).match(new RegExp(`HeraldData:ExportsOutput${attribute}${bucketId}\\w*`))?.[0];
    const name = { 'Fn::ImportValue': imported('Ref') };
    const arn = { 'Fn::ImportValue': imported('FnGetAtt') };
    const functions = Object.values(api.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Herald ') } }));
    // router, job worker, delivery worker, two-way SMS, the audience snapshot's feed
    expect(functions).toHaveLength(5);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.HERALD_STORAGE_BUCKET).toEqual(name);
    const storageStatements = (role: string) => statementsOf(role).filter((st) => [st.Action].flat().some((a: string) => a.startsWith('s3:')));
    for (const role of ['RouterFunction', 'JobFunction']) {
      const [st, ...more] = storageStatements(role);
      expect(more).toEqual([]);
      expect(st!.Action).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:PutObject', 's3:DeleteObject*']));
      expect(st!.Resource).toEqual([arn, { 'Fn::Join': ['', [arn, '/*']] }]);
    }
    // the delivery worker stores letters only (functions/channels/directMail): their keys, not the rest of the bucket
    const [letters, ...moreDelivery] = storageStatements('DeliveryFunction');
    expect(moreDelivery).toEqual([]);
    expect(letters!.Resource).toEqual([arn, { 'Fn::Join': ['', [arn, '/letters/*']] }]);
    // the audience feed writes the snapshot's change log only: puts under audience/, no read, no delete
    const feedRole = Object.keys(api.findResources('AWS::IAM::Role')).find((id) => id.startsWith('AudienceFeedRole'))!;
    const feed = Object.values(api.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(feedRole))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:')));
    expect(feed).toHaveLength(1);
    expect([feed[0]!.Action].flat()).toContain('s3:PutObject');
    expect([feed[0]!.Action].flat().every((a) => a.startsWith('s3:PutObject') || a === 's3:Abort*')).toBe(true);
    expect(JSON.stringify(feed[0]!.Resource)).toContain('/audience/*');
  });

  it("lets the delivery worker and the router send SMS from the account's identities only, and hands two-way SMS replies to their own function", () => {
    for (const role of ['DeliveryFunction', 'RouterFunction']) {
      const sms = statementsOf(role).filter((st) => [st.Action].flat().includes('sms-voice:SendTextMessage'));
      expect(sms).toHaveLength(1);
      expect(JSON.stringify(sms[0]!.Resource)).toMatch(/:phone-number\/\*/);
      expect(JSON.stringify(sms[0]!.Resource)).not.toMatch(/"\*"/);
    }
    expect(JSON.stringify(statementsOf('JobFunction'))).not.toContain('sms-voice:');
    const fn = Object.entries(api.findResources('AWS::Lambda::Function', { Properties: { Description: 'Herald two-way SMS (opt-out replies)' } }));
    expect(fn).toHaveLength(1);
    api.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', Endpoint: { 'Fn::GetAtt': [fn[0]![0], 'Arn'] } });
    expect(JSON.stringify(api.findResources('AWS::SNS::TopicPolicy'))).toContain('sms-voice.amazonaws.com');
  });

  it('lets the delivery worker and the router send push through End User Messaging, and only the router set up its apps and channels', () => {
    for (const role of ['DeliveryFunction', 'RouterFunction']) {
      const send = statementsOf(role).filter((st) => [st.Action].flat().includes('mobiletargeting:SendMessages'));
      expect(send).toHaveLength(1);
      expect(JSON.stringify(send[0]!.Resource)).toMatch(/:apps\/\*\/messages/);
    }
    const setup = (role: string) => statementsOf(role).filter((st) => [st.Action].flat().includes('mobiletargeting:UpdateApnsChannel'));
    expect(setup('RouterFunction')).toHaveLength(1);
    expect(setup('RouterFunction')[0]!.Action).toEqual(
      expect.arrayContaining(['mobiletargeting:CreateApp', 'mobiletargeting:UpdateGcmChannel', 'mobiletargeting:UpdateApnsSandboxChannel']),
    );
    expect(setup('DeliveryFunction')).toEqual([]);
    expect(JSON.stringify(statementsOf('JobFunction'))).not.toContain('mobiletargeting:');
  });

  it("lets the job worker assume a customer's role only with a Herald external id, and never a role of its own account", () => {
    const assume = statementsOf('JobFunction').filter((st) => [st.Action].flat().includes('sts:AssumeRole'));
    const allows = assume.filter((st) => st.Effect === 'Allow');
    expect(allows.length).toBeGreaterThan(0);
    for (const st of allows) expect(st.Condition).toEqual({ StringLike: { 'sts:ExternalId': 'herald-*' } });
    const denies = assume.filter((st) => st.Effect === 'Deny');
    expect(denies).toHaveLength(1);
    expect(denies[0]!.Condition).toBeUndefined();
    expect(denies[0]!.Resource).toEqual({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':role/*']] });
    // no other function assumes roles
    for (const role of ['RouterFunction', 'DeliveryFunction']) expect(JSON.stringify(statementsOf(role))).not.toContain('sts:AssumeRole');
    // the router knows the account (to refuse its roles at save) and the job role (for the trust policy it explains)
    const router = api.findResources('AWS::Lambda::Function')[routerId()].Properties.Environment.Variables;
    expect(router.HERALD_AWS_ACCOUNT_ID).toEqual({ Ref: 'AWS::AccountId' });
    const jobRoleId = Object.keys(api.findResources('AWS::IAM::Role')).find((id) => id.startsWith('JobFunctionServiceRole'))!;
    expect(router.HERALD_JOB_ROLE_ARN).toEqual({ 'Fn::GetAtt': [jobRoleId, 'Arn'] });
  });

  it('generates the key secret JSON the Lambda reads, with an admin password that meets the rule', () => {
    const secrets = api.findResources('AWS::SecretsManager::Secret');
    const key = secrets[keySecretId()];
    expect(key.DeletionPolicy).toBe('Retain');
    const gen = key.Properties.GenerateSecretString;
    expect(gen.GenerateStringKey).toBe('material');
    expect(gen.PasswordLength).toBeGreaterThanOrEqual(32);
    // the template is a join around a dynamic reference to the admin-password part; emulate CloudFormation
    const parts = gen.SecretStringTemplate['Fn::Join'][1] as (string | Json)[];
    const partId = parts.find((x): x is Json => typeof x === 'object')!.Ref as string;
    const part = secrets[partId].Properties.GenerateSecretString;
    expect(part).toMatchObject({ PasswordLength: ADMIN_PASSWORD_RANDOM_LENGTH, ExcludePunctuation: true, IncludeSpace: false });
    expect(secrets[partId].DeletionPolicy).toBe('Retain');

    const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split('');
    const randomPart = fc.string({ unit: fc.constantFrom(...alnum), minLength: part.PasswordLength, maxLength: part.PasswordLength });
    fc.assert(
      fc.property(randomPart, fc.string({ unit: fc.constantFrom(...alnum), minLength: 64, maxLength: 64 }), (random, material) => {
        const template = parts
          .map((x) => (typeof x === 'string' ? x : 'arn:aws:secretsmanager:eu-west-1:1:secret:part'))
          .join('')
          .replace(/\{\{resolve:secretsmanager:arn:[^}]*:SecretString:::\}\}/, () => random);
        const value = JSON.parse(template) as { adminPassword: string; material?: string };
        value[gen.GenerateStringKey as 'material'] = material;
        return value.adminPassword.startsWith(ADMIN_PASSWORD_PREFIX) && isValidPassword(value.adminPassword) && value.material!.length >= 32;
      }),
    );
  });

  it('routes the portal paths to the router with payload v2', () => {
    for (const r of API_ROUTES) api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${r.method} ${r.path}` });
    api.resourceCountIs('AWS::ApiGatewayV2::Route', API_ROUTES.length);
    api.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [routerId(), 'Arn'] },
    });
  });

  it('hands jobs to an encrypted SQS queue with a dead-letter queue and an alarm on it', () => {
    const queues = api.findResources('AWS::SQS::Queue');
    const jobId = Object.keys(queues).find((id) => id.startsWith('JobQueue'))!;
    const dlqId = Object.keys(queues).find((id) => id.startsWith('JobDeadLetters'))!;
    expect(queues[jobId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: JOB_WORKER_TIMEOUT_S * 6,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: 5 },
    });
    expect(queues[dlqId].Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
    });
    // The router only sends; the job worker reads with partial batch failures.
    const routerStatements = statementsOf('RouterFunction');
    const sends = routerStatements.filter((st) => [st.Action].flat().includes('sqs:SendMessage'));
    expect(sends.flatMap((st) => [st.Resource].flat())).toContainEqual({ 'Fn::GetAtt': [jobId, 'Arn'] });
    expect(JSON.stringify(routerStatements)).not.toContain('sqs:ReceiveMessage');
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Herald job worker (work handed off by requests)',
      Runtime: 'nodejs22.x',
      Environment: { Variables: Match.objectLike({ HERALD_JOB_QUEUE_URL: { Ref: jobId } }) },
    });
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [jobId, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 10,
    });
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Herald API router',
      Environment: { Variables: Match.objectLike({ HERALD_JOB_QUEUE_URL: { Ref: jobId } }) },
    });
  });

  it('gives the router EventBridge Scheduler in its own group, with a role that may only send to the queue', () => {
    const groups = api.findResources('AWS::Scheduler::ScheduleGroup');
    expect(Object.keys(groups)).toHaveLength(1);
    const groupId = Object.keys(groups)[0];
    const roles = api.findResources('AWS::IAM::Role');
    const roleId = Object.keys(roles).find((id) => id.startsWith('SchedulerRole'))!;
    expect(JSON.stringify(roles[roleId].Properties.AssumeRolePolicyDocument)).toContain('scheduler.amazonaws.com');
    const actions = statementsOf(roleId).flatMap((st) => [st.Action].flat());
    expect(actions.every((a: string) => a.startsWith('sqs:Send') || a.startsWith('sqs:Get'))).toBe(true);
    const statements = statementsOf('RouterFunction');
    const schedule = statements.find((st) => [st.Action].flat().includes('scheduler:CreateSchedule'))!;
    expect(JSON.stringify(schedule.Resource)).toContain(groupId);
    const pass = statements.find((st) => [st.Action].flat().includes('iam:PassRole'))!;
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
  });

  it('runs the send pipeline from its own queue, with a dead-letter queue, an alarm, SES events and least privilege', () => {
    const queues = api.findResources('AWS::SQS::Queue');
    const deliveryId = Object.keys(queues).find((id) => id.startsWith('DeliveryQueue'))!;
    const dlqId = Object.keys(queues).find((id) => id.startsWith('DeliveryDeadLetters'))!;
    expect(queues[deliveryId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: DELIVERY_VISIBILITY_S,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: 5 },
    });
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      Threshold: 0,
    });
    const sets = api.findResources('AWS::SES::ConfigurationSet');
    expect(Object.keys(sets)).toHaveLength(1);
    const fns = api.findResources('AWS::Lambda::Function', { Properties: { Description: 'Herald delivery worker (fire, audience, send, check)' } });
    const workerId = Object.keys(fns)[0]!;
    expect(fns[workerId].Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: DELIVERY_WORKER_TIMEOUT_S });
    expect(fns[workerId].Properties.Environment.Variables).toMatchObject({
      HERALD_SES_CONFIGURATION_SET: { Ref: Object.keys(sets)[0] },
      HERALD_DELIVERY_VISIBILITY_S: String(DELIVERY_VISIBILITY_S),
    });
    expect(JSON.stringify(fns[workerId].Properties.Environment.Variables.HERALD_QUEUE_URLS)).toContain(deliveryId);
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [deliveryId, 'Arn'] },
      FunctionName: { Ref: workerId },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 10,
      ScalingConfig: { MaximumConcurrency: 50 },
    });
    const statements = statementsOf('DeliveryFunctionServiceRole');
    const actions = statements.flatMap((st) => [st.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['ses:SendEmail', 'sqs:SendMessage', 'sqs:ReceiveMessage', 'scheduler:CreateSchedule', 'iam:PassRole']));
    expect(actions.some((a: string) => a === '*' || a.endsWith(':*'))).toBe(false);
    // the scheduler may send to the delivery queue (fire, checks), and nowhere but Herald's queues
    const schedulerSends = statementsOf('SchedulerRole').filter((st) => [st.Action].flat().includes('sqs:SendMessage'));
    expect(schedulerSends.flatMap((st) => [st.Resource].flat())).toContainEqual({ 'Fn::GetAtt': [deliveryId, 'Arn'] });
  });

  it("puts this configuration set's bounces and complaints on the job queue as emailFeedback jobs", () => {
    const setId = Object.keys(api.findResources('AWS::SES::ConfigurationSet'))[0]!;
    api.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        EventBridgeDestination: { EventBusArn: Match.anyValue() },
      },
    });
    const jobQueueId = Object.keys(api.findResources('AWS::SQS::Queue')).find((id) => id.startsWith('JobQueue'))!;
    const rules = api.findResources('AWS::Events::Rule', { Properties: { Description: 'Herald: SES bounces and complaints of campaign mail, to the job queue' } });
    const rule = Object.values(rules)[0]!.Properties;
    expect(rule.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Bounced', 'Email Complaint Received'],
      detail: { mail: { tags: { 'ses:configuration-set': [{ Ref: setId }] } } },
    });
    expect(rule.Targets).toHaveLength(1);
    expect(rule.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [jobQueueId, 'Arn'] });
    expect(rule.Targets[0].InputTransformer.InputTemplate).toBe('{"kind":"emailFeedback","detail":<detail>}');
    // EventBridge may send to the job queue, for this rule only
    const policies = Object.values(api.findResources('AWS::SQS::QueuePolicy')).filter((p) => JSON.stringify(p.Properties.Queues).includes(jobQueueId));
    const sends = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Json[]).filter((st) => JSON.stringify(st.Principal).includes('events.amazonaws.com'));
    expect(sends).toHaveLength(1);
    expect(JSON.stringify(sends[0].Condition)).toContain('EmailFeedbackRule');
  });

  it('routes the tracking links (GET and POST) to the router', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /service/t/{proxy+}' });
    api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /service/t/{proxy+}' });
  });

  it('bundles the router as ESM with the argon2 binary for the Lambda platform', () => {
    // the router's own bundling (what apiStack gives its RouterFunction), in a stack of its own
    const bundleApp = newApp();
    const router = new NodejsFunction(new Stack(bundleApp, 'Bundle'), 'RouterFunction', bundledFunction('functions/api/lambda.ts'));
    const asset = router.node.findChild('Code') as Asset;
    const dir = join(bundleApp.outdir, asset.assetPath);
    const bundle = readFileSync(join(dir, 'index.mjs'), 'utf8');
    expect(bundle).toContain('createRequire');
    expect(bundle).not.toMatch(/node_modules\/@aws-sdk\/client-dynamodb\/dist-cjs/);
    expect(existsSync(join(dir, 'node_modules/@node-rs/argon2/index.js'))).toBe(true);
    expect(existsSync(join(dir, 'node_modules/@node-rs/argon2-linux-x64-gnu/argon2.linux-x64-gnu.node'))).toBe(true);
  });
});

describe('web stack', () => {
  const distribution = () => {
    const all = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    expect(all).toHaveLength(1);
    return all[0].Properties.DistributionConfig as Json;
  };
  const originOf = (behavior: Json) => (distribution().Origins as Json[]).find((o) => o.Id === behavior.TargetOriginId)!;
  const behavior = (pattern: string) => (distribution().CacheBehaviors as Json[]).find((b) => b.PathPattern === pattern)!;
  const bucketId = () => Object.keys(web.findResources('AWS::S3::Bucket'))[0];

  it('serves /portalui/* from the private bucket through Origin Access Control', () => {
    const b = behavior('/portalui/*');
    expect(b).toBeDefined();
    const origin = originOf(b);
    expect(origin.S3OriginConfig).toBeDefined();
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [bucketId(), 'RegionalDomainName'] });
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true, RestrictPublicBuckets: true }),
    });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } })]),
      },
    });
  });

  it('sends /service/* to the HTTP API uncached, with every method and all viewer headers except Host', () => {
    const b = behavior('/service/*');
    expect(b).toBeDefined();
    const origin = originOf(b);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(origin.DomainName)).toMatch(/ImportValue.*HttpApi.*execute-api/);
    expect(b.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(b.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    expect(b.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
  });

  it("adds the local server's hardening headers, and HSTS, to every behaviour", () => {
    const policies = web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const [policyId, ...others] = Object.keys(policies);
    expect(others).toEqual([]);
    const config = policies[policyId].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // the policy is the local server's, with the assets bucket (its regional name, from the data stack) as the upload origin
    const [, parts] = config.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'] as [string, unknown[]];
    expect(parts.map((p) => (typeof p === 'string' ? p : 'BUCKET')).join('')).toBe(contentSecurityPolicy(['https://BUCKET']));
    expect(JSON.stringify(parts.find((p) => typeof p !== 'string'))).toMatch(/AssetsBucket.*RegionalDomainName/);
    expect(config).toEqual({
      ContentSecurityPolicy: { ContentSecurityPolicy: expect.anything(), Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 365 * 24 * 3600, Override: true },
    });
    // the values CloudFront sends are the very ones the local server sends
    const SECURITY_HEADERS = securityHeaders();
    expect(SECURITY_HEADERS).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
    expect(SECURITY_HEADERS['content-security-policy']).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(SECURITY_HEADERS['content-security-policy']).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    const behaviors = [distribution().DefaultCacheBehavior, ...(distribution().CacheBehaviors as Json[])];
    expect(behaviors.map((b) => b.ResponseHeadersPolicyId)).toEqual(behaviors.map(() => ({ Ref: policyId })));
  });

  it('deploys the web build under portalui/', () => {
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: bucketId() },
      DestinationBucketKeyPrefix: 'portalui/',
    });
  });

  it('redirects other paths to /portalui/ and client-side routes to index.html', () => {
    const run = (code: string, uri: string) => runInNewContext(`${code}; handler({ request: { uri: ${JSON.stringify(uri)}, headers: {} } })`);
    expect(run(ROOT_REDIRECT, '/').headers.location.value).toBe('/portalui/');
    expect(run(SPA_REWRITE, '/portalui/').uri).toBe('/portalui/index.html');
    expect(run(SPA_REWRITE, '/portalui/users/42').uri).toBe('/portalui/index.html');
    expect(run(SPA_REWRITE, '/portalui/assets/index-abc.js').uri).toBe('/portalui/assets/index-abc.js');
    const fnIds = (distribution().DefaultCacheBehavior.FunctionAssociations as Json[]).map((f) => f.FunctionARN['Fn::GetAtt'][0]);
    expect(web.findResources('AWS::CloudFront::Function')[fnIds[0]].Properties.FunctionCode).toBe(ROOT_REDIRECT);
  });

  it('overwrites the viewer-address header on API requests, whatever the viewer sent', () => {
    const out = runInNewContext(
      `${VIEWER_IP}; handler({ viewer: { ip: '203.0.113.9' }, request: { uri: '/service/web/api/index', headers: { 'x-herald-viewer-ip': { value: '1.2.3.4' } } } })`,
    );
    expect(out.headers['x-herald-viewer-ip'].value).toBe('203.0.113.9');
    const service = (distribution().CacheBehaviors as Json[]).find((b) => b.PathPattern === '/service/*')!;
    const fnId = service.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    expect(web.findResources('AWS::CloudFront::Function')[fnId].Properties.FunctionCode).toBe(VIEWER_IP);
  });
});

describe('config', () => {
  it('rejects an unknown auth type and a bad table prefix', () => {
    expect(() => readConfig(newApp({ 'herald:authType': 'RSA' }).node)).toThrow(/authType/);
    expect(() => readConfig(newApp({ 'herald:tablePrefix': 'bad prefix' }).node)).toThrow(/tablePrefix/);
    expect(readConfig(newApp().node).tablePrefix).toBe('herald-');
  });
});

describe('config: the translation system and the AI composer', () => {
  it('reads herald:translationUrl, bedrockModelId and aiDailyLimit, empty by default, and refuses malformed ones', () => {
    expect(readConfig(newApp().node)).toMatchObject({ translationUrl: '', bedrockModelId: '', aiDailyLimit: '' });
    const set = { 'herald:translationUrl': 'https://tms.example.com/api', 'herald:bedrockModelId': 'eu.amazon.nova-pro-v1:0', 'herald:aiDailyLimit': '200' };
    expect(readConfig(newApp(set).node)).toMatchObject({ translationUrl: 'https://tms.example.com/api', bedrockModelId: 'eu.amazon.nova-pro-v1:0', aiDailyLimit: '200' });
    const arn = 'arn:aws:bedrock:eu-west-1:111122223333:inference-profile/eu.anthropic.claude-3-haiku-20240307-v1:0';
    expect(readConfig(newApp({ 'herald:bedrockModelId': arn }).node).bedrockModelId).toBe(arn);
    for (const url of ['http://tms.example.com', 'tms.example.com', 'https://', 'https://tms.example.com/a b']) {
      expect(() => readConfig(newApp({ 'herald:translationUrl': url }).node)).toThrow(/herald:translationUrl/);
    }
    for (const id of ['nova lite', '-model', 'model;rm']) expect(() => readConfig(newApp({ 'herald:bedrockModelId': id }).node)).toThrow(/herald:bedrockModelId/);
    for (const n of ['0', '-5', '1.5', 'many', '99999999']) expect(() => readConfig(newApp({ 'herald:aiDailyLimit': n }).node)).toThrow(/herald:aiDailyLimit/);
  });
});
