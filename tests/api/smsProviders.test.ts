/**
 * An organization's own SMS providers on their local stand-ins: Twilio's REST API (a campaign from draft to phone
 * through it, its status callbacks (an undelivered one failing its record once), an inbound STOP through the signed webhook honoured by the next send, a forged
 * signature refused, a wrong auth token failing every record with Twilio's reason) and End User Messaging SMS
 * in the organization's own account (its key, origination identity, sender id and configuration set), with two
 * organizations sending at once, each through its own provider only. Every recipient exactly once through each
 * (crashes, duplicated deliveries, throttling retried) is tests/api/exactlyOnce.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsTemplateSchema } from '../../shared/content';
import { type MessageProvider, unsubscriptionId } from '../../shared/entities';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import { providerSender } from '../../functions/channels/providers';
import type { ChannelSender } from '../../functions/channels/sender';
import { SMS_PROVIDERS } from '../../functions/channels/sms/providers';
import { twilioSignature, twilioWebhookUrl } from '../../functions/channels/sms/twilio';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient } from '../../functions/delivery/messages';
import type { ContentSource, SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedSms } from '../../functions/channels/sms/standIns/sms';
import { TWILIO_LOCAL_ACCOUNT, type ReceivedTwilio, type TwilioCallback } from '../../functions/channels/sms/standIns/twilio';
import { Store } from '../../functions/store/store';
import { startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, campaignRule, testAccount, testSegment } from '../support/plans';
import { sendHarness, batchesOf, workerDeps } from '../support/sendHarness';
import { AD_HOC, AWS_SECRETS, capturedLog, received as receivedAt } from '../support/channelStandIns';
import { until } from '../support/until';

const { workerOf, drain } = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));
const DAY = 24 * 3600_000;

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let otherOrg: number;
/** organization 1's default SMS provider: Twilio through a Messaging Service */
let twilio: MessageProvider;
const log = capturedLog();

/** A second Twilio account, for organization 2 and for a wrong token. */
const SECOND_ACCOUNT = { sid: `AC${randomUUID().replace(/-/g, '')}`, token: `token-${randomUUID()}` };
const SERVICE_SID = `MG${'0123456789abcdef'.repeat(2)}`;
const TWILIO_NUMBER = '+15005550006';

const standIn = () => herald.standIns.endpoints.twilio;
const control = (path: string, body: unknown) =>
  fetch(`${standIn()}/_standin/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  herald = await startHerald({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } }, logLevel: 'info', logSink: log.sink });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'smsprov');
  otherOrg = (await callers.other.ok('auth.validToken')).orgId;
  expect((await control('accounts', SECOND_ACCOUNT)).status).toBe(200);
  twilio = await callers.admin.ok('messageProvider.save', {
    title: 'Bank Twilio',
    provider: 'TWILIO',
    isDefault: true,
    username: TWILIO_LOCAL_ACCOUNT.sid,
    password: TWILIO_LOCAL_ACCOUNT.token,
    messagingServiceSid: SERVICE_SID,
  });
  // the answer names no organization: the record's is the caller's
  twilio.orgId = 1;
});
afterAll(() => herald?.stop());

// --- helpers

/** Numbers no other test file uses: the stand-ins are shared by the whole run. */
const prefix = String(Math.floor(Math.random() * 900) + 100);
let seq = 0;
const usNumber = () => `+1556${prefix}${String(seq++).padStart(4, '0')}`;
const jpNumber = () => `+8180${prefix}${String(seq++).padStart(5, '0')}`;

const twilioReceived = (numbers: Iterable<string>) => receivedAt<ReceivedTwilio>(herald.standIns.endpoints, 'twilio', numbers);
const smsReceived = (numbers: Iterable<string>) => receivedAt<ReceivedSms>(herald.standIns.endpoints, 'sms', numbers);

async function callbacksOf(sids: string[]): Promise<TwilioCallback[]> {
  const all = (await (await fetch(`${standIn()}/_standin/callbacks`)).json()) as TwilioCallback[];
  return all.filter((c) => sids.includes(c.sid));
}

const TEMPLATE = { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi {{firstName|there}}, your statement is ready.' } } } as const;

const smsContent: ContentSource = (() => {
  const render = CHANNEL_ADAPTERS.SMS.prepare({ kind: 'SMS', template: smsTemplateSchema.parse(TEMPLATE) }, AD_HOC)!;
  return { load: async () => ({ stopped: false, from: '', render }) };
})();

function recipients(n: number, number = usNumber): Recipient[] {
  const tag = randomUUID().slice(0, 8);
  return Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${i}`, address: number(), firstName: `R${i}`, consent: true }));
}

type Run = { orgId: number; planId: string; runId: string };
const batches = (run: Run, list: Recipient[]) => batchesOf(run, 'SMS', list);

const deps = (sms: ChannelSender, over: Partial<SendWorkerDeps> = {}) => workerDeps(herald, 'SMS', sms, smsContent, over);

/** The SMS sender as the delivery worker has it: each organization's default provider, else the deployment's. */
const routed = () => CHANNEL_ADAPTERS.SMS.provider(herald.rt);

/** Sends one run straight through the send worker. */
async function sendRun(run: Run, list: Recipient[], sender: ChannelSender = routed()) {
  const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
  for (const b of batches(run, list)) await herald.queue.send(queue, b);
  await drain(workerOf(deps(sender)), queue);
}

const newRun = (orgId = 1): Run => ({ orgId, planId: `p-${randomUUID()}`, runId: 'r1' });
const recordOf = (run: Run, accountId: string) => store.get('sentRecord', new Ledger(store, herald.rt.clock).keyOf({ ...run, channel: 'SMS', accountId }));
const totals = (run: Run) => new Ledger(store, herald.rt.clock).totals(run);

/** A form post to Herald's webhook, signed with `token` over the URL Herald serves it at. */
function postWebhook(url: string, params: Record<string, string>, token: string | undefined) {
  const form = new URLSearchParams(params);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { 'x-twilio-signature': twilioSignature(token, url, form) } : {}) },
    body: form,
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const unsubscribed = (orgId: number, phone: string) => store.forOrg(orgId).get('messageUnsubscription', unsubscriptionId('SMS', phone));

// --- Twilio

describe('saving a Twilio provider', () => {
  it('refuses an account SID that is not one, in the reader’s language', async () => {
    const bad = await callers.admin.call(
      'messageProvider.save',
      { title: 'Bad SID', provider: 'TWILIO', username: 'AC123', password: 'x'.repeat(32), fromPhone: TWILIO_NUMBER },
      { 'x-lang': 'ja' },
    );
    expect(bad.body.errorCode).toBe('400016');
    expect(bad.body.errorMessage).toContain('Twilio のアカウント SID は AC と 32 桁の 16 進数です。');
  });
});

describe('a campaign through the organization’s Twilio', () => {
  it('goes from draft through approval to each number once, as a form post with the account’s basic auth and the Messaging Service, and its status callbacks reach Herald', async () => {
    const { admin } = callers;
    const approver = await approverOf(admin, herald, 'twilioapprover');
    const tag = `tw${Date.now().toString(36)}`;
    const now = herald.rt.clock.now();
    const people = [
      { id: `${tag}-a`, phones: [usNumber()], firstName: 'Ann' },
      { id: `${tag}-b`, phones: [usNumber()], firstName: 'Ben' },
    ];
    await store.putMany(
      'account',
      people.map((p) => testAccount(1, p.id, now, { ...p, locale: 'en-US', smsConsent: true, attributes: { campaign: tag } })),
    );
    const segmentId = await testSegment(store, 1, `Twilio ${tag}`, campaignRule(tag), now);
    const draft = await admin.ok('plan.saveSingle', { name: `Twilio ${tag}`, title: `Twilio ${tag}`, channel: 'SMS', content: { kind: 'SMS', template: TEMPLATE }, segmentId });
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: draft.id });
    await until(
      'the message to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );

    const numbers = people.map((p) => p.phones[0]!);
    const got = await twilioReceived(numbers);
    expect(got.map((g) => g.request.To).sort()).toEqual([...numbers].sort());
    const ann = got.find((g) => g.request.To === numbers[0])!;
    expect(ann.accountSid).toBe(TWILIO_LOCAL_ACCOUNT.sid);
    expect(ann.request).toEqual({
      To: numbers[0],
      Body: 'Hi Ann, your statement is ready.\nReply STOP to opt out.',
      MessagingServiceSid: SERVICE_SID,
      // the callback names the sent record the message is: its plan, run and account
      StatusCallback: expect.stringMatching(
        new RegExp(`^${escapeRegExp(twilioWebhookUrl(herald.rt.config.publicUrl, twilio, 'status'))}\\?plan=${draft.id}&run=[^&]+&account=${people[0]!.id}$`),
      ),
    });
    // nothing went through the deployment's End User Messaging
    expect(await smsReceived(numbers)).toEqual([]);
    // Twilio posts each message's status, signed; Herald takes them (a bad signature would answer 403)
    const callbacks = await until(
      'the status callbacks',
      () => callbacksOf(got.map((g) => g.sid)),
      (c) => c.length === 4,
    );
    expect(callbacks.map((c) => [c.status, c.answered]).sort()).toEqual([
      ['delivered', 200],
      ['delivered', 200],
      ['sent', 200],
      ['sent', 200],
    ]);
  });

  it('sends from the record’s number when it has no Messaging Service, and a test send reports Twilio’s message sid', async () => {
    const byNumber = await callers.admin.ok('messageProvider.save', {
      title: `Twilio number ${randomUUID().slice(0, 6)}`,
      provider: 'TWILIO',
      username: TWILIO_LOCAL_ACCOUNT.sid,
      password: TWILIO_LOCAL_ACCOUNT.token,
      fromPhone: TWILIO_NUMBER,
    });
    // a number as a person types it (the test send reads it with the organization's country)
    const to = jpNumber();
    const answer = await callers.admin.call<{ status: string; providerId: string; message: string }>('messageProvider.test', { id: byNumber.id, to }, { 'x-lang': 'zh' });
    expect(answer.body.errorMessage).toBeNull();
    expect(answer.payload).toMatchObject({ status: 'SENT', providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    expect(answer.payload.message).toContain(answer.payload.providerId);
    const [got] = await twilioReceived([to]);
    expect(got).toMatchObject({ sid: answer.payload.providerId, request: { From: TWILIO_NUMBER, To: to } });
    // the SMS channel's adapter refuses what is no phone number, in the reader's language
    const bad = await callers.admin.call('messageProvider.test', { id: byNumber.id, to: 'someone@example.com' }, { 'x-lang': 'ja' });
    expect(bad.body.errorCode).toBe('400016');
    expect(bad.body.errorMessage).toContain('テストの送信先電話番号を入力してください。');
    expect(got!.request.MessagingServiceSid).toBeUndefined();
  });
});

describe('replies through Twilio’s signed webhook', () => {
  it('an inbound STOP lists the number in that organization at once; the next send skips it and Twilio gets nothing', async () => {
    const list = recipients(3);
    const [stopper, japanese, stays] = list;
    const first = newRun();
    await sendRun(first, list);
    expect(await twilioReceived([stopper!.address])).toHaveLength(1);

    const inboundUrl = twilioWebhookUrl(herald.rt.config.publicUrl, twilio, 'inbound');
    const stop = await (await control('inbound', { from: stopper!.address, to: TWILIO_NUMBER, body: 'Stop', url: inboundUrl })).json();
    expect(stop).toMatchObject({ optOut: true, answered: 200 });
    // not one of Twilio's keywords, but Herald knows it
    const ja = await (await control('inbound', { from: japanese!.address, to: TWILIO_NUMBER, body: '配信停止', url: inboundUrl })).json();
    expect(ja).toMatchObject({ optOut: false, answered: 200 });
    const chat = await (await control('inbound', { from: stays!.address, to: TWILIO_NUMBER, body: 'Thanks!', url: inboundUrl })).json();
    expect(chat).toMatchObject({ answered: 200 });
    expect(await unsubscribed(1, stopper!.address)).toMatchObject({ channelName: 'SMS', source: 'UNSUBSCRIBE', target: stopper!.address });
    expect(await unsubscribed(1, japanese!.address)).toMatchObject({ source: 'UNSUBSCRIBE' });
    expect(await unsubscribed(1, stays!.address)).toBeUndefined();
    // the reply was to organization 1's sender: organization 2 learns nothing of it
    expect(await unsubscribed(otherOrg, stopper!.address)).toBeUndefined();
    // every reply is in organization 1's SNS records (snsRecord.*), the opt-out marked; none in organization 2's
    const replies = async (orgId: number) =>
      (await callers[orgId === 1 ? 'admin' : 'other'].ok('snsRecord.getListByPage', { source: 'TWILIO', size: 100 })).list.filter((r) =>
        [stopper!.address, japanese!.address, stays!.address].includes(r.fromNumber),
      );
    expect((await replies(1)).map(({ fromNumber, toNumber, body, optOut }) => ({ fromNumber, toNumber, body, optOut }))).toEqual(
      expect.arrayContaining([
        { fromNumber: stopper!.address, toNumber: TWILIO_NUMBER, body: 'Stop', optOut: true },
        { fromNumber: japanese!.address, toNumber: TWILIO_NUMBER, body: '配信停止', optOut: true },
        { fromNumber: stays!.address, toNumber: TWILIO_NUMBER, body: 'Thanks!', optOut: false },
      ]),
    );
    expect(await replies(1)).toHaveLength(3);
    expect(await replies(otherOrg)).toEqual([]);

    const second = { ...first, runId: 'r2' };
    await sendRun(second, list);
    expect(await recordOf(second, stopper!.accountId)).toMatchObject({ status: 'SKIPPED', reason: 'UNSUBSCRIBED' });
    expect(await recordOf(second, japanese!.accountId)).toMatchObject({ status: 'SKIPPED', reason: 'UNSUBSCRIBED' });
    expect(await recordOf(second, stays!.accountId)).toMatchObject({ status: 'SENT' });
    expect(await twilioReceived([stopper!.address, japanese!.address])).toHaveLength(2);
    expect(await twilioReceived([stays!.address])).toHaveLength(2);
  });

  it('a forged or missing signature, another provider’s token and a path naming no Twilio provider answer 403 and change nothing', async () => {
    const phone = usNumber();
    const inboundUrl = twilioWebhookUrl(herald.rt.config.publicUrl, twilio, 'inbound');
    const stop = { AccountSid: TWILIO_LOCAL_ACCOUNT.sid, From: phone, To: TWILIO_NUMBER, Body: 'STOP', MessageSid: `SM${'1'.repeat(32)}` };
    expect((await postWebhook(inboundUrl, stop, SECOND_ACCOUNT.token)).status).toBe(403);
    expect((await postWebhook(inboundUrl, stop, undefined)).status).toBe(403);
    // signed for another URL (another organization's path) and replayed here
    const elsewhere = new URLSearchParams(stop);
    const forged = await fetch(inboundUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TWILIO_LOCAL_ACCOUNT.token, `${inboundUrl}x`, elsewhere) },
      body: elsewhere,
    });
    expect(forged.status).toBe(403);
    // organization 1's provider named under organization 2's path is no provider of organization 2
    const otherPath = twilioWebhookUrl(herald.rt.config.publicUrl, { ...twilio, orgId: otherOrg }, 'inbound');
    expect((await postWebhook(otherPath, stop, TWILIO_LOCAL_ACCOUNT.token)).status).toBe(403);
    expect((await postWebhook(twilioWebhookUrl(herald.rt.config.publicUrl, { orgId: 1, id: 'nope' }, 'inbound'), stop, TWILIO_LOCAL_ACCOUNT.token)).status).toBe(403);
    const status = twilioWebhookUrl(herald.rt.config.publicUrl, twilio, 'status');
    expect((await postWebhook(status, { MessageStatus: 'delivered', MessageSid: stop.MessageSid }, 'forged')).status).toBe(403);
    expect(await unsubscribed(1, phone)).toBeUndefined();
    expect(await unsubscribed(otherOrg, phone)).toBeUndefined();
    // the same request, rightly signed, is honoured
    expect((await postWebhook(inboundUrl, stop, TWILIO_LOCAL_ACCOUNT.token)).status).toBe(200);
    expect(await unsubscribed(1, phone)).toMatchObject({ source: 'UNSUBSCRIBE' });
  });
});

describe('Twilio’s status callbacks', () => {
  it('an undelivered status with its ErrorCode fails the message’s record once, with a clear reason in ja; a forged or misplaced one changes nothing', async () => {
    const [lost, kept] = recipients(2);
    await control('answers', { address: lost!.address, answer: 'undelivered', times: 1 });
    const run = newRun();
    await sendRun(run, [lost!, kept!]);
    const [got] = await twilioReceived([lost!.address]);
    const [callback] = await until(
      'the undelivered status',
      () => callbacksOf([got!.sid]),
      (c) => c.some((one) => one.status === 'undelivered'),
    ).then((c) => c.filter((one) => one.status === 'undelivered'));
    expect(callback!.answered).toBe(200);
    const failed = { status: 'FAILED', reason: 'BOUNCE', detail: 'Twilio 30005: Unknown destination handset', providerId: got!.sid };
    expect(await recordOf(run, lost!.accountId)).toMatchObject(failed);
    expect(await recordOf(run, kept!.accountId)).toMatchObject({ status: 'SENT' });
    // the counts move with the record, and the dead number is not tried again
    expect((await totals(run)).total).toMatchObject({ sent: 1, failed: 1 });
    expect((await totals(run)).reasons.failed).toMatchObject({ BOUNCE: 1 });
    expect(await unsubscribed(1, lost!.address)).toMatchObject({ source: 'BOUNCE', planId: run.planId });
    // the message console shows the reason in the reader's words, with Twilio's own
    const shown = await callers.admin.call<{ list: { reason?: string; reasonText?: string; detail?: string; status: string }[] }>(
      'message.detail',
      { address: lost!.address },
      { 'x-lang': 'ja' },
    );
    expect(shown.payload.list.find((r) => r.status === 'FAILED')).toMatchObject({ reason: 'BOUNCE', reasonText: 'バウンス', detail: 'Twilio 30005: Unknown destination handset' });

    // Twilio posting the same status again changes nothing
    const params = { AccountSid: TWILIO_LOCAL_ACCOUNT.sid, MessageSid: got!.sid, MessageStatus: 'undelivered', ErrorCode: '30005', To: lost!.address };
    expect((await postWebhook(callback!.url, params, TWILIO_LOCAL_ACCOUNT.token)).status).toBe(200);
    expect((await totals(run)).total).toMatchObject({ sent: 1, failed: 1 });
    expect(await recordOf(run, lost!.accountId)).toMatchObject(failed);

    // the record of the message that arrived: a forged signature, another message's sid, another organization's path
    const [arrived] = await twilioReceived([kept!.address]);
    const keptUrl = (await callbacksOf([arrived!.sid])).find((c) => c.status === 'sent')!.url;
    const failing = { ...params, MessageSid: arrived!.sid, To: kept!.address, ErrorCode: '30003' };
    expect((await postWebhook(keptUrl, failing, SECOND_ACCOUNT.token)).status).toBe(403);
    expect((await postWebhook(keptUrl, failing, undefined)).status).toBe(403);
    const statusUrl = twilioWebhookUrl(herald.rt.config.publicUrl, twilio, 'status');
    const otherOrgUrl = keptUrl.replace(statusUrl, twilioWebhookUrl(herald.rt.config.publicUrl, { ...twilio, orgId: otherOrg }, 'status'));
    expect(otherOrgUrl).not.toBe(keptUrl);
    expect((await postWebhook(otherOrgUrl, failing, TWILIO_LOCAL_ACCOUNT.token)).status).toBe(403);
    // rightly signed, but naming the record with another message's sid: not that record's message
    expect((await postWebhook(keptUrl, { ...failing, MessageSid: got!.sid }, TWILIO_LOCAL_ACCOUNT.token)).status).toBe(200);
    expect(await recordOf(run, kept!.accountId)).toMatchObject({ status: 'SENT' });
    expect((await totals(run)).total).toMatchObject({ sent: 1, failed: 1 });
    expect(await unsubscribed(1, kept!.address)).toBeUndefined();
  });

  it('a failed status with an ErrorCode Herald does not know fails the record as unexpected, with Twilio’s code', async () => {
    const [one] = recipients(1);
    const run = newRun();
    await sendRun(run, [one!]);
    const [got] = await twilioReceived([one!.address]);
    const url = (
      await until(
        'the sent status',
        () => callbacksOf([got!.sid]),
        (c) => c.length > 0,
      )
    )[0]!.url;
    const params = { AccountSid: TWILIO_LOCAL_ACCOUNT.sid, MessageSid: got!.sid, MessageStatus: 'failed', ErrorCode: '30410', To: one!.address };
    expect((await postWebhook(url, params, TWILIO_LOCAL_ACCOUNT.token)).status).toBe(200);
    expect(await recordOf(run, one!.accountId)).toMatchObject({ status: 'FAILED', reason: 'UNEXPECTED', detail: 'Twilio 30410: not delivered (failed)' });
    // an unexpected failure says nothing of the number: it stays reachable
    expect(await unsubscribed(1, one!.address)).toBeUndefined();
  });
});

describe('Twilio’s refusals', () => {
  it('a wrong auth token fails every record with Twilio’s 401, none lost, none sent; the right token then sends them', async () => {
    const wrong = await callers.admin.ok('messageProvider.save', {
      title: `Twilio wrong ${randomUUID().slice(0, 6)}`,
      provider: 'TWILIO',
      username: TWILIO_LOCAL_ACCOUNT.sid,
      password: 'not-the-auth-token',
      fromPhone: TWILIO_NUMBER,
    });
    const setting = (await store.forOrg(1).get('messageProvider', wrong.id))!;
    const list = recipients(5);
    const run = newRun();
    await sendRun(run, list, providerSender(setting, herald.rt, SMS_PROVIDERS));
    for (const r of list) {
      expect(await recordOf(run, r.accountId)).toMatchObject({ status: 'FAILED', reason: 'UNEXPECTED', detail: 'Twilio 401: Authenticate (20003)' });
    }
    expect((await totals(run)).total).toMatchObject({ failed: 5, sent: 0, uncertain: 0 });
    expect(await twilioReceived(list.map((r) => r.address))).toEqual([]);
    // the test send says so in the reader's language
    const answer = await callers.admin.call<{ status: string; message: string }>('messageProvider.test', { id: wrong.id, to: jpNumber() }, { 'x-lang': 'ja' });
    expect(answer.payload).toMatchObject({ status: 'FAILED' });
    expect(answer.payload.message).toContain('申し訳ありません。メッセージは送信されませんでした。');
    expect(answer.payload.message).toContain('Twilio 401: Authenticate');

    // the token put right, the same recipients go out
    await callers.admin.ok('messageProvider.save', { ...wrong, password: TWILIO_LOCAL_ACCOUNT.token });
    const fixed = (await store.forOrg(1).get('messageProvider', wrong.id))!;
    const again = { ...run, runId: 'r2' };
    await sendRun(again, list, providerSender(fixed, herald.rt, SMS_PROVIDERS));
    expect((await totals(again)).total).toMatchObject({ sent: 5, failed: 0, uncertain: 0 });
    expect(await twilioReceived(list.map((r) => r.address))).toHaveLength(5);
  });

  it('a number Twilio calls invalid dies as a bounce; an answer of 500 leaves the record uncertain, never sent twice', async () => {
    const [invalid, erring, fine] = recipients(3);
    await control('answers', { address: invalid!.address, answer: 'invalid' });
    await control('answers', { address: erring!.address, answer: 'error' });
    const run = newRun();
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const deliver = async (over: Partial<SendWorkerDeps> = {}) => {
      for (const b of batches(run, [invalid!, erring!, fine!])) await herald.queue.send(queue, b);
      await drain(workerOf(deps(routed(), over)), queue);
    };
    await deliver();
    // the batch comes back once the claim of the unanswered message is stale: that one is never sent again
    await new Promise((r) => setTimeout(r, 20));
    await deliver({ staleClaimMs: 0 });
    await control('answers', { address: erring!.address, answer: 'ok' });
    expect(await twilioReceived([invalid!.address, erring!.address])).toEqual([]);
    expect(await recordOf(run, invalid!.accountId)).toMatchObject({ status: 'FAILED', reason: 'BOUNCE', detail: expect.stringContaining('21211') });
    expect(await recordOf(run, erring!.accountId)).toMatchObject({ status: 'UNCERTAIN' });
    expect(await recordOf(run, fine!.accountId)).toMatchObject({ status: 'SENT' });
    expect(await unsubscribed(1, invalid!.address)).toMatchObject({ source: 'BOUNCE' });
  });
});

// --- End User Messaging in the organization's own account, beside Twilio

describe('End User Messaging SMS in the organization’s own account', () => {
  it('two organizations sending at once leave each through its own provider only: Twilio for one, the other’s own AWS key, number and sender id', async () => {
    const own = await callers.other.ok('messageProvider.save', {
      title: 'Retail SMS',
      provider: 'END_USER_MESSAGING_SMS',
      isDefault: true,
      region: 'ap-northeast-1',
      accessKey: 'AKIAORGTWOEXAMPLE001',
      secretKey: 'org-two-secret-key',
      fromPhone: '+12065550199',
      alphanumericSender: 'RETAIL',
      configurationSetName: 'retail-events',
    });
    expect(own.secretKeySet).toBe(true);
    const sender = routed();
    const bank = recipients(20);
    const retail = [...recipients(10), ...recipients(10, jpNumber)];
    const [bankRun, retailRun] = [newRun(1), newRun(otherOrg)];
    await Promise.all([sendRun(bankRun, bank, sender), sendRun(retailRun, retail, sender)]);
    expect((await totals(bankRun)).total).toMatchObject({ sent: 20, failed: 0, uncertain: 0 });
    expect((await totals(retailRun)).total).toMatchObject({ sent: 20, failed: 0, uncertain: 0 });

    const bankNumbers = bank.map((r) => r.address);
    const retailNumbers = retail.map((r) => r.address);
    expect(await twilioReceived(bankNumbers)).toHaveLength(20);
    expect(await twilioReceived(retailNumbers)).toEqual([]);
    expect(await smsReceived(bankNumbers)).toEqual([]);
    const got = await smsReceived(retailNumbers);
    expect(got).toHaveLength(20);
    for (const g of got) {
      const to = g.request.DestinationPhoneNumber as string;
      expect(g).toMatchObject({ accessKeyId: 'AKIAORGTWOEXAMPLE001', region: 'ap-northeast-1', request: { ConfigurationSetName: 'retail-events' } });
      // a sender id where the country takes one (Japan), the number where it does not (the US)
      expect(g.request.OriginationIdentity).toBe(to.startsWith('+81') ? 'RETAIL' : '+12065550199');
    }
    await callers.other.ok('messageProvider.delete', { id: own.id });
  });
});

describe('secrets', () => {
  it('no auth token, basic auth header, AWS secret or signature reaches a log line', () => {
    expect(log.text()).toContain('Twilio message status');
    for (const secret of [TWILIO_LOCAL_ACCOUNT.token, SECOND_ACCOUNT.token, 'not-the-auth-token', 'org-two-secret-key', 'Basic ']) expect(log.text()).not.toContain(secret);
    expect(log.text()).not.toMatch(AWS_SECRETS);
  });
});
