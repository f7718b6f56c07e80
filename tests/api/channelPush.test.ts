/**
 * Push through AWS End User Messaging push, against its local stand-in (the Pinpoint REST API): the SendMessages
 * request the adapter builds for every content type, as the service receives it, for APNs and FCM; the stand-in
 * refusing as the service does; a plan from draft to devices in en and ja, one message per active device and one
 * inbox item per account; a dead token deactivating its device so the next push skips it; no credential in a
 * log. Every (plan, device) exactly once through crashes, duplicated deliveries and throttling, with one inbox
 * item per account, is tests/api/exactlyOnce.test.ts.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PinpointClient, SendMessagesCommand } from '@aws-sdk/client-pinpoint';
import { PUSH_BUTTON_ACTIONS, PUSH_CONTENT_TYPES, pushTemplateSchema } from '../../shared/content';
import { accountKey, deviceKeyOf, type InboxItem, inboxKeyOf } from '../../shared/entities';
import { PUSH_TEXTS } from '../../shared/i18n';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import type { ChannelSender } from '../../functions/channels/sender';
import { sendPushRequest } from '../../functions/channels/push/pinpoint';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient } from '../../functions/delivery/messages';
import type { ContentSource, SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedPush } from '../../functions/channels/push/standIns/push';
import { Store } from '../../functions/store/store';
import { startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf } from '../support/plans';
import { sendHarness, batchesOf, workerDeps } from '../support/sendHarness';
import { AD_HOC, AWS_SECRETS, capturedLog, received as receivedAt } from '../support/channelStandIns';
import { until } from '../support/until';

const { workerOf, drain } = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));

const DAY = 24 * 3600_000;
const push = CHANNEL_ADAPTERS.PUSH_NATIVE;

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let sender: ChannelSender;
let appId: string;
let pinpointAppId: string;
const log = capturedLog();
const secrets: string[] = [];

const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const fcmKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const serviceJson = JSON.stringify({ type: 'service_account', project_id: 'herald-push', private_key: fcmKey, client_email: 'push@herald-push.iam.gserviceaccount.com' });

beforeAll(async () => {
  herald = await startHerald({
    config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } },
    logLevel: 'debug',
    logSink: log.sink,
  });
  store = new Store(herald.rt);
  sender = push.provider(herald.rt);
  callers = await twoOrganizations(herald, 'push');
  // these tests send to every active device of an account (tests/api/pushDevices.test.ts has the switch off)
  await store.update('organization', { id: 1 }, { supportSendMultiDevicesPerUser: true });
  const app = await callers.admin.ok('application.save', { name: `Push app ${randomUUID().slice(0, 6)}`, appType: 'IOS', bundleId: 'com.example.push' });
  appId = app.id;
  const ios = await callers.admin.ok('pushChannelSetting.save', {
    title: 'iOS',
    appId,
    type: 'APNS_SANDBOX',
    authMethod: 'KEY',
    bundleId: 'com.example.push',
    teamId: 'TEAM123456',
    keyId: 'KEYID12345',
    tokenKey,
  });
  await callers.admin.ok('pushChannelSetting.save', { title: 'Android', appId, type: 'GCM', serviceJson });
  pinpointAppId = ios.pinpointAppId!;
  secrets.push(tokenKey.split('\n')[1]!, fcmKey.split('\n')[1]!);
});
afterAll(() => herald?.stop());

// --- helpers

const apnsToken = () => randomBytes(32).toString('hex');
const fcmToken = () => `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(105).toString('base64url')}`;

const received = (tokens: Iterable<string>) => receivedAt<ReceivedPush>(herald.standIns.endpoints, 'pinpoint', tokens);

function perToken(list: ReceivedPush[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of list) counts.set(r.address, (counts.get(r.address) ?? 0) + 1);
  return counts;
}

const answer = (address: string, a: 'throttled' | 'failed' | 'dead' | 'ok', times?: number) =>
  fetch(`${herald.standIns.endpoints.pinpoint}/_standin/answers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, answer: a, ...(times ? { times } : {}) }),
  });

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

type Kind = 'APNS_SANDBOX' | 'GCM';
async function putDevice(accountId: string, deviceId: string, kind: Kind, token: string, over: Record<string, unknown> = {}) {
  await store.put('device', {
    accountKey: deviceKeyOf(1, accountId),
    deviceId,
    orgId: 1,
    accountId,
    platform: kind === 'GCM' ? 'ANDROID' : 'IOS',
    channel: kind,
    pushToken: token,
    permission: 'ALWAYS',
    active: true,
    source: 'SDK',
    appId,
    dateUpdated: herald.rt.clock.now(),
    ...over,
  });
}

const TEMPLATE = {
  channel: 'PUSH_NATIVE',
  defaultLanguage: 'en',
  contents: {
    en: {
      title: 'Hi {{firstName|there}}',
      intro: 'Spring sale',
      body: '20% off everything today.',
      buttons: [
        { text: 'Shop now', action: 'WEBSITE', value: 'https://shop.example.com/spring' },
        { text: 'Call us', action: 'CALL', value: '+1 206 555 0100' },
      ],
      media: { type: 'THUMBNAIL', url: 'https://cdn.example.com/spring.png' },
      extras: [
        { key: 'promo', value: 'SPRING' },
        { key: 'badge', value: '3' },
      ],
      sound: 'chime.caf',
      expiry: { kind: 'DAYS', days: 2 },
      priority: 'SEND_ANYWAY',
      inboxMode: 'PUSH_AND_INBOX',
    },
    ja: {
      title: '{{firstName|お客様}}さん、こんにちは',
      intro: '春のセール',
      body: '本日は全品20%オフです。',
      buttons: [{ text: '今すぐ見る', action: 'OPEN_PAGE', value: 'myshop://sale' }],
      inboxMode: 'PUSH_AND_INBOX',
    },
  },
} as const;

function contentOf(template: unknown): ContentSource {
  const render = push.prepare({ kind: 'PUSH_NATIVE', template: pushTemplateSchema.parse(template) }, AD_HOC)!;
  return { load: async () => ({ stopped: false, from: '', render }) };
}

function deps(s: ChannelSender, over: Partial<SendWorkerDeps> & { template?: unknown } = {}): SendWorkerDeps {
  const { template, ...rest } = over;
  return workerDeps(herald, 'PUSH_NATIVE', s, contentOf(template ?? TEMPLATE), rest);
}

const batches = (run: { orgId: number; planId: string; runId: string }, list: Recipient[]) => batchesOf(run, 'PUSH_NATIVE', list);

/** `n` accounts with one iOS device each (every other one Android), stored, as recipients. */
async function devices(n: number): Promise<Recipient[]> {
  const tag = randomUUID().slice(0, 8);
  const list: Recipient[] = [];
  for (let i = 0; i < n; i++) {
    const kind: Kind = i % 2 ? 'GCM' : 'APNS_SANDBOX';
    const token = kind === 'GCM' ? fcmToken() : apnsToken();
    list.push({ accountId: `${tag}-${i}`, target: `d${i}`, address: token, firstName: `R${i}`, consent: true });
  }
  await store.putMany(
    'device',
    list.map((r, i) => ({
      accountKey: deviceKeyOf(1, r.accountId),
      deviceId: r.target,
      orgId: 1,
      accountId: r.accountId,
      platform: i % 2 ? 'ANDROID' : 'IOS',
      channel: i % 2 ? 'GCM' : 'APNS_SANDBOX',
      pushToken: r.address,
      permission: 'ALWAYS',
      active: true,
      source: 'SDK',
      appId,
      dateUpdated: 1,
    })),
  );
  return list;
}

async function sendRun(run: { orgId: number; planId: string; runId: string }, list: Recipient[], template?: unknown) {
  const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
  for (const b of batches(run, list)) await herald.queue.send(queue, b);
  await drain(workerOf(deps(sender, { template })), queue);
}

const recordOf = (run: { orgId: number; planId: string; runId: string }, accountId: string, target?: string) =>
  store.get('sentRecord', new Ledger(store, herald.rt.clock).keyOf({ ...run, channel: 'PUSH_NATIVE', accountId, ...(target ? { target } : {}) }));

// --- the contract

describe('the SendMessages request', () => {
  it('has Pinpoint’s field names for APNs: the address and its channel type, and the whole APNs payload', async () => {
    const [list] = [await devices(1)];
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    await sendRun(run, list);
    const [got] = await received([list[0]!.address]);
    expect(got).toMatchObject({ applicationId: pinpointAppId, channelType: 'APNS_SANDBOX' });
    const request = got!.request as any;
    expect(request.Addresses).toEqual({ [list[0]!.address]: { ChannelType: 'APNS_SANDBOX' } });
    const apns = request.MessageConfiguration.APNSMessage;
    expect(apns).toMatchObject({
      APNSPushType: 'alert',
      Title: 'Hi R0',
      Body: '20% off everything today.',
      Action: 'OPEN_APP',
      Sound: 'chime.caf',
      Badge: 3,
      Priority: 'high',
      TimeToLive: 2 * 86400,
      MediaUrl: 'https://cdn.example.com/spring.png',
    });
    const raw = JSON.parse(apns.RawContent);
    expect(raw.aps).toEqual({
      alert: { title: 'Hi R0', subtitle: 'Spring sale', body: '20% off everything today.' },
      sound: 'chime.caf',
      badge: 3,
      'mutable-content': 1,
      category: 'HERALD_BUTTONS_2',
      'interruption-level': 'time-sensitive',
      'thread-id': run.planId,
    });
    expect(raw.herald).toMatchObject({
      planId: run.planId,
      runId: 'r1',
      contentType: 'text',
      inboxMode: 'PUSH_AND_INBOX',
      inboxId: `${run.planId}#r1`,
      media: { type: 'THUMBNAIL', url: 'https://cdn.example.com/spring.png' },
    });
    expect(raw.herald.buttons).toEqual([
      { id: 'b1', text: 'Shop now', action: 'WEBSITE', value: expect.stringMatching(/^https?:\/\/[^/]+\/service\/t\/c\/[\w-]+$/) },
      { id: 'b2', text: 'Call us', action: 'CALL', value: '+1 206 555 0100' },
    ]);
    expect(raw.promo).toBe('SPRING');
    // the click link is the recipient's, stored on its sent-record
    expect(await recordOf(run, list[0]!.accountId, list[0]!.target)).toMatchObject({ status: 'SENT', links: expect.arrayContaining(['https://shop.example.com/spring']) });
  });

  it('has Pinpoint’s GCM fields for FCM, with buttons, media and extras as data', async () => {
    const list = (await devices(2)).slice(1);
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    await sendRun(run, list);
    const [got] = await received([list[0]!.address]);
    const request = got!.request as any;
    expect(request.Addresses).toEqual({ [list[0]!.address]: { ChannelType: 'GCM' } });
    const gcm = request.MessageConfiguration.GCMMessage;
    expect(gcm).toMatchObject({
      Title: 'Hi R1',
      Body: '20% off everything today.',
      Action: 'OPEN_APP',
      ImageUrl: 'https://cdn.example.com/spring.png',
      Sound: 'chime.caf',
      Priority: 'high',
      TimeToLive: 2 * 86400,
      PreferredAuthenticationMethod: 'TOKEN',
    });
    expect(gcm.Data).toMatchObject({
      promo: 'SPRING',
      'herald.planId': run.planId,
      'herald.inboxMode': 'PUSH_AND_INBOX',
      'herald.inboxId': `${run.planId}#r1`,
      'herald.subtitle': 'Spring sale',
      'herald.badge': '3',
    });
    expect(JSON.parse(gcm.Data['herald.buttons']).map((b: { action: string }) => b.action)).toEqual(['WEBSITE', 'CALL']);
    expect(Object.values(gcm.Data).every((v) => typeof v === 'string')).toBe(true);
  });

  it('carries every content type and all six button actions to both services with their required fields', async () => {
    const pairs = [PUSH_BUTTON_ACTIONS.slice(0, 2), PUSH_BUTTON_ACTIONS.slice(2, 4), PUSH_BUTTON_ACTIONS.slice(4, 6)];
    const value = (a: string) => (a === 'WEBSITE' ? 'https://example.com/w' : a === 'OPEN_PAGE' ? 'myapp://page/7' : a === 'CALL' ? '+81 3 1234 5678' : '');
    for (const [i, contentType] of PUSH_CONTENT_TYPES.entries()) {
      const actions = pairs[i % 3]!;
      const content = {
        contentType,
        title: `Type ${contentType}`,
        body: 'Body',
        url: contentType === 'url' ? 'https://example.com/landing' : '',
        blocks: contentType === 'html' ? [{ type: 'paragraph', text: 'In the app' }] : [],
        buttons: actions.map((action) => ({ text: action, action, value: value(action) })),
        expiry: { kind: 'DATE', at: herald.rt.clock.now() + 3600_000 },
        priority: 'FOLLOW_USER_SETTINGS',
        inboxMode: 'PUSH_ONLY',
      };
      const list = await devices(2);
      const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
      await sendRun(run, list, { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: content } });
      const [ios, android] = [(await received([list[0]!.address]))[0]!, (await received([list[1]!.address]))[0]!];
      const apns = (ios.request as any).MessageConfiguration.APNSMessage;
      const gcm = (android.request as any).MessageConfiguration.GCMMessage;
      expect([contentType, apns.Title, gcm.Title, apns.Priority, gcm.Priority]).toEqual([contentType, `Type ${contentType}`, `Type ${contentType}`, 'normal', 'normal']);
      expect(apns.TimeToLive).toBeGreaterThan(3500);
      expect(gcm.TimeToLive).toBeLessThanOrEqual(3600);
      const raw = JSON.parse(apns.RawContent);
      expect(raw.herald.buttons.map((b: { action: string }) => b.action)).toEqual(actions);
      expect(JSON.parse(gcm.Data['herald.buttons']).map((b: { action: string }) => b.action)).toEqual(actions);
      expect(raw.herald.inboxId).toBeUndefined();
      if (contentType === 'url') {
        expect([apns.Action, gcm.Action]).toEqual(['URL', 'URL']);
        expect(apns.Url).toMatch(/\/service\/t\/c\//);
      } else expect([apns.Action, gcm.Action]).toEqual(['OPEN_APP', 'OPEN_APP']);
      if (actions.includes('OPEN_PAGE')) expect(raw.herald.buttons.find((b: { action: string }) => b.action === 'OPEN_PAGE').value).toBe('myapp://page/7');
    }
  });
});

describe('the stand-in answers as the service does', () => {
  it('refuses an unsigned call, an unknown application, a request without a message, and a malformed token as APNs does', async () => {
    const unsigned = await fetch(`${herald.standIns.endpoints.pinpoint}/v1/apps/${pinpointAppId}/messages`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(403);
    const client = (await herald.rt.aws.pinpoint()) as PinpointClient;
    const token = apnsToken();
    const request = { Addresses: { [token]: { ChannelType: 'APNS_SANDBOX' as const } }, MessageConfiguration: { APNSMessage: { Title: 'x', Body: 'y' } } };
    await expect(client.send(new SendMessagesCommand({ ApplicationId: 'no-such-app', MessageRequest: request }))).rejects.toMatchObject({ name: 'NotFoundException' });
    await expect(client.send(new SendMessagesCommand({ ApplicationId: pinpointAppId, MessageRequest: { Addresses: request.Addresses } as never }))).rejects.toMatchObject({
      name: 'BadRequestException',
    });
    await expect(
      client.send(new SendMessagesCommand({ ApplicationId: pinpointAppId, MessageRequest: { ...request, MessageConfiguration: { GCMMessage: { Title: 'x' } } } })),
    ).rejects.toMatchObject({ name: 'BadRequestException' });
    // per address: a token that is no APNs token, a service the application has no channel for
    expect(await sendPushRequest(client, pinpointAppId, { ...request, Addresses: { abc: { ChannelType: 'APNS_SANDBOX' } } }, 'abc')).toMatchObject({
      kind: 'dead',
      reason: 'STALE_PUSH_TOKEN',
      detail: '400 BadDeviceToken',
    });
    expect(await sendPushRequest(client, pinpointAppId, { ...request, Addresses: { [token]: { ChannelType: 'APNS' } } }, token)).toMatchObject({
      kind: 'failed',
      reason: 'UNEXPECTED',
    });
    expect(await sendPushRequest(client, pinpointAppId, request, token)).toMatchObject({ kind: 'sent' });
  });

  it('classifies the answers it is told to give: throttled, failed, dead (410)', async () => {
    const client = (await herald.rt.aws.pinpoint()) as PinpointClient;
    const send = (t: string, type: 'APNS_SANDBOX' | 'GCM') =>
      sendPushRequest(client, pinpointAppId, { Addresses: { [t]: { ChannelType: type } }, MessageConfiguration: { APNSMessage: { Title: 'x' }, GCMMessage: { Title: 'x' } } }, t);
    const [a, b, c, d] = [apnsToken(), apnsToken(), fcmToken(), fcmToken()];
    await answer(a, 'throttled', 1);
    await answer(b, 'failed');
    await answer(c, 'dead');
    await answer(d, 'failed');
    expect(await send(a, 'APNS_SANDBOX')).toEqual({ kind: 'throttled' });
    expect(await send(a, 'APNS_SANDBOX')).toMatchObject({ kind: 'sent' });
    expect(await send(b, 'APNS_SANDBOX')).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED', detail: '400 TopicDisallowed' });
    expect(await send(c, 'GCM')).toMatchObject({ kind: 'dead', reason: 'STALE_PUSH_TOKEN', detail: '410 NotRegistered' });
    expect(await send(d, 'GCM')).toMatchObject({ kind: 'failed' });
    await answer(b, 'ok');
    expect(await send(b, 'APNS_SANDBOX')).toMatchObject({ kind: 'sent' });
  });
});

// --- a real plan

describe('a push message from draft to devices', () => {
  it('goes through saveSingle, review, approval and the pipeline to each active device once, in the recipient’s language, with one inbox item per account', async () => {
    const { admin, other } = callers;
    const approver = await approverOf(admin, herald, 'pushapprover');
    const tag = `push${Date.now().toString(36)}`;
    const tokens = { enIos: apnsToken(), enAndroid: fcmToken(), jaIos: apnsToken(), off: apnsToken(), muted: apnsToken(), gone: apnsToken() };
    await putAccount(`${tag}-en`, { firstName: 'Ann', locale: 'en-US', attributes: { campaign: tag } });
    await putAccount(`${tag}-ja`, { firstName: '花子', locale: 'ja-JP', attributes: { campaign: tag } });
    await putAccount(`${tag}-off`, { firstName: 'Off', pushConsent: false, attributes: { campaign: tag } });
    await putAccount(`${tag}-muted`, { firstName: 'Mute', attributes: { campaign: tag } });
    await putDevice(`${tag}-en`, 'iphone', 'APNS_SANDBOX', tokens.enIos, { model: 'iPhone 15' });
    await putDevice(`${tag}-en`, 'pixel', 'GCM', tokens.enAndroid);
    await putDevice(`${tag}-en`, 'old-phone', 'APNS_SANDBOX', tokens.gone, { active: false });
    await putDevice(`${tag}-ja`, 'iphone', 'APNS_SANDBOX', tokens.jaIos);
    await putDevice(`${tag}-off`, 'iphone', 'APNS_SANDBOX', tokens.off);
    await putDevice(`${tag}-muted`, 'iphone', 'APNS_SANDBOX', tokens.muted, { permission: 'NOT_ALLOW' });
    const now = herald.rt.clock.now();
    const segmentId = randomUUID();
    await store.put('segment', {
      orgId: 1,
      id: segmentId,
      name: `Push ${tag}`,
      description: '',
      rule: { op: 'AND', conditions: [{ field: 'attributes.campaign', operator: 'equals', value: tag }] },
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: 'test',
      updatedBy: 'test',
    });
    const draft = await admin.ok('plan.saveSingle', {
      name: `Push ${tag}`,
      title: `Push ${tag}`,
      channel: 'PUSH_NATIVE',
      content: { kind: 'PUSH_NATIVE', template: TEMPLATE },
      segmentId,
    });
    expect(draft).toMatchObject({ channel: 'PUSH_NATIVE', content: { kind: 'PUSH_NATIVE' }, status: 'DRAFT' });
    expect((await other.call('plan.detail', { id: draft.id })).body.errorCode).toBe('720003');
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: draft.id });
    await until(
      'the message to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );

    const got = await received(Object.values(tokens));
    expect(perToken(got)).toEqual(
      new Map([
        [tokens.enIos, 1],
        [tokens.enAndroid, 1],
        [tokens.jaIos, 1],
      ]),
    );
    const apnsOf = (t: string) => JSON.parse((got.find((g) => g.address === t)!.request as any).MessageConfiguration.APNSMessage.RawContent);
    expect(apnsOf(tokens.enIos).aps.alert).toEqual({ title: 'Hi Ann', subtitle: 'Spring sale', body: '20% off everything today.' });
    expect(apnsOf(tokens.jaIos).aps.alert).toEqual({ title: '花子さん、こんにちは', subtitle: '春のセール', body: '本日は全品20%オフです。' });
    expect(apnsOf(tokens.jaIos).herald.buttons).toEqual([{ id: 'b1', text: '今すぐ見る', action: 'OPEN_PAGE', value: 'myshop://sale' }]);
    const android = (got.find((g) => g.address === tokens.enAndroid)!.request as any).MessageConfiguration.GCMMessage;
    expect(android).toMatchObject({ Title: 'Hi Ann', Body: '20% off everything today.' });

    // one inbox item per account reached, however many of its devices got the message
    const inboxOf = async (accountId: string) => (await store.queryAll('inboxItem', { name: 'accountKey', value: inboxKeyOf(1, accountId) })) as InboxItem[];
    const en = await inboxOf(`${tag}-en`);
    expect(en).toHaveLength(1);
    expect(en[0]).toMatchObject({ planId: draft.id, title: 'Hi Ann', body: '20% off everything today.', extras: { promo: 'SPRING', badge: '3' } });
    expect((await inboxOf(`${tag}-ja`))[0]).toMatchObject({ title: '花子さん、こんにちは', language: 'ja' });
    expect(await inboxOf(`${tag}-off`)).toEqual([]);

    // the send records name each account and device, never the token
    const records = (await admin.ok('sentRecord.getListByPage', { planId: draft.id, status: 'SENT', size: 100 })).list;
    expect(records.map((r: any) => [r.accountId, r.device]).sort()).toEqual(
      [
        [`${tag}-en`, { id: 'iphone', model: 'iPhone 15', platform: 'IOS' }],
        [`${tag}-en`, { id: 'pixel', platform: 'ANDROID' }],
        [`${tag}-ja`, { id: 'iphone', platform: 'IOS' }],
      ].sort(),
    );
    expect(JSON.stringify(records)).not.toContain(tokens.enIos);
  });
});

// --- a wave's device reads

describe('a wave of pushes', () => {
  it('reads its devices again in one request, not one each, and sends each device once', async () => {
    const list = await devices(20);
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const table = store.table('device');
    const reads = new Map<string, number>();
    const name = 'countDeviceReads';
    herald.rt.aws.dynamo.middlewareStack.add(
      (next, context) => (args) => {
        const input = args.input as { TableName?: string; RequestItems?: object };
        if ((input.TableName ? [input.TableName] : Object.keys(input.RequestItems ?? {})).includes(table))
          reads.set(String(context.commandName), (reads.get(String(context.commandName)) ?? 0) + 1);
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await sendRun(run, list);
    } finally {
      herald.rt.aws.dynamo.middlewareStack.remove(name);
    }
    expect(perToken(await received(list.map((r) => r.address)))).toEqual(new Map(list.map((r) => [r.address, 1])));
    // the harness sends waves of eight: the twenty recipients are three waves, a BatchGetItem each, no GetItem
    expect(Object.fromEntries(reads)).toEqual({ BatchGetItemCommand: 3 });
  });
});

// --- dead tokens

describe('a dead token', () => {
  it('fails that device as a stale push token, deactivates it, and the next push skips it; the account’s other device still gets it', async () => {
    const id = `dead-${randomUUID().slice(0, 8)}`;
    const [live, dead] = [apnsToken(), apnsToken()];
    await putAccount(id);
    await putDevice(id, 'live', 'APNS_SANDBOX', live);
    await putDevice(id, 'dead', 'APNS_SANDBOX', dead);
    await answer(dead, 'dead');
    const account = (await store.get('account', accountKey(1, id)))!;
    const toRecipients = async () => {
      const [reach] = await push.reach([account as never], store.forOrg(1));
      if (!reach || !('address' in reach)) return [];
      return [reach, ...(reach.more ?? [])].map((t) => ({ accountId: id, target: t.target, address: t.address, consent: t.consent }));
    };
    const first = await toRecipients();
    expect(first.map((r) => r.target).sort()).toEqual(['dead', 'live']);
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    await sendRun(run, first);
    expect(await recordOf(run, id, 'dead')).toMatchObject({ status: 'FAILED', reason: 'STALE_PUSH_TOKEN', detail: '410 Unregistered' });
    expect(await recordOf(run, id, 'live')).toMatchObject({ status: 'SENT' });
    expect((await store.get('device', { accountKey: deviceKeyOf(1, id), deviceId: 'dead' }))?.active).toBe(false);

    // the next message reaches the live device only; the stand-in gets nothing more for the dead token
    const second = await toRecipients();
    expect(second.map((r) => r.target)).toEqual(['live']);
    await answer(dead, 'ok');
    await sendRun({ ...run, runId: 'r2' }, second);
    expect(perToken(await received([live, dead]))).toEqual(new Map([[live, 2]]));
    // a batch read before the device was deactivated does not try it either
    await sendRun({ ...run, runId: 'r3' }, first);
    expect(await recordOf({ ...run, runId: 'r3' }, id, 'dead')).toMatchObject({ status: 'FAILED', reason: 'STALE_PUSH_TOKEN' });
    expect(perToken(await received([dead])).size).toBe(0);
  });

  it('in another organization the same token is not touched', async () => {
    const token = apnsToken();
    await store.put('device', {
      accountKey: deviceKeyOf(2, 'x'),
      deviceId: 'd',
      orgId: 2,
      accountId: 'x',
      platform: 'IOS',
      channel: 'APNS',
      pushToken: token,
      permission: 'ALWAYS',
      active: true,
      source: 'IMPORT',
      dateUpdated: 1,
    });
    await push.retire(token, store.forOrg(1), 'p');
    expect((await store.get('device', { accountKey: deviceKeyOf(2, 'x'), deviceId: 'd' }))?.active).toBe(true);
  });
});

describe('inbox only', () => {
  it('writes the inbox item and calls no push service', async () => {
    const list = await devices(2);
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    await sendRun(run, list, { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Only here', body: 'In your inbox', inboxMode: 'INBOX_ONLY' } } });
    expect(await received(list.map((r) => r.address))).toEqual([]);
    expect(await recordOf(run, list[0]!.accountId, list[0]!.target)).toMatchObject({ status: 'SENT', providerId: `inbox:${run.planId}#r1` });
    const items = await store.queryAll('inboxItem', { name: 'accountKey', value: inboxKeyOf(1, list[1]!.accountId) });
    expect(items).toMatchObject([{ title: 'Only here', body: 'In your inbox' }]);
  });
});

describe('a push message without a push channel', () => {
  it('is refused when sent for approval with a catalogue error in the caller’s language', async () => {
    const other = callers.other;
    expect((await other.ok('pushChannelSetting.list', {})).list).toEqual([]);
    const tag = randomUUID().slice(0, 6);
    const segment = await other.ok('segment.save', { name: `Push ${tag}`, rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'KR' }] } });
    const draft = await other.ok('plan.saveSingle', {
      name: `Push ${tag}`,
      title: `Push ${tag}`,
      channel: 'PUSH_NATIVE',
      content: { kind: 'PUSH_NATIVE', template: TEMPLATE },
      segmentId: segment.id,
    });
    for (const lang of ['en', 'zh', 'ja'] as const) {
      const answer = await other.call('planAction.sendToReview', { id: draft.id, participants: [randomUUID()], deadline: herald.rt.clock.now() + DAY }, { 'x-lang': lang });
      expect(answer.body).toMatchObject({ state: 'F', errorCode: '720009', errorMessage: expect.stringContaining(PUSH_TEXTS.planWithoutChannel[lang]) });
    }
    expect(await other.ok('plan.detail', { id: draft.id })).toMatchObject({ status: 'DRAFT' });
  });
});

describe('secrets', () => {
  it('no credential, AWS signature or key reaches a log line', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    const all = log.text();
    expect(all).not.toMatch(AWS_SECRETS);
    for (const s of secrets) expect(all).not.toContain(s);
  });
});
