/**
 * Every channel as quick as e-mail (issue 42 item 5): the same 2,000 accounts (BENCH_RECIPIENTS) are sent one
 * message on each channel, one channel after the other, through the whole local stack as `npm start` runs it:
 * review and approval through the portal's API, the fire and audience steps, the durable local queue, the send
 * worker with its exactly-once ledger and each channel's rate cap (1,000 a second, BENCH_RATE), and each
 * channel's real provider client reaching its stand-in (SES, End User Messaging SMS, Pinpoint push for iOS and
 * Android devices, LINE's Messaging API, letters to S3). Prints, per channel, the seconds from the approval to
 * the last recipient's outcome in the ledger, the recipients a second and the ratio to e-mail's time.
 * BENCH_CHANNELS picks the runs (EMAIL,SMS,PUSH_IOS,PUSH_ANDROID,LINE,DIRECT_MAIL); run by hand, not in npm test:
 * `npx tsx bench/channels.ts`.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '../functions/domain/accounts';
import { Ledger } from '../functions/delivery/ledger';
import { bootLocal } from '../functions/local/boot';
import { Store } from '../functions/store/store';
import { type Account, accountKey, deviceKeyOf } from '../shared/entities';
import { addApprover, draftInReview, EMAIL_CONTENT, pass } from './approval';
import { cpuSeconds, dynamoLocalPid, portalCaller } from './serverProcess';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const N = Number(process.env.BENCH_RECIPIENTS ?? 2_000);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const RUNS = ['EMAIL', 'SMS', 'PUSH_IOS', 'PUSH_ANDROID', 'LINE', 'DIRECT_MAIL'] as const;
type Run = (typeof RUNS)[number];
const CHOSEN = (process.env.BENCH_CHANNELS?.split(',') ?? RUNS) as Run[];
const PASSWORD = 'Bench@1234';
/** the warm-up's audience: every channel's code compiled and its connections made before a measured run */
const WARM = 100;

const dataDir = mkdtempSync(join(tmpdir(), 'herald-channels-'));
const herald = await bootLocal({
  dataDir,
  persistent: false,
  logLevel: 'silent',
  config: {
    adminPassword: PASSWORD,
    tablePrefix: 'chan-',
    sms: { originationIdentity: '+12065550100', configurationSet: 'herald-sms-events', maxPrice: '0.50', ttlSeconds: 3600 },
    sendRates: { EMAIL: RATE, SMS: RATE, PUSH_NATIVE: RATE, LINE: RATE, DIRECT_MAIL: RATE },
  },
});
const store = new Store(herald.rt);

/** DynamoDB requests by operation and table while a run is measured: where a recipient's round trips go. */
let requests = new Map<string, number>();
herald.rt.aws.dynamo.middlewareStack.add(
  (next, context) => (args) => {
    const input = args.input as { TableName?: string; RequestItems?: object; TransactItems?: Record<string, { TableName: string }>[] };
    const tables = input.TransactItems
      ? [...new Set(input.TransactItems.map((t) => Object.values(t)[0]!.TableName))].join('+')
      : (input.TableName ?? Object.keys(input.RequestItems ?? {}).join('+'));
    const name = `${String(context.commandName).replace(/Command$/, '')} ${tables.replaceAll('chan-', '')}`;
    requests.set(name, (requests.get(name) ?? 0) + 1);
    return next(args);
  },
  { step: 'initialize', name: 'benchRequests' },
);
/** CPU seconds so far of this process (Herald and the stand-ins) and of its DynamoDB Local (its java child). */
const java = dynamoLocalPid();
const cpu = () => ({ node: (process.cpuUsage().user + process.cpuUsage().system) / 1e6, dynamo: java ? cpuSeconds(java) : Number.NaN });
const call = portalCaller({ url: herald.url, appKey: herald.rt.config.portalAppKey } as never);
const login = async (username: string, password: string) => (await call('auth.login', { username, password })).accessToken as string;
const admin = await login('admin', PASSWORD);
const asAdmin = (service: string, payload: unknown) => call(service, payload, admin);

// an approver (the author may not pass their own message)
const role = await asAdmin('userRole.save', {
  name: 'Approver',
  code: 'APPROVER_BENCH',
  permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'NAV_TEMPLATE_MESSAGE', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
});
const approver = await addApprover(call, admin, 'approver', role.id);

// each channel's set-up: push channels of one application, LINE's token, a letter's sender
const app = await asAdmin('application.save', { name: 'Bench app', appType: 'IOS', bundleId: 'com.example.bench' });
const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const fcmKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
await asAdmin('pushChannelSetting.save', {
  title: 'iOS',
  appId: app.id,
  type: 'APNS_SANDBOX',
  authMethod: 'KEY',
  bundleId: 'com.example.bench',
  teamId: 'TEAM123456',
  keyId: 'KEYID12345',
  tokenKey,
});
await asAdmin('pushChannelSetting.save', {
  title: 'Android',
  appId: app.id,
  type: 'GCM',
  serviceJson: JSON.stringify({ type: 'service_account', project_id: 'herald-bench', private_key: fcmKey, client_email: 'push@herald-bench.iam.gserviceaccount.com' }),
});
await asAdmin('lineChannel.save', {
  channelId: '1657000000',
  accessToken: randomBytes(129).toString('base64'),
  channelSecret: randomBytes(16).toString('hex'),
  version: (await asAdmin('lineChannel.detail', {})).version,
});
const company = await asAdmin('company.save', {
  company: 'Acme Trading',
  directMailType: 'LETTER',
  fullName: 'Acme Trading K.K.',
  address: '1-2-3 Marunouchi\nChiyoda-ku, Tokyo',
  website: 'https://acme.example',
  name: 'Hanako Sato',
  phone: '+81 3 1234 5678',
  email: 'letters@acme.example',
});

// the audience: N accounts reachable on every channel, and a segment of all of them
const now = Date.now();
const accounts = Array.from({ length: N }, (_, i) => ({
  ...accountKey(1, `c${i}`),
  orgId: 1,
  id: `c${i}`,
  firstName: `R${i}`,
  emails: [`c${i}@example.com`],
  phones: [`+1415${String(i).padStart(7, '0')}`],
  lineUserId: `U${randomBytes(16).toString('hex')}`,
  address: { recipientName: `R${i}`, lines: [`${i} Main Street`], city: 'Springfield', region: 'IL', postcode: '62701', country: 'US' },
  emailConsent: true,
  smsConsent: true,
  pushConsent: true,
  lineConsent: true,
  tags: [],
  // the first hundred are the warm-up's audience
  attributes: { bench: 'channels', ...(i < WARM ? { warm: 'yes' } : {}) },
  version: 1,
  dateCreated: now,
  dateUpdated: now,
  createdBy: 'bench',
  updatedBy: 'bench',
})) as unknown as Account[];
await new Accounts(store.forOrg(1)).putMany(accounts);
async function segmentOf(field: string, value: string): Promise<string> {
  const id = randomUUID();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'bench', updatedBy: 'bench' };
  await store.put('segment', { orgId: 1, id, name: `${field} ${value}`, description: '', rule: { op: 'AND', conditions: [{ field, operator: 'equals', value }] }, ...audit });
  return id;
}
const everyone = await segmentOf('attributes.bench', 'channels');
const warmSegment = await segmentOf('attributes.warm', 'yes');

/** Each account's one device, on iOS or Android (the push runs send to the newest device of each account). */
async function devicesOn(platform: 'IOS' | 'ANDROID') {
  await store.putMany(
    'device',
    accounts.map((a) => ({
      accountKey: deviceKeyOf(1, a.id),
      deviceId: 'phone',
      orgId: 1,
      accountId: a.id,
      platform,
      channel: platform === 'IOS' ? 'APNS_SANDBOX' : 'GCM',
      pushToken: platform === 'IOS' ? randomBytes(32).toString('hex') : `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(105).toString('base64url')}`,
      permission: 'ALWAYS',
      active: true,
      source: 'SDK',
      appId: app.id,
      dateUpdated: Date.now(),
    })),
  );
}

const CONTENT: Record<Run, { channel: string; content: unknown }> = {
  EMAIL: { channel: 'EMAIL', content: EMAIL_CONTENT },
  SMS: {
    channel: 'SMS',
    content: { kind: 'SMS', template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Dear {{firstName|customer}}, everything is 20% off this week.' } } } },
  },
  PUSH_IOS: { channel: 'PUSH_NATIVE', content: undefined },
  PUSH_ANDROID: { channel: 'PUSH_NATIVE', content: undefined },
  LINE: {
    channel: 'LINE',
    content: {
      kind: 'LINE',
      template: {
        channel: 'LINE',
        defaultLanguage: 'en',
        contents: {
          en: {
            messages: [
              { type: 'text', text: 'Hello {{firstName|there}}' },
              { type: 'buttons', altText: 'Sale', text: 'Up to 50% off', actions: [{ label: 'Shop now', uri: 'https://shop.example.com/line' }] },
            ],
          },
        },
      },
    },
  },
  DIRECT_MAIL: {
    channel: 'DIRECT_MAIL',
    content: {
      kind: 'DIRECT_MAIL',
      template: {
        channel: 'DIRECT_MAIL',
        defaultLanguage: 'en',
        companyId: company.id,
        contents: { en: { subject: 'Spring offer for {{firstName|you}}', body: 'Dear {{firstName}},\n\nOur spring catalogue is here.', closing: 'Kind regards' } },
      },
    },
  },
};
const PUSH = {
  kind: 'PUSH_NATIVE',
  template: {
    channel: 'PUSH_NATIVE',
    defaultLanguage: 'en',
    contents: {
      en: {
        title: 'Hi {{firstName|there}}',
        intro: 'Spring sale',
        body: '20% off everything today.',
        buttons: [{ text: 'Shop now', action: 'WEBSITE', value: 'https://shop.example.com/spring' }],
        inboxMode: 'PUSH_AND_INBOX',
      },
    },
  },
};
CONTENT.PUSH_IOS.content = PUSH;
CONTENT.PUSH_ANDROID.content = PUSH;

const ledger = new Ledger(store, herald.rt.clock);
/** The run's matched recipients and outcomes so far (its one run, once the fire step made it). */
async function outcomes(planId: string): Promise<{ matched: number; done: number }> {
  const [run] = await store.forOrg(1).keyed('planRun').list(planId);
  if (!run) return { matched: 0, done: 0 };
  const { total } = await ledger.totals({ orgId: 1, planId, runId: run.runId });
  return { matched: total.matched ?? 0, done: (total.sent ?? 0) + (total.failed ?? 0) + (total.skipped ?? 0) + (total.uncertain ?? 0) };
}

/** Approval to the last recipient's outcome, in seconds, and how many were sent. */
interface Measured {
  seconds: number;
  /** approval to the first outcome, and to the audience read whole (every match counted) */
  firstS: number;
  audienceS: number;
  sent: number;
  /** CPU ms per recipient: this process (Herald and the stand-ins), DynamoDB Local */
  nodeMs: number;
  dynamoMs: number;
  /** DynamoDB requests per recipient, by operation and table */
  requests: string;
}
async function measure(run: Run, segmentId = everyone, n = N): Promise<Measured> {
  if (run === 'PUSH_IOS') await devicesOn('IOS');
  if (run === 'PUSH_ANDROID') await devicesOn('ANDROID');
  const { channel, content } = CONTENT[run];
  const draft = { id: await draftInReview(call, admin, approver, { name: `Bench ${run}`, title: `Bench ${run}`, channel, content, segmentId }) };
  requests = new Map();
  const before = cpu();
  const approvedAt = performance.now();
  await pass(call, approver, draft.id);
  let done = 0;
  let [firstAt, audienceAt] = [0, 0];
  while (done < n && performance.now() - approvedAt < 600_000) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await outcomes(draft.id);
    done = now.done;
    if (done > 0 && !firstAt) firstAt = performance.now();
    if (now.matched >= n && !audienceAt) audienceAt = performance.now();
  }
  const seconds = (performance.now() - approvedAt) / 1000;
  const after = cpu();
  // the local queue's and scheduler's own requests too (queueMessage, schedule: SQS's and EventBridge's on AWS)
  const counted = [...requests];
  const perRecipient = `${(counted.reduce((sum, [, c]) => sum + c, 0) / n).toFixed(2)} (${counted
    .sort((a, b) => b[1] - a[1])
    .filter(([, c]) => c / n >= 0.05)
    .map(([name, c]) => `${name} ${(c / n).toFixed(2)}`)
    .join(', ')})`;
  const [r] = await store.forOrg(1).keyed('planRun').list(draft.id);
  const sent = (await ledger.totals({ orgId: 1, planId: draft.id, runId: r!.runId })).total.sent;
  return {
    seconds,
    firstS: (firstAt - approvedAt) / 1000,
    audienceS: (audienceAt - approvedAt) / 1000,
    sent,
    nodeMs: ((after.node - before.node) * 1000) / n,
    dynamoMs: ((after.dynamo - before.dynamo) * 1000) / n,
    requests: perRecipient,
  };
}

for (const run of CHOSEN) await measure(run, warmSegment, WARM);
/** each channel BENCH_REPEAT times (3), in turns, so that the machine's other load falls on all of them alike */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const rounds = new Map<Run, Measured[]>(CHOSEN.map((run) => [run, []]));
for (let round = 0; round < REPEAT; round++)
  for (const run of CHOSEN) {
    const r = await measure(run);
    rounds.get(run)!.push(r);
    console.log(
      `${run} (round ${round + 1}): ${r.sent} of ${N} sent, ${r.seconds.toFixed(2)} s from approval to the last outcome (the first ${r.firstS.toFixed(2)} s, the audience read whole ${r.audienceS.toFixed(2)} s)`,
    );
    console.log(`  CPU per recipient: Herald and stand-ins ${r.nodeMs.toFixed(2)} ms, DynamoDB Local ${r.dynamoMs.toFixed(2)} ms`);
    console.log(`  DynamoDB requests per recipient ${r.requests}`);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results = new Map(
  [...rounds].map(([run, rs]) => [
    run,
    {
      ...rs[0]!,
      seconds: median(rs.map((r) => r.seconds)),
      nodeMs: median(rs.map((r) => r.nodeMs)),
      dynamoMs: median(rs.map((r) => r.dynamoMs)),
      sent: Math.min(...rs.map((r) => r.sent)),
    },
  ]),
);
const email = results.get('EMAIL')?.seconds;
console.log(
  `\nmedians of ${REPEAT} rounds, rate cap ${RATE}/s on every channel\n| channel | recipients | approval to last message | recipients/s | × e-mail | CPU ms per recipient (Herald, DynamoDB Local) |\n| --- | --- | --- | --- | --- | --- |`,
);
for (const [run, r] of results)
  console.log(
    `| ${run} | ${r.sent} | ${r.seconds.toFixed(2)} s | ${(r.sent / r.seconds).toFixed(0)} | ${email ? (r.seconds / email).toFixed(2) : '–'} | ${r.nodeMs.toFixed(2)}, ${r.dynamoMs.toFixed(2)} |`,
  );
await herald.stop();
rmSync(dataDir, { recursive: true, force: true });
