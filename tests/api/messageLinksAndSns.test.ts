/**
 * Message links and SNS records (issue 41 item 8, spec 000's `messageLink` and `snsRecord` groups) on the real
 * local stack: a message's tracked links with their clicks, counted by the click redirect (people once, every
 * redirect in the total), and the two-way SMS an organization received; paged, sorted and filtered, bad input
 * refused with catalogue errors, another organization's ids answering as missing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyChannel } from '../../functions/channels';
import { sesEmailSender } from '../../functions/channels/email/ses';
import { LinkSigner } from '../../functions/channels/links';
import { RecordingSender } from '../../functions/channels/recording';
import { recordInboundSms } from '../../functions/channels/sms/inbound';
import { Ledger } from '../../functions/delivery/ledger';
import type { Recipient } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { type ContentSource, sendBatchHandler } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { renderEmail } from '../../shared/render';
import { type ApiClient, sentMail, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'links');
  admin = callers.admin;
}, 120_000);
afterAll(() => herald?.stop());

const OFFER = 'https://example.com/offer?from=mail';
const SHOP = 'https://shop.example.com/autumn';
const HELP = 'https://example.com/help';
const content: ContentSource = {
  async load() {
    return {
      stopped: false,
      from: 'news@herald.local',
      render: (r, links) =>
        renderEmail(
          {
            subject: `Offer ${r.firstName}`,
            blocks: [
              { type: 'button', text: 'See the offer', href: OFFER },
              { type: 'button', text: 'Shop', href: SHOP },
              { type: 'button', text: 'Help', href: HELP },
            ],
          } as never,
          r,
          { unsubscribeUrl: links.unsubscribeUrl, openPixelUrl: links.openPixelUrl, linkRewriter: links.click },
        ),
    };
  },
};

/** Sends the plan's message to `n` fresh recipients through the send worker and the SES stand-in; answers each one's click links. */
async function sendRun(planId: string, n: number) {
  const run = { orgId: 1, planId, runId: 'r1' };
  const tag = randomUUID().slice(0, 8);
  const recipients: Recipient[] = Array.from({ length: n }, (_, i) => ({
    accountId: `acct-${tag}-${i}`,
    address: `reader-${tag}-${i}@example.com`,
    firstName: `R${i}`,
    consent: true,
  }));
  const clock = herald.rt.clock;
  await sendBatchHandler({
    store,
    clock,
    log: herald.rt.log,
    ledger: new Ledger(store, clock),
    rate: new RateLimiter(store, clock, () => 1_000_000),
    senders: { ...everyChannel(new RecordingSender(clock)), EMAIL: sesEmailSender(herald.rt.aws.ses) },
    content,
    links: new LinkSigner(herald.rt.keys.sealKey, herald.url),
    staleClaimMs: 60_000,
    throttleRetries: 3,
    backoffMs: 1,
    concurrency: 8,
  })({ kind: 'send', ...run, channel: 'EMAIL', recipients });
  const mails = (await sentMail(herald)) as unknown as { destination: { to: string[] }; body: { html: string } }[];
  return recipients.map((r) => {
    const mail = mails.find((m) => m.destination.to.includes(r.address))!;
    return [...mail.body.html.matchAll(/href="([^"]*\/service\/t\/c\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  });
}

const follow = async (url: string) => {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location');
};

describe('message links', () => {
  let planId: string;
  beforeAll(async () => {
    const plan = await admin.ok('plan.saveSingle', {
      name: 'Links',
      title: 'Links',
      channel: 'EMAIL',
      content: { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { subject: 'Hi', preheader: '', blocks: [{ type: 'heading', text: 'Hi' }] } } } },
    });
    planId = plan.id;
    // the run as the pipeline records it: its links nobody followed are listed from it
    await store.forOrg(1).keyed('planRun').put(planId, { runId: 'r1', orgId: 1, planId, status: 'DONE', dueAt: 1, startedAt: herald.rt.clock.now() });
    const [first, second, third] = await sendRun(planId, 3);
    // the first reader follows the offer three times and the shop once; the second the offer once; the third nothing
    for (let i = 0; i < 3; i++) expect(await follow(first![0]!)).toBe(OFFER);
    expect(await follow(first![1]!)).toBe(SHOP);
    expect(await follow(second![0]!)).toBe(OFFER);
    expect(third).toHaveLength(3);
  }, 120_000);

  it('lists each tracked link with the people who followed it and every redirect, and the links nobody followed', async () => {
    const page = await admin.ok('messageLink.getListByPage', { planId });
    expect(page).toMatchObject({ total: 3, page: 0 });
    expect(page.list.map(({ place, url, clicks, totalClicks }) => ({ place, url, clicks, totalClicks }))).toEqual([
      { place: 0, url: OFFER, clicks: 2, totalClicks: 4 },
      { place: 1, url: SHOP, clicks: 1, totalClicks: 1 },
      { place: 2, url: HELP, clicks: 0, totalClicks: 0 },
    ]);
    expect(page.list[0]!.lastClickedAt).toBeGreaterThanOrEqual(page.list[0]!.firstClickedAt!);
  });

  it('sorts, filters and pages', async () => {
    const byTotal = await admin.ok('messageLink.getListByPage', { planId, sortField: 'totalClicks', sortOrder: 'asc' });
    expect(byTotal.list.map((l) => l.url)).toEqual([HELP, SHOP, OFFER]);
    const shop = await admin.ok('messageLink.getListByPage', { planId, url: 'SHOP.example' });
    expect(shop).toMatchObject({ total: 1, list: [{ url: SHOP }] });
    const second = await admin.ok('messageLink.getListByPage', { planId, size: 1, page: 1 });
    expect(second).toMatchObject({ total: 3, list: [{ place: 1 }] });
  });

  it("refuses bad input with catalogue errors; another organization's message is missing", async () => {
    const code = async (client: ApiClient, payload: unknown) => (await client.call('messageLink.getListByPage', payload)).body.errorCode;
    expect(await code(admin, {})).toBe('400016');
    expect(await code(admin, { planId: '' })).toBe('400016');
    expect(await code(admin, { planId, size: 0 })).toBe('400016');
    expect(await code(admin, { planId, sortOrder: 'sideways' })).toBe('400016');
    expect(await code(admin, { planId: randomUUID() })).toBe('720003');
    expect(await code(callers.other, { planId })).toBe('720003');
    expect(await code(callers.nobody, { planId })).toBe('730001');
    // in the reader's language
    const ja = await admin.call('messageLink.getListByPage', { planId: '' }, { 'x-lang': 'ja' });
    const en = await admin.call('messageLink.getListByPage', { planId: '' }, { 'x-lang': 'en' });
    expect(ja.body.errorMessage).not.toBe(en.body.errorMessage);
    expect(ja.body.errorMessage).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe('SNS records', () => {
  const phone = `+1206555${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const texted = async (orgId: number, number: string) => store.forOrg(orgId).keyed('smsContact').put(number, { phone: number, dateCreated: herald.rt.clock.now() });

  beforeAll(async () => {
    await texted(1, phone);
    const deps = { store, log: herald.rt.log };
    await recordInboundSms(deps, JSON.stringify({ originationNumber: phone, destinationNumber: '+18005550100', messageBody: 'What time do you open?', inboundMessageId: 'in-1' }));
    // delivered twice by SNS: one record
    await recordInboundSms(deps, JSON.stringify({ originationNumber: phone, destinationNumber: '+18005550100', messageBody: 'What time do you open?', inboundMessageId: 'in-1' }));
    await recordInboundSms(deps, { originationNumber: phone, destinationNumber: '+18005550100', messageBody: 'STOP', messageKeyword: 'STOP', inboundMessageId: 'in-2' });
    // a number this organization never texted: nothing of it is kept here
    await recordInboundSms(deps, { originationNumber: '+12065550199', messageBody: 'hello', inboundMessageId: 'in-3' });
  });

  it('keeps each reply the organization received, opt-outs marked, newest first', async () => {
    const page = await admin.ok('snsRecord.getListByPage', { fromNumber: phone });
    expect(page.total).toBe(2);
    expect(page.list.map(({ source, fromNumber, toNumber, body, optOut }) => ({ source, fromNumber, toNumber, body, optOut }))).toEqual(
      expect.arrayContaining([
        { source: 'SNS', fromNumber: phone, toNumber: '+18005550100', body: 'What time do you open?', optOut: false },
        { source: 'SNS', fromNumber: phone, toNumber: '+18005550100', body: 'STOP', optOut: true },
      ]),
    );
    expect(page.list[0]!.receivedAt).toBeGreaterThanOrEqual(page.list[1]!.receivedAt);
    expect((await admin.ok('snsRecord.getListByPage', { fromNumber: '+12065550199' })).total).toBe(0);
    const one = await admin.ok('snsRecord.detail', { id: page.list[0]!.id });
    expect(one).toEqual(page.list[0]);
  });

  it('sorts, filters and pages', async () => {
    expect((await admin.ok('snsRecord.getListByPage', { fromNumber: phone, optOut: true })).list.map((r) => r.body)).toEqual(['STOP']);
    expect((await admin.ok('snsRecord.getListByPage', { fromNumber: phone, body: 'what time' })).list.map((r) => r.body)).toEqual(['What time do you open?']);
    expect((await admin.ok('snsRecord.getListByPage', { fromNumber: phone, source: 'TWILIO' })).total).toBe(0);
    const sorted = await admin.ok('snsRecord.getListByPage', { fromNumber: phone, sortField: 'optOut', sortOrder: 'desc', size: 1 });
    expect(sorted).toMatchObject({ total: 2, size: 1, list: [{ optOut: true }] });
  });

  it("refuses bad input with catalogue errors; another organization's records are missing to it", async () => {
    const code = async (client: ApiClient, service: string, payload: unknown) => (await client.call(service, payload)).body.errorCode;
    expect(await code(admin, 'snsRecord.getListByPage', { source: 'PIGEON' })).toBe('400016');
    expect(await code(admin, 'snsRecord.getListByPage', { optOut: 'yes' })).toBe('400016');
    expect(await code(admin, 'snsRecord.detail', {})).toBe('400016');
    expect(await code(admin, 'snsRecord.detail', { id: randomUUID() })).toBe('720003');
    const mine = (await admin.ok('snsRecord.getListByPage', { fromNumber: phone })).list[0]!;
    expect(await code(callers.other, 'snsRecord.detail', { id: mine.id })).toBe('720003');
    expect((await callers.other.ok('snsRecord.getListByPage', { fromNumber: phone })).total).toBe(0);
    expect(await code(callers.nobody, 'snsRecord.getListByPage', {})).toBe('730001');
  });
});
