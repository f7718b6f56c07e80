/**
 * Per-message figures of SMS, LINE and letters (issue 24 item 6, spec 001 section 9). Three messages go through
 * the send worker to the SMS and LINE stand-ins and to S3 (s3rver); the providers refuse some recipients, and some
 * recipients follow their tracked links. Every figure is derived here from what the providers accepted, what they
 * were told to refuse and the clicks made, and the message detail's figures and the plan report's rows must equal
 * them, with '--' (null) where a figure does not apply; the same after every send batch and every click is
 * delivered a second time. Another organization's caller gets neither message.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_ADAPTERS, everyChannel } from '../../functions/channels';
import { s3LetterSender } from '../../functions/channels/directMail/s3';
import { lineSender } from '../../functions/channels/line/api';
import { LinkSigner } from '../../functions/channels/links';
import { RecordingSender } from '../../functions/channels/recording';
import type { ChannelSender } from '../../functions/channels/sender';
import { deploymentSmsSender } from '../../functions/channels/sms/sender';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient, SEND_BATCH } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import type { ContentSource, SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import type { StoragePort } from '../../functions/platform/storage';
import { Store } from '../../functions/store/store';
import type { Channel } from '../../shared/delivery';
import { AD_HOC, received } from '../support/channelStandIns';
import { startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { sendHarness } from '../support/sendHarness';

const harness = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));
const SMS_CONFIG = { originationIdentity: '+12065550100', configurationSet: 'herald-sms-events', maxPrice: '0.50', ttlSeconds: 3600 };
const RECIPIENTS = 5;

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let denied: Set<string>;
let letters: ChannelSender;

type Case = { channel: Exclude<Channel, 'EMAIL' | 'PUSH_NATIVE'>; planId: string; runId: string; recipients: Recipient[]; refused: Set<string> };
const cases = {} as Record<Case['channel'], Case>;
/** the accounts that followed their tracked link, by channel */
const clickers = { SMS: new Set<string>(), LINE: new Set<string>() };

// numbers and ids no other test file uses: the stand-ins are shared by the whole run
const tag = randomUUID().slice(0, 8);
const prefix = String(Math.floor(Math.random() * 900) + 100);
// +1557: no other file texts these (channelSms.test.ts uses +1555 with a random prefix of its own)
const phone = (i: number) => `+1557${prefix}${String(i).padStart(4, '0')}`;
const lineUser = () => `U${randomBytes(16).toString('hex')}`;

const SMS_TEMPLATE = {
  channel: 'SMS',
  defaultLanguage: 'en',
  contents: { en: { text: 'Hi {{firstName|there}}, the sale is on: https://shop.example.com/sms?who={{firstName}}. See you!', trackLinks: true } },
};
const LINE_TEMPLATE = {
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
};

/** A draft of the organization's (the detail and report read any message), and its content as the worker renders it. */
async function draft(channel: Case['channel'], content: unknown, extra: Record<string, unknown> = {}): Promise<{ planId: string; source: ContentSource }> {
  const saved = await callers.admin.ok('plan.saveSingle', { name: `Rates ${channel} ${tag}`, title: `Rates ${channel}`, channel, content, ...extra });
  const plan = (await store.forOrg(1).get('plan', saved.id))!;
  const render = CHANNEL_ADAPTERS[channel].prepare(plan.content!, AD_HOC)!;
  return { planId: saved.id, source: { load: async () => ({ stopped: false, from: '', render }) } };
}

const sources = {} as Record<Case['channel'], ContentSource>;

function deps(channel: Case['channel']): SendWorkerDeps {
  return {
    store,
    clock: herald.rt.clock,
    log: herald.rt.log,
    ledger: new Ledger(store, herald.rt.clock),
    rate: new RateLimiter(store, herald.rt.clock, () => 1_000_000),
    senders: { ...everyChannel(new RecordingSender(herald.rt.clock)), SMS: deploymentSmsSender(herald.rt), LINE: lineSender(herald.rt), DIRECT_MAIL: letters },
    content: sources[channel],
    links: new LinkSigner(herald.rt.keys.sealKey, herald.rt.config.publicUrl),
    staleClaimMs: 60_000,
    throttleRetries: 8,
    backoffMs: 1,
    concurrency: 4,
  };
}

/** Every batch of the run `times` times over, through the send worker. */
async function send(c: Case, times: number): Promise<void> {
  const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
  for (let i = 0; i < c.recipients.length; i += SEND_BATCH) {
    for (let n = 0; n < times; n++) {
      await herald.queue.send(queue, { kind: 'send', orgId: 1, planId: c.planId, runId: c.runId, channel: c.channel, recipients: c.recipients.slice(i, i + SEND_BATCH) });
    }
  }
  await harness.drain(harness.workerOf(deps(c.channel)), queue);
}

const trackedIn = (text: string): string[] => text.match(new RegExp(`${herald.rt.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/service/t/c/[\\w-]+`, 'g')) ?? [];

/** What the stand-ins accepted for a case: the raw provider events, each message with the links it carried. */
async function accepted(c: Case): Promise<{ address: string; parts: number; links: string[] }[]> {
  if (c.channel === 'SMS') {
    const got = await received(
      herald.standIns.endpoints,
      'sms',
      c.recipients.map((r) => r.address),
    );
    return got.map((g) => ({ address: g.request.DestinationPhoneNumber, parts: g.parts, links: trackedIn(g.request.MessageBody) }));
  }
  if (c.channel === 'LINE') {
    const got = await received(
      herald.standIns.endpoints,
      'line',
      c.recipients.map((r) => r.address),
    );
    return got.map((g) => ({ address: g.request.to, parts: 0, links: trackedIn(JSON.stringify(g.request.messages)) }));
  }
  const listing = await herald.rt.ports.storage.list(`letters/1/${c.planId}/${c.runId}/`);
  return listing.files.map((f) => ({ address: f.key, parts: 0, links: [] }));
}

/** Follows a recipient's tracked link as their phone would: a redirect to the link as written. */
async function click(link: string): Promise<void> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toMatch(/^https:\/\/shop\.example\.com\//);
}

/** Each figure from the raw events alone, with null for what the channel does not measure. */
async function derived(c: Case) {
  const got = await accepted(c);
  const sent = got.length;
  const failed = c.refused.size;
  const attempted = sent + failed;
  const rate = (n: number, of: number) => (of > 0 ? n / of : null);
  const none = { opens: null, openRate: null, unsubscribes: null, unsubscribeRate: null, bounces: null, complaints: null, likes: null, dislikes: null };
  // what apps and hosted pages report: none of these channels measures it
  const pushOnly = { cta1: null, cta1Rate: null, cta2: null, cta2Rate: null, iosRate: null, androidRate: null, scrolled: null, scrollRate: null };
  const base = { attempted, matched: 0, sent, failed, skipped: 0, uncertain: 0, successRate: rate(sent, attempted), ...none, ...pushOnly };
  if (c.channel === 'DIRECT_MAIL') return { ...base, delivered: null, deliveryRate: null, clicks: null, ctr: null, smsParts: null, letters: sent };
  // SMS and LINE: the provider's answer is the delivery; their clicks are their tracked links'
  const clicks = clickers[c.channel].size;
  return {
    ...base,
    delivered: sent,
    deliveryRate: rate(sent, attempted),
    clicks,
    ctr: rate(clicks, sent),
    smsParts: c.channel === 'SMS' ? got.reduce((n, g) => n + g.parts, 0) : null,
    letters: null,
  };
}

const today = () => new Date(herald.rt.clock.now()).toISOString().slice(0, 10);

async function expectFiguresEqualRawEvents(): Promise<void> {
  const all = Object.values(cases);
  const report = await callers.admin.ok('report.plan', { planIds: all.map((c) => c.planId), start: today(), end: today() });
  for (const [i, c] of all.entries()) {
    const want = await derived(c);
    const detail = await callers.admin.ok('planStatistics.detail', { id: c.planId });
    expect(detail.figures, c.channel).toEqual({ ...want, matched: detail.totals.matched });
    expect(detail.totals, c.channel).toMatchObject({ sent: want.sent, failed: want.failed });
    // the report reads the same counters by hour, with the same definitions
    expect(report.rows[i], c.channel).toMatchObject({ planId: c.planId, channel: c.channel, figures: { ...want, matched: report.rows[i].totals.matched } });
    expect(report.rows[i].figures).toEqual(detail.figures);
  }
}

beforeAll(async () => {
  herald = await startHerald({ config: { sms: SMS_CONFIG, sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'rates');
  const { admin } = callers;
  await admin.ok('lineChannel.save', {
    channelId: '1657000001',
    accessToken: randomBytes(129).toString('base64'),
    channelSecret: randomBytes(16).toString('hex'),
    version: (await admin.ok('lineChannel.detail')).version,
  });
  // S3 refuses the letters of `denied` accounts (AccessDenied: nothing stored, the letter fails)
  denied = new Set();
  const base = herald.rt.ports.storage;
  const storage: StoragePort = {
    ...base,
    async put(key, body, contentType) {
      if ([...denied].some((a) => key.includes(a))) throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
      await base.put(key, body, contentType);
    },
  };
  letters = s3LetterSender({ ...herald.rt, ports: { ...herald.rt.ports, storage } });

  const company = await admin.ok('company.save', {
    company: 'Rates Co',
    directMailType: 'LETTER',
    fullName: 'Rates Co Ltd',
    address: '1 Main St',
    website: 'https://rates.example',
    name: 'Sam',
    phone: '+81 3 1234 5678',
    email: 'letters@rates.example',
  });
  const sms = await draft('SMS', { kind: 'SMS', template: SMS_TEMPLATE });
  const line = await draft('LINE', { kind: 'LINE', template: LINE_TEMPLATE });
  const letter = await draft('DIRECT_MAIL', {
    kind: 'DIRECT_MAIL',
    template: { channel: 'DIRECT_MAIL', defaultLanguage: 'en', companyId: company.id, contents: { en: { subject: 'Offer for {{firstName}}', body: 'Hello' } } },
  });
  Object.assign(sources, { SMS: sms.source, LINE: line.source, DIRECT_MAIL: letter.source });
  const people = (address: (i: number) => string) =>
    Array.from({ length: RECIPIENTS }, (_, i): Recipient => ({ accountId: `${tag}-${i}`, address: address(i), firstName: `R${i}`, consent: true }));
  const now = herald.rt.clock.now();
  const lineUsers = Array.from({ length: RECIPIENTS }, lineUser);
  for (const [channel, planId, recipients, refused] of [
    ['SMS', sms.planId, people(phone), [0]],
    ['LINE', line.planId, people((i) => lineUsers[i]!), [1, 2]],
    // two letters only: each is drawn as a PDF, the costly part of this file
    ['DIRECT_MAIL', letter.planId, people((i) => `R${i}\n${i} Letter Lane\nTown`).slice(0, 2), [1]],
  ] as const) {
    const runId = `r-${tag}`;
    await store.forOrg(1).keyed('planRun').put(planId, { runId, orgId: 1, planId, status: 'DONE', dueAt: now, startedAt: now, finishedAt: now });
    cases[channel] = { channel, planId, runId, recipients, refused: new Set(refused.map((i) => recipients[i]!.accountId)) };
  }
  // the providers refuse some: a number the service refuses, a LINE user refused and one who is not a friend, a letter S3 denies
  const tell = async (standIn: string, address: string, answer: string) => {
    const res = await fetch(`${standIn}/_standin/answers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, answer }) });
    expect(res.status).toBe(200);
  };
  await tell(herald.standIns.endpoints.sms, phone(0), 'failed');
  await tell(herald.standIns.endpoints.line, lineUsers[1]!, 'failed');
  await tell(herald.standIns.endpoints.line, lineUsers[2]!, 'dead');
  denied.add(cases.DIRECT_MAIL.recipients[1]!.accountId);
}, 120_000);
afterAll(() => herald?.stop());

describe('the figures of SMS, LINE and letter messages', () => {
  it('equal what the providers accepted and refused and the links followed, on the message detail and the plan report', async () => {
    for (const c of Object.values(cases)) await send(c, 1);
    // every SMS sent carries its link tracked, never as written
    const sms = await accepted(cases.SMS);
    expect(sms).toHaveLength(RECIPIENTS - 1);
    for (const m of sms) expect(m.links).toHaveLength(1);
    const line = await accepted(cases.LINE);
    expect(line).toHaveLength(RECIPIENTS - 2);
    // two SMS recipients and one LINE user follow their link; one SMS recipient twice
    for (const [channel, list, n] of [
      ['SMS', sms, 2],
      ['LINE', line, 1],
    ] as const) {
      for (const m of list.slice(0, n)) {
        await click(m.links[0]!);
        clickers[channel].add(cases[channel].recipients.find((r) => r.address === m.address)!.accountId);
      }
    }
    await click(sms[0]!.links[0]!);
    expect((await accepted(cases.DIRECT_MAIL)).length).toBe(1);
    await expectFiguresEqualRawEvents();
    // spot checks of the derivation itself: 4 of 5 SMS delivered, 2 of them clicked; 1 of 2 letters produced
    const detail = await callers.admin.ok('planStatistics.detail', { id: cases.SMS.planId });
    expect(detail.figures).toMatchObject({ deliveryRate: 0.8, ctr: 0.5, opens: null, letters: null });
    expect((await callers.admin.ok('planStatistics.detail', { id: cases.DIRECT_MAIL.planId })).figures).toMatchObject({ letters: 1, clicks: null, deliveryRate: null });
  }, 120_000);

  it('stay the same when every send batch and every click is delivered twice', async () => {
    for (const c of Object.values(cases)) await send(c, 2);
    for (const channel of ['SMS', 'LINE'] as const) {
      for (const m of await accepted(cases[channel])) {
        const who = cases[channel].recipients.find((r) => r.address === m.address)!.accountId;
        if (clickers[channel].has(who)) {
          await click(m.links[0]!);
          await click(m.links[0]!);
        }
      }
    }
    // nothing was sent again: the stand-ins hold what they held
    expect(await accepted(cases.SMS)).toHaveLength(RECIPIENTS - 1);
    expect(await accepted(cases.LINE)).toHaveLength(RECIPIENTS - 2);
    await expectFiguresEqualRawEvents();
  }, 120_000);

  it("are not another organization's to read", async () => {
    for (const c of Object.values(cases)) expect((await callers.other.call('planStatistics.detail', { id: c.planId })).body.errorCode).toBe('720003');
    expect((await callers.other.call('report.plan', { planIds: [cases.SMS.planId], start: today(), end: today() })).body.errorCode).toBe('720003');
  });
});
