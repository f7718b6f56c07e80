/**
 * The deploy rehearsal without an account: the app synthesized as `cdk synth` makes it, with the default settings
 * and with every optional feature on, is clean under cdk-nag's AwsSolutions and Serverless packs (each accepted
 * finding carries its reason in code), stays within CloudFormation's template limits, and every reference in a
 * template (the API's routes and integrations, the queues' event sources, the scheduler's targets, the alarms)
 * names a resource of the same synthesized app.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { IConstruct } from 'constructs';
import { type HeraldStacks, buildHerald } from './herald';
import { nagFindings } from './nag';

type Json = Record<string, any>;

const outRoot = mkdtempSync(join(tmpdir(), 'herald-nag-test-'));
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));
const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as { context: Json };

/** Every optional feature of infra/config.ts switched on. */
const ALL_FEATURES: Json = {
  'herald:publicUrl': 'https://portal.example.com',
  'herald:customerManagedKey': 'true',
  'herald:alarmEmail': 'ops@example.com',
  'herald:logRetentionDays': '90',
  'herald:smsOriginationIdentity': 'arn:aws:sms-voice:eu-west-1:111122223333:phone-number/phone-0123456789abcdef',
  'herald:smsConfigurationSet': 'herald-sms',
  'herald:smsMaxPrice': '0.05',
  'herald:smsTtlSeconds': '3600',
  'herald:mapTileUrl': 'https://tile.example.com/{z}/{x}/{y}.png',
  'herald:mapAttribution': '© Example',
  'herald:translationUrl': 'https://tms.example.com/api',
  'herald:bedrockModelId': 'eu.amazon.nova-pro-v1:0',
  'herald:aiDailyLimit': '200',
};

function synth(name: string, context: Json): { app: App; stacks: HeraldStacks; templates: Map<string, Json>; dir: string } {
  const dir = join(outRoot, name);
  // the checks read templates and the construct tree, not the functions' code: no esbuild bundling (infra/lambdaBundling.test.ts bundles)
  const app = new App({ context: { ...cdkJson.context, ...context, 'aws:cdk:bundling-stacks': [] }, outdir: dir });
  const stacks = buildHerald(app, { webDist: join(import.meta.dirname, '__no_web_dist__') });
  const assembly = app.synth();
  const templates = new Map(assembly.stacks.map((s) => [s.stackName, s.template as Json]));
  return { app, stacks, templates, dir };
}

const apps = { default: synth('default', { 'herald:publicUrl': 'https://portal.example.com' }), all: synth('all', ALL_FEATURES) };

/** The resources a value's GetAtts name. */
function getAtts(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(getAtts);
  if (!v || typeof v !== 'object') return [];
  const o = v as Json;
  if (o['Fn::GetAtt']) return [String([o['Fn::GetAtt']].flat()[0])];
  return Object.values(o).flatMap(getAtts);
}

/** Every acknowledgement in the construct tree, as [rule, reason]. */
function acknowledgements(root: IConstruct): [string, string][] {
  const out: [string, string][] = [];
  const visit = (node: IConstruct) => {
    for (const m of node.node.metadata) {
      if (m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY) for (const [id, reason] of Object.entries(m.data as Record<string, string>)) out.push([id, reason]);
      if (m.type === 'herald:wildcard-reasons') out.push(['AwsSolutions-IAM5', (m.data as { reason: string }).reason]);
    }
    for (const child of node.node.children) visit(child);
  };
  visit(root);
  return out;
}

describe.each(Object.entries(apps))('the %s app', (_name, { app, templates, dir }) => {
  it('has no cdk-nag finding (AwsSolutions, Serverless) that is not acknowledged with its reason', () => {
    const findings = nagFindings(app).map((f) => `${f.rule} ${f.path}`);
    expect(findings).toEqual([]);
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    // a reason says why, not just "ok"
    for (const [id, reason] of acks) expect(reason.length, id).toBeGreaterThan(40);
  });

  it("stays within CloudFormation's limits: 1 MB a template (from S3), 500 resources, 200 outputs and parameters", () => {
    for (const [name, template] of templates) {
      const bytes = statSync(join(dir, `${name}.template.json`)).size;
      expect(bytes, name).toBeLessThan(1024 * 1024);
      expect(Object.keys(template.Resources).length, name).toBeLessThanOrEqual(500);
      expect(Object.keys(template.Outputs ?? {}).length, name).toBeLessThanOrEqual(200);
      expect(Object.keys(template.Parameters ?? {}).length, name).toBeLessThanOrEqual(200);
    }
  });

  it('names, in every Ref, GetAtt and ImportValue, a resource, parameter or export of the same app', () => {
    const exports = new Set<string>();
    for (const t of templates.values()) for (const o of Object.values(t.Outputs ?? {}) as Json[]) if (o.Export) exports.add(o.Export.Name);
    for (const [name, t] of templates) {
      const known = new Set([...Object.keys(t.Resources), ...Object.keys(t.Parameters ?? {})]);
      const visit = (v: unknown): void => {
        if (Array.isArray(v)) {
          for (const x of v) visit(x);
          return;
        }
        if (!v || typeof v !== 'object') return;
        const o = v as Json;
        if (typeof o.Ref === 'string' && !o.Ref.startsWith('AWS::')) expect(known.has(o.Ref), `${name}: Ref ${o.Ref}`).toBe(true);
        if (o['Fn::GetAtt']) expect(known.has([o['Fn::GetAtt']].flat()[0].split('.')[0]), `${name}: GetAtt ${o['Fn::GetAtt']}`).toBe(true);
        if (typeof o['Fn::ImportValue'] === 'string') expect(exports.has(o['Fn::ImportValue']), `${name}: ImportValue ${o['Fn::ImportValue']}`).toBe(true);
        Object.values(o).forEach(visit);
      };
      visit(t.Resources);
      visit(t.Outputs);
    }
  });

  it("sends the API's routes to an integration of the router, and the queues' events and the scheduler's targets to Herald's own", () => {
    const api = templates.get('HeraldApi')!;
    const of = (type: string) => Object.entries(api.Resources as Json).filter(([, r]) => r.Type === type) as [string, Json][];
    const ids = (type: string) => new Set(of(type).map(([id]) => id));
    const functions = ids('AWS::Lambda::Function');
    const queues = ids('AWS::SQS::Queue');
    const router = of('AWS::Lambda::Function').find(([, r]) => r.Properties.Description === 'Herald API router')![0];
    const integrations = new Map(of('AWS::ApiGatewayV2::Integration'));
    expect(of('AWS::ApiGatewayV2::Route').length).toBeGreaterThan(0);
    for (const [id, route] of of('AWS::ApiGatewayV2::Route')) {
      const target = route.Properties.Target['Fn::Join'][1] as [string, Json];
      expect(target[0], id).toBe('integrations/');
      const integration = integrations.get(target[1].Ref);
      expect(integration, id).toBeDefined();
      expect(integration!.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [router, 'Arn'] });
    }
    const mappings = of('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(3);
    for (const [id, m] of mappings) {
      expect(functions.has(m.Properties.FunctionName.Ref), id).toBe(true);
      // the queues' mappings, and the account table's stream (imported from the data stack) to the audience feed
      if (id.startsWith('AudienceFeed')) expect(JSON.stringify(m.Properties.EventSourceArn), id).toMatch(/AccountTable\w*StreamArn/);
      else expect(queues.has(m.Properties.EventSourceArn['Fn::GetAtt'][0]), id).toBe(true);
    }
    // the schedules the functions make (functions/platform/scheduler.ts) target the queues named in
    // HERALD_QUEUE_ARNS, in the group HERALD_SCHEDULE_GROUP, sent with HERALD_SCHEDULER_ROLE_ARN, which may send to each
    const groups = ids('AWS::Scheduler::ScheduleGroup');
    const roles = ids('AWS::IAM::Role');
    const schedulerRole = [...roles].find((r) => r.startsWith('SchedulerRole'))!;
    const schedulerSends = JSON.stringify(
      Object.values(api.Resources as Json)
        .filter((r: Json) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(schedulerRole))
        .map((r: Json) => r.Properties.PolicyDocument),
    );
    const scheduling = of('AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment?.Variables?.HERALD_SCHEDULE_GROUP);
    expect(scheduling.length).toBeGreaterThan(0);
    for (const [id, fn] of scheduling) {
      const env = fn.Properties.Environment.Variables;
      expect(groups.has(env.HERALD_SCHEDULE_GROUP.Ref), id).toBe(true);
      expect(env.HERALD_SCHEDULER_ROLE_ARN).toEqual({ 'Fn::GetAtt': [schedulerRole, 'Arn'] });
      const named = getAtts(env.HERALD_QUEUE_ARNS);
      expect(named.length, id).toBe(2);
      for (const q of named) {
        expect(queues.has(q), `${id}: ${q}`).toBe(true);
        expect(schedulerSends).toContain(q);
      }
    }
    // EventBridge rules target queues of this app, with a dead-letter queue of this app
    for (const [id, rule] of of('AWS::Events::Rule')) {
      for (const t of rule.Properties.Targets as Json[]) {
        expect(queues.has(t.Arn['Fn::GetAtt'][0]), id).toBe(true);
        expect(queues.has(t.DeadLetterConfig.Arn['Fn::GetAtt'][0]), id).toBe(true);
      }
    }
  });

  it('alarms on dead letters, error rates, send failures, queue age and SES bounces and complaints, all to the alarm topic, with a dashboard', () => {
    const api = templates.get('HeraldApi')!;
    const alarms = Object.values(api.Resources as Json).filter((r: Json) => r.Type === 'AWS::CloudWatch::Alarm') as Json[];
    const topic = Object.entries(api.Resources as Json).find(([id, r]) => r.Type === 'AWS::SNS::Topic' && id.startsWith('AlarmTopic'))![0];
    for (const a of alarms) expect(a.Properties.AlarmActions, a.Properties.AlarmDescription).toEqual([{ Ref: topic }]);
    const text = JSON.stringify(alarms);
    for (const q of ['JobDeadLetters', 'DeliveryDeadLetters', 'SmsInboundDeadLetters']) expect(text).toMatch(new RegExp(`"${q}\\w*","QueueName"`));
    for (const fn of ['Router', 'Job', 'Delivery', 'SmsInbound']) expect(text).toContain(`${fn} errors (%)`);
    for (const m of ['SendFailures', 'Reputation.BounceRate', 'Reputation.ComplaintRate', 'ApproximateAgeOfOldestMessage']) expect(text).toContain(m);
    expect(Object.values(api.Resources as Json).filter((r: Json) => r.Type === 'AWS::CloudWatch::Dashboard')).toHaveLength(1);
    // every function traces
    const heraldFunctions = Object.values(api.Resources as Json).filter((r: Json) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith('Herald '));
    expect(heraldFunctions.length).toBeGreaterThanOrEqual(4);
    for (const fn of heraldFunctions) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
  });

  it('gives each function its own log group and no managed policy but the tracing one; no statement on "*" but X-Ray\'s', () => {
    const api = templates.get('HeraldApi')!;
    const resources = Object.entries(api.Resources as Json) as [string, Json][];
    expect(resources.filter(([, r]) => r.Type === 'AWS::IAM::Role').length).toBeGreaterThanOrEqual(4);
    expect(resources.filter(([, r]) => r.Type === 'AWS::IAM::Policy').length).toBeGreaterThan(0);
    for (const [id, r] of resources.filter(([, r]) => r.Type === 'AWS::IAM::Role')) {
      expect(JSON.stringify(r.Properties.ManagedPolicyArns ?? []), id).not.toContain('AWSLambdaBasicExecutionRole');
    }
    for (const [id, r] of resources.filter(([, r]) => r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy')) {
      for (const st of r.Properties.PolicyDocument.Statement as Json[]) {
        if ([st.Resource].flat().includes('*'))
          expect(
            [st.Action].flat().every((a: string) => a.startsWith('xray:')),
            id,
          ).toBe(true);
      }
    }
  });
});

describe('data safety', () => {
  it('keeps every table with point-in-time recovery and deletion protection, and logs for the configured days', () => {
    for (const { templates } of Object.values(apps)) {
      const tables = Object.values(templates.get('HeraldData')!.Resources as Json).filter((r: Json) => r.Type === 'AWS::DynamoDB::Table') as Json[];
      for (const t of tables) {
        expect(t.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
        expect(t.Properties.DeletionProtectionEnabled).toBe(true);
        expect(t.DeletionPolicy).toBe('Retain');
      }
    }
    const retention = (t: Json) => (Object.values(t.Resources as Json) as Json[]).filter((r) => r.Type === 'AWS::Logs::LogGroup').map((r) => r.Properties.RetentionInDays);
    expect(new Set(retention(apps.default.templates.get('HeraldApi')!))).toEqual(new Set([30]));
    expect(new Set(retention(apps.all.templates.get('HeraldApi')!))).toEqual(new Set([90]));
  });

  it('versions every bucket, with lifecycle rules', () => {
    expect.hasAssertions();
    for (const { templates } of Object.values(apps)) {
      for (const t of templates.values()) {
        for (const b of (Object.values(t.Resources as Json) as Json[]).filter((r) => r.Type === 'AWS::S3::Bucket')) {
          expect(b.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
          expect(b.Properties.LifecycleConfiguration.Rules.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('encrypts tables, the assets bucket and the secrets with the customer managed key when herald:customerManagedKey is on, and not otherwise', () => {
    const dataOf = (a: (typeof apps)['all']) => Object.entries(a.templates.get('HeraldData')!.Resources as Json) as [string, Json][];
    const key = dataOf(apps.all).find(([, r]) => r.Type === 'AWS::KMS::Key')!;
    expect(key[1].Properties.EnableKeyRotation).toBe(true);
    expect(key[1].DeletionPolicy).toBe('Retain');
    for (const [, t] of dataOf(apps.all).filter(([, r]) => r.Type === 'AWS::DynamoDB::Table')) {
      expect(t.Properties.SSESpecification).toMatchObject({ SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: { 'Fn::GetAtt': [key[0], 'Arn'] } });
    }
    const bucket = dataOf(apps.all).find(([, r]) => r.Type === 'AWS::S3::Bucket')![1];
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault).toMatchObject({ SSEAlgorithm: 'aws:kms' });
    for (const s of (Object.values(apps.all.templates.get('HeraldApi')!.Resources as Json) as Json[]).filter((r) => r.Type === 'AWS::SecretsManager::Secret')) {
      expect(JSON.stringify(s.Properties.KmsKeyId)).toContain('ImportValue');
    }
    expect(dataOf(apps.default).some(([, r]) => r.Type === 'AWS::KMS::Key')).toBe(false);
  });

  it('encrypts every queue with the customer managed key when herald:customerManagedKey is on (the key letting EventBridge and SNS deliver, the scheduler granted), and with SQS-managed keys otherwise', () => {
    const queues = (a: (typeof apps)['all']) => (Object.values(a.templates.get('HeraldApi')!.Resources as Json) as Json[]).filter((r) => r.Type === 'AWS::SQS::Queue');
    expect(queues(apps.all).length).toBeGreaterThanOrEqual(5);
    for (const q of queues(apps.all)) {
      expect(JSON.stringify(q.Properties.KmsMasterKeyId)).toContain('ImportValue');
      expect(q.Properties.SqsManagedSseEnabled).toBeUndefined();
    }
    for (const q of queues(apps.default)) expect(q.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    for (const q of queues(apps.default)) expect(q.Properties.KmsMasterKeyId).toBeUndefined();

    const key = (Object.values(apps.all.templates.get('HeraldData')!.Resources as Json) as Json[]).find((r) => r.Type === 'AWS::KMS::Key')!;
    const services = (key.Properties.KeyPolicy.Statement as Json[]).find((st) => st.Principal?.Service);
    expect(services).toMatchObject({
      Effect: 'Allow',
      Action: ['kms:Decrypt', 'kms:GenerateDataKey'],
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect([services!.Principal.Service].flat().sort()).toEqual(['events.amazonaws.com', 'sns.amazonaws.com']);

    const api = apps.all.templates.get('HeraldApi')!.Resources as Json;
    const schedulerRole = Object.keys(api).find((id) => id.startsWith('SchedulerRole') && api[id].Type === 'AWS::IAM::Role')!;
    const schedulerPolicy = (Object.values(api) as Json[]).find((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(schedulerRole))!;
    const kms = (schedulerPolicy.Properties.PolicyDocument.Statement as Json[]).find((st) => [st.Action].flat().includes('kms:Encrypt'));
    expect(JSON.stringify(kms?.Resource)).toContain('ImportValue');
  });

  it("hands the translation system and the AI settings to every function when set, and the runtime's defaults (empty) otherwise", () => {
    const variables = (a: (typeof apps)['all']) =>
      (Object.values(a.templates.get('HeraldApi')!.Resources as Json) as Json[])
        .filter((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.HERALD_KEY_SECRET_ID)
        .map((r) => r.Properties.Environment.Variables as Json);
    expect(variables(apps.all).length).toBe(4);
    for (const v of variables(apps.all)) {
      expect(v).toMatchObject({ HERALD_TRANSLATION_URL: 'https://tms.example.com/api', HERALD_BEDROCK_MODEL_ID: 'eu.amazon.nova-pro-v1:0', HERALD_AI_DAILY_LIMIT: '200' });
    }
    for (const v of variables(apps.default)) expect(v).toMatchObject({ HERALD_TRANSLATION_URL: '', HERALD_BEDROCK_MODEL_ID: '', HERALD_AI_DAILY_LIMIT: '' });
  });
});
