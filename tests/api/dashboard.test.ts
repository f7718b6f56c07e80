/**
 * The dashboard's numbers (dashboardMetric, issue 24 items 1 and 2) on the real local stack: two e-mail messages
 * sent two days apart through the pipeline and the SES stand-in, then opened, clicked, liked, unsubscribed and
 * bounced through the real tracking links and the provider-feedback job. Every number the dashboard answers
 * equals a count derived here from those raw events, and stays so after every event (sends included) is
 * delivered a second time. Another organization's numbers are never seen; bad ranges get catalogue errors.
 */
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../functions/delivery/ledger';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { createSdkClient } from '../../shared/sdk/client';
import { rankOf } from '../../shared/services/dashboard';
import { type ApiClient, manualClock, sentMail, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { approverOf } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
// near the real time: session tokens are checked against it too
const clock = manualClock(Date.now());
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const OFFER = 'https://example.com/offer';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;
let approver: ApiClient;
let approverId: string;
let otherOrgId: number;

type Kind = 'open' | 'click' | 'like' | 'unsubscribe' | 'bounce';
/** What a test did to a recipient's mail: the raw events the numbers must come from. */
interface RawEvent {
  plan: string;
  who: string;
  kind: Kind;
}
interface Sent {
  name: string;
  id: string;
  runId: string;
  day: string;
  hour: string;
  /** each recipient's address and its mail's tracking links */
  mails: Map<string, { pixel: string; click: string; like: string; unsubscribe: string }>;
  recipients: { accountId: string; address: string }[];
}
const sends: Sent[] = [];
const events: RawEvent[] = [];
/** Dashboard groups of organization 1: the first message alone, and both. */
const groups = { first: '', both: '' };

/** `n` accounts of organization 1 with e-mail consent, and a segment of exactly them. */
async function audienceOf(tag: string, n: number): Promise<string> {
  const store = new Store(herald.rt);
  const now = clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      store.put('account', {
        ...accountKey(1, `${tag}-${i}`),
        orgId: 1,
        emails: [`${tag}-${i}@example.com`],
        emailConsent: true,
        smsConsent: false,
        pushConsent: false,
        lineConsent: false,
        tags: [],
        attributes: { cohort: tag },
        ...audit,
      }),
    ),
  );
  return (await admin.ok('segment.save', { name: `Cohort ${tag}`, rule: { op: 'AND', conditions: [{ field: 'attributes.cohort', operator: 'equals', value: tag }] } })).id;
}

async function sendOut(name: string, tag: string, n: number): Promise<Sent> {
  const segmentId = await audienceOf(tag, n);
  const plan = await admin.ok('plan.saveSingle', {
    name,
    title: name,
    channel: 'EMAIL',
    segmentId,
    content: {
      kind: 'EMAIL',
      template: {
        contents: {
          en: {
            subject: `Dash ${name}`,
            blocks: [
              { type: 'heading', text: 'Hi' },
              { type: 'button', text: 'See the offer', href: OFFER },
              { type: 'thumb', text: 'Was this helpful?' },
            ],
          },
        },
      },
    },
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
  const runId = (await admin.ok('planStatistics.detail', { id: plan.id })).runs[0].runId as string;
  const mails = new Map<string, Sent['mails'] extends Map<string, infer V> ? V : never>();
  for (const m of (await sentMail(herald)) as unknown as {
    subject: string;
    destination: { to: string[] };
    headers?: { name: string; value: string }[];
    body: { html: string };
  }[]) {
    if (m.subject !== `Dash ${name}`) continue;
    const urls = [...m.body.html.matchAll(/(?:href|src)="([^"]*\/service\/t\/[^"]+)"/g)].map((x) => x[1]!.replace(/&amp;/g, '&'));
    const unsubscribe = (m.headers ?? []).find((h) => h.name === 'List-Unsubscribe')!.value.slice(1, -1);
    mails.set(m.destination.to[0]!, {
      pixel: urls.find((u) => u.includes('/service/t/o/'))!,
      click: urls.find((u) => u.includes('/service/t/c/'))!,
      like: urls.filter((u) => u.includes('/service/t/f/'))[0]!,
      unsubscribe,
    });
  }
  const now = new Date(clock.now()).toISOString();
  const recipients = Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${i}`, address: `${tag}-${i}@example.com` }));
  return { name, id: plan.id, runId, day: now.slice(0, 10), hour: now.slice(11, 13), mails, recipients };
}

/** Does one raw event the way a reader or the provider does. */
async function happen(s: Sent, who: string, kind: Kind): Promise<void> {
  const links = s.mails.get(who)!;
  if (kind === 'open') expect((await fetch(links.pixel)).status).toBe(200);
  if (kind === 'click') expect((await fetch(links.click, { redirect: 'manual' })).status).toBe(302);
  if (kind === 'like') expect((await fetch(links.like)).status).toBe(200);
  if (kind === 'unsubscribe') {
    const res = await fetch(links.unsubscribe, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
  }
  if (kind === 'bounce') {
    const tags = { org: ['1'], plan: [s.id], run: [s.runId], 'ses:configuration-set': ['herald'] };
    await herald.rt.jobs.post({
      kind: 'emailFeedback',
      detail: { eventType: 'Bounce', mail: { tags }, bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: who }] } },
    });
    await herald.jobs.idle();
  }
}

/** Every send of a message's run again, as a redelivered queue message would: the ledger must refuse them all. */
async function resend(s: Sent): Promise<void> {
  await herald.rt.ports.queue.send('delivery', {
    kind: 'send',
    orgId: 1,
    planId: s.id,
    runId: s.runId,
    channel: 'EMAIL',
    recipients: s.recipients.map((r) => ({ ...r, consent: true })),
  });
  await herald.delivery.idle();
}

/** What the raw events say of a message, with the rule of spec 001 section 9: a recipient counts once per kind. */
function expected(s: Sent) {
  const of = (kinds: Kind[]) => new Set(events.filter((e) => e.plan === s.id && kinds.includes(e.kind)).map((e) => e.who)).size;
  const sent = s.mails.size;
  const bounces = of(['bounce']);
  return {
    attempted: sent,
    sent,
    delivered: sent - bounces,
    failed: 0,
    skipped: 0,
    // a click and an answer are opens too (images may be blocked)
    opens: of(['open', 'click', 'like']),
    clicks: of(['click']),
    unsubscribes: of(['unsubscribe']),
    bounces,
    complaints: 0,
    likes: of(['like']),
    dislikes: 0,
  };
}
type Counts = ReturnType<typeof expected>;
const sum = (list: Counts[]): Counts => {
  const out = { ...list[0]! };
  for (const c of list.slice(1)) for (const k of Object.keys(out) as (keyof Counts)[]) out[k] += c[k];
  return out;
};
const ZERO: Counts = { attempted: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, opens: 0, clicks: 0, unsubscribes: 0, bounces: 0, complaints: 0, likes: 0, dislikes: 0 };

beforeAll(async () => {
  herald = await startHerald({ clock, config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  ({ admin, other, nobody } = await twoOrganizations(herald, 'dsh'));
  admin.autoRefresh = true;
  other.autoRefresh = true;
  otherOrgId = (await other.ok('auth.configuration')).orgId;
  ({ id: approverId, client: approver } = await approverOf(admin, herald, 'dshapprover'));

  const first = await sendOut('First', 'dsa', 6);
  const [a0, a1, a2, a3, a4, a5] = first.recipients.map((r) => r.address) as [string, string, string, string, string, string];
  const plan: [string, Kind][] = [
    [a0, 'open'],
    [a1, 'open'],
    [a1, 'click'],
    [a2, 'open'],
    [a2, 'like'],
    [a3, 'click'],
    [a4, 'unsubscribe'],
    [a5, 'bounce'],
  ];
  for (const [who, kind] of plan) {
    await happen(first, who, kind);
    events.push({ plan: first.id, who, kind });
  }
  sends.push(first);

  clock.advance(2 * DAY);
  const second = await sendOut('Second', 'dsb', 3);
  const b0 = second.recipients[0]!.address;
  await happen(second, b0, 'open');
  events.push({ plan: second.id, who: b0, kind: 'open' });
  sends.push(second);

  // a bounce of organization 2's mail: counted there only
  const tags = { org: [String(otherOrgId)], plan: ['other-plan'], run: ['r1'], 'ses:configuration-set': ['herald'] };
  await herald.rt.jobs.post({
    kind: 'emailFeedback',
    detail: { eventType: 'Bounce', mail: { tags }, bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'far@example.com' }] } },
  });
  await herald.jobs.idle();

  groups.first = (await admin.ok('dashboardGroup.save', { name: 'First only', planIds: [first.id] })).id;
  groups.both = (await admin.ok('dashboardGroup.save', { name: 'Both', description: 'Every dashboard message', planIds: [first.id, second.id] })).id;
}, 180_000);
afterAll(() => herald?.stop());

const week = { preset: 'WEEK' } as const;

/** Every number the dashboard answers for organization 1, checked against the raw events. */
async function checkEverything(): Promise<void> {
  const [first, second] = sends as [Sent, Sent];
  const all = sum([expected(first), expected(second)]);
  expect(all.sent).toBe(first.mails.size + second.mails.size);

  const summary = await admin.ok('dashboardMetric.summary', week);
  expect(summary.range).toEqual({ start: dayOf(clock.now() - 6 * DAY), end: dayOf(clock.now()), days: 7, timeZone: 'UTC' });
  expect(summary.totals).toEqual(all);
  for (const c of summary.channels) expect(c.counts).toEqual(c.channel === 'EMAIL' ? all : ZERO);
  // e-mail has no device OS
  for (const o of summary.os) expect(o.counts).toEqual(ZERO);

  // one day holds one message's numbers
  const onFirst = await admin.ok('dashboardMetric.summary', { preset: 'CUSTOM', start: first.day, end: first.day });
  expect(onFirst.totals).toEqual(expected(first));

  // whole months are read from the month items: the same numbers
  const lastDay = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const months = { preset: 'CUSTOM', start: `${first.day.slice(0, 7)}-01`, end: lastDay(second.day) } as const;
  expect((await admin.ok('dashboardMetric.summary', months)).totals).toEqual(all);
  const daily = await admin.ok('dashboardMetric.trend', { range: months, resolution: 'FINE' });
  expect(daily.bucket).toBe('DAY');
  for (const p of daily.points) expect(p.opens).toBe(sends.find((x) => x.day === p.label) ? expected(sends.find((x) => x.day === p.label)!).opens : 0);
  expect((await admin.ok('dashboardMetric.ranking', months)).plans.map((p: { planId: string }) => p.planId).sort()).toEqual(sends.map((x) => x.id).sort());

  const trend = await admin.ok('dashboardMetric.trend', { range: week, resolution: 'DEFAULT' });
  expect(trend.bucket).toBe('DAY');
  expect(trend.points).toHaveLength(7);
  for (const p of trend.points) {
    const s = sends.find((x) => x.day === p.label);
    const e = s ? expected(s) : ZERO;
    expect(p).toEqual({ label: p.label, sent: e.sent, delivered: e.delivered, opens: e.opens, clicks: e.clicks });
  }
  const today = await admin.ok('dashboardMetric.trend', { range: { preset: 'TODAY' }, resolution: 'DEFAULT' });
  expect(today.bucket).toBe('HOUR');
  expect(today.points).toHaveLength(24);
  const e2 = expected(second);
  for (const p of today.points) expect(p.sent).toBe(p.label === `${second.day} ${second.hour}:00` ? e2.sent : 0);
  const coarse = await admin.ok('dashboardMetric.trend', { range: week, resolution: 'COARSE' });
  expect(coarse.bucket).toBe('WEEK');
  expect(coarse.points.reduce((n: number, p: { opens: number }) => n + p.opens, 0)).toBe(all.opens);

  const ranking = await admin.ok('dashboardMetric.ranking', week);
  const rates = sends.map((s) => expected(s).opens / expected(s).delivered);
  const average = (rates[0]! + rates[1]!) / 2;
  expect(ranking.averageOpenRate).toBeCloseTo(average, 10);
  const rows = sends
    .map((s, i) => {
      const { attempted, sent, delivered, opens, clicks } = expected(s);
      return { planId: s.id, name: s.name, channel: 'EMAIL', counts: { attempted, sent, delivered, opens, clicks }, openRate: rates[i], rank: rankOf(rates[i]!, average) };
    })
    .sort((a, b) => b.openRate! - a.openRate!);
  expect(ranking.plans).toHaveLength(2);
  expect(ranking.total).toBe(2);
  for (const [i, row] of rows.entries()) {
    expect(ranking.plans[i]).toMatchObject({ ...row, openRate: expect.closeTo(row.openRate!, 10) });
  }

  await checkGroups();

  // the plan report and its Word file hold the same raw counts per message
  const payload = { planIds: sends.map((x) => x.id), start: first.day, end: dayOf(clock.now()) };
  const report = await admin.ok('report.plan', payload);
  const word = await admin.ok('reportExport.downloadWordReport', payload);
  const html = (await mammoth.convertToHtml({ buffer: Buffer.from(await (await fetch(word.url)).arrayBuffer()) })).value;
  const table = [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '')));
  expect(table[0]).toEqual([
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
  for (const [i, s] of sends.entries()) {
    const e = expected(s);
    const { sent, failed, skipped, opens, clicks, unsubscribes, bounces, complaints, likes, dislikes } = e;
    expect(report.rows[i]).toMatchObject({ planId: s.id, totals: { sent, failed, skipped, opens, clicks, unsubscribes, bounces, complaints, likes, dislikes } });
    const cells = table[i + 1]!;
    expect(cells[0]).toBe(s.name);
    expect(cells[3]).toBe('Ad-Hoc');
    expect([cells[4], cells[6], cells[7], cells[9], cells[11], cells[12]].map(Number)).toEqual([sent, failed, opens, clicks, unsubscribes, bounces]);
  }
}

/** What a group's sub-dashboard can say of raw counts: what the counters kept per message hold (GROUP_UNMEASURED are 0). */
const measured = (c: Counts): Counts => ({ ...c, skipped: 0, unsubscribes: 0, complaints: 0, likes: 0, dislikes: 0 });

/** A dashboard group's numbers are its messages' own, as the raw events count them. */
async function checkGroups(): Promise<void> {
  const [first, second] = sends as [Sent, Sent];
  for (const [groupId, members] of [
    [groups.first, [first]],
    [groups.both, [first, second]],
  ] as const) {
    const want = measured(sum(members.map(expected)));
    const summary = await admin.ok('dashboardMetric.summary', { ...week, groupId });
    expect(summary.totals).toEqual(want);
    for (const c of summary.channels) expect(c.counts).toEqual(c.channel === 'EMAIL' ? want : ZERO);
    expect(summary.os).toEqual([]);
    expect(summary.unmeasured).toEqual(['skipped', 'unsubscribes', 'complaints', 'likes', 'dislikes']);

    const trend = await admin.ok('dashboardMetric.trend', { range: week, resolution: 'DEFAULT', groupId });
    expect(trend.points).toHaveLength(7);
    for (const p of trend.points) {
      const s = members.find((x) => x.day === p.label);
      const e = s ? expected(s) : ZERO;
      expect(p).toEqual({ label: p.label, sent: e.sent, delivered: e.delivered, opens: e.opens, clicks: e.clicks });
    }
    // per-message counts are kept per day: today is one day-point, not 24 hours
    const today = await admin.ok('dashboardMetric.trend', { range: { preset: 'TODAY' }, resolution: 'DEFAULT', groupId });
    expect(today.bucket).toBe('DAY');
    expect(today.points).toEqual([{ label: second.day, ...(members.includes(second) ? pick(expected(second)) : pick(ZERO)) }]);
    // a year is read from month items where it covers whole months: the same numbers
    const year = await admin.ok('dashboardMetric.trend', { range: { preset: 'YEAR' }, resolution: 'COARSE', groupId });
    expect(year.bucket).toBe('MONTH');
    expect(year.points.reduce((n: number, p: { opens: number }) => n + p.opens, 0)).toBe(want.opens);

    // whole months of day points: each month read whole
    const lastDay = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const months = { preset: 'CUSTOM', start: `${first.day.slice(0, 7)}-01`, end: lastDay(second.day) } as const;
    const daily = await admin.ok('dashboardMetric.trend', { range: months, resolution: 'DEFAULT', groupId });
    expect(daily.bucket).toBe('DAY');
    for (const p of daily.points) {
      const s = members.find((x) => x.day === p.label);
      expect(p).toEqual({ label: p.label, ...pick(s ? expected(s) : ZERO) });
    }

    const ranking = await admin.ok('dashboardMetric.ranking', { ...week, groupId });
    expect(ranking.plans.map((p: { planId: string }) => p.planId).sort()).toEqual(members.map((m) => m.id).sort());
    expect(ranking.total).toBe(members.length);
  }
}
const pick = (c: Counts) => ({ sent: c.sent, delivered: c.delivered, opens: c.opens, clicks: c.clicks });

describe('with known raw events', () => {
  it('answers every number as the raw events count it', async () => {
    await checkEverything();
  });

  it('answers the same after every event, sends included, is delivered a second time', async () => {
    // this file's mails only: the SES stand-in is shared with the files the other worker runs meanwhile
    const ourMails = async () => (await sentMail(herald)).filter((m) => m.subject.startsWith('Dash ')).length;
    const mailsBefore = await ourMails();
    expect(mailsBefore).toBeGreaterThan(0);
    for (const s of sends) await resend(s);
    for (const e of [...events]) await happen(sends.find((s) => s.id === e.plan)!, e.who, e.kind);
    // no mail went out twice
    expect(await ourMails()).toBe(mailsBefore);
    await checkEverything();
  });

  it('measures KPI targets over their period', async () => {
    await admin.ok('kpiTarget.save', { name: 'Sends this year', metric: 'SENT', target: 100, period: 'YEAR' });
    await admin.ok('kpiTarget.save', { name: 'Open rate this year', metric: 'OPEN_RATE', target: 80, period: 'YEAR' });
    const all = sum(sends.map(expected));
    // both sends fall in this year unless the test runs across New Year
    const inYear = sends.every((s) => s.day.slice(0, 4) === dayOf(clock.now()).slice(0, 4));
    const { targets } = await admin.ok('dashboardMetric.kpiProgress', {});
    const byName = new Map(targets.map((t: { name: string }) => [t.name, t]));
    expect(byName.get('Sends this year')).toMatchObject({ metric: 'SENT', start: `${dayOf(clock.now()).slice(0, 4)}-01-01`, end: dayOf(clock.now()) });
    if (inYear) {
      expect(byName.get('Sends this year')).toMatchObject({ actual: all.sent, progress: expect.closeTo((all.sent / 100) * 100, 10) });
      const rate = (all.opens / all.delivered) * 100;
      expect(byName.get('Open rate this year')).toMatchObject({ actual: expect.closeTo(rate, 10), progress: expect.closeTo((rate / 80) * 100, 10) });
    }
    // a group's progress counts its messages only; it has no unsubscribe counts of its own
    await admin.ok('kpiTarget.save', { name: 'Unsubscribes this year', metric: 'UNSUBSCRIBE_RATE', target: 1, period: 'YEAR' });
    const ofFirst = new Map((await admin.ok('dashboardMetric.kpiProgress', { groupId: groups.first })).targets.map((t: { name: string }) => [t.name, t]));
    expect(ofFirst.get('Unsubscribes this year')).toMatchObject({ actual: null, progress: null });
    if (inYear) expect(ofFirst.get('Sends this year')).toMatchObject({ actual: expected(sends[0]!).sent });
    // organization 2 sees none of them
    expect((await other.ok('dashboardMetric.kpiProgress', {})).targets).toEqual([]);
  });
});

describe('tenancy and access', () => {
  it("another organization sees its own numbers only, never organization 1's", async () => {
    const theirs = await other.ok('dashboardMetric.summary', week);
    expect(theirs.totals).toEqual({ ...ZERO, bounces: 1 });
    expect((await other.ok('dashboardMetric.ranking', week)).plans).toEqual([]);
    const trend = await other.ok('dashboardMetric.trend', { range: week, resolution: 'DEFAULT' });
    expect(trend.points.reduce((n: number, p: { sent: number }) => n + p.sent, 0)).toBe(0);
    // and organization 1 does not count organization 2's bounce
    expect((await admin.ok('dashboardMetric.summary', week)).totals.bounces).toBe(sum(sends.map(expected)).bounces);
  });

  it('refuses a caller without the dashboard permission', async () => {
    // the clock moved two days on since they signed in
    await nobody.login(...nobody.credentials!);
    expect((await nobody.call('dashboardMetric.summary', week)).body).toMatchObject({ errorCode: '730001' });
  });
});

describe('bad input', () => {
  const bad = async (service: string, payload: unknown, lang?: string) => (await admin.call(service, payload, lang ? { 'x-lang': lang } : {})).body;

  it('answers catalogue errors for a range that cannot be read', async () => {
    expect(await bad('dashboardMetric.summary', { preset: 'CUSTOM', start: '2026-11-05', end: '2026-11-01' })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('start date should be earlier than the end date!'),
    });
    expect(await bad('dashboardMetric.summary', { preset: 'DECADE' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('payload.preset') });
    expect(await bad('dashboardMetric.ranking', { preset: 'CUSTOM', start: '2024-01-01', end: '2026-01-01' })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('366 days'),
    });
    expect(await bad('dashboardMetric.summary', { preset: 'CUSTOM', start: '2026-11-01' })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('custom range'),
    });
    expect(await bad('dashboardMetric.summary', { preset: 'CUSTOM', start: '2026-02-30', end: '2026-03-01' })).toMatchObject({ errorCode: '400016' });
    expect(await bad('dashboardMetric.trend', { range: week, resolution: 'ULTRA' })).toMatchObject({ errorCode: '400016' });
    expect((await bad('dashboardMetric.summary', { preset: 'CUSTOM', start: '2026-11-05', end: '2026-11-01' }, 'ja')).errorMessage).toContain('開始日は終了日より前にしてください');
    expect((await bad('dashboardMetric.summary', { preset: 'CUSTOM', start: '2024-01-01', end: '2026-01-01' }, 'zh')).errorMessage).toContain('仪表板最多显示 366 天');
  });
});

describe('dashboard groups', () => {
  it("answers another organization's group, or a missing one, as not found, and never shows its numbers", async () => {
    const theirs = await other.ok('dashboardGroup.save', { name: 'Theirs' });
    for (const groupId of [theirs.id, 'no-such-group']) {
      expect((await admin.call('dashboardMetric.summary', { ...week, groupId })).body).toMatchObject({ errorCode: '720003' });
      expect((await admin.call('dashboardMetric.trend', { range: week, groupId })).body).toMatchObject({ errorCode: '720003' });
      expect((await admin.call('dashboardMetric.ranking', { ...week, groupId })).body).toMatchObject({ errorCode: '720003' });
      expect((await admin.call('dashboardMetric.kpiProgress', { groupId })).body).toMatchObject({ errorCode: '720003' });
      expect((await admin.call('dashboardGroup.detail', { id: groupId })).body).toMatchObject({ errorCode: '720003' });
    }
    // organization 1's group from organization 2: not found, none of its numbers
    const asked = await other.call('dashboardMetric.summary', { ...week, groupId: groups.both });
    expect(asked.body).toMatchObject({ errorCode: '720003' });
    expect(JSON.stringify(asked.body)).not.toContain('"sent"');
    // nor can organization 2 put organization 1's messages in a group of its own
    expect((await other.call('dashboardGroup.save', { name: 'Borrowed', planIds: [sends[0]!.id] })).body).toMatchObject({ errorCode: '720009' });
    expect((await other.ok('dashboardMetric.summary', { ...week, groupId: theirs.id })).totals).toEqual(ZERO);
  });

  it('answers catalogue errors for a group without a name, too many messages or a bad id', async () => {
    const body = async (service: string, payload: unknown, lang?: string) => (await admin.call(service, payload, lang ? { 'x-lang': lang } : {})).body;
    expect(await body('dashboardGroup.save', { name: '  ', planIds: [] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('Please input the name!') });
    const many = Array.from({ length: 51 }, (_, i) => `p${i}`);
    expect(await body('dashboardGroup.save', { name: 'Too many', planIds: many })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('at most 50 messages'),
    });
    expect((await body('dashboardGroup.save', { name: 'Too many', planIds: many }, 'ja')).errorMessage).toContain('50');
    expect(await body('dashboardMetric.summary', { ...week, groupId: 'x'.repeat(65) })).toMatchObject({ errorCode: '400016' });
    expect(await body('dashboardMetric.trend', { range: week, groupId: 42 })).toMatchObject({ errorCode: '400016' });
    expect(await body('dashboardGroup.save', { name: 'Both', planIds: [] })).toMatchObject({ errorCode: '720001' });
  });
});

describe("a message's analytics (issue 24 item 6)", () => {
  it("answers the message's numbers as its raw events count them", async () => {
    for (const s of sends) {
      const { totals } = await admin.ok('planStatistics.detail', { id: s.id });
      const e = expected(s);
      expect(totals).toMatchObject({ sent: e.sent, opens: e.opens, clicks: e.clicks, unsubscribes: e.unsubscribes, bounces: e.bounces, likes: e.likes });
    }
  });

  it('counts push sends per device OS and SMS parts with the outcomes, once however often an outcome is recorded', async () => {
    const ledger = new Ledger(new Store(herald.rt), clock);
    const before = (await admin.ok('dashboardMetric.summary', { preset: 'TODAY' })).os;
    const record = async (channel: 'PUSH_NATIVE' | 'SMS', people: { id: string; os?: 'IOS' | 'ANDROID'; ok: boolean; parts?: number }[]) => {
      const run = { orgId: 1, planId: `p-${channel}-${clock.now()}`, runId: 'r1' };
      const keys = people.map((p) => ({ ...run, channel, accountId: p.id, ...(p.os ? { os: p.os } : {}) }));
      const claims = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}-address` })));
      const completions = claims.map((c, i) => ({
        key: keys[i]!,
        attempt: (c as { attempt: string }).attempt,
        outcome: people[i]!.ok ? ({ status: 'SENT' } as const) : ({ status: 'FAILED', reason: 'STALE_PUSH_TOKEN' } as const),
        ...(people[i]!.parts ? { parts: people[i]!.parts } : {}),
      }));
      await ledger.completeMany(completions);
      // a redelivered batch records the same outcomes again: refused, counted nowhere
      await ledger.completeMany(completions);
      return ledger.totals(run);
    };
    const push = await record('PUSH_NATIVE', [
      { id: 'd1', os: 'IOS', ok: true },
      { id: 'd2', os: 'IOS', ok: true },
      { id: 'd3', os: 'ANDROID', ok: false },
    ]);
    expect(push.os).toEqual({ IOS: { sent: 2 }, ANDROID: { failed: 1 } });
    const sms = await record('SMS', [
      { id: 's1', ok: true, parts: 2 },
      { id: 's2', ok: true, parts: 3 },
      { id: 's3', ok: false, parts: 1 },
    ]);
    expect(sms.total).toMatchObject({ sent: 2, failed: 1, parts: 5 });
    // and the organization's day counts the push devices per OS
    const after = (await admin.ok('dashboardMetric.summary', { preset: 'TODAY' })).os;
    const attempted = (list: { os: string; counts: { attempted: number } }[], os: string) => list.find((o) => o.os === os)!.counts.attempted;
    expect(attempted(after, 'IOS') - attempted(before, 'IOS')).toBe(2);
    expect(attempted(after, 'ANDROID') - attempted(before, 'ANDROID')).toBe(1);
  });
});

describe('push unsubscribes (spec 001 section 9: notifications turned off within 5 minutes of receipt)', () => {
  it("counts each device that turns notifications off within 5 minutes of a push it received, once, on the message's run and the dashboard", async () => {
    const app = await admin.ok('application.save', { name: 'Unsub app', appType: 'IOS', bundleId: 'com.example.unsub' });
    const issued = await admin.ok('application.issueSecret', { id: app.id });
    const sdk = createSdkClient({ baseUrl: herald.url, appKey: issued.appKey, secret: issued.secret, now: () => clock.now() });
    const plan = await admin.ok('plan.saveSingle', {
      name: 'Unsub push',
      title: 'Unsub push',
      channel: 'PUSH_NATIVE',
      content: { kind: 'PUSH_NATIVE', template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Hi', body: 'A push.' } } } },
    });
    // the raw events: when each device got the push and when (after that) it turned notifications off
    const people = [
      { id: 'un-1', os: 'IOS' as const, offAfter: 2 * 60_000 },
      { id: 'un-2', os: 'ANDROID' as const, offAfter: 5 * 60_000 },
      { id: 'un-3', os: 'IOS' as const, offAfter: 5 * 60_000 + 1000 },
      { id: 'un-4', os: 'ANDROID' as const, offAfter: undefined },
    ];
    for (const p of people) {
      await sdk.identify({ accountId: p.id });
      await sdk.device({ accountId: p.id, device: { deviceId: `${p.id}-phone`, platform: p.os, pushToken: `tok-${p.id}`, permission: 'ALWAYS' } });
    }
    const run = { orgId: 1, planId: plan.id, runId: `r-unsub-${clock.now()}` };
    const ledger = new Ledger(new Store(herald.rt), clock);
    const keys = people.map((p) => ({ ...run, channel: 'PUSH_NATIVE' as const, accountId: p.id, os: p.os, target: `${p.id}-phone` }));
    const claims = await ledger.claimMany(people.map((p, i) => ({ key: keys[i]!, address: `tok-${p.id}` })));
    await ledger.completeMany(claims.map((c, i) => ({ key: keys[i]!, attempt: (c as { attempt: string }).attempt, outcome: { status: 'SENT' } as const })));
    const receivedAt = clock.now();
    const expected = { total: 0, IOS: 0, ANDROID: 0 };
    for (const p of people) {
      if (p.offAfter === undefined || p.offAfter > 5 * 60_000) continue;
      expected.total++;
      expected[p.os]++;
    }
    expect(expected.total).toBe(2);

    const pushCounts = async () => (await admin.ok('dashboardMetric.summary', { preset: 'TODAY' })).channels.find((c: { channel: string }) => c.channel === 'PUSH_NATIVE')!.counts;
    const before = await pushCounts();
    // each change reported twice, and the first device back on and off again within the window: still once each
    for (const p of [...people].filter((q) => q.offAfter !== undefined).sort((a, b) => a.offAfter! - b.offAfter!)) {
      clock.advance(receivedAt + p.offAfter! - clock.now());
      const off = { accountId: p.id, deviceId: `${p.id}-phone`, permission: 'NOT_ALLOW' } as const;
      await sdk.permission(off);
      await sdk.permission(off);
      if (p.id === 'un-1') {
        await sdk.permission({ ...off, permission: 'ALWAYS' });
        await sdk.device({ accountId: p.id, device: { deviceId: off.deviceId, platform: p.os, permission: 'NOT_ALLOW' } });
      }
    }
    const totals = await ledger.totals(run);
    expect(totals.total.unsubscribes).toBe(expected.total);
    expect(totals.os).toMatchObject({ IOS: { unsubscribes: expected.IOS }, ANDROID: { unsubscribes: expected.ANDROID } });
    expect((await pushCounts()).unsubscribes - before.unsubscribes).toBe(expected.total);
    // another organization's dashboard never counts them
    expect((await other.ok('dashboardMetric.summary', { preset: 'TODAY' })).totals.unsubscribes).toBe(0);
  });
});

describe("an app's message events (the SDK)", () => {
  it('counts a push opened and clicked once per account and device, per OS, however often the app reports it', async () => {
    const app = await admin.ok('application.save', { name: 'Dash app', appType: 'IOS', bundleId: 'com.example.dash' });
    const issued = await admin.ok('application.issueSecret', { id: app.id });
    const sdk = createSdkClient({ baseUrl: herald.url, appKey: issued.appKey, secret: issued.secret, now: () => clock.now() });
    await sdk.identify({ accountId: 'dash-app-user' });
    await sdk.device({ accountId: 'dash-app-user', device: { deviceId: 'dash-phone', platform: 'ANDROID', channel: 'GCM', pushToken: 'tok-dash', permission: 'ALWAYS' } });
    const plan = sends[0]?.id as string;
    const osCounts = async () => (await admin.ok('dashboardMetric.summary', { preset: 'TODAY' })).os.find((o: { os: string }) => o.os === 'ANDROID')!.counts;
    const before = await osCounts();
    const at = clock.now();
    const opened = { type: 'message.opened', planId: plan, deviceId: 'dash-phone', at } as const;
    const clicked = { type: 'message.clicked', planId: plan, deviceId: 'dash-phone', at: at + 1, url: OFFER } as const;
    // reported, retried, and opened again later: one open and one click
    await sdk.events({ accountId: 'dash-app-user', events: [opened, clicked] });
    await sdk.events({ accountId: 'dash-app-user', events: [opened, clicked] });
    await sdk.events({ accountId: 'dash-app-user', events: [{ ...opened, at: at + 60_000 }] });
    const after = await osCounts();
    expect(after.opens - before.opens).toBe(1);
    expect(after.clicks - before.clicks).toBe(1);
    // another organization's dashboard never counts them
    expect((await other.ok('dashboardMetric.summary', { preset: 'TODAY' })).totals.opens).toBe(0);
  });
});

describe('the message type filter (issue 41 item 1)', () => {
  it("counts each message's sends under its type: the totals, channels, trend, ranking and a group show one type alone", async () => {
    const ledger = new Ledger(new Store(herald.rt), clock);
    const sms = (messageType: 1 | 2, name: string) =>
      admin.ok('plan.saveSingle', {
        name,
        title: name,
        channel: 'SMS',
        messageType,
        content: { kind: 'SMS', template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi' } } } },
      });
    const adHoc = await sms(1, 'Typed ad hoc');
    const lifecycle = await sms(2, 'Typed lifecycle');
    const record = async (planId: string, people: { id: string; ok: boolean }[]) => {
      const keys = people.map((p) => ({ orgId: 1, planId, runId: 'r1', channel: 'SMS' as const, accountId: p.id }));
      const claims = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}-address` })));
      await ledger.completeMany(
        claims.map((c, i) => ({
          key: keys[i]!,
          attempt: (c as { attempt: string }).attempt,
          outcome: people[i]!.ok ? ({ status: 'SENT' } as const) : ({ status: 'FAILED', reason: 'UNEXPECTED' } as const),
        })),
      );
    };
    const today = { preset: 'TODAY' } as const;
    const summaries = async () => Promise.all([undefined, 1, 2].map((messageType) => admin.ok('dashboardMetric.summary', { ...today, ...(messageType ? { messageType } : {}) })));
    const trendSent = async (messageType: number) =>
      (await admin.ok('dashboardMetric.trend', { range: today, resolution: 'DEFAULT', messageType })).points.reduce((n: number, p: { sent: number }) => n + p.sent, 0);
    const before = await summaries();
    const trendBefore = [await trendSent(1), await trendSent(2)];
    await record(adHoc.id, [
      { id: 'typed-a1', ok: true },
      { id: 'typed-a2', ok: true },
    ]);
    await record(lifecycle.id, [
      { id: 'typed-l1', ok: true },
      { id: 'typed-l2', ok: true },
      { id: 'typed-l3', ok: true },
      { id: 'typed-l4', ok: false },
    ]);
    const after = await summaries();
    const grew = (i: number, of: 'sent' | 'failed') => after[i]!.totals[of] - before[i]!.totals[of];
    const smsGrew = (i: number) =>
      after[i]!.channels.find((c: { channel: string }) => c.channel === 'SMS')!.counts.sent -
      before[i]!.channels.find((c: { channel: string }) => c.channel === 'SMS')!.counts.sent;
    expect([grew(0, 'sent'), grew(1, 'sent'), grew(2, 'sent')]).toEqual([5, 2, 3]);
    expect([grew(0, 'failed'), grew(1, 'failed'), grew(2, 'failed')]).toEqual([1, 0, 1]);
    expect([smsGrew(0), smsGrew(1), smsGrew(2)]).toEqual([5, 2, 3]);
    // the organization's whole numbers are the two types' together
    expect(after[0]!.totals.sent - after[1]!.totals.sent - after[2]!.totals.sent).toBe(before[0]!.totals.sent - before[1]!.totals.sent - before[2]!.totals.sent);
    expect([(await trendSent(1)) - trendBefore[0]!, (await trendSent(2)) - trendBefore[1]!]).toEqual([2, 3]);
    const ranked = async (messageType: number) => (await admin.ok('dashboardMetric.ranking', { ...today, messageType })).plans.map((p: { planId: string }) => p.planId) as string[];
    expect(await ranked(2)).toContain(lifecycle.id);
    expect(await ranked(2)).not.toContain(adHoc.id);
    expect(await ranked(1)).toContain(adHoc.id);
    expect(await ranked(1)).not.toContain(lifecycle.id);
    // a group with both messages, filtered by type
    const group = (await admin.ok('dashboardGroup.save', { name: 'Typed both', planIds: [adHoc.id, lifecycle.id] })).id;
    const ofGroup = async (messageType?: number) => (await admin.ok('dashboardMetric.summary', { ...today, groupId: group, ...(messageType ? { messageType } : {}) })).totals.sent;
    expect([await ofGroup(), await ofGroup(1), await ofGroup(2)]).toEqual([5, 2, 3]);
  });

  it('refuses a type that is not one', async () => {
    for (const messageType of [0, 3, 'LIFECYCLE']) {
      const body = (await admin.call('dashboardMetric.summary', { preset: 'TODAY', messageType })).body;
      expect(body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('message type') });
    }
  });
});
