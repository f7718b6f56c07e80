/**
 * One email message from draft to inbox through the catalogue: review, approval by another user, the send
 * pipeline on the local queue and scheduler, the SES stand-in, open and click tracking, one-click unsubscribe
 * honoured by the next send; a schedule in Asia/Tokyo firing once; expiry, rejection and refusals that store
 * nothing; another organization's ids answering as missing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { takeFromLimit } from '../../functions/services/auth';
import { Store } from '../../functions/store/store';
import { accountKey, unsubscriptionId } from '../../shared/entities';
import { zonedTimeToUtc } from '../../shared/plan/plan';
import { ApiClient, manualClock, sentMail, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { until } from '../support/until';

const DAY = 24 * 3600_000;

/** Accounts and a segment written straight to the store: this file tests sending, not the import. */
async function seedAudience(herald: LocalHerald, orgId: number, tag: string, n: number) {
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const accounts = Array.from({ length: n }, (_, i) => ({
    ...accountKey(orgId, `${tag}-${i}`),
    orgId,
    emails: [`${tag}-${i}@example.com`],
    firstName: `Reader${i}`,
    country: i % 3 === 0 ? 'US' : 'JP',
    emailConsent: true,
    smsConsent: false,
    pushConsent: false,
    lineConsent: false,
    tags: [],
    attributes: { plan: i % 2 ? 'gold' : 'free' },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  }));
  await Promise.all(accounts.map((a) => store.put('account', a)));
  const segmentId = randomUUID();
  await store.put('segment', {
    orgId,
    id: segmentId,
    name: `JP ${tag}`,
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  });
  return { segmentId, accounts, jp: accounts.filter((a) => a.country === 'JP').map((a) => a.emails[0]!) };
}

const emailContent = (subject: string) => ({
  kind: 'EMAIL',
  template: {
    defaultLanguage: 'en',
    contents: {
      en: {
        subject,
        preheader: 'Spring',
        blocks: [
          { type: 'heading', text: 'Hello {{firstName|there}}' },
          { type: 'button', text: 'See the offer', href: 'https://example.com/offer' },
        ],
      },
      ja: { subject: `${subject} (ja)`, blocks: [{ type: 'heading', text: 'こんにちは' }] },
    },
  },
});

async function approverOf(admin: ApiClient, herald: LocalHerald, name: string) {
  const role = await admin.ok('userRole.save', {
    name: `Approver ${name}`,
    code: `APPROVER_${name.toUpperCase()}`,
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
  });
  const user = await admin.ok('user.save', { username: name, email: `${name}@example.com`, roleId: role.id, password: 'Approve@123' });
  const client = new ApiClient(herald);
  client.autoRefresh = true;
  await client.login(name, 'Approve@123');
  return { id: user.id as string, client };
}

describe('an email message, sent now', () => {
  let herald: LocalHerald;
  let admin: ApiClient;
  let approver: { id: string; client: ApiClient };
  let audience: Awaited<ReturnType<typeof seedAudience>>;

  beforeAll(async () => {
    herald = await startHerald({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
    admin = new ApiClient(herald);
    await admin.login();
    approver = await approverOf(admin, herald, 'mia');
    audience = await seedAudience(herald, 1, `now${Date.now().toString(36)}`, 30);
  });
  afterAll(() => herald?.stop());

  async function sendOnce(subject: string, content: unknown = emailContent(subject)) {
    const draft = await admin.ok('plan.saveSingle', { name: subject, title: subject, channel: 'EMAIL', content, segmentId: audience.segmentId });
    expect(draft).toMatchObject({ status: 'DRAFT', actions: expect.arrayContaining(['sendToReview']) });
    const pending = await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    expect(pending.status).toBe('PENDING_APPROVAL');
    // the author never approves their own message
    expect(pending.actions).not.toContain('pass');
    expect((await admin.call('planAction.pass', { id: draft.id })).body.errorCode).toBe('730001');
    const home = await approver.client.ok('plan.getDashPlanByPage', { card: 'ACTION_REQUIRED' });
    expect(home.list.map((p: { id: string }) => p.id)).toContain(draft.id);
    expect(home.list.find((p: { id: string }) => p.id === draft.id)!.actions).toEqual(expect.arrayContaining(['pass', 'reject']));
    const approved = await approver.client.ok('planAction.pass', { id: draft.id });
    expect(['ACTIVE', 'IN_PROGRESS', 'DEPLOYED']).toContain(approved.status);
    await until(
      'the message to be sent',
      () => admin.ok('plan.detail', { id: draft.id }),
      (p) => p.status === 'DEPLOYED',
    );
    return draft.id as string;
  }

  it('goes to every matching recipient exactly once, with unsubscribe headers, counted on its detail', async () => {
    const id = await sendOnce('Spring sale');
    const mails = (await sentMail(herald)).filter((m) => m.subject === 'Spring sale') as unknown as {
      destination: { to: string[] };
      headers?: { name: string; value: string }[];
      body: { html: string };
    }[];
    const to = mails.flatMap((m) => m.destination.to).sort();
    expect(to).toEqual([...audience.jp].sort());
    for (const m of mails) {
      const h = Object.fromEntries((m.headers ?? []).map((x) => [x.name, x.value]));
      expect(h['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/service\/t\/u\//);
      expect(h['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    const stats = await admin.ok('planStatistics.detail', { id });
    expect(stats.totals).toMatchObject({ matched: audience.jp.length, sent: audience.jp.length, failed: 0, skipped: 0, uncertain: 0 });
    expect(stats.hours.reduce((n: number, h: { sent: number }) => n + h.sent, 0)).toBe(audience.jp.length);
    const records = await admin.ok('operationRecord.getListByPage', { planId: id, size: 50 });
    expect(records.list.map((r: { action: string }) => r.action).reverse()).toEqual(['sendToReview', 'pass', 'activate', 'fire', 'complete']);
    const sent = await admin.ok('sentRecord.getListByPage', { planId: id, size: 100 });
    expect(sent.list).toHaveLength(audience.jp.length);
    expect(new Set(sent.list.map((r: { status: string }) => r.status))).toEqual(new Set(['SENT']));

    // Opening (twice) and clicking move the numbers once; a changed click target is refused.
    const html = mails[0]!.body.html;
    const pixel = /src="([^"]+\/service\/t\/o\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const click = /href="([^"]+\/service\/t\/c\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    expect((await fetch(pixel)).headers.get('content-type')).toBe('image/gif');
    await fetch(pixel);
    const redirect = await fetch(click, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://example.com/offer');
    // the link is sealed: it names no target, and a changed one is no link (tests/api/tracking.test.ts has more)
    expect(click).not.toContain('example.com/offer');
    const forged = click.slice(0, -4) + (click.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const refused = await fetch(forged, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    const after = await admin.ok('planStatistics.detail', { id });
    expect(after.totals).toMatchObject({ opens: 1, clicks: 1 });
  }, 120_000);

  it("counts a thumb block's answers once per recipient, refuses a forged one, and thanks in the reader's language", async () => {
    const content = emailContent('Did you like it');
    content.template.contents.en.blocks.push({ type: 'thumb', text: 'Was this helpful?' } as never);
    const id = await sendOnce('Did you like it', content);
    const mails = (await sentMail(herald)).filter((m) => m.subject === 'Did you like it') as unknown as { body: { html: string; text?: string } }[];
    const answer = (html: string, kind: 'like' | 'dislike') => {
      const links = [...html.matchAll(/href="([^"]+\/service\/t\/f\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(links).toHaveLength(2);
      // the thumb block shows "like" first; the tokens are sealed and say nothing readable
      return links[kind === 'like' ? 0 : 1]!;
    };
    const [first, second] = mails;
    // the first recipient likes it twice, then changes their mind: only the first answer counts
    const thanks = await fetch(answer(first!.body.html, 'like'), { headers: { 'accept-language': 'ja-JP,ja;q=0.9' } });
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain('ご意見ありがとうございました');
    await fetch(answer(first!.body.html, 'like'));
    await fetch(answer(first!.body.html, 'dislike'));
    expect(await (await fetch(answer(second!.body.html, 'dislike'))).text()).toContain('Thank you for your feedback');
    // a changed token is refused
    const dislike = answer(second!.body.html, 'dislike');
    expect((await fetch(dislike.slice(0, -4) + (dislike.endsWith('AAAA') ? 'BBBB' : 'AAAA'))).status).toBe(400);
    const stats = await admin.ok('planStatistics.detail', { id });
    expect(stats.totals).toMatchObject({ likes: 1, dislikes: 1, opens: 2 });
    // the text part carries the answer links too
    expect(first!.body.text).toMatch(/Yes: http:\/\/localhost:\d+\/service\/t\/f\//);
  }, 120_000);

  it('one-click unsubscribe puts the address on the list, and the next message skips it with its reason', async () => {
    const mails = (await sentMail(herald)).filter((m) => m.subject === 'Spring sale') as unknown as { destination: { to: string[] }; headers: { name: string; value: string }[] }[];
    const leaving = mails[0]!;
    const url = leaving.headers.find((h) => h.name === 'List-Unsubscribe')!.value.slice(1, -1);
    // a GET only asks; the cookieless POST of RFC 8058 unsubscribes
    expect(await (await fetch(url)).text()).toContain('<form method="post"');
    const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
    const list = await admin.ok('messageUnsubscription.getListByPage', { target: leaving.destination.to[0] });
    expect(list.list).toEqual([expect.objectContaining({ target: leaving.destination.to[0], channelName: 'EMAIL', source: 'UNSUBSCRIBE' })]);

    const id = await sendOnce('Summer sale');
    const second = (await sentMail(herald)).filter((m) => m.subject === 'Summer sale');
    expect(second.map((m) => m.destination.to[0]).sort()).toEqual(audience.jp.filter((a) => a !== leaving.destination.to[0]).sort());
    const skipped = await admin.ok('sentRecord.getListByPage', { planId: id, status: 'SKIPPED' });
    expect(skipped.list).toEqual([expect.objectContaining({ address: leaving.destination.to[0], reason: 'UNSUBSCRIBED' })]);
    const secondStats = await admin.ok('planStatistics.detail', { id });
    expect(secondStats.totals).toMatchObject({ sent: audience.jp.length - 1, skipped: 1 });
    // every skip is counted with its reason as it happens
    expect(secondStats.reasons).toEqual({ failed: {}, skipped: { UNSUBSCRIBED: 1 } });
  }, 120_000);

  it('fills preset values: each recipient gets the value under its own key, or the fallback', async () => {
    // the seeded accounts' attributes.plan is gold or free; only gold has a label
    const param = await admin.ok('presetParameter.save', { title: 'Plan labels', variable: 'tier', primaryKey: 'plan' });
    await admin.ok('presetRecord.save', { parameterId: param.id, key: 'gold', alias: 'label', value: 'Gold member' });
    const content = emailContent('Preset greetings');
    content.template.contents.en.blocks = [{ type: 'heading', text: 'Dear {{preset.tier.label|reader}}' }];
    await sendOnce('Preset greetings', content);
    // (an address unsubscribed by an earlier test gets nothing)
    const mails = (await sentMail(herald)).filter((m) => m.subject === 'Preset greetings');
    expect(mails.length).toBeGreaterThan(audience.jp.length / 2);
    const greetings = mails.map((m) => {
      const account = audience.accounts.find((a) => a.emails[0] === m.destination.to[0])!;
      return [/Dear (Gold member|reader)/.exec(m.body.html ?? '')?.[1], account.attributes.plan === 'gold' ? 'Gold member' : 'reader'];
    });
    for (const [got, expected] of greetings) expect(got).toBe(expected);
    expect(new Set(greetings.map(([got]) => got))).toEqual(new Set(['Gold member', 'reader']));
  });

  it('approvers are the members whose role may pass; anyone else cannot be asked', async () => {
    const approvers = await admin.ok('plan.getApprovers');
    expect(approvers).toContainEqual({ id: approver.id, name: 'mia' });
    const me = await admin.ok('user.profile');
    expect(approvers.map((a: { id: string }) => a.id)).not.toContain(me.id);
    const role = await admin.ok('userRole.save', { name: 'Viewer', code: 'VIEWER', permissions: ['NAV_HOME'] });
    const viewer = await admin.ok('user.save', { username: 'viewer', email: 'viewer@example.com', roleId: role.id, password: 'Viewer@123' });
    expect((await admin.ok('plan.getApprovers')).map((a: { id: string }) => a.id)).not.toContain(viewer.id);
    const draft = await admin.ok('plan.saveSingle', { name: 'Who approves', title: 'Who approves', channel: 'EMAIL', content: emailContent('Who'), segmentId: audience.segmentId });
    const refused = await admin.call('planAction.sendToReview', { id: draft.id, participants: [viewer.id], deadline: herald.rt.clock.now() + DAY });
    expect(refused.body.errorCode).toBe('720009');
    expect((await admin.ok('plan.detail', { id: draft.id })).status).toBe('DRAFT');
    const pending = await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    expect(pending.people).toMatchObject({ [approver.id]: 'mia' });
    const records = await admin.ok('operationRecord.getListByPage', { planId: draft.id });
    expect(records.list[0]).toMatchObject({ action: 'sendToReview', byName: expect.any(String) });
  });

  it('names people family name first to a ja or zh caller (plan.people, approvers)', async () => {
    const role = await admin.ok('userRole.save', { name: 'Approver names', code: 'APPROVER_NAMES', permissions: ['NAV_HOME', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'] });
    const user = await admin.ok('user.save', { username: 'yamada', email: 'yamada@example.com', roleId: role.id, password: 'Approve@123', firstName: '太郎', lastName: '山田' });
    const nameIn = async (lang: string) =>
      ((await admin.call<{ id: string; name: string }[]>('plan.getApprovers', {}, { 'x-lang': lang })).payload ?? []).find((a) => a.id === user.id)?.name;
    expect(await nameIn('ja')).toBe('山田 太郎');
    expect(await nameIn('zh')).toBe('山田太郎');
    expect(await nameIn('en')).toBe('太郎 山田');
  });

  /** Keeps these test addresses in the organization's system setting. */
  async function keepTestAddresses(testAddresses: string[]) {
    const { organization } = await admin.ok('systemSetting.detail');
    return admin.ok('systemSetting.save', { ...organization, testAddresses });
  }

  it('a test mail goes to the chosen addresses as recipients will see it', async () => {
    await keepTestAddresses(['qa@example.com']);
    const draft = await admin.ok('plan.saveSingle', { name: 'Test me', title: 'Test me', channel: 'EMAIL', content: emailContent('Autumn'), segmentId: audience.segmentId });
    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: ['qa@example.com', 'QA@example.com'] })).toEqual({ sent: 1 });
    const mail = (await sentMail(herald)).filter((m) => m.destination.to.includes('qa@example.com')).pop()!;
    expect(mail.subject).toBe('[TEST] Autumn');
    expect(mail.body.html).toContain('See the offer');
    expect((await admin.call('plan.testEmail', { id: draft.id, emails: ['not an address'] })).body.errorCode).toBe('400016');
  });

  it('a test mail goes only to members and the kept test addresses, and says which address is neither', async () => {
    expect((await keepTestAddresses(['Tester@Example.com', 'tester@example.com', 'desk@example.org'])).testAddresses).toEqual(['tester@example.com', 'desk@example.org']);
    const offered = await admin.ok('plan.getTestRecipients');
    expect(offered.testAddresses).toEqual(['tester@example.com', 'desk@example.org']);
    expect(offered.members).toContainEqual({ name: 'mia', email: 'mia@example.com' });
    expect(offered.perMessagePerHour).toBe(50);
    // an author who does not manage users is offered only their own address among the members
    const role = await admin.ok('userRole.save', {
      name: 'Author only',
      code: 'AUTHOR_ONLY',
      permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'MESSAGE_TYPE_AD_HOC'],
    });
    await admin.ok('user.save', { username: 'leo', email: 'leo@example.com', roleId: role.id, password: 'Author@123' });
    const author = new ApiClient(herald);
    await author.login('leo', 'Author@123');
    const authorOffered = await author.ok('plan.getTestRecipients');
    expect(authorOffered.members).toEqual([{ name: 'leo', email: 'leo@example.com' }]);
    expect(authorOffered.testAddresses).toEqual(['tester@example.com', 'desk@example.org']);
    const draft = await admin.ok('plan.saveSingle', { name: 'Only ours', title: 'Only ours', channel: 'EMAIL', content: emailContent('Only ours'), segmentId: audience.segmentId });
    const mailsTo = async (to: string) => (await sentMail(herald)).filter((m) => m.subject === '[TEST] Only ours' && m.destination.to.includes(to)).length;

    const outside = await admin.call('plan.testEmail', { id: draft.id, emails: ['mia@example.com', 'someone@elsewhere.example'] });
    expect(outside.status).toBe(400);
    expect(outside.body.errorCode).toBe('400016');
    expect(outside.body.errorMessage).toContain('payload.emails.1: someone@elsewhere.example is neither a member of this organization nor one of its test addresses');
    const inJapanese = await admin.call('plan.testEmail', { id: draft.id, emails: ['someone@elsewhere.example'] }, { 'x-lang': 'ja' });
    expect(inJapanese.body.errorMessage).toContain('someone@elsewhere.example はこの組織のメンバーでも');
    // a refused call sends nothing, not even to its allowed addresses
    expect(await mailsTo('mia@example.com')).toBe(0);

    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: ['Mia@Example.com'] })).toEqual({ sent: 1 });
    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: ['TESTER@example.com', 'desk@example.org'] })).toEqual({ sent: 2 });
    expect(await mailsTo('mia@example.com')).toBe(1);
    expect(await mailsTo('tester@example.com')).toBe(1);
    expect(await mailsTo('desk@example.org')).toBe(1);
  });

  it('a message gets at most 50 test mails an hour: the 51st is refused, another message has its own', async () => {
    const kept = Array.from({ length: 10 }, (_, i) => `qa${i}@example.com`);
    await keepTestAddresses(kept);
    const draft = await admin.ok('plan.saveSingle', { name: 'Fifty', title: 'Fifty', channel: 'EMAIL', content: emailContent('Fifty'), segmentId: audience.segmentId });
    const sentCount = async () => (await sentMail(herald)).filter((m) => m.subject === '[TEST] Fifty').length;
    for (let i = 0; i < 5; i++) expect(await admin.ok('plan.testEmail', { id: draft.id, emails: kept })).toEqual({ sent: 10 });
    expect(await sentCount()).toBe(50);
    const refused = await admin.call('plan.testEmail', { id: draft.id, emails: [kept[0]] });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('400014');
    expect(refused.body.errorMessage).toMatch(/at most 50 test mails an hour; 0 left now\. Try again in (59|60) min/);
    expect(await sentCount()).toBe(50);
    const other = await admin.ok('plan.saveSingle', { name: 'Fifty too', title: 'Fifty too', channel: 'EMAIL', content: emailContent('Fifty too'), segmentId: audience.segmentId });
    expect(await admin.ok('plan.testEmail', { id: other.id, emails: [kept[0]] })).toEqual({ sent: 1 });
  });

  it('a test mail goes in the chosen language, or one per language marked in the subject, each counted against the limit', async () => {
    await keepTestAddresses(['lang@example.com']);
    const draft = await admin.ok('plan.saveSingle', { name: 'Languages', title: 'Languages', channel: 'EMAIL', content: emailContent('Langs'), segmentId: audience.segmentId });
    const mails = async () => (await sentMail(herald)).filter((m) => m.destination.to.includes('lang@example.com') && m.subject.includes('Langs'));

    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: ['lang@example.com'], language: 'ja' })).toEqual({ sent: 1 });
    let got = await mails();
    expect(got.map((m) => m.subject)).toEqual(['[TEST] Langs (ja)']);
    expect(got[0]!.body.html).toContain('こんにちは');

    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: ['lang@example.com'], language: 'ALL' })).toEqual({ sent: 2 });
    got = (await mails()).slice(1);
    expect(got.map((m) => m.subject).sort()).toEqual(['[TEST en] Langs', '[TEST ja] Langs (ja)']);
    expect(got.find((m) => m.subject.startsWith('[TEST en]'))!.body.html).toContain('See the offer');
    expect(got.find((m) => m.subject.startsWith('[TEST ja]'))!.body.html).toContain('こんにちは');

    const missing = await admin.call('plan.testEmail', { id: draft.id, emails: ['lang@example.com'], language: 'fr' }, { 'x-lang': 'zh' });
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe('400016');
    expect(missing.body.errorMessage).toContain('payload.language: 该消息没有 fr 的内容');
    expect(await mails()).toHaveLength(3);

    // 3 taken so far; ALL to 10 addresses takes 20 a call: two fit (43), the third would pass 50 and is refused whole
    const kept = Array.from({ length: 10 }, (_, i) => `lang${i}@example.com`);
    await keepTestAddresses(['lang@example.com', ...kept]);
    for (let i = 0; i < 2; i++) expect(await admin.ok('plan.testEmail', { id: draft.id, emails: kept, language: 'ALL' })).toEqual({ sent: 20 });
    const over = await admin.call('plan.testEmail', { id: draft.id, emails: kept, language: 'ALL' });
    expect(over.body.errorCode).toBe('400014');
    expect(over.body.errorMessage).toContain('7 left now');
    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: kept.slice(0, 3), language: 'ALL' })).toEqual({ sent: 6 });
  });

  it('a test-mail call that would pass the hourly limit is refused whole', async () => {
    const kept = Array.from({ length: 10 }, (_, i) => `qa${i}@example.com`);
    await keepTestAddresses(kept);
    const draft = await admin.ok('plan.saveSingle', { name: 'Almost', title: 'Almost', channel: 'EMAIL', content: emailContent('Almost'), segmentId: audience.segmentId });
    for (let i = 0; i < 4; i++) await admin.ok('plan.testEmail', { id: draft.id, emails: kept });
    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: kept.slice(0, 5) })).toEqual({ sent: 5 });
    const over = await admin.call('plan.testEmail', { id: draft.id, emails: kept.slice(0, 6) });
    expect(over.body.errorCode).toBe('400014');
    expect(over.body.errorMessage).toContain('5 left now');
    expect(await admin.ok('plan.testEmail', { id: draft.id, emails: kept.slice(0, 5) })).toEqual({ sent: 5 });
  });

  it('the test-mail window: racing calls take no more than the limit, and a new window opens after an hour', async () => {
    const store = new Store(herald.rt);
    const limit = { key: `testMail:race:${randomUUID()}`, max: 50, windowSeconds: 3600 };
    const now = Date.now();
    const races = await Promise.all(Array.from({ length: 8 }, () => takeFromLimit(store, now, limit, 10)));
    expect(races.filter((r) => r.taken)).toHaveLength(5);
    expect((await takeFromLimit(store, now + 3599_000, limit, 1)).taken).toBe(false);
    expect(await takeFromLimit(store, now + 3600_000, limit, 10)).toEqual({ taken: true });
    expect(await takeFromLimit(store, now + 3600_000, limit, 41)).toMatchObject({ taken: false, window: { count: 10 } });
  });

  it('a library template is copied into the message, so later edits to the template do not change it', async () => {
    const template = await admin.ok('templateMessage.save', { name: `Library ${Date.now()}`, template: emailContent('From the library').template });
    const plan = await admin.ok('plan.saveSingle', {
      name: 'From library',
      title: 'From library',
      channel: 'EMAIL',
      content: { kind: 'TEMPLATE', templateId: template.id },
      segmentId: audience.segmentId,
    });
    expect(plan.content).toMatchObject({ kind: 'EMAIL', template: { contents: { en: { subject: 'From the library' } } } });
    await admin.ok('templateMessage.save', { id: template.id, version: template.version, name: template.name, template: emailContent('Changed later').template });
    expect((await admin.ok<any>('plan.detail', { id: plan.id })).content.template.contents.en.subject).toBe('From the library');
    expect((await admin.call('plan.saveSingle', { name: 'x', title: 'x', channel: 'EMAIL', content: { kind: 'TEMPLATE', templateId: 'nope' } })).body.errorCode).toBe('720003');
  });

  it('refusals store nothing; another organization sees nothing', async () => {
    const draft = await admin.ok('plan.saveSingle', { name: 'Draft only', title: 'Draft only', channel: 'EMAIL', content: emailContent('Draft'), segmentId: audience.segmentId });
    for (const [action, code] of [
      ['stop', '740001'],
      ['archive', '720007'],
      ['unarchive', '720007'],
    ] as const) {
      expect((await admin.call(`planAction.${action}`, { id: draft.id })).body.errorCode).toBe(code);
    }
    expect(await admin.ok('plan.detail', { id: draft.id })).toMatchObject({ status: 'DRAFT', version: draft.version });
    expect((await admin.call('plan.saveSingle', { name: '', title: 'x', channel: 'EMAIL', content: emailContent('x') })).body.errorCode).toBe('400016');
    expect(
      (await admin.call('plan.saveSingle', { id: draft.id, version: draft.version - 1, name: 'x', title: 'x', channel: 'EMAIL', content: emailContent('x') })).body.errorCode,
    ).toBe('720007');
    expect(
      (
        await admin.call('plan.saveSingle', {
          name: 'x',
          title: 'x',
          channel: 'EMAIL',
          content: emailContent('x'),
          trigger: { kind: 'SCHEDULE', at: '2020-01-01T09:00', timeZone: 'Asia/Tokyo' },
        })
      ).body.errorCode,
    ).toBe('750002');

    await admin.ok('organization.save', { name: `Other ${Date.now()}`, code: `OTHER${Date.now().toString(36).toUpperCase()}` });
    const orgs = (await admin.ok('organization.list')).list as { id: number }[];
    const other = new ApiClient(herald);
    other.token = (await admin.ok('user.switchOrganization', { orgId: orgs[orgs.length - 1]!.id })).accessToken;
    for (const [service, payload] of [
      ['plan.detail', { id: draft.id }],
      ['planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY }],
      ['planStatistics.detail', { id: draft.id }],
      ['operationRecord.getListByPage', { planId: draft.id }],
      ['sentRecord.getListByPage', { planId: draft.id }],
      ['plan.testEmail', { id: draft.id, emails: ['a@example.com'] }],
    ] as const) {
      expect((await other.call(service, payload)).body.errorCode, service).toBe('720003');
    }
    expect((await other.ok('plan.getCateByPage', {})).list.map((p: { id: string }) => p.id)).not.toContain(draft.id);
  });
});

describe('approval rules and a schedule in Asia/Tokyo', () => {
  const clock = manualClock(Date.UTC(2026, 10, 22, 0, 0, 0));
  let herald: LocalHerald;
  let admin: ApiClient;
  let approver: { id: string; client: ApiClient };
  let audience: Awaited<ReturnType<typeof seedAudience>>;

  beforeAll(async () => {
    herald = await startHerald({ clock, config: { sendRates: { EMAIL: 1_000_000, SMS: 1, PUSH_NATIVE: 1, LINE: 1, DIRECT_MAIL: 1 } } });
    admin = new ApiClient(herald);
    admin.autoRefresh = true; // the clock moves by days
    await admin.login();
    approver = await approverOf(admin, herald, 'ken');
    audience = await seedAudience(herald, 1, `tokyo${Date.now().toString(36)}`, 12);
  });
  afterAll(() => herald?.stop());
  // the clock moves by hours and days: sign in afresh for each test
  beforeEach(async () => {
    await admin.login();
    await approver.client.login(...approver.client.credentials!);
  });

  const draft = (name: string, trigger?: unknown) =>
    admin.ok('plan.saveSingle', { name, title: name, channel: 'EMAIL', content: emailContent(name), segmentId: audience.segmentId, ...(trigger ? { trigger } : {}) });

  it('fires exactly once at 09:00 Tokyo time, even when the fire is doubled', async () => {
    const at = '2026-11-23T09:00';
    const due = zonedTimeToUtc(at, 'Asia/Tokyo');
    expect(due).toBe(Date.UTC(2026, 10, 23, 0, 0, 0));
    const plan = await draft('Tokyo morning', { kind: 'SCHEDULE', at, timeZone: 'Asia/Tokyo' });
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: clock.now() + 2 * DAY });
    expect((await approver.client.ok('planAction.pass', { id: plan.id })).status).toBe('ACTIVE');

    clock.t = due - 1000;
    await herald.scheduler.fireDue();
    await herald.delivery.idle();
    expect((await admin.ok('plan.detail', { id: plan.id })).status).toBe('ACTIVE');

    clock.t = due;
    // the schedule fires, and a doubled fire arrives too
    await herald.queue.send('delivery', { kind: 'fire', orgId: 1, planId: plan.id, dueAt: due });
    await herald.scheduler.fireDue();
    await herald.scheduler.fireDue();
    await until(
      'the run to finish',
      async () => {
        await herald.delivery.idle();
        return admin.ok('plan.detail', { id: plan.id });
      },
      (p) => p.status === 'DEPLOYED',
    );
    const runs = await new Store(herald.rt).forOrg(1).keyed('planRun').list(plan.id);
    expect(runs).toHaveLength(1);
    const mails = (await sentMail(herald)).filter((m) => m.subject === 'Tokyo morning');
    expect(mails.map((m) => m.destination.to[0]).sort()).toEqual([...audience.jp].sort());
  }, 60_000);

  it('a schedule less than 5 minutes ahead is refused with 750002', async () => {
    const soon = new Date(clock.now() + 9 * 3600_000 + 2 * 60_000).toISOString().slice(0, 16); // Tokyo wall clock
    expect(
      (
        await admin.call('plan.saveSingle', {
          name: 'Too soon',
          title: 't',
          channel: 'EMAIL',
          content: emailContent('t'),
          trigger: { kind: 'SCHEDULE', at: soon, timeZone: 'Asia/Tokyo' },
        })
      ).body.errorCode,
    ).toBe('750002');
  });

  it('a rejection needs a type and a reason, and the author sees them', async () => {
    const plan = await draft('To reject');
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: clock.now() + DAY });
    const noReason = await approver.client.call('planAction.reject', { id: plan.id, type: 'CONTENT' });
    expect(noReason.body.errorCode).toBe('400016');
    expect(noReason.body.errorMessage).toContain('Please write the reason!');
    expect((await approver.client.call('planAction.reject', { id: plan.id, reason: 'Price is wrong' })).body.errorCode).toBe('400016');
    const rejected = await approver.client.ok('planAction.reject', { id: plan.id, type: 'CONTENT', reason: 'Price is wrong' });
    expect(rejected.status).toBe('REJECTED');
    const mine = await admin.ok('plan.getDashPlanByPage', { card: 'REJECTED' });
    expect(mine.list.find((p: { id: string }) => p.id === plan.id)!.rejection).toMatchObject({ type: 'CONTENT', reason: 'Price is wrong', by: approver.id });
  });

  it('a pending message past its deadline expires and cannot be approved (730003)', async () => {
    const plan = await draft('Too late');
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: clock.now() + 3600_000 });
    clock.advance(3600_000 + 1);
    await approver.client.login(...approver.client.credentials!);
    await admin.login();
    expect((await approver.client.call('planAction.pass', { id: plan.id })).body.errorCode).toBe('730003');
    expect((await admin.ok('plan.detail', { id: plan.id })).status).toBe('EXPIRED');
  });

  it('two approvals at once make one run', async () => {
    const second = await approverOf(admin, herald, 'sora');
    const plan = await draft('Both approve');
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: clock.now() + DAY });
    const both = await Promise.all([approver.client.call('planAction.pass', { id: plan.id }), approver.client.call('planAction.pass', { id: plan.id })]);
    expect(both.filter((r) => r.body.state === 'S')).toHaveLength(1);
    expect(second.id).toBeTruthy();
    await until(
      'the run to finish',
      async () => {
        await herald.delivery.idle();
        return admin.ok('plan.detail', { id: plan.id });
      },
      (p) => p.status === 'DEPLOYED',
    );
    expect(await new Store(herald.rt).forOrg(1).keyed('planRun').list(plan.id)).toHaveLength(1);
  }, 60_000);
});

describe('the unsubscription list', () => {
  let herald: LocalHerald;
  let admin: ApiClient;
  let other: ApiClient;
  beforeAll(async () => {
    herald = await startHerald();
    ({ admin, other } = await twoOrganizations(herald, 'uns'));
    const store = new Store(herald.rt);
    for (const target of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await store.forOrg(1).put('messageUnsubscription', {
        id: unsubscriptionId('EMAIL', target),
        channelName: 'EMAIL',
        target,
        source: 'MANUAL',
        dateCreated: herald.rt.clock.now(),
      });
    }
  });
  afterAll(() => herald?.stop());
  const targets = async () => (await admin.ok('messageUnsubscription.getListByPage', {})).list.map((u: { target: string }) => u.target).sort();

  it("deletes the chosen entries together, says 'No target were selected' for none, and never touches another organization's", async () => {
    const none = await admin.call('messageUnsubscription.delete', { ids: [] });
    expect(none.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('No target were selected') });
    expect((await admin.call('messageUnsubscription.delete', {})).body.errorMessage).toContain('No target were selected');
    expect((await admin.call('messageUnsubscription.delete', {}, { 'x-lang': 'zh' })).body.errorMessage).toContain('未选择任何对象');
    // another organization naming these ids deletes nothing
    const foreign = await other.call('messageUnsubscription.delete', { ids: [unsubscriptionId('EMAIL', 'a@example.com')] });
    expect(foreign.body.errorCode).toBe('720003');
    // one missing among them: none is deleted
    const mixed = await admin.call('messageUnsubscription.delete', { ids: [unsubscriptionId('EMAIL', 'a@example.com'), unsubscriptionId('EMAIL', 'nobody@example.com')] });
    expect(mixed.body.errorCode).toBe('720003');
    expect(await targets()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    await admin.ok('messageUnsubscription.delete', { ids: [unsubscriptionId('EMAIL', 'a@example.com'), unsubscriptionId('EMAIL', 'b@example.com')] });
    expect(await targets()).toEqual(['c@example.com']);
  });
});
