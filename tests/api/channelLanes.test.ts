/**
 * The fair queue has a lane per organization and channel (issue 38 item 6): an organization's SMS, approved
 * while its own 2,000-mail run is sending, reaches the phones while most of the mails are still to go, and the
 * mails keep going; another organization's e-mail, approved during the same run, is sent before it as well (the
 * seconds each took are printed: a figure, not a bound, since the machine's load changes them). The messages go through
 * review and approval on the real local stack (DynamoDB Local, the durable local queue, the SES and SMS
 * stand-ins), whose loops run on real time. The SMS's time is the SMS stand-in's acceptance of the last text
 * less the moment its approval was asked for; the other organization's, until its detail counts every mail sent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedSms } from '../../functions/channels/sms/standIns/sms';
import { Store } from '../../functions/store/store';
import { received } from '../support/channelStandIns';
import { ApiClient, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, campaignRule, emailContent, seedAudience, testAccount, testSegment } from '../support/plans';
import { until } from '../support/until';

const MAILS = 2_000;
/** a modest e-mail rate (40/s for one organization, at its share): the whole run would take about 50 s */
const EMAIL_RATE = 50;
const TEXTS = 3;
const DAY = 24 * 3600_000;
const SMS_CONFIG = { originationIdentity: '+12065550100', configurationSet: 'herald-sms-events', maxPrice: '0.50', ttlSeconds: 3600 };
const SMS_TEMPLATE = { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Your table is ready, {{firstName|there}}.' } } };

let herald: LocalHerald;
let admin: ApiClient;
let approver: Awaited<ReturnType<typeof approverOf>>;
const tag = `lanes${randomUUID().slice(0, 8)}`;
// +1558: no other file texts these (the SMS stand-in is shared by the whole run)
const prefix = String(Math.floor(Math.random() * 900) + 100);
const numbers = Array.from({ length: TEXTS }, (_, i) => `+1558${prefix}${String(i).padStart(4, '0')}`);
let mailSegment: string;
let smsSegment: string;
let callers: Callers;
/** the mail run the tests approve during, once it is under way */
let mailRun: string | undefined;

beforeAll(async () => {
  herald = await startHerald({ config: { sms: SMS_CONFIG, sendRates: { EMAIL: EMAIL_RATE, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  admin = new ApiClient(herald);
  await admin.login();
  callers = await twoOrganizations(herald, 'lanes');
  approver = await approverOf(admin, herald, 'lanes');
  mailSegment = (await seedAudience(herald, 1, `${tag}m`, MAILS)).segmentId;
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const texted = numbers.map((phone, i) => testAccount(1, `${tag}-sms-${i}`, now, { phones: [phone], firstName: `T${i}`, smsConsent: true, attributes: { campaign: tag } }));
  await Promise.all(texted.map((a) => store.put('account', a)));
  smsSegment = await testSegment(store, 1, `Texts ${tag}`, campaignRule(tag), now);
}, 120_000);
afterAll(() => herald?.stop());

/** A draft sent to review, for the approver to pass. */
async function awaitingApproval(channel: 'EMAIL' | 'SMS', content: unknown, segmentId: string, author = admin, by = approver): Promise<string> {
  const draft = await author.ok('plan.saveSingle', { name: `${channel} ${tag}`, title: `${channel} ${tag}`, channel, content, segmentId });
  await author.ok('planAction.sendToReview', { id: draft.id, participants: [by.id], deadline: herald.rt.clock.now() + DAY });
  return draft.id as string;
}

const totalsOf = async (planId: string, reader = admin): Promise<{ matched: number; sent: number }> => (await reader.ok('planStatistics.detail', { id: planId })).totals;
const mailsSent = async (planId: string, reader = admin): Promise<number> => (await totalsOf(planId, reader)).sent;

describe('an organization’s SMS during its own large e-mail run', () => {
  it('is sent while most of the run’s mails are still to go, and the mails keep going', async () => {
    const mail = await awaitingApproval('EMAIL', emailContent(`Lanes ${tag}`), mailSegment);
    const sms = await awaitingApproval('SMS', { kind: 'SMS', template: SMS_TEMPLATE }, smsSegment);
    await approver.client.ok('planAction.pass', { id: mail });
    // the run is under way: its audience read whole and its first mails out
    await until(
      'the first mails',
      () => totalsOf(mail),
      (t) => t.matched === MAILS && t.sent > 0,
    );
    mailRun = mail;
    const approvedAt = Date.now();
    await approver.client.ok('planAction.pass', { id: sms });
    const texts = await until(
      'every text',
      () => received<ReceivedSms>(herald.standIns.endpoints, 'sms', numbers),
      (got) => got.length >= TEXTS,
      60_000,
    );
    const tookMs = Math.max(...texts.map((t) => t.at)) - approvedAt;
    const mailsThen = await mailsSent(mail);
    console.log(`channel lanes: the SMS was sent ${(tookMs / 1000).toFixed(2)} s after its approval, with ${mailsThen} of ${MAILS} mails sent`);
    expect(texts.map((t) => t.request.DestinationPhoneNumber).sort()).toEqual(numbers);
    // it did not wait behind the mail run: most of the mails were still to go (a queue without lanes sends it
    // after all 2,000, about 50 s at the capped rate); the time is printed, not bounded, as load changes it
    expect(mailsThen).toBeLessThan(MAILS / 2);
    await until(
      'more mails',
      () => mailsSent(mail),
      (n) => n > mailsThen,
      20_000,
    );
    expect((await admin.ok('plan.detail', { id: mail })).status).toBe('IN_PROGRESS');
  }, 120_000);
});

describe('another organization’s e-mail during that run', () => {
  it('is sent while most of that run’s mails are still to go', async () => {
    if (!mailRun) throw new Error('the mail run did not start');
    const { other } = callers;
    const orgs = await admin.ok('organization.list', { page: 0, size: 50 });
    const otherOrg = orgs.list.find((o: { code: string }) => o.code === 'OTHER_LANES')!.id as number;
    const audience = await seedAudience(herald, otherOrg, `${tag}o`, TEXTS);
    const theirs = await approverOf(other, herald, 'lanesother');
    const mail = await awaitingApproval('EMAIL', emailContent(`Other ${tag}`), audience.segmentId, other, theirs);
    const before = await mailsSent(mailRun);
    expect(before).toBeLessThan(MAILS);
    const approvedAt = Date.now();
    await theirs.client.ok('planAction.pass', { id: mail });
    await until(
      'their mails',
      () => mailsSent(mail, other),
      (n) => n === TEXTS,
      60_000,
    );
    const tookMs = Date.now() - approvedAt;
    const mailsThen = await mailsSent(mailRun);
    console.log(`channel lanes: another organization's mail was sent within ${(tookMs / 1000).toFixed(2)} s of its approval, with ${mailsThen} of ${MAILS} mails sent`);
    expect(mailsThen).toBeLessThan(MAILS / 2);
    await admin.ok('planAction.stop', { id: mailRun });
  }, 120_000);
});
