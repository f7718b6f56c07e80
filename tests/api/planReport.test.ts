/**
 * The plan report (report.plan, issue 24 item 3): chosen messages over a range of UTC days, each row counted from
 * its runs' hourly counters. Two messages sent three days apart through the real pipeline and the SES stand-in:
 * the report's sends equal the mails the stand-in received for each, a range holding one day holds one message's
 * sends, and the group's name comes along. Bad input gets catalogue errors; another organization's message is missing.
 * The same report as a Word file (reportExport.downloadWordReport) is read back with mammoth and holds the same figures.
 */
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { ApiClient, manualClock, sentMail, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
// a fixed day early in a month: the two messages sent three days apart fall in one month whatever the real date
const clock = manualClock(Date.UTC(2026, 10, 10, 9));
const startedAt = clock.t;
const dayOf = (offset: number) => new Date(startedAt - (startedAt % DAY) + offset * DAY).toISOString().slice(0, 10);
let d0: string;
let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;
let approver: ApiClient;
let approverId: string;
let segmentId: string;
let groupId: string;
const sent: Record<string, string> = {};
const AUDIENCE = ['rp-0', 'rp-1', 'rp-2', 'rp-3'];

async function sendOut(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  await admin.login(...admin.credentials!);
  await approver.login('rp.approver', 'Approve@1234');
  const plan = await admin.ok('plan.saveSingle', {
    name,
    title: name,
    channel: 'EMAIL',
    segmentId,
    content: { kind: 'EMAIL', template: { contents: { en: { subject: `Report ${name}`, blocks: [{ type: 'heading', text: 'Hi' }] } } } },
    ...extra,
  });
  await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approverId], deadline: clock.now() + DAY });
  await approver.ok('planAction.pass', { id: plan.id });
  await herald.delivery.idle();
  await until(
    `${name} sent`,
    async () => (await admin.ok('plan.detail', { id: plan.id })).status,
    (s) => s === 'DEPLOYED',
    30_000,
  );
  return plan.id as string;
}

beforeAll(async () => {
  herald = await startHerald({ clock, config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  ({ admin, other, nobody } = await twoOrganizations(herald, 'rp'));
  const store = new Store(herald.rt);
  const now = clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  await Promise.all(
    AUDIENCE.map((id, i) =>
      store.put('account', {
        ...accountKey(1, id),
        orgId: 1,
        emails: [`${id}@example.com`],
        // one has withdrawn: matched and skipped, never mailed
        emailConsent: i !== 3,
        smsConsent: false,
        pushConsent: false,
        lineConsent: false,
        tags: [],
        attributes: { cohort: 'rp' },
        ...audit,
      }),
    ),
  );
  segmentId = (await admin.ok('segment.save', { name: 'Report cohort', rule: { op: 'AND', conditions: [{ field: 'attributes.cohort', operator: 'equals', value: 'rp' }] } })).id;
  groupId = (await admin.ok('planGroup.save', { name: 'Newsletters' })).id;
  const role = await admin.ok('userRole.save', {
    name: 'Approver rp',
    code: 'APPROVER_RP',
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC', 'MESSAGE_TYPE_LIFECYCLE'],
  });
  approverId = (await admin.ok('user.save', { username: 'rp.approver', email: 'rp.approver@example.com', roleId: role.id, password: 'Approve@1234' })).id;
  approver = new ApiClient(herald);
  d0 = dayOf(0);
  sent.first = await sendOut('First', { groupId });
  clock.advance(3 * DAY);
  sent.second = await sendOut('Second', { messageType: 2 });
}, 120_000);
afterAll(() => herald?.stop());

/** What the SES stand-in received for a message: the raw events, counted apart from the ledger. */
async function mailsOf(name: string): Promise<number> {
  return (await sentMail(herald)).filter((m) => m.subject === `Report ${name}`).length;
}

it('counts each message from its runs, equal to the mails the provider received', async () => {
  const report = await admin.ok('report.plan', { planIds: [sent.first, sent.second], start: d0, end: dayOf(3) });
  expect(report.rows.map((r: { name: string }) => r.name)).toEqual(['First', 'Second']);
  const [first, second] = report.rows;
  expect(first).toMatchObject({ planId: sent.first, channel: 'EMAIL', groupName: 'Newsletters' });
  expect(second.groupName).toBeUndefined();
  expect(first.totals.sent).toBe(await mailsOf('First'));
  expect(second.totals.sent).toBe(await mailsOf('Second'));
  expect(first.totals).toMatchObject({ matched: 4, sent: 3, skipped: 1, failed: 0 });
  expect(report.total).toMatchObject({ matched: 8, sent: 6, skipped: 2 });
});

it('takes only the hours within the chosen UTC days', async () => {
  const day1 = await admin.ok('report.plan', { planIds: [sent.first, sent.second], start: d0, end: d0 });
  expect(day1.rows.map((r: { totals: { sent: number } }) => r.totals.sent)).toEqual([3, 0]);
  const day5 = await admin.ok('report.plan', { planIds: [sent.first, sent.second], start: dayOf(1), end: dayOf(5) });
  expect(day5.rows.map((r: { totals: { sent: number } }) => r.totals.sent)).toEqual([0, 3]);
  const before = await admin.ok('report.plan', { planIds: [sent.first], start: dayOf(-30), end: dayOf(-1) });
  expect(before.total.sent).toBe(0);
});

it('refuses bad input with catalogue errors, in the caller language', async () => {
  const bad = async (payload: Record<string, unknown>) => (await admin.call('report.plan', payload)).body;
  expect(await bad({ planIds: [], start: '2026-11-01', end: '2026-11-02' })).toMatchObject({
    errorCode: '400016',
    errorMessage: expect.stringContaining('No Message ID were selected'),
  });
  expect(await bad({ planIds: [sent.first], start: '2026-11-05', end: '2026-11-01' })).toMatchObject({
    errorCode: '400016',
    errorMessage: expect.stringContaining('start date should be earlier than the end date!'),
  });
  expect(await bad({ planIds: [sent.first], start: '2026-02-31', end: '2026-03-01' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('2026-11-01') });
  expect(await bad({ planIds: [sent.first], start: '2025-01-01', end: '2026-11-01' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('366 days') });
  expect(await bad({ planIds: Array.from({ length: 51 }, (_, i) => `p${i}`), start: '2026-11-01', end: '2026-11-02' })).toMatchObject({ errorCode: '400016' });
  const ja = await admin.call('report.plan', { planIds: [sent.first], start: '2026-11-05', end: '2026-11-01' }, { 'x-lang': 'ja' });
  expect(ja.body.errorMessage).toContain('開始日は終了日より前にしてください');
});

it("answers another organization's message as missing, and a caller without the permission 730001", async () => {
  const range = { start: dayOf(-1), end: dayOf(5) };
  // the clock moved three days on since they signed in
  await other.login(...other.credentials!);
  await nobody.login(...nobody.credentials!);
  expect((await other.call('report.plan', { planIds: [sent.first], ...range })).body).toMatchObject({ errorCode: '720003' });
  expect((await other.call('report.plan', { planIds: ['no-such-plan'], ...range })).body).toMatchObject({ errorCode: '720003' });
  expect((await nobody.call('report.plan', { planIds: [sent.first], ...range })).body).toMatchObject({ errorCode: '730001' });
});

describe('the Word report (reportExport.downloadWordReport)', () => {
  /** The document behind the answer's link, as text and as HTML (images as data URLs), read back with mammoth. */
  async function wordOf(client: ApiClient, payload: Record<string, unknown>, lang = 'en') {
    const answer = await client.call('reportExport.downloadWordReport', payload, { 'x-lang': lang });
    expect(answer.body.errorCode, JSON.stringify(answer.body)).toBeNull();
    const link = answer.body.payload as { url: string; fileName: string; contentType: string };
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    const buffer = Buffer.from(await res.arrayBuffer());
    const [{ value: text }, { value: html }] = await Promise.all([mammoth.extractRawText({ buffer }), mammoth.convertToHtml({ buffer })]);
    return { link, text, html };
  }

  it('holds the organization, the period, a chart and the same figures as the report, in the reader language', async () => {
    await admin.login(...admin.credentials!);
    const payload = { planIds: [sent.first, sent.second], start: d0, end: dayOf(3) };
    const report = await admin.ok('report.plan', payload);
    const org = await new Store(herald.rt).get('organization', { id: 1 });
    const { link, text, html } = await wordOf(admin, payload);
    expect(link).toMatchObject({ fileName: `plan-report-${d0}-${dayOf(3)}.docx`, contentType: expect.stringContaining('wordprocessingml') });
    expect(text).toContain('Message report');
    expect(text).toContain(`Organization: ${org!.name}`);
    expect(text).toContain(`Period (UTC): ${d0} to ${dayOf(3)}`);
    // one PNG chart, described for screen readers
    expect(html.match(/<img [^>]*src="data:image\/png;base64,/g)).toHaveLength(1);
    expect(html).toContain('alt="Bar chart of sent, opens and clicks per message"');
    // the table: a row per message and the total, each cell as the report screen shows it
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '')));
    expect(rows[0]).toEqual([
      'Message',
      'Group',
      'Channel',
      'Message type',
      'Sent',
      'Success rate',
      'Failures',
      'Opens',
      'Open rate',
      'Clicks',
      'CTR',
      'Unsubscribes',
      'Hard bounces',
    ]);
    const sentOf = (r: { totals: { sent: number } }) => String(r.totals.sent);
    expect(rows[1]!.slice(0, 5)).toEqual(['First', 'Newsletters', 'Email', 'Ad-Hoc', sentOf(report.rows[0])]);
    expect(rows[2]!.slice(0, 5)).toEqual(['Second', '', 'Email', 'Lifecycle', sentOf(report.rows[1])]);
    expect(rows[3]!.slice(0, 5)).toEqual(['Total', '', '', '', String(report.total.sent)]);
    // and the sends are the provider's own count, not only the report's
    expect(Number(rows[1]![4])).toBe(await mailsOf('First'));
    expect(Number(rows[3]![4])).toBe((await mailsOf('First')) + (await mailsOf('Second')));
    expect(rows[1]![5]).toBe('100.00%');
  });

  it('is written in Japanese and Chinese for readers of those languages', async () => {
    const payload = { planIds: [sent.first], start: d0, end: dayOf(3) };
    const ja = await wordOf(admin, payload, 'ja');
    expect(ja.text).toContain('メッセージレポート');
    expect(ja.text).toContain(`期間（UTC）：${d0} ～ ${dayOf(3)}`);
    expect(ja.html).toContain('送信数');
    expect(ja.html).toContain('アドホック');
    expect(ja.html).toContain('メール');
    const zh = await wordOf(admin, payload, 'zh');
    expect(zh.text).toContain('消息报告');
    expect(zh.html).toContain('打开率');
  });

  it("refuses bad input as the report does, and answers another organization's message as missing", async () => {
    const bad = async (client: ApiClient, payload: Record<string, unknown>) => (await client.call('reportExport.downloadWordReport', payload)).body;
    expect(await bad(admin, { planIds: [], start: '2026-11-01', end: '2026-11-02' })).toMatchObject({ errorCode: '400016' });
    expect(await bad(admin, { planIds: [sent.first], start: '2026-11-05', end: '2026-11-01' })).toMatchObject({ errorCode: '400016' });
    expect(await bad(admin, { planIds: [sent.first], start: 'yesterday', end: '2026-11-01' })).toMatchObject({ errorCode: '400016' });
    await other.login(...other.credentials!);
    await nobody.login(...nobody.credentials!);
    expect(await bad(other, { planIds: [sent.first], start: d0, end: dayOf(3) })).toMatchObject({ errorCode: '720003' });
    expect(await bad(nobody, { planIds: [sent.first], start: d0, end: dayOf(3) })).toMatchObject({ errorCode: '730001' });
  });
});

describe('the monthly report', () => {
  it('is made once on the first of the month (at 12:00 UTC) from the scheduler, mailed to the report mails, and downloads as Word', async () => {
    await admin.login(...admin.credentials!);
    await admin.ok('plan.editReportMails', { id: sent.first, reportMails: ['Lead@example.com', 'boss@example.com'] });
    const now = new Date(clock.now());
    const month = now.toISOString().slice(0, 7);
    const mailsAbout = async () => (await sentMail(herald)).filter((m) => m.subject === `Herald monthly report for ${month}`);
    // nothing before the month is over
    await herald.scheduler.fireDue();
    await herald.jobs.idle();
    expect(await mailsAbout()).toHaveLength(0);
    // 12:00 UTC on the first: the month has ended in every zone
    clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 30) - clock.now());
    await herald.scheduler.fireDue();
    await herald.jobs.idle();
    expect(await mailsAbout()).toHaveLength(0);
    clock.advance(12 * 3600_000);
    await herald.scheduler.fireDue();
    await herald.jobs.idle();
    await until('the monthly report mailed', mailsAbout, (m) => m.length === 2, 20_000);
    const mails = await mailsAbout();
    expect(mails.flatMap((m) => m.destination.to).sort()).toEqual(['boss@example.com', 'lead@example.com']);
    const sentInMonth = (await mailsOf('First')) + (await mailsOf('Second'));
    expect(mails[0]!.body.text).toContain(`2 messages, ${sentInMonth} sent`);
    expect(mails[0]!.body.text).toContain('/monthly-reports');

    await admin.login(...admin.credentials!);
    const { rows } = await admin.ok('monthlyReport.list', {});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ month, status: 'DONE', messages: 2, sent: sentInMonth, mailedTo: ['lead@example.com', 'boss@example.com'] });
    const link = await admin.ok('monthlyReport.download', { month });
    const buffer = Buffer.from(await (await fetch(link.url)).arrayBuffer());
    const { value: text } = await mammoth.extractRawText({ buffer });
    expect(text).toContain('First');
    expect(text).toContain('Second');
    const { start, end } = { start: `${month}-01`, end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10) };
    expect(text).toContain(`Period (UTC): ${start} to ${end}`);

    // the schedule firing again, or its job delivered twice, makes and mails nothing more
    clock.advance(60_000);
    await herald.scheduler.fireDue();
    await herald.rt.jobs.post({ kind: 'monthlyReport', orgId: 1, month });
    await herald.rt.jobs.post({ kind: 'monthlyReports' });
    await herald.jobs.idle();
    expect(await mailsAbout()).toHaveLength(2);
    expect((await admin.ok('monthlyReport.list', {})).rows).toHaveLength(1);
  });

  it("keeps each organization's reports to itself and refuses bad months", async () => {
    await other.login(...other.credentials!);
    await nobody.login(...nobody.credentials!);
    const month = monthOfClock();
    const theirs = await other.ok('monthlyReport.list', {});
    expect(theirs.rows.every((r: { messages: number; sent: number }) => r.messages === 0 && r.sent === 0)).toBe(true);
    expect((await other.call('monthlyReport.download', { month: '1999-01' })).body).toMatchObject({ errorCode: '720003' });
    expect((await admin.call('monthlyReport.download', { month: '2026-13' })).body).toMatchObject({ errorCode: '400016' });
    expect((await admin.call('monthlyReport.download', { month: 'november' })).body).toMatchObject({ errorCode: '400016' });
    expect((await nobody.call('monthlyReport.list', {})).body).toMatchObject({ errorCode: '730001' });
    expect(month).toMatch(/^\d{4}-\d{2}$/);
  });
});

/** The month before the clock's (the one the monthly report covered). */
function monthOfClock(): string {
  const d = new Date(clock.now());
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

describe('requested reports', () => {
  const range = () => ({ start: d0, end: dayOf(3) });
  /** Asks for a report and waits for its job: the record as it ends. */
  async function made(client: ApiClient, payload: Record<string, unknown>) {
    const asked = await client.ok('requestedReport.create', { ...range(), ...payload });
    expect(asked).toMatchObject({ status: 'QUEUED', progress: 0 });
    await herald.jobs.idle();
    return until(
      'the report made',
      () => client.ok('requestedReport.detail', { id: asked.id }),
      (r: { status: string }) => r.status === 'DONE' || r.status === 'FAILED',
      20_000,
    );
  }
  const fileOf = async (client: ApiClient, id: string) => Buffer.from(await (await fetch((await client.ok('requestedReport.download', { id })).url)).arrayBuffer());

  it('makes a requested plan report and a summary as Word files with the same figures as the plan report', async () => {
    await admin.login(...admin.credentials!);
    const report = await admin.ok('report.plan', { planIds: [sent.first, sent.second], ...range() });
    const requested = await made(admin, { kind: 'REQUESTED', name: 'Both', planIds: [sent.first, sent.second] });
    expect(requested).toMatchObject({ status: 'DONE', progress: 100, fileName: `requested-report-${d0}-${dayOf(3)}.docx` });
    const text = (await mammoth.extractRawText({ buffer: await fileOf(admin, requested.id) })).value;
    expect(text).toContain('Message report');
    expect(text).toMatch(new RegExp(`Total\\s+${report.total.sent}\\s`));
    // the summary finds every message sent in the range by itself
    const summary = await made(admin, { kind: 'SUMMARY', name: 'All' });
    expect(summary.planIds).toEqual([]);
    const summaryText = (await mammoth.extractRawText({ buffer: await fileOf(admin, summary.id) })).value;
    expect(summaryText).toContain('Summary report');
    expect(summaryText).toContain('First');
    expect(summaryText).toContain('Second');
    const listed = await admin.ok('requestedReport.getListByPage', { kind: 'REQUESTED', page: 0, size: 10 });
    expect(listed.list.map((r: { id: string }) => r.id)).toContain(requested.id);
    expect(listed.list.every((r: { kind: string }) => r.kind === 'REQUESTED')).toBe(true);
  });

  it('writes survey answers and custom columns as CSV in the requester language', async () => {
    const survey = await made(admin, { kind: 'SURVEY', name: 'Thumbs', planIds: [sent.first] });
    const surveyCsv = (await fileOf(admin, survey.id)).toString('utf8');
    const surveyLines = surveyCsv.replace(/^\uFEFF/, '').split('\r\n');
    // the period's days are the organization's zone's, named in the heading; no row is empty but the file's end
    expect(surveyLines[0]).toBe('Period (UTC),Message,Channel,Sent,Answers,Likes,Dislikes,Like rate');
    expect(surveyLines.slice(0, -1).every((line) => line !== '')).toBe(true);
    expect(surveyLines.at(-1)).toBe('');
    // a rate not measured ('--') has no apostrophe: it runs nothing in a spreadsheet
    expect(surveyCsv).toContain(`,First,Email,${await mailsOf('First')},0,0,0,--\r\n`);
    const asked = await admin.call(
      'requestedReport.create',
      { ...range(), kind: 'CUSTOM', name: 'Mine', planIds: [sent.second], columns: ['sent', 'openRate'] },
      { 'x-lang': 'ja' },
    );
    await herald.jobs.idle();
    const custom = await until(
      'custom made',
      () => admin.ok('requestedReport.detail', { id: (asked.body.payload as { id: string }).id }),
      (r: { status: string }) => r.status === 'DONE',
      20_000,
    );
    const customCsv = (await fileOf(admin, custom.id))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(customCsv[0]).toBe('期間（UTC）,メッセージ,グループ,チャネル,メッセージの種類,送信数,開封率');
    expect(customCsv[1]).toBe(`${range().start} – ${range().end},Second,,メール,ライフサイクル,${await mailsOf('Second')},0.00%`);
  });

  it('keeps each tab to its permission and each organization to itself, refuses bad input, and deletes', async () => {
    const role = await admin.ok('userRole.save', { name: 'Summary reader', code: 'SUMMARY_READER', permissions: ['NAV_HOME', 'NAV_SUMMARY_REPORT'] });
    await admin.ok('user.save', { username: 'rp.summary', email: 'rp.summary@example.com', roleId: role.id, password: 'Summary@1234' });
    const reader = new ApiClient(herald);
    await reader.login('rp.summary', 'Summary@1234');
    const mine = await made(reader, { kind: 'SUMMARY', name: 'Reader summary' });
    expect(mine.status).toBe('DONE');
    const theirs = (await admin.ok('requestedReport.getListByPage', { kind: 'REQUESTED', page: 0, size: 10 })).list[0];
    expect((await reader.call('requestedReport.create', { ...range(), kind: 'REQUESTED', name: 'x', planIds: [sent.first] })).body.errorCode).toBe('730001');
    expect((await reader.call('requestedReport.getListByPage', { kind: 'REQUESTED', page: 0, size: 10 })).body.errorCode).toBe('730001');
    expect((await reader.call('requestedReport.detail', { id: theirs.id })).body.errorCode).toBe('720003');
    expect((await reader.call('requestedReport.download', { id: theirs.id })).body.errorCode).toBe('720003');

    await other.login(...other.credentials!);
    expect((await other.call('requestedReport.detail', { id: theirs.id })).body.errorCode).toBe('720003');
    expect((await other.call('requestedReport.delete', { id: theirs.id })).body.errorCode).toBe('720003');
    expect((await other.call('requestedReport.create', { ...range(), kind: 'REQUESTED', name: 'x', planIds: [sent.first] })).body.errorCode).toBe('720003');
    expect((await other.ok('requestedReport.getListByPage', { kind: 'REQUESTED', page: 0, size: 10 })).total).toBe(0);

    const bad = async (payload: Record<string, unknown>) => (await admin.call('requestedReport.create', { ...range(), name: 'Bad', ...payload })).body;
    expect(await bad({ kind: 'REQUESTED', planIds: [] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('No Message ID were selected') });
    expect(await bad({ kind: 'CUSTOM', planIds: [sent.first], columns: [] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('at least one column') });
    expect(await bad({ kind: 'CUSTOM', planIds: [sent.first], columns: ['secret'] })).toMatchObject({ errorCode: '400016' });
    expect(await bad({ kind: 'WEEKLY' })).toMatchObject({ errorCode: '400016' });
    expect(await bad({ kind: 'SUMMARY', start: dayOf(3), end: d0 })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('start date should be earlier than the end date!'),
    });
    expect(await bad({ kind: 'SUMMARY', name: '' })).toMatchObject({ errorCode: '400016' });

    await admin.ok('requestedReport.delete', { id: theirs.id });
    expect((await admin.call('requestedReport.detail', { id: theirs.id })).body.errorCode).toBe('720003');
  });
});
