/**
 * An organization's own e-mail providers end to end: a message from draft through approval and the send
 * pipeline leaves through the organization's SMTP server (its stand-in receives RFC 5322 mails with both
 * unsubscribe headers and the provider's sender), through its e-mail API (SendGrid's v3 shape), and through SES
 * in its own account; two organizations sending at once each leave through their own provider only; a wrong
 * SMTP password and a refused sender end as failed records with the provider's words, one per recipient; a
 * provider test and a message's test mail go through the provider and report its answer. Every recipient exactly
 * once through each kind of provider (crashes, duplicated deliveries, throttling) is tests/api/exactlyOnce.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedApiMail } from '../../functions/channels/email/standIns/emailApi';
import { EMAIL_API_PATH, EMAIL_API_STAND_IN_KEY } from '../../functions/channels/email/standIns/emailApi';
import type { SesSender } from '../../functions/local/sesStandIn';
import type { ReceivedSmtpMail } from '../../functions/channels/email/standIns/smtp';
import { SMTP_STAND_IN_PASSWORD, SMTP_STAND_IN_USER } from '../../functions/channels/email/standIns/smtp';
import { Store } from '../../functions/store/store';
import { type ApiClient, sentMail, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, campaignRule, emailContent, testAccount, testSegment } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;

let herald: LocalHerald;
let callers: Callers;
let otherOrg: number;
let approvers: Map<ApiClient, { id: string; client: ApiClient }>;

beforeAll(async () => {
  // each send reads the organization's provider again: the tests change it between messages
  herald = await startHerald({ config: { providerChoiceMs: 0, sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  callers = await twoOrganizations(herald, 'mailp');
  otherOrg = (await callers.other.ok('auth.validToken')).orgId;
  approvers = new Map([
    [callers.admin, await approverOf(callers.admin, herald, 'mailpone')],
    [callers.other, await approverOf(callers.other, herald, 'mailptwo')],
  ]);
}, 120_000);
afterAll(() => herald?.stop());

const stand = () => herald.standIns.mailProviders;
const tag = () => `m${randomUUID().slice(0, 8)}`;

const smtp = (over: Record<string, unknown> = {}) => ({
  title: `Own SMTP ${randomUUID().slice(0, 6)}`,
  provider: 'SMTP',
  isDefault: true,
  enabled: true,
  host: stand().smtpHost,
  port: stand().smtpPort,
  smtpSecurity: 'STARTTLS',
  username: SMTP_STAND_IN_USER,
  password: SMTP_STAND_IN_PASSWORD,
  fromEmail: 'news@smtp-bank.example',
  replyEmail: 'care@smtp-bank.example',
  ...over,
});

const emailApi = (over: Record<string, unknown> = {}) => ({
  title: `Own API ${randomUUID().slice(0, 6)}`,
  provider: 'EMAIL_API',
  isDefault: true,
  enabled: true,
  apiUrl: `${stand().emailApi}${EMAIL_API_PATH}`,
  apiKey: EMAIL_API_STAND_IN_KEY,
  fromEmail: 'news@api-shop.example',
  ...over,
});

const ses = (over: Record<string, unknown> = {}) => ({
  title: `Own SES ${randomUUID().slice(0, 6)}`,
  provider: 'SES',
  isDefault: true,
  enabled: true,
  region: 'eu-west-1',
  fromEmail: 'news@ses-org.example',
  accessKey: 'AKIAORGSESEXAMPLE001',
  secretKey: 'org-ses-secret',
  configurationSetName: 'org-events',
  ...over,
});

async function smtpReceived(to: Iterable<string>): Promise<ReceivedSmtpMail[]> {
  const wanted = new Set(to);
  const all = (await (await fetch(`${stand().smtp}/_standin/received`)).json()) as ReceivedSmtpMail[];
  return all.filter((m) => m.envelope.to.some((a) => wanted.has(a)));
}

async function apiReceived(to: Iterable<string>): Promise<ReceivedApiMail[]> {
  const wanted = new Set(to);
  const all = (await (await fetch(`${stand().emailApi}/_standin/received`)).json()) as ReceivedApiMail[];
  return all.filter((m) => m.to.some((a) => wanted.has(a)));
}

const answer = (standIn: 'smtp' | 'emailApi', address: string, a: string, times?: number) =>
  fetch(`${stand()[standIn]}/_standin/answers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, answer: a, ...(times ? { times } : {}) }),
  });

/** `n` consenting accounts of `orgId` and a segment of just them. */
async function audience(orgId: number, n: number): Promise<{ segmentId: string; emails: string[] }> {
  const store = new Store(herald.rt);
  const now = herald.rt.clock.now();
  const t = tag();
  const accounts = Array.from({ length: n }, (_, i) =>
    testAccount(orgId, `${t}-${i}`, now, { emails: [`${t}-${i}@example.com`], emailConsent: true, attributes: { campaign: t } }),
  );
  await store.putMany('account', accounts);
  return { segmentId: await testSegment(store, orgId, `Mail ${t}`, campaignRule(t), now), emails: accounts.map((a) => a.emails[0]!) };
}

/** A message drafted, reviewed and approved by `author`'s organization, then sent: answers its id. */
async function sendCampaign(author: ApiClient, subject: string, segmentId: string): Promise<string> {
  const draft = await author.ok('plan.saveSingle', { name: subject, title: subject, channel: 'EMAIL', content: emailContent(subject), segmentId });
  const approver = approvers.get(author)!;
  await author.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
  await approver.client.ok('planAction.pass', { id: draft.id });
  return draft.id as string;
}

type Row = { address: string; status: string; reason?: string; detail?: string };

/** The message's sent-records once each of the `n` recipients has a finished one. */
async function recordsOf(reader: ApiClient, planId: string, n: number): Promise<Row[]> {
  return until(
    `${n} finished records`,
    async () => (await reader.ok('sentRecord.getListByPage', { planId, size: 100 })).list as Row[],
    (list) => list.length >= n && list.every((r) => r.status !== 'CLAIMED'),
  );
}

const useProvider = (client: ApiClient, setting: Record<string, unknown>) => client.ok('messageProvider.save', setting);

describe('a message through the organization’s SMTP server', () => {
  it('leaves as RFC 5322 mail with the provider’s sender, Reply-To and both unsubscribe headers, once per recipient', async () => {
    const saved = await useProvider(callers.admin, smtp());
    const people = await audience(1, 3);
    const subject = `SMTP sale ${tag()}`;
    const planId = await sendCampaign(callers.admin, subject, people.segmentId);
    const rows = await recordsOf(callers.admin, planId, 3);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT']);
    const got = await smtpReceived(people.emails);
    expect(got.map((m) => m.envelope.to[0]).sort()).toEqual([...people.emails].sort());
    for (const mail of got) {
      expect(mail).toMatchObject({ security: 'STARTTLS', user: SMTP_STAND_IN_USER, from: 'news@smtp-bank.example', replyTo: 'care@smtp-bank.example', subject });
      expect(mail.envelope.from).toBe('news@smtp-bank.example');
      expect(mail.headers['list-unsubscribe']).toMatch(/^<http.+>$/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers['content-type']).toContain('multipart/alternative');
      expect(mail.text).toContain('Hello');
      expect(mail.html).toContain('Hello');
    }
    // none of it went through the deployment's SES
    expect((await sentMail(herald)).filter((m) => m.subject === subject)).toHaveLength(0);
    // the message viewer shows them on its own providers' tab
    const viewer = await (await fetch(`${herald.mailViewerUrl}messages/own-email`, { headers: { 'accept-language': 'en' } })).text();
    expect(viewer.split(subject).length - 1).toBeGreaterThanOrEqual(3);
    expect(viewer).toContain('the organization’s SMTP server (STARTTLS)');
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  }, 90_000);
});

describe('a message through the organization’s e-mail API', () => {
  it('is posted in SendGrid’s shape with the bearer key: sender, headers and the plan in custom_args', async () => {
    const saved = await useProvider(callers.admin, emailApi({ replyEmail: 'help@api-shop.example' }));
    const people = await audience(1, 2);
    const subject = `API sale ${tag()}`;
    const planId = await sendCampaign(callers.admin, subject, people.segmentId);
    const rows = await recordsOf(callers.admin, planId, 2);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT']);
    const got = await apiReceived(people.emails);
    expect(got.map((m) => m.to[0]).sort()).toEqual([...people.emails].sort());
    for (const mail of got) {
      expect(mail).toMatchObject({ from: 'news@api-shop.example', replyTo: 'help@api-shop.example', subject, customArgs: { plan: planId } });
      expect(mail.headers['List-Unsubscribe']).toMatch(/^<http.+>$/);
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain('Hello');
      expect(mail.html).toContain('Hello');
    }
    expect((await sentMail(herald)).filter((m) => m.subject === subject)).toHaveLength(0);
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  }, 90_000);
});

describe('a message through SES in the organization’s own account', () => {
  it('leaves from the organization’s sender, signed with its keys and region, with its configuration set', async () => {
    const saved = await useProvider(callers.admin, ses());
    const people = await audience(1, 2);
    const subject = `SES sale ${tag()}`;
    const planId = await sendCampaign(callers.admin, subject, people.segmentId);
    expect((await recordsOf(callers.admin, planId, 2)).map((r) => r.status)).toEqual(['SENT', 'SENT']);
    const got = (await sentMail(herald)).filter((m) => m.subject === subject) as unknown as ({ from: string; destination: { to: string[] } } & SesSender)[];
    expect(got.flatMap((m) => m.destination.to).sort()).toEqual([...people.emails].sort());
    // signed with the organization's own keys, in its region, with its configuration set
    for (const m of got) expect(m).toMatchObject({ from: 'news@ses-org.example', accessKeyId: 'AKIAORGSESEXAMPLE001', region: 'eu-west-1', configurationSetName: 'org-events' });
    // another organization's mail stays on the deployment's keys and configuration set
    const theirs = await audience(otherOrg, 1);
    const theirSubject = `Deployment SES ${tag()}`;
    await recordsOf(callers.other, await sendCampaign(callers.other, theirSubject, theirs.segmentId), 1);
    const [deployment] = (await sentMail(herald)).filter((m) => m.subject === theirSubject) as unknown as ({ from: string } & SesSender)[];
    expect(deployment?.from).toBe(herald.rt.config.mailFrom);
    expect(deployment?.accessKeyId).not.toBe('AKIAORGSESEXAMPLE001');
    expect(deployment?.configurationSetName).not.toBe('org-events');
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  }, 90_000);
});

describe('two organizations on different providers at the same time', () => {
  it('each organization’s mails leave through its own provider only', async () => {
    const [mine, theirs] = await Promise.all([useProvider(callers.admin, smtp()), useProvider(callers.other, emailApi())]);
    const [ours, others] = await Promise.all([audience(1, 4), audience(otherOrg, 4)]);
    const subject = `Together ${tag()}`;
    const [ourPlan, theirPlan] = await Promise.all([sendCampaign(callers.admin, `${subject} 1`, ours.segmentId), sendCampaign(callers.other, `${subject} 2`, others.segmentId)]);
    await Promise.all([recordsOf(callers.admin, ourPlan, 4), recordsOf(callers.other, theirPlan, 4)]);
    const everyone = [...ours.emails, ...others.emails];
    const bySmtp = await smtpReceived(everyone);
    const byApi = await apiReceived(everyone);
    expect(bySmtp.map((m) => m.envelope.to[0]).sort()).toEqual([...ours.emails].sort());
    expect(byApi.map((m) => m.to[0]).sort()).toEqual([...others.emails].sort());
    expect(bySmtp.every((m) => m.from === 'news@smtp-bank.example' && m.subject === `${subject} 1`)).toBe(true);
    expect(byApi.every((m) => m.from === 'news@api-shop.example' && m.subject === `${subject} 2`)).toBe(true);
    expect((await sentMail(herald)).filter((m) => m.subject.startsWith(subject))).toHaveLength(0);
    await Promise.all([callers.admin.ok('messageProvider.delete', { id: mine.id }), callers.other.ok('messageProvider.delete', { id: theirs.id })]);
  }, 120_000);
});

describe('refusals end as failed records with the provider’s words, one per recipient', () => {
  const once = (rows: Row[], emails: string[]) => expect(rows.map((r) => r.address).sort()).toEqual([...emails].sort());

  it('a wrong SMTP password fails every recipient with the server’s answer', async () => {
    const saved = await useProvider(callers.admin, smtp({ password: 'not-the-password' }));
    const people = await audience(1, 3);
    const planId = await sendCampaign(callers.admin, `Wrong password ${tag()}`, people.segmentId);
    const rows = await recordsOf(callers.admin, planId, 3);
    once(rows, people.emails);
    for (const r of rows) expect(r).toMatchObject({ status: 'FAILED', reason: 'UNEXPECTED', detail: 'SMTP 535 Authentication failed' });
    expect(await smtpReceived(people.emails)).toHaveLength(0);
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  }, 90_000);

  it('an SMTP server that refuses the sender, or a mailbox it does not know, fails them; the others are sent', async () => {
    const sender = `unverified-${tag()}@smtp-bank.example`;
    await answer('smtp', sender, 'failed');
    const refused = await useProvider(callers.admin, smtp({ fromEmail: sender }));
    const people = await audience(1, 2);
    const planId = await sendCampaign(callers.admin, `Refused sender ${tag()}`, people.segmentId);
    const rows = await recordsOf(callers.admin, planId, 2);
    once(rows, people.emails);
    for (const r of rows) expect(r.status).toBe('FAILED');
    expect(rows[0]!.detail).toMatch(/^SMTP 553 5\.7\.1 Sender address rejected/);
    await callers.admin.ok('messageProvider.delete', { id: refused.id });

    const saved = await useProvider(callers.admin, smtp());
    const more = await audience(1, 3);
    await answer('smtp', more.emails[1]!, 'dead');
    await answer('smtp', more.emails[2]!, 'closing', 2);
    const next = await sendCampaign(callers.admin, `Unknown mailbox ${tag()}`, more.segmentId);
    const after = await recordsOf(callers.admin, next, 3);
    once(after, more.emails);
    const of = (address: string) => after.find((r) => r.address === address)!;
    expect(of(more.emails[0]!).status).toBe('SENT');
    expect(of(more.emails[1]!)).toMatchObject({ status: 'FAILED', reason: 'BOUNCE' });
    expect(of(more.emails[1]!).detail).toContain('SMTP 550 5.1.1');
    // a 421 (the server closing the connection) is a throttle: tried again, and sent
    expect(of(more.emails[2]!).status).toBe('SENT');
    expect((await smtpReceived(more.emails)).map((m) => m.envelope.to[0]).sort()).toEqual([more.emails[0], more.emails[2]].sort());
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  }, 120_000);

  it('an e-mail API that refuses the key or the sender fails every recipient with its error text', async () => {
    const badKey = await useProvider(callers.admin, emailApi({ apiKey: 'SG.wrong' }));
    const people = await audience(1, 2);
    const rows = await recordsOf(callers.admin, await sendCampaign(callers.admin, `Bad key ${tag()}`, people.segmentId), 2);
    once(rows, people.emails);
    for (const r of rows) expect(r).toMatchObject({ status: 'FAILED', detail: 'EMAIL API 401: The provided authorization grant is invalid, expired, or revoked' });
    await callers.admin.ok('messageProvider.delete', { id: badKey.id });

    const sender = `unverified-${tag()}@api-shop.example`;
    await answer('emailApi', sender, 'refused');
    const refused = await useProvider(callers.admin, emailApi({ fromEmail: sender }));
    const more = await audience(1, 2);
    const after = await recordsOf(callers.admin, await sendCampaign(callers.admin, `API sender ${tag()}`, more.segmentId), 2);
    once(after, more.emails);
    for (const r of after) expect(r).toMatchObject({ status: 'FAILED', detail: 'EMAIL API 403: from: The from address does not match a verified Sender Identity.' });
    expect(await apiReceived([...people.emails, ...more.emails])).toHaveLength(0);
    await callers.admin.ok('messageProvider.delete', { id: refused.id });
  }, 120_000);
});

describe('testing through the provider', () => {
  it('a provider test sends one real mail through SMTP and reports the server’s answer', async () => {
    const saved = await callers.admin.ok('messageProvider.save', smtp({ isDefault: false }));
    const to = `probe-${tag()}@example.com`;
    const ok = await callers.admin.call<{ status: string; providerId: string; message: string }>('messageProvider.test', { id: saved.id, to }, { 'x-lang': 'zh' });
    expect(ok.payload).toMatchObject({ status: 'SENT' });
    expect(ok.payload.message).toContain('已发送');
    const [got] = await smtpReceived([to]);
    expect(got).toMatchObject({ from: 'news@smtp-bank.example', messageId: ok.payload.providerId });
    expect(got!.subject).toContain(saved.title);

    const tls = await callers.admin.ok('messageProvider.save', smtp({ isDefault: false, smtpSecurity: 'TLS', port: stand().smtpTlsPort }));
    const overTls = `tls-${tag()}@example.com`;
    expect((await callers.admin.ok('messageProvider.test', { id: tls.id, to: overTls })).status).toBe('SENT');
    expect((await smtpReceived([overTls]))[0]?.security).toBe('TLS');

    const wrong = await callers.admin.ok('messageProvider.save', smtp({ isDefault: false, password: 'nope' }));
    const refused = await callers.admin.call<{ status: string; detail: string; message: string }>('messageProvider.test', { id: wrong.id, to }, { 'x-lang': 'ja' });
    expect(refused.payload).toMatchObject({ status: 'FAILED', detail: 'SMTP 535 Authentication failed' });
    expect(refused.payload.message).toBe('申し訳ありません。メッセージは送信されませんでした。プロバイダーの応答：SMTP 535 Authentication failed');
    for (const p of [saved, tls, wrong]) await callers.admin.ok('messageProvider.delete', { id: p.id });
  });

  it('on AWS an SMTP host on this machine is refused before any connection', async () => {
    const saved = await callers.admin.ok('messageProvider.save', smtp({ isDefault: false }));
    const policy = herald.rt.config.outbound;
    policy.allowLoopback = false;
    try {
      const answered = await callers.admin.ok('messageProvider.test', { id: saved.id, to: `aws-${tag()}@example.com` });
      expect(answered).toMatchObject({ status: 'FAILED' });
      expect(answered.detail).toContain('not a public internet address');
    } finally {
      policy.allowLoopback = true;
    }
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  });

  it('a message’s test mail goes through the organization’s provider, marked [TEST]', async () => {
    const saved = await useProvider(callers.admin, smtp());
    const { organization } = await callers.admin.ok('systemSetting.detail');
    const to = `qa-${tag()}@example.com`;
    await callers.admin.ok('systemSetting.save', { ...organization, testAddresses: [to] });
    const people = await audience(1, 1);
    const subject = `Test through SMTP ${tag()}`;
    const draft = await callers.admin.ok('plan.saveSingle', { name: subject, title: subject, channel: 'EMAIL', content: emailContent(subject), segmentId: people.segmentId });
    expect(await callers.admin.ok('plan.testEmail', { id: draft.id, emails: [to] })).toEqual({ sent: 1 });
    const [got] = await smtpReceived([to]);
    expect(got).toMatchObject({ subject: `[TEST] ${subject}`, from: 'news@smtp-bank.example' });
    expect((await sentMail(herald)).filter((m) => m.subject === `[TEST] ${subject}`)).toHaveLength(0);

    // the provider's refusal is the caller's answer
    await callers.admin.ok('messageProvider.save', { ...smtp(), id: saved.id, version: saved.version, title: saved.title, password: 'nope' });
    const refused = await callers.admin.call('plan.testEmail', { id: draft.id, emails: [to] });
    expect(refused.body.errorCode).toBe('400016');
    expect(refused.body.errorMessage).toContain('SMTP 535 Authentication failed');
    expect(refused.body.errorMessage).toContain('Sorry, the message was not sent.');
    await callers.admin.ok('messageProvider.delete', { id: saved.id });
  });
});
