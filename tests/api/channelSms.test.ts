/**
 * SMS through AWS End User Messaging SMS, against its local stand-in (the SMS and voice v2 JSON protocol): the
 * request the adapter builds as the service receives it; a plan from draft to phone in en and ja; a STOP reply
 * lists the number in the organizations that text it, and the next run skips it; the service's opt-out answer
 * lists the number too. Every recipient exactly once through crashes, duplicated deliveries and throttling is
 * tests/api/exactlyOnce.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { smsTemplateSchema } from '../../shared/content';
import { renderSms } from '../../shared/content/sms';
import { unsubscriptionId } from '../../shared/entities';
import { countSms } from '../../shared/sms/segments';
import { CHANNEL_ADAPTERS } from '../../functions/channels';
import type { ChannelSender } from '../../functions/channels/sender';
import { deploymentSmsSender } from '../../functions/channels/sms/sender';
import { recordInboundSms } from '../../functions/channels/sms/inbound';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient } from '../../functions/delivery/messages';
import type { ContentSource, SendWorkerDeps } from '../../functions/delivery/sendWorker';
import { planContentSource } from '../../functions/delivery/worker';
import type { LocalHerald } from '../../functions/local/boot';
import { LOCAL_AWS } from '../../functions/local/standins';
import type { ReceivedSms } from '../../functions/channels/sms/standIns/sms';
import { Store } from '../../functions/store/store';
import { startHerald } from '../support/herald';
import { twoOrganizations, type Callers } from '../support/organizations';
import { approverOf, campaignRule, testAccount, testSegment } from '../support/plans';
import { sendHarness, batchesOf, workerDeps } from '../support/sendHarness';
import { AD_HOC, AWS_SECRETS, capturedLog, received as receivedAt } from '../support/channelStandIns';
import { until } from '../support/until';

const { workerOf, drain } = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));

const DAY = 24 * 3600_000;
const SMS_CONFIG = { originationIdentity: '+12065550100', configurationSet: 'herald-sms-events', maxPrice: '0.50', ttlSeconds: 3600 };

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let sender: ChannelSender;
const log = capturedLog();

beforeAll(async () => {
  herald = await startHerald({
    config: { sms: SMS_CONFIG, sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } },
    logLevel: 'debug',
    logSink: log.sink,
  });
  store = new Store(herald.rt);
  sender = deploymentSmsSender(herald.rt);
  callers = await twoOrganizations(herald, 'sms');
});
afterAll(() => herald?.stop());

// --- helpers

/** Numbers no other test file uses: the stand-in is shared by the whole run. */
const prefix = String(Math.floor(Math.random() * 900) + 100);
let seq = 0;
const usNumber = () => `+1555${prefix}${String(seq++).padStart(4, '0')}`;
const jpNumber = () => `+8190${prefix}${String(seq++).padStart(5, '0')}`;

const received = (numbers: Iterable<string>) => receivedAt<ReceivedSms>(herald.standIns.endpoints, 'sms', numbers);

function perNumber(list: ReceivedSms[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of list) counts.set(r.request.DestinationPhoneNumber as string, (counts.get(r.request.DestinationPhoneNumber as string) ?? 0) + 1);
  return counts;
}

const answer = (address: string, a: 'throttled' | 'failed' | 'dead' | 'ok', times?: number) =>
  fetch(`${herald.standIns.endpoints.sms}/_standin/answers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, answer: a, ...(times ? { times } : {}) }),
  });

const reply = (from: string, body: string) =>
  fetch(`${herald.standIns.endpoints.sms}/_standin/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from, body }) });

const TEMPLATE = {
  channel: 'SMS',
  defaultLanguage: 'en',
  contents: {
    en: { text: 'Hi {{firstName|there}}, 20% off today at Herald Store.' },
    ja: { text: '{{firstName|お客様}}さん、本日は全品20%オフです。' },
  },
} as const;

const smsContent: ContentSource = (() => {
  const render = CHANNEL_ADAPTERS.SMS.prepare({ kind: 'SMS', template: smsTemplateSchema.parse(TEMPLATE) }, AD_HOC)!;
  return { load: async () => ({ stopped: false, from: '', render }) };
})();

function recipients(n: number, number = usNumber): Recipient[] {
  const tag = randomUUID().slice(0, 8);
  return Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${i}`, address: number(), firstName: `R${i}`, consent: true }));
}

const batches = (run: { orgId: number; planId: string; runId: string }, list: Recipient[]) => batchesOf(run, 'SMS', list);

const deps = (sms: ChannelSender, over: Partial<SendWorkerDeps> = {}) => workerDeps(herald, 'SMS', sms, smsContent, over);

/** Sends one run straight through the send worker with the deployment's SMS sender. */
async function sendRun(run: { orgId: number; planId: string; runId: string }, list: Recipient[], content = smsContent) {
  const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
  for (const b of batches(run, list)) await herald.queue.send(queue, b);
  await drain(workerOf(deps(sender, { content })), queue);
}

const recordOf = (run: { orgId: number; planId: string; runId: string }, accountId: string) =>
  store.get('sentRecord', new Ledger(store, herald.rt.clock).keyOf({ ...run, channel: 'SMS', accountId }));

// --- the contract

describe('the request the service receives', () => {
  it('is SendTextMessage with the API’s field names: destination, origination, body, type, configuration set, max price, TTL, context', async () => {
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const [en] = recipients(1);
    const ja = { ...recipients(1, jpNumber)[0]!, locale: 'ja-JP', firstName: '花子' };
    await sendRun(run, [en!, ja]);
    const got = await received([en!.address, ja.address]);
    expect(got).toHaveLength(2);
    const enText = renderSms({ ...TEMPLATE.contents.en, stopFooter: true }, 'en', en!);
    expect(enText).toBe('Hi R0, 20% off today at Herald Store.\nReply STOP to opt out.');
    const byNumber = Object.fromEntries(got.map((g) => [g.request.DestinationPhoneNumber, g]));
    expect(byNumber[en!.address]!.request).toEqual({
      DestinationPhoneNumber: en!.address,
      OriginationIdentity: SMS_CONFIG.originationIdentity,
      MessageBody: enText,
      MessageType: 'PROMOTIONAL',
      ConfigurationSetName: SMS_CONFIG.configurationSet,
      MaxPrice: SMS_CONFIG.maxPrice,
      TimeToLive: SMS_CONFIG.ttlSeconds,
      Context: { org: '1', plan: run.planId, run: 'r1' },
    });
    expect(byNumber[en!.address]).toMatchObject({ parts: 1, encoding: 'GSM-7', messageId: expect.any(String) });
    const jaText = '花子さん、本日は全品20%オフです。\n配信停止は STOP と返信してください。';
    expect(byNumber[ja.address]).toMatchObject({ request: { MessageBody: jaText }, parts: countSms(jaText).segments, encoding: 'UCS-2' });
    // the ledger keeps the service's message id
    expect(await recordOf(run, en!.accountId)).toMatchObject({ status: 'SENT', providerId: byNumber[en!.address]!.messageId });
  });

  it('a lifecycle plan’s messages are TRANSACTIONAL, its type handed to the adapter with the plan the worker reads once per batch', async () => {
    const now = herald.rt.clock.now();
    const plan = (id: string, messageType: 1 | 2) =>
      store.put('plan', {
        orgId: 1,
        id,
        name: 'Lifecycle',
        title: 'Lifecycle',
        intro: '',
        channel: 'SMS',
        type: 'SINGLE',
        messageType,
        status: 'IN_PROGRESS',
        content: { kind: 'SMS', template: smsTemplateSchema.parse(TEMPLATE) },
        trigger: { kind: 'IMMEDIATELY' },
        tagIds: [],
        version: 1,
        dateCreated: now,
        dateUpdated: now,
        createdBy: 'test',
        updatedBy: 'test',
      });
    // the worker's content source over a store that counts the plan reads
    const counted = new Store(herald.rt);
    const get = counted.get.bind(counted);
    let planReads = 0;
    counted.get = ((entity, key) => {
      if (entity === 'plan') planReads++;
      return get(entity, key);
    }) as Store['get'];
    const [lifecycle, adHoc] = [`p-${randomUUID()}`, `p-${randomUUID()}`];
    await Promise.all([plan(lifecycle, 2), plan(adHoc, 1)]);
    const [first, second] = [recipients(3), recipients(1)];
    await sendRun({ orgId: 1, planId: lifecycle, runId: 'r1' }, first, planContentSource(counted, ''));
    expect(planReads).toBe(1);
    expect((await received(first.map((r) => r.address))).map((r) => r.request.MessageType)).toEqual(['TRANSACTIONAL', 'TRANSACTIONAL', 'TRANSACTIONAL']);
    await sendRun({ orgId: 1, planId: adHoc, runId: 'r1' }, second, planContentSource(counted, ''));
    expect((await received([second[0]!.address]))[0]!.request.MessageType).toBe('PROMOTIONAL');
  });

  it('the sender reads no plan: a message rendered for a lifecycle plan goes TRANSACTIONAL though no such plan is stored', async () => {
    const render = CHANNEL_ADAPTERS.SMS.prepare({ kind: 'SMS', template: smsTemplateSchema.parse(TEMPLATE) }, { messageType: 2 })!;
    const list = recipients(1);
    await sendRun({ orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' }, list, { load: async () => ({ stopped: false, from: '', render }) });
    expect((await received([list[0]!.address]))[0]!.request.MessageType).toBe('TRANSACTIONAL');
  });

  it('the stand-in refuses as the service does: no signature, no destination, a number not in E.164, a body over 1,600', async () => {
    const unsigned = await fetch(`${herald.standIns.endpoints.sms}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'PinpointSMSVoiceV2.SendTextMessage' },
      body: JSON.stringify({ DestinationPhoneNumber: usNumber(), MessageBody: 'Hi' }),
    });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toMatchObject({ __type: expect.stringMatching(/MissingAuthenticationTokenException$/) });

    const client = new PinpointSMSVoiceV2Client({
      ...LOCAL_AWS,
      endpoint: herald.standIns.endpoints.sms,
      maxAttempts: 1,
    });
    const refusal = async (input: Record<string, unknown>) => {
      try {
        await client.send(new SendTextMessageCommand(input as never));
        return undefined;
      } catch (e) {
        const err = e as { name: string; Reason?: string; Fields?: { Name: string }[]; $metadata?: { httpStatusCode?: number } };
        return { name: err.name, reason: err.Reason, fields: err.Fields?.map((f) => f.Name), status: err.$metadata?.httpStatusCode };
      }
    };
    expect(await refusal({ MessageBody: 'Hi' })).toMatchObject({ name: 'ValidationException', reason: 'MISSING_PARAMETER', status: 400 });
    expect(await refusal({ DestinationPhoneNumber: '090-1234-5678', MessageBody: 'Hi' })).toMatchObject({ name: 'ValidationException', fields: ['DestinationPhoneNumber'] });
    expect(await refusal({ DestinationPhoneNumber: usNumber(), MessageBody: 'x'.repeat(1601) })).toMatchObject({ name: 'ValidationException', fields: ['MessageBody'] });
    expect(await refusal({ DestinationPhoneNumber: usNumber(), MessageBody: 'Hi', MessageType: 'MARKETING' })).toMatchObject({
      name: 'ValidationException',
      fields: ['MessageType'],
    });
    expect(await refusal({ DestinationPhoneNumber: usNumber(), MessageBody: 'Hi', MaxPrice: '1' })).toMatchObject({ name: 'ValidationException', fields: ['MaxPrice'] });
    client.destroy();
  });

  it('classifies the service’s answers: throttled, failed for the deployment, dead for a number that opted out', async () => {
    const [throttled, failed, dead] = [usNumber(), usNumber(), usNumber()];
    await answer(throttled, 'throttled', 1);
    await answer(failed, 'failed');
    await answer(dead, 'dead');
    const send = (to: string) => sender.send({ channel: 'SMS', to, body: 'Hi', parts: 1, encoding: 'GSM-7', messageType: 'PROMOTIONAL', tags: {} }, { tenant: store.forOrg(1) });
    expect(await send(throttled)).toEqual({ kind: 'throttled' });
    // told once: the next attempt goes through
    expect(await send(throttled)).toMatchObject({ kind: 'sent' });
    expect(await send(failed)).toMatchObject({ kind: 'failed', reason: 'UNEXPECTED', detail: 'ValidationException: DESTINATION_COUNTRY_BLOCKED' });
    expect(await send(dead)).toMatchObject({ kind: 'dead', reason: 'UNSUBSCRIBED' });
    await answer(failed, 'ok');
    expect(await send(failed)).toMatchObject({ kind: 'sent' });
    expect(perNumber(await received([throttled, failed, dead]))).toEqual(
      new Map([
        [throttled, 1],
        [failed, 1],
      ]),
    );
    // the stand-in's own controls refuse what they cannot read
    expect((await answer('0901234', 'dead')).status).toBe(400);
    expect((await answer(usNumber(), 'bounce' as never)).status).toBe(400);
    const subscribe = await fetch(`${herald.standIns.endpoints.sms}/_standin/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"url":"ftp://x"}',
    });
    expect(subscribe.status).toBe(400);
  });
});

// --- a real plan

describe('an SMS message from draft to phone', () => {
  it('goes through saveSingle, review, approval and the pipeline to each number once, in the recipient’s language', async () => {
    const { admin, other } = callers;
    const approver = await approverOf(admin, herald, 'smsapprover');
    const tag = `sms${Date.now().toString(36)}`;
    const now = herald.rt.clock.now();
    const people = [
      { id: `${tag}-en`, phones: [usNumber()], firstName: 'Ann', locale: 'en-US', smsConsent: true },
      { id: `${tag}-ja`, phones: [jpNumber()], firstName: '花子', locale: 'ja-JP', smsConsent: true },
      { id: `${tag}-none`, phones: [usNumber()], firstName: 'Nao', locale: 'ja', smsConsent: false },
      { id: `${tag}-nophone`, firstName: 'Nobody', smsConsent: true },
    ];
    await store.putMany(
      'account',
      people.map((p) => testAccount(1, p.id, now, { ...p, attributes: { campaign: tag } })),
    );
    const segmentId = await testSegment(store, 1, `SMS ${tag}`, campaignRule(tag), now);
    const draft = await admin.ok('plan.saveSingle', { name: `SMS ${tag}`, title: `SMS ${tag}`, channel: 'SMS', content: { kind: 'SMS', template: TEMPLATE }, segmentId });
    expect(draft).toMatchObject({ channel: 'SMS', content: { kind: 'SMS' }, status: 'DRAFT' });
    // another organization's caller finds no such message
    expect((await other.call('plan.detail', { id: draft.id })).body.errorCode).toBe('720003');
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: draft.id });
    await until(
      'the message to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );

    const numbers = people.flatMap((p) => p.phones ?? []);
    const got = await received(numbers);
    expect(perNumber(got)).toEqual(
      new Map([
        [people[0]!.phones![0]!, 1],
        [people[1]!.phones![0]!, 1],
      ]),
    );
    const bodyOf = (n: string) => got.find((g) => g.request.DestinationPhoneNumber === n)!;
    expect(bodyOf(people[0]!.phones![0]!)).toMatchObject({
      request: { MessageBody: 'Hi Ann, 20% off today at Herald Store.\nReply STOP to opt out.', MessageType: 'PROMOTIONAL', Context: { org: '1', plan: draft.id } },
      parts: 1,
      encoding: 'GSM-7',
    });
    expect(bodyOf(people[1]!.phones![0]!)).toMatchObject({
      request: { MessageBody: '花子さん、本日は全品20%オフです。\n配信停止は STOP と返信してください。' },
      parts: 1,
      encoding: 'UCS-2',
    });
  });

  it('refuses SMS content that breaks its rules with a catalogue error, storing nothing', async () => {
    const bad = async (template: unknown) =>
      (await callers.admin.call('plan.saveSingle', { name: 'Bad SMS', title: 'Bad SMS', channel: 'SMS', content: { kind: 'SMS', template } })).body;
    expect(await bad({ channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: '  ' } } })).toMatchObject({ state: 'F', errorCode: expect.stringMatching(/^\d{6}$/) });
    expect(await bad({ channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'x'.repeat(1531) } } })).toMatchObject({
      state: 'F',
      errorCode: expect.stringMatching(/^\d{6}$/),
    });
    // an SMS text in another language's slot than the template's default is refused too
    expect(await bad({ channel: 'SMS', defaultLanguage: 'ja', contents: { en: { text: 'Hi' } } })).toMatchObject({ state: 'F', errorCode: expect.stringMatching(/^\d{6}$/) });
  });
});

// --- opt-out

describe('opting out', () => {
  it('a STOP reply lists the number at once in the organizations that text it; the next run skips it and the service gets nothing', async () => {
    const list = recipients(2);
    const [stopper, stays] = list;
    const first = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    await sendRun(first, list);
    expect(await received([stopper!.address])).toHaveLength(1);

    const res = await reply(stopper!.address, ' stop ');
    expect(await res.json()).toMatchObject({ optOut: true, delivered: expect.any(Number) });
    expect(await store.forOrg(1).get('messageUnsubscription', unsubscriptionId('SMS', stopper!.address))).toMatchObject({
      channelName: 'SMS',
      source: 'UNSUBSCRIBE',
      target: stopper!.address,
    });
    // organization 2 never texted the number: it learns nothing of it
    const orgs = await callers.admin.ok('organization.list', { page: 0, size: 50 });
    const otherOrg = orgs.list.find((o: { code: string }) => o.code === 'OTHER_SMS')!.id as number;
    expect(await store.forOrg(otherOrg).get('messageUnsubscription', unsubscriptionId('SMS', stopper!.address))).toBeUndefined();

    const second = { ...first, runId: 'r2' };
    await sendRun(second, list);
    expect(await recordOf(second, stopper!.accountId)).toMatchObject({ status: 'SKIPPED', reason: 'UNSUBSCRIBED' });
    expect(await recordOf(second, stays!.accountId)).toMatchObject({ status: 'SENT' });
    expect(await received([stopper!.address])).toHaveLength(1);
    expect(await received([stays!.address])).toHaveLength(2);

    // an organization that texts the number later is refused by the service's opt-out list, and lists it too
    const later = { orgId: otherOrg, planId: `p-${randomUUID()}`, runId: 'r1' };
    await sendRun(later, [stopper!]);
    expect(await recordOf(later, stopper!.accountId)).toMatchObject({ status: 'FAILED', reason: 'UNSUBSCRIBED' });
    expect(await store.forOrg(otherOrg).get('messageUnsubscription', unsubscriptionId('SMS', stopper!.address))).toMatchObject({
      source: 'UNSUBSCRIBE',
      planId: later.planId,
    });
    expect(await received([stopper!.address])).toHaveLength(1);
  });

  it('a reply that is not an opt-out, and an event that cannot be read, list nothing', async () => {
    const [r] = recipients(1);
    await sendRun({ orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' }, [r!]);
    expect(await (await reply(r!.address, 'Thanks, see you tomorrow')).json()).toMatchObject({ optOut: false });
    expect(await store.forOrg(1).get('messageUnsubscription', unsubscriptionId('SMS', r!.address))).toBeUndefined();
    const deps = { store, log: herald.rt.log };
    expect(await recordInboundSms(deps, 'not json')).toEqual({ kind: 'unreadable' });
    expect(await recordInboundSms(deps, { originationNumber: 'abc', messageBody: 'STOP' })).toEqual({ kind: 'unreadable' });
    expect(await recordInboundSms(deps, JSON.stringify({ originationNumber: usNumber(), messageBody: 'STOP' }))).toEqual({ kind: 'optOut', organizations: 0, listed: 0 });
    // the stand-in refuses a reply without a number or text
    expect((await reply('12345', 'STOP')).status).toBe(400);
    expect((await reply(usNumber(), '')).status).toBe(400);
  });

  it('a number the service says opted out fails as unsubscribed, is listed, and is skipped next time', async () => {
    const list = recipients(2);
    await answer(list[0]!.address, 'dead');
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    await sendRun(run, list);
    expect(await recordOf(run, list[0]!.accountId)).toMatchObject({ status: 'FAILED', reason: 'UNSUBSCRIBED' });
    expect(await store.forOrg(1).get('messageUnsubscription', unsubscriptionId('SMS', list[0]!.address))).toMatchObject({ source: 'UNSUBSCRIBE' });
    await answer(list[0]!.address, 'ok');
    await sendRun({ ...run, runId: 'r2' }, list);
    expect(await recordOf({ ...run, runId: 'r2' }, list[0]!.accountId)).toMatchObject({ status: 'SKIPPED', reason: 'UNSUBSCRIBED' });
    expect(await received([list[0]!.address])).toHaveLength(0);
  });
});

describe('secrets', () => {
  it('no AWS credential or signature reaches a log line', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.text()).not.toMatch(AWS_SECRETS);
  });
});
