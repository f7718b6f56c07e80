/**
 * Push to the devices of API applications (OAuth, ApiKey, BearerToken, BasicAuth) on the local stand-in of their
 * servers (functions/channels/push/standIns/apiApp.ts): a campaign from draft to one device of each type, as each server
 * receives it (credentials, custom headers and query entries, the JSON body); the OAuth token fetched once and
 * reused, and fetched again after the server refuses it; `apiSendRepeat` trying again after a 500 as one send; a
 * final 500 or 400 a FAILED record that says why, in the reader's language, with nothing lost; no answer in time
 * an unknown outcome; the address guard on AWS; the application form's checks. Every (plan, device) exactly once
 * through crashes (at every call of a send), duplicated deliveries and throttling, for devices of an OAuth and a
 * bearer-token application, is tests/api/exactlyOnce.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTemplateSchema } from '../../shared/content';
import { accountKey, deviceKeyOf, type InboxItem, inboxKeyOf } from '../../shared/entities';
import { ADMIN_TEXTS, OUTBOUND_TEXTS, PUSH_TEXTS } from '../../shared/i18n';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import type { ChannelSender } from '../../functions/channels/sender';
import { pinpointPushSender } from '../../functions/channels/push/pinpoint';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient } from '../../functions/delivery/messages';
import type { ContentSource, SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import { API_APP_PATHS, API_APP_STANDIN, type ApiAppReceived } from '../../functions/channels/push/standIns/apiApp';
import { setOutboundPolicy } from '../../functions/platform/outbound';
import { Store } from '../../functions/store/store';
import { ApiClient, startHerald } from '../support/herald';
import { approverOf } from '../support/plans';
import { batchesOf, sendHarness, workerDeps } from '../support/sendHarness';
import { AD_HOC, capturedLog } from '../support/channelStandIns';
import { until } from '../support/until';

const harness = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));
const { workerOf, drain } = harness;
const push = CHANNEL_ADAPTERS.PUSH_NATIVE;
const DAY = 24 * 3600_000;
type AppType = 'OAuth' | 'ApiKey' | 'BearerToken' | 'BasicAuth';

let herald: LocalHerald;
let store: Store;
let admin: ApiClient;
let standIn: string;
const log = capturedLog();
/** the applications by name, set up against the stand-in */
const apps: Record<string, string> = {};
/** one sender for the file's direct runs: quick back-off and time-out */
let sender: ChannelSender;

const tag = randomUUID().slice(0, 8);
const pathOf = (type: AppType) => `${standIn}${API_APP_PATHS[type]}/${tag}`;

async function saveApp(name: string, type: AppType, over: Record<string, unknown> = {}): Promise<string> {
  const credentials: Record<AppType, Record<string, unknown>> = {
    OAuth: { tokenUrl: `${standIn}${API_APP_PATHS.token}`, clientId: API_APP_STANDIN.clientId, clientSecret: API_APP_STANDIN.clientSecret },
    ApiKey: { customHeaders: [{ key: API_APP_STANDIN.apiKeyHeader, value: API_APP_STANDIN.apiKey, place: 'header' }] },
    BearerToken: { bearerToken: API_APP_STANDIN.bearerToken },
    BasicAuth: { username: API_APP_STANDIN.username, password: API_APP_STANDIN.password },
  };
  const app = await admin.ok('application.save', { name: `${name} ${tag}`, appType: type, apiUrl: pathOf(type), ...credentials[type], ...over });
  apps[name] = app.id;
  return app.id;
}

beforeAll(async () => {
  herald = await startHerald({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } }, logLevel: 'debug', logSink: log.sink });
  store = new Store(herald.rt);
  standIn = herald.standIns.endpoints.apiApp;
  admin = new ApiClient(herald);
  await admin.login();
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  await saveApp('oauth', 'OAuth', { apiSendNotificationShowInbox: true });
  await saveApp('apikey', 'ApiKey', {
    customHeaders: [
      { key: API_APP_STANDIN.apiKeyHeader, value: API_APP_STANDIN.apiKey, place: 'header' },
      { key: 'X-Tenant', value: 'shop-42', place: 'header' },
      { key: 'region', value: 'apac', place: 'query' },
    ],
  });
  await saveApp('apikeyQuery', 'ApiKey', { customHeaders: [{ key: API_APP_STANDIN.apiKeyQuery, value: API_APP_STANDIN.apiKey, place: 'query' }] });
  await saveApp('bearer', 'BearerToken');
  await saveApp('basic', 'BasicAuth');
  await saveApp('repeat', 'BearerToken', { apiSendRepeat: true });
  await saveApp('once', 'BearerToken');
  await saveApp('oauthDirect', 'OAuth');
  sender = pinpointPushSender(herald.rt, { backoffMs: 5, timeoutMs: 400 });
});
afterAll(() => herald?.stop());

// --- helpers

const pushToken = () => `api-${randomBytes(12).toString('hex')}`;

/** What the stand-in received for these push tokens (it is shared by the whole run). */
async function received(tokens: Iterable<string>): Promise<ApiAppReceived[]> {
  const wanted = new Set(tokens);
  const all = (await (await fetch(`${standIn}/_standin/received`)).json()) as ApiAppReceived[];
  return all.filter((r) => wanted.has(String(r.body.pushToken)));
}
const taken = async (tokens: Iterable<string>) => {
  const counts = new Map<string, number>();
  for (const r of await received(tokens)) if (r.status === 200) counts.set(String(r.body.pushToken), (counts.get(String(r.body.pushToken)) ?? 0) + 1);
  return counts;
};
const tell = (address: string, answer: 'refused' | 'failed' | 'throttled' | 'slow' | 'ok', more: { times?: number; ms?: number } = {}) =>
  fetch(`${standIn}/_standin/answers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, answer, ...more }) });
const tokensIssued = async () => ((await (await fetch(`${standIn}/_standin/tokens`)).json()) as { issued: number }).issued;

async function putAccount(id: string, over: Record<string, unknown> = {}) {
  const now = herald.rt.clock.now();
  await store.put('account', {
    ...accountKey(1, id),
    orgId: 1,
    id,
    emails: [],
    tags: [],
    attributes: {},
    emailConsent: false,
    smsConsent: false,
    pushConsent: true,
    lineConsent: false,
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
    ...over,
  });
}

const deviceOf = (accountId: string, deviceId: string, appId: string, token: string) => ({
  accountKey: deviceKeyOf(1, accountId),
  deviceId,
  orgId: 1,
  accountId,
  platform: 'OTHER' as const,
  channel: 'API',
  pushToken: token,
  permission: 'ALWAYS' as const,
  active: true,
  source: 'SDK' as const,
  appId,
  dateUpdated: 1,
});

/** `n` devices of the application (each its own account), stored, as recipients. */
async function devicesOf(app: string, n: number): Promise<Recipient[]> {
  const prefix = randomUUID().slice(0, 8);
  const list: Recipient[] = Array.from({ length: n }, (_, i) => ({ accountId: `${prefix}-${i}`, target: `d${i}`, address: pushToken(), firstName: `R${i}`, consent: true }));
  await store.putMany(
    'device',
    list.map((r) => deviceOf(r.accountId, r.target!, apps[app]!, r.address)),
  );
  return list;
}

const TEMPLATE = {
  channel: 'PUSH_NATIVE',
  defaultLanguage: 'en',
  contents: {
    en: {
      title: 'Hi {{firstName|there}}',
      intro: 'Spring sale',
      body: '20% off everything today.',
      buttons: [{ text: 'Shop now', action: 'WEBSITE', value: 'https://shop.example.com/spring' }],
      media: { type: 'THUMBNAIL', url: 'https://cdn.example.com/spring.png' },
      extras: [{ key: 'promo', value: 'SPRING' }],
      inboxMode: 'PUSH_AND_INBOX',
    },
    ja: { title: '{{firstName|お客様}}さん、こんにちは', intro: '春のセール', body: '本日は全品20%オフです。', inboxMode: 'PUSH_AND_INBOX' },
  },
} as const;

function contentOf(template: unknown): ContentSource {
  const render = push.prepare({ kind: 'PUSH_NATIVE', template: pushTemplateSchema.parse(template) }, AD_HOC)!;
  return { load: async () => ({ stopped: false, from: '', render }) };
}

const deps = (s: ChannelSender, over: Partial<SendWorkerDeps> = {}) => workerDeps(herald, 'PUSH_NATIVE', s, contentOf(TEMPLATE), over);

type Run = { orgId: number; planId: string; runId: string };
const newRun = (): Run => ({ orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' });
const batches = (run: Run, list: Recipient[]) => batchesOf(run, 'PUSH_NATIVE', list);

async function sendRun(run: Run, list: Recipient[], s = sender) {
  const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
  for (const b of batches(run, list)) await herald.queue.send(queue, b);
  await drain(workerOf(deps(s)), queue);
}

const recordOf = (run: Run, r: Recipient) => new Ledger(store, herald.rt.clock).recordOf({ ...run, channel: 'PUSH_NATIVE', accountId: r.accountId, target: r.target });

// --- a campaign to one device of each type

describe('a campaign to the devices of API applications', () => {
  it('reaches one device of each type through its server, with that type’s credentials, the custom headers and query entries, and the rendered message', async () => {
    // no APNs or FCM channel: the API applications alone let a push message go for approval
    expect((await admin.ok('pushChannelSetting.list', {})).list).toEqual([]);
    const approver = await approverOf(admin, herald, 'apiappapprover');
    const campaign = `apiapp${tag}`;
    const devices: Record<string, { account: string; token: string }> = {};
    for (const app of ['oauth', 'apikey', 'apikeyQuery', 'bearer', 'basic', 'once'] as const) {
      const account = `${campaign}-${app}`;
      devices[app] = { account, token: pushToken() };
      await putAccount(account, { firstName: app === 'basic' ? '花子' : 'Ann', locale: app === 'basic' ? 'ja-JP' : 'en-US', attributes: { campaign } });
      await store.put('device', deviceOf(account, `phone-${app}`, apps[app]!, devices[app]!.token));
    }
    // the server of one application fails: that device's record says so, the others are sent
    await tell(devices.once!.token, 'failed', { times: 1 });
    const segment = await admin.ok('segment.save', {
      name: `API apps ${tag}`,
      rule: { op: 'AND', conditions: [{ field: 'attributes.campaign', operator: 'equals', value: campaign }] },
    });
    const draft = await admin.ok('plan.saveSingle', {
      name: campaign,
      title: campaign,
      channel: 'PUSH_NATIVE',
      content: { kind: 'PUSH_NATIVE', template: TEMPLATE },
      segmentId: segment.id,
    });
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: draft.id });
    await until(
      'the campaign to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );

    const got = await received(Object.values(devices).map((d) => d.token));
    expect(got.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 500]);
    const of = (app: string) => got.find((r) => r.body.pushToken === devices[app]!.token)!;
    // each server's own path, each type's credentials as the server checked them
    expect(of('oauth')).toMatchObject({ type: 'OAuth', path: `${API_APP_PATHS.OAuth}/${tag}`, auth: { ok: true, scheme: 'Bearer', who: expect.stringMatching(/^sat_/) } });
    expect(of('apikey')).toMatchObject({ type: 'ApiKey', auth: { ok: true, scheme: 'ApiKey', via: 'header' }, headers: { 'x-tenant': 'shop-42' }, query: { region: 'apac' } });
    expect(of('apikeyQuery')).toMatchObject({ type: 'ApiKey', auth: { ok: true, scheme: 'ApiKey', via: 'query' } });
    expect(of('bearer')).toMatchObject({ type: 'BearerToken', auth: { ok: true, scheme: 'Bearer' } });
    expect(of('basic')).toMatchObject({ type: 'BasicAuth', auth: { ok: true, scheme: 'Basic', who: API_APP_STANDIN.username } });
    // the rendered message in the recipient's language, the device and whose message it is
    const body = of('apikey').body;
    expect(body).toMatchObject({
      planId: draft.id,
      accountId: devices.apikey!.account,
      deviceId: 'phone-apikey',
      pushToken: devices.apikey!.token,
      language: 'en',
      title: 'Hi Ann',
      subtitle: 'Spring sale',
      body: '20% off everything today.',
      media: { type: 'THUMBNAIL', url: 'https://cdn.example.com/spring.png' },
      extras: { promo: 'SPRING' },
    });
    expect(body.buttons).toEqual([{ id: 'b1', text: 'Shop now', action: 'WEBSITE', value: expect.stringMatching(/\/service\/t\/c\//) }]);
    expect(of('apikey').headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': body.messageId });
    expect(of('basic').body).toMatchObject({ language: 'ja', title: '花子さん、こんにちは', body: '本日は全品20%オフです。' });
    // the inbox item only for the application that asks for it
    const inboxOf = async (app: string) => (await store.queryAll('inboxItem', { name: 'accountKey', value: inboxKeyOf(1, devices[app]!.account) })) as InboxItem[];
    expect(await inboxOf('oauth')).toMatchObject([{ planId: draft.id, title: 'Hi Ann' }]);
    expect(of('oauth').body.inboxId).toBe((await inboxOf('oauth'))[0]!.itemId);
    expect(await inboxOf('bearer')).toEqual([]);
    const records = (await admin.ok('sentRecord.getListByPage', { planId: draft.id, size: 50 })).list;
    expect(records.map((r: { status: string }) => r.status).sort()).toEqual(['FAILED', 'SENT', 'SENT', 'SENT', 'SENT', 'SENT']);
    const inJa = (
      await admin.call<{ list: { accountId: string; status: string; reason?: string; detail?: string }[] }>(
        'sentRecord.getListByPage',
        { planId: draft.id, size: 50 },
        { 'x-lang': 'ja' },
      )
    ).payload.list;
    expect(inJa.find((r) => r.accountId === devices.once!.account)).toMatchObject({
      status: 'FAILED',
      reason: 'UNEXPECTED',
      detail: 'アプリケーションの送信先は 1 回の試行の後、HTTP 500 を返しました。 応答の冒頭： {"error":"internal","message":"The stand-in was told to fail."}',
    });
    // no credential reaches a log line
    const all = log.text();
    for (const secret of [API_APP_STANDIN.clientSecret, API_APP_STANDIN.apiKey, API_APP_STANDIN.bearerToken, API_APP_STANDIN.password, String(of('oauth').auth.who)]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('an OAuth application', () => {
  it('has its token fetched once and reused across sends, and fetched again once when its server refuses it', async () => {
    const list = await devicesOf('oauthDirect', 12);
    const before = await tokensIssued();
    await sendRun(newRun(), list.slice(0, 6));
    await sendRun(newRun(), list.slice(6));
    expect(await tokensIssued()).toBe(before + 1);
    const tokensUsed = new Set((await received(list.map((r) => r.address))).map((r) => r.auth.who));
    expect(tokensUsed.size).toBe(1);

    // the server forgets its tokens: the next send is refused (401), fetches one new token and is sent with it
    await fetch(`${standIn}/_standin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ revoke: true }) });
    const more = await devicesOf('oauthDirect', 3);
    const run = newRun();
    await sendRun(run, more);
    expect(await tokensIssued()).toBe(before + 2);
    expect(await taken(more.map((r) => r.address))).toEqual(new Map(more.map((r) => [r.address, 1])));
    expect((await new Ledger(store, herald.rt.clock).totals(run)).total).toMatchObject({ sent: 3, failed: 0 });
  });

  it('whose client is refused by the token endpoint fails with the token endpoint’s answer, and nothing is pushed', async () => {
    const id = await saveApp('oauthWrong', 'OAuth', { clientSecret: 'not-the-secret' });
    expect(id).toBeTruthy();
    const [r] = await devicesOf('oauthWrong', 1);
    const run = newRun();
    await sendRun(run, [r!]);
    expect(await recordOf(run, r!)).toMatchObject({
      status: 'FAILED',
      reason: 'UNEXPECTED',
      detail: expect.stringMatching(/^The token endpoint answered HTTP 401\. Its answer began: .*invalid_client/),
    });
    expect(await received([r!.address])).toEqual([]);
  });
});

describe('apiSendRepeat', () => {
  it('tries again after a 500 and the send is counted once', async () => {
    const list = await devicesOf('repeat', 3);
    await tell(list[1]!.address, 'failed', { times: 1 });
    const run = newRun();
    await sendRun(run, list);
    expect((await received([list[1]!.address])).map((r) => r.status)).toEqual([500, 200]);
    // both tries carried the same key: the server could tell the repeat
    const keys = new Set((await received([list[1]!.address])).map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(await taken(list.map((r) => r.address))).toEqual(new Map(list.map((r) => [r.address, 1])));
    expect((await new Ledger(store, herald.rt.clock).totals(run)).total).toMatchObject({ sent: 3, failed: 0, uncertain: 0 });
  });

  it('after the last try a 500 is a FAILED record that says why, in the reader’s language; the others in the batch are sent', async () => {
    const list = await devicesOf('repeat', 4);
    await tell(list[2]!.address, 'failed', { times: 10 });
    const run = newRun();
    await sendRun(run, list);
    expect((await received([list[2]!.address])).map((r) => r.status)).toEqual([500, 500, 500]);
    const failed = await recordOf(run, list[2]!);
    expect(failed).toMatchObject({ status: 'FAILED', reason: 'UNEXPECTED' });
    expect(failed!.detail).toEqual(
      'The application endpoint answered HTTP 500 after 3 attempt(s). Its answer began: {"error":"internal","message":"The stand-in was told to fail."}',
    );
    expect((await new Ledger(store, herald.rt.clock).totals(run)).total).toMatchObject({ sent: 3, failed: 1, uncertain: 0 });
    // nothing lost: every device has its record, and the three others got theirs once
    expect(await taken(list.map((r) => r.address))).toEqual(new Map([0, 1, 3].map((i) => [list[i]!.address, 1])));
    await tell(list[2]!.address, 'ok');
  });

  it('a 400 is not tried again', async () => {
    const [r] = await devicesOf('repeat', 1);
    await tell(r!.address, 'refused');
    const run = newRun();
    await sendRun(run, [r!]);
    expect((await received([r!.address])).map((x) => x.status)).toEqual([400]);
    expect(await recordOf(run, r!)).toMatchObject({
      status: 'FAILED',
      detail: expect.stringMatching(/^The application endpoint answered HTTP 400 after 1 attempt\(s\)\. Its answer began: .*invalid_device/),
    });
  });

  it('without it, a 500 fails at once', async () => {
    const [r] = await devicesOf('once', 1);
    await tell(r!.address, 'failed', { times: 1 });
    const run = newRun();
    await sendRun(run, [r!]);
    expect((await received([r!.address])).map((x) => x.status)).toEqual([500]);
    expect(await recordOf(run, r!)).toMatchObject({ status: 'FAILED', detail: expect.stringMatching(/^The application endpoint answered HTTP 500 after 1 attempt\(s\)\./) });
  });
});

describe('an application that cannot be called', () => {
  it('inactive, without an endpoint, or with credentials the key cannot open: a FAILED send that says which, and no call', async () => {
    const cases = [
      ['inactive', { status: 'INACTIVE' }, PUSH_TEXTS.apiInactive.en],
      ['noUrl', { apiUrl: '' }, PUSH_TEXTS.apiNoUrl.en],
      ['sealed', { bearerTokenSealed: 'bm90IGEgc2VhbGVkIHZhbHVlIGF0IGFsbCwgbm90IGF0IGFsbA==' }, PUSH_TEXTS.apiSealed.en],
    ] as const;
    const ids = await Promise.all(cases.map(([name]) => saveApp(`broken-${name}`, 'BearerToken')));
    for (const [i, [, change]] of cases.entries()) await store.forOrg(1).update('application', ids[i]!, change);
    const lists = await Promise.all(cases.map(([name]) => devicesOf(`broken-${name}`, 1)));
    const run = newRun();
    await sendRun(run, lists.flat(), pinpointPushSender(herald.rt));
    for (const [i, [, , detail]] of cases.entries()) expect(await recordOf(run, lists[i]![0]!)).toMatchObject({ status: 'FAILED', detail });
    expect(await received(lists.flat().map((r) => r.address))).toEqual([]);
  });
});

describe('no answer in time', () => {
  it('leaves the outcome unknown (the server may have it): the claim stays open and is never sent again', async () => {
    const [r] = await devicesOf('once', 1);
    await tell(r!.address, 'slow', { times: 1, ms: 1500 });
    const run = newRun();
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    for (const b of batches(run, [r!])) await herald.queue.send(queue, b);
    expect(await harness.deliverOne(workerOf(deps(sender)), queue)).toBe('failed');
    expect(await recordOf(run, r!)).toMatchObject({ status: 'CLAIMED' });
    // the batch comes back once the claim is stale: the record becomes UNCERTAIN, and the device gets nothing more
    await new Promise((res) => setTimeout(res, 1600));
    for (const b of batches(run, [r!])) await herald.queue.send(queue, b);
    await drain(workerOf(deps(sender, { staleClaimMs: 0 })), queue);
    expect(await recordOf(run, r!)).toMatchObject({ status: 'UNCERTAIN' });
    expect((await received([r!.address])).length).toBe(1);
  });
});

describe('on AWS', () => {
  it('a push endpoint on loopback, the private network or plain http is refused before any call, as a FAILED send', async () => {
    const cases = [
      ['loopback', `https://127.0.0.1:${new URL(standIn).port}/push/bearer`, OUTBOUND_TEXTS.addressRefused.en],
      ['private', 'https://10.0.0.7/push', OUTBOUND_TEXTS.addressRefused.en],
      ['linkLocal', 'https://169.254.169.254/latest/meta-data', OUTBOUND_TEXTS.addressRefused.en],
      ['http', pathOf('BearerToken'), OUTBOUND_TEXTS.httpsOnly.en],
    ] as const;
    const ids = await Promise.all(cases.map(([name]) => saveApp(`aws-${name}`, 'BearerToken')));
    for (const [i, [, url]] of cases.entries()) await store.forOrg(1).update('application', ids[i]!, { apiUrl: url });
    const lists = await Promise.all(cases.map(([name]) => devicesOf(`aws-${name}`, 1)));
    const run = newRun();
    // a sender of its own: the applications are read afresh
    const onAws = pinpointPushSender(herald.rt, { backoffMs: 5, timeoutMs: 400 });
    setOutboundPolicy({ allowLoopback: false });
    try {
      await sendRun(run, lists.flat(), onAws);
    } finally {
      setOutboundPolicy(herald.rt.config.outbound);
    }
    for (const [i, [, , detail]] of cases.entries()) expect(await recordOf(run, lists[i]![0]!)).toMatchObject({ status: 'FAILED', detail });
    expect(await received(lists.flat().map((r) => r.address))).toEqual([]);
  });
});

describe('the application form', () => {
  it('asks an OAuth application with a push endpoint for its token URL, and for web addresses, in the reader’s language', async () => {
    const save = (payload: Record<string, unknown>, lang: 'en' | 'zh' | 'ja') =>
      admin.call('application.save', { name: `Form ${randomUUID().slice(0, 6)}`, ...payload }, { 'x-lang': lang });
    for (const lang of ['en', 'zh', 'ja'] as const) {
      const noTokenUrl = await save({ appType: 'OAuth', apiUrl: pathOf('OAuth'), clientId: 'c', clientSecret: 's' }, lang);
      expect(noTokenUrl.body).toMatchObject({ state: 'F', errorCode: '720006', errorMessage: expect.stringContaining(ADMIN_TEXTS.tokenUrl[lang]) });
      const notWeb = await save({ appType: 'BearerToken', bearerToken: 't', apiUrl: 'ftp://files.example.com/push' }, lang);
      expect(notWeb.body).toMatchObject({ state: 'F', errorMessage: expect.stringContaining(ADMIN_TEXTS.webAddress[lang]) });
    }
    // a mobile app needs neither; an API application may be saved before its endpoint is known
    expect((await save({ appType: 'IOS', bundleId: 'com.example.form' }, 'en')).body.state).toBe('S');
    expect((await save({ appType: 'BearerToken', bearerToken: 't' }, 'en')).body.state).toBe('S');
  });

  it('on AWS takes https addresses only', async () => {
    const outbound = herald.rt.config.outbound;
    outbound.allowLoopback = false;
    try {
      const http = await admin.call(
        'application.save',
        { name: `Form ${randomUUID().slice(0, 6)}`, appType: 'BearerToken', bearerToken: 't', apiUrl: 'http://api.example.com/push' },
        { 'x-lang': 'ja' },
      );
      expect(http.body).toMatchObject({ state: 'F', errorCode: '720006', errorMessage: expect.stringContaining(ADMIN_TEXTS.httpsOnly.ja) });
      const https = await admin.call('application.save', {
        name: `Form ${randomUUID().slice(0, 6)}`,
        appType: 'BearerToken',
        bearerToken: 't',
        apiUrl: 'https://api.example.com/push',
      });
      expect(https.body.state).toBe('S');
    } finally {
      outbound.allowLoopback = true;
    }
  });
});
