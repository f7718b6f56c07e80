/**
 * Standing triggers on the controllable clock: a recurring 09:00 schedule reaches Tokyo, Berlin, New York and an
 * account without a zone (the organization's) each at their own 09:00, across the US and EU daylight-saving
 * changes; app events posted to the SDK API (geofence enter, beacon exit, a custom action code) send their
 * trigger's message once per limiter window, after the delay, again after a reset event; `trigger.save` refuses
 * bad input with catalogue codes and answers another organization's ids as missing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Accounts } from '../../functions/domain/accounts';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { createSdkClient, type SdkClient } from '../../shared/sdk/client';
import { capturedLog } from '../support/channelStandIns';
import { type ApiClient, manualClock, sentMail, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { approverOf, emailContent } from '../support/plans';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock = manualClock(Date.UTC(2026, 2, 5, 12, 0, 0));
let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let approver: { id: string; client: ApiClient };
const log = capturedLog();

beforeAll(async () => {
  herald = await startHerald({ clock, logSink: log.sink, config: { sendRates: { EMAIL: 1_000_000, SMS: 1, PUSH_NATIVE: 1, LINE: 1, DIRECT_MAIL: 1 } } });
  ({ admin, other } = await twoOrganizations(herald, 'trg'));
  // sessions carry a TTL from this file's clock (March): the store may drop them at any moment, as expired
  admin.autoRefresh = true;
  other.autoRefresh = true;
  approver = await approverOf(admin, herald, 'tina');
});
afterAll(() => herald?.stop());
// the clock moves by hours and days: sign in afresh for each test
beforeEach(async () => {
  await admin.login();
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  await approver.client.login(...approver.client.credentials!);
  await other.login(...other.credentials!);
});

async function segmentOf(country: string): Promise<string> {
  const id = randomUUID();
  const now = clock.now();
  await new Store(herald.rt).put('segment', {
    orgId: 1,
    id,
    name: `From ${country}`,
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: country }] },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  });
  return id;
}

/** A message with `trigger`, approved and so ACTIVE. */
async function activePlan(subject: string, segmentId: string, trigger: unknown): Promise<string> {
  const draft = await admin.ok('plan.saveSingle', { name: subject, title: subject, channel: 'EMAIL', content: emailContent(subject), segmentId, trigger });
  await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: clock.now() + DAY });
  expect((await approver.client.ok('planAction.pass', { id: draft.id })).status).toBe('ACTIVE');
  await herald.delivery.idle();
  return draft.id as string;
}

/** Fires what is due and lets the sends finish, twice (a firing may schedule another). */
async function settle(): Promise<void> {
  await herald.scheduler.fireDue();
  await herald.delivery.idle();
  await herald.scheduler.fireDue();
  await herald.delivery.idle();
}

const mailsTo = async (subject: string) => (await sentMail(herald)).filter((m) => m.subject === subject).flatMap((m) => m.destination.to);

/** An account of organization 1 that takes e-mail only, as the trigger tests write them (through the zone index). */
function mailableAccount(id: string, country: string, now: number, timeZone?: string) {
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  const consent = { emailConsent: true, smsConsent: false, pushConsent: false, lineConsent: false };
  return { orgId: 1, id, emails: [`${id}@example.com`], country, ...(timeZone ? { timeZone } : {}), ...consent, tags: [], attributes: {}, ...audit };
}

describe('a recurring 09:00 schedule in each recipient’s time zone', () => {
  /** Steps the clock an hour at a time to `end`, noting when each recipient's mail went out. */
  async function walk(subject: string, end: number): Promise<Record<string, string[]>> {
    const seen: Record<string, string[]> = {};
    let count = (await mailsTo(subject)).length;
    while (clock.now() < end) {
      // an hour in which no schedule fired sent nothing (the queue was idle after the last): no mail to read. Counted
      // by the scheduler, as the Herald's own loop (ticking every real second) may fire the hour before settle does.
      const firings = herald.scheduler.firings;
      clock.advance(HOUR);
      await settle();
      if (herald.scheduler.firings === firings) continue;
      const to = await mailsTo(subject);
      for (const address of to.slice(count)) (seen[address.split('@')[0]!] ??= []).push(new Date(clock.now()).toISOString().slice(0, 16));
      count = to.length;
    }
    return seen;
  }

  it('reaches Tokyo, Berlin, New York and the organization’s zone each at their 09:00, across the daylight-saving changes', async () => {
    const tag = Date.now().toString(36);
    const accounts = new Accounts(new Store(herald.rt).forOrg(1));
    const now = clock.now();
    const zones = { tokyo: 'Asia/Tokyo', berlin: 'Europe/Berlin', newyork: 'America/New_York', nozone: undefined } as const;
    for (const [name, timeZone] of Object.entries(zones)) {
      await accounts.create(mailableAccount(`${name}-${tag}`, 'US', now, timeZone));
    }
    const segmentId = await segmentOf('US');
    const at = (name: string) => `${name}-${tag}`;

    // 6 to 9 March 2026: New York moves to daylight time on the 8th
    const spring = 'Good morning (US change)';
    await activePlan(spring, segmentId, { kind: 'RECURRING', unit: 'DAY', hours: [9], startDate: '2026-03-06', endDate: '2026-03-09', timeZone: 'UTC' });
    const us = await walk(spring, Date.UTC(2026, 2, 10, 12));
    expect(us[at('tokyo')]).toEqual(['2026-03-06T00:00', '2026-03-07T00:00', '2026-03-08T00:00', '2026-03-09T00:00']);
    expect(us[at('berlin')]).toEqual(['2026-03-06T08:00', '2026-03-07T08:00', '2026-03-08T08:00', '2026-03-09T08:00']);
    expect(us[at('newyork')]).toEqual(['2026-03-06T14:00', '2026-03-07T14:00', '2026-03-08T13:00', '2026-03-09T13:00']);
    // no zone of its own: the organization's (none set: UTC)
    expect(us[at('nozone')]).toEqual(['2026-03-06T09:00', '2026-03-07T09:00', '2026-03-08T09:00', '2026-03-09T09:00']);
    expect(Object.keys(us)).toHaveLength(4);

    // 28 to 30 March 2026: Berlin moves to summer time on the 29th
    const eu = 'Good morning (EU change)';
    clock.t = Date.UTC(2026, 2, 27, 12);
    await admin.login();
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    await approver.client.login(...approver.client.credentials!);
    const planId = await activePlan(eu, segmentId, { kind: 'RECURRING', unit: 'DAY', hours: [9], startDate: '2026-03-28', endDate: '2026-03-29', timeZone: 'UTC' });
    const summer = await walk(eu, Date.UTC(2026, 2, 30, 12));
    expect(summer[at('berlin')]).toEqual(['2026-03-28T08:00', '2026-03-29T07:00']);
    expect(summer[at('newyork')]).toEqual(['2026-03-28T13:00', '2026-03-29T13:00']);
    expect(summer[at('tokyo')]).toEqual(['2026-03-28T00:00', '2026-03-29T00:00']);
    // each firing instant is a run of its own, finished, and the plan stays ACTIVE for the next
    const runs = await new Store(herald.rt).forOrg(1).keyed('planRun').list(planId);
    expect(runs.map((r) => r.status)).toEqual(Array(runs.length).fill('DONE'));
    // Tokyo, Berlin, New York and UTC never share an instant: four runs a day
    expect(runs).toHaveLength(8);
    await admin.login();
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    expect((await admin.ok('plan.detail', { id: planId })).status).toBe('ACTIVE');
  }, 240_000);
});

describe('app events posted to the SDK API', () => {
  let sdk: SdkClient;
  let segmentId: string;
  let geofenceId: string;
  let beaconId: string;

  beforeAll(async () => {
    await admin.login();
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    const app = await admin.ok('application.save', { name: 'Shop', appType: 'IOS', bundleId: 'com.example.shop' });
    const issued = await admin.ok('application.issueSecret', { id: app.id });
    sdk = createSdkClient({ baseUrl: herald.url, appKey: issued.appKey, secret: issued.secret, now: () => clock.now() });
    segmentId = await segmentOf('JP');
    geofenceId = (await admin.ok('geofence.save', { name: 'Shibuya store', latitude: 35.6595, longitude: 139.7005, radius: 200, radiusUnit: 'M' })).id;
    beaconId = (await admin.ok('beacon.save', { name: 'Front door', uuid: randomUUID(), major: 1, minor: 7 })).id;
  });

  async function person(): Promise<string> {
    const id = `p-${randomUUID().slice(0, 8)}`;
    await sdk.identify({ accountId: id, emails: [`${id}@example.com`], country: 'JP', consents: { email: true } });
    return id;
  }
  const post = async (accountId: string, ...events: Record<string, unknown>[]) => {
    await sdk.events({ accountId, events: events.map((e) => ({ at: clock.now(), ...e })) as Parameters<SdkClient['events']>[0]['events'] });
    await settle();
  };

  it('a geofence enter sends once per limiter window (once every 2 days), and again after it', async () => {
    const subject = `Welcome to the store ${randomUUID().slice(0, 6)}`;
    await activePlan(subject, segmentId, { kind: 'GEOFENCE', geofenceId, on: 'ENTER', limiter: { kind: 'EVERY_DAYS', days: 2 } });
    const ana = await person();
    await post(ana, { type: 'geofence.enter', geofenceId });
    expect(await mailsTo(subject)).toEqual([`${ana}@example.com`]);
    // inside the window: nothing more, whether another enter or the same one delivered twice
    clock.advance(HOUR);
    await post(ana, { type: 'geofence.enter', geofenceId }, { type: 'geofence.enter', geofenceId });
    // leaving is not entering
    await post(ana, { type: 'geofence.exit', geofenceId });
    expect(await mailsTo(subject)).toHaveLength(1);
    // another person has a window of their own
    const ben = await person();
    await post(ben, { type: 'geofence.enter', geofenceId });
    expect((await mailsTo(subject)).sort()).toEqual([`${ana}@example.com`, `${ben}@example.com`].sort());
    // after the window: again
    clock.advance(2 * DAY);
    await post(ana, { type: 'geofence.enter', geofenceId });
    expect((await mailsTo(subject)).filter((to) => to === `${ana}@example.com`)).toHaveLength(2);
  }, 60_000);

  it('a geofence enter sends once per limiter rule: once ever, once per window, on each event', async () => {
    const tag = randomUUID().slice(0, 6);
    const rules = { once: { kind: 'ONCE' }, days: { kind: 'EVERY_DAYS', days: 1 }, each: { kind: 'EACH_EVENT' } } as const;
    const subjects: Record<string, string> = {};
    for (const [name, limiter] of Object.entries(rules)) {
      subjects[name] = `Nearby ${name} ${tag}`;
      await activePlan(subjects[name], segmentId, { kind: 'GEOFENCE', geofenceId, on: 'ENTER', limiter });
    }
    const hana = await person();
    // two enters in one call, one more an hour later, then one after the day's window
    await post(hana, { type: 'geofence.enter', geofenceId }, { type: 'geofence.enter', geofenceId });
    clock.advance(HOUR);
    await post(hana, { type: 'geofence.enter', geofenceId });
    clock.advance(DAY);
    await post(hana, { type: 'geofence.enter', geofenceId });
    const count = async (name: string) => (await mailsTo(subjects[name]!)).length;
    expect([await count('once'), await count('days'), await count('each')]).toEqual([1, 2, 4]);
  }, 60_000);

  it('a beacon exit sends once only, and again after a reset event', async () => {
    const subject = `See you soon ${randomUUID().slice(0, 6)}`;
    await activePlan(subject, segmentId, { kind: 'BEACON', beaconId, on: 'EXIT', limiter: { kind: 'ONCE' }, resetEvents: ['checkout'] });
    const cleo = await person();
    await post(cleo, { type: 'beacon.enter', beaconId });
    expect(await mailsTo(subject)).toEqual([]);
    await post(cleo, { type: 'beacon.exit', beaconId });
    clock.advance(10 * DAY);
    await post(cleo, { type: 'beacon.exit', beaconId });
    expect(await mailsTo(subject)).toEqual([`${cleo}@example.com`]);
    await post(cleo, { type: 'custom', name: 'checkout' });
    await post(cleo, { type: 'beacon.exit', beaconId });
    expect(await mailsTo(subject)).toEqual([`${cleo}@example.com`, `${cleo}@example.com`]);
  }, 60_000);

  it('a custom action code sends after its delay; a made-inactive plan hears nothing', async () => {
    const subject = `Your cart ${randomUUID().slice(0, 6)}`;
    const planId = await activePlan(subject, segmentId, { kind: 'ACTION', actionCode: 'add_to_cart', delayMinutes: 30, limiter: { kind: 'EACH_EVENT' } });
    const dan = await person();
    await post(dan, { type: 'custom', name: 'add_to_cart' });
    await post(dan, { type: 'custom', name: 'view_item' });
    expect(await mailsTo(subject)).toEqual([]);
    clock.advance(30 * 60_000);
    await settle();
    expect(await mailsTo(subject)).toEqual([`${dan}@example.com`]);
    // every event sends under EACH_EVENT; none once the plan is inactive
    await post(dan, { type: 'custom', name: 'add_to_cart' });
    await admin.ok('planAction.inactive', { id: planId });
    clock.advance(31 * 60_000);
    await post(dan, { type: 'custom', name: 'add_to_cart' });
    clock.advance(31 * 60_000);
    await settle();
    expect(await mailsTo(subject)).toEqual([`${dan}@example.com`]);
  }, 60_000);

  it('throttling holds sends over the rate until the next window', async () => {
    const subject = `Flash sale ${randomUUID().slice(0, 6)}`;
    await activePlan(subject, segmentId, { kind: 'ACTION', actionCode: 'open_sale', limiter: { kind: 'ONCE' }, throttle: { rate: 2, per: 'HOUR' } });
    clock.t = Math.ceil(clock.now() / HOUR) * HOUR + 60_000;
    await settle();
    const people = [await person(), await person(), await person()];
    for (const p of people) await post(p, { type: 'custom', name: 'open_sale' });
    expect(await mailsTo(subject)).toHaveLength(2);
    clock.advance(HOUR);
    await settle();
    expect((await mailsTo(subject)).sort()).toEqual(people.map((p) => `${p}@example.com`).sort());
  }, 60_000);
});

describe('webhook and URL sources of a recipient action', () => {
  let segmentId: string;
  beforeAll(async () => {
    segmentId = await segmentOf('KR');
  });

  async function person(): Promise<string> {
    const id = `w-${randomUUID().slice(0, 8)}`;
    await new Accounts(new Store(herald.rt).forOrg(1)).create(mailableAccount(id, 'KR', clock.now()));
    return id;
  }
  /** A call of a trigger's webhook: the envelope's code and the HTTP status. */
  async function hook(url: string, token: string | undefined, body: unknown): Promise<{ status: number; errorCode?: string; text: string }> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, errorCode: (JSON.parse(text) as { errorCode?: string }).errorCode, text };
  }
  const call = async (url: string, token: string, accountId: string, eventId?: string) => {
    expect(await hook(url, token, { accountId, ...(eventId ? { eventId } : {}) })).toMatchObject({ status: 200 });
  };

  it('a webhook call sends once per limiter rule (once, every 2 days, each event); a retried call is one event; the detail counts the sends', async () => {
    const tag = randomUUID().slice(0, 6);
    const rules = { once: { kind: 'ONCE' }, days: { kind: 'EVERY_DAYS', days: 2 }, each: { kind: 'EACH_EVENT' } } as const;
    const hooks: Record<string, { id: string; url: string; token: string; subject: string }> = {};
    for (const [name, limiter] of Object.entries(rules)) {
      const subject = `Paid ${name} ${tag}`;
      const id = await activePlan(subject, segmentId, { kind: 'ACTION', actionCode: 'order_paid', webhook: true, limiter });
      hooks[name] = { ...(await admin.ok('trigger.issueWebhookToken', { id })), id, subject };
    }
    const eve = await person();
    const callAll = async (eventId?: string) => {
      for (const h of Object.values(hooks)) await call(h.url, h.token, eve, eventId);
    };
    // one order, its call retried, then another order an hour later
    await callAll('order-1');
    await settle();
    await callAll('order-1');
    clock.advance(HOUR);
    await callAll('order-2');
    await settle();
    const count = async (name: string) => (await mailsTo(hooks[name]!.subject)).length;
    expect([await count('once'), await count('days'), await count('each')]).toEqual([1, 1, 2]);
    // past the 2-day window: the windowed rule sends again, "once" never does
    clock.advance(2 * DAY);
    await callAll();
    await settle();
    expect([await count('once'), await count('days'), await count('each')]).toEqual([1, 2, 3]);
    expect((await mailsTo(hooks.each!.subject)).every((to) => to === `${eve}@example.com`)).toBe(true);

    // the message detail: the trigger's sends are one run, with their totals, running while the plan is active
    await admin.login();
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    const detail = await admin.ok('planStatistics.detail', { id: hooks.each!.id });
    expect(detail.totals).toMatchObject({ matched: 3, sent: 3 });
    expect(detail.runs).toEqual([expect.objectContaining({ status: 'RUNNING', matched: 3, sent: 3 })]);
    expect(detail.running).toBe(true);
    await admin.ok('planAction.inactive', { id: hooks.each!.id });
    const after = await admin.ok('planStatistics.detail', { id: hooks.each!.id });
    expect(after).toMatchObject({ running: false, totals: { sent: 3 }, runs: [{ status: 'DONE', sent: 3 }] });
  }, 120_000);

  it('a missing or wrong token is refused with a catalogue code; another organization’s trigger answers as missing', async () => {
    const subject = `Hooked ${randomUUID().slice(0, 6)}`;
    const id = await activePlan(subject, segmentId, { kind: 'ACTION', actionCode: 'signed_up', webhook: true });
    const { url, token } = await admin.ok('trigger.issueWebhookToken', { id });
    const fred = await person();
    expect(await hook(url, undefined, { accountId: fred })).toMatchObject({ status: 401, errorCode: '400018' });
    expect(await hook(url, `whk_${'A'.repeat(43)}`, { accountId: fred })).toMatchObject({ errorCode: '400017' });
    // a new token replaces the one before
    const fresh = await admin.ok('trigger.issueWebhookToken', { id });
    expect((await hook(url, token, { accountId: fred })).errorCode).toBe('400017');
    // bad input and an unknown account
    expect((await hook(url, fresh.token, { accountId: '' })).errorCode).toBe('400016');
    expect((await hook(url, fresh.token, { accountId: 'nobody-here' })).errorCode).toBe('720003');
    await settle();
    expect(await mailsTo(subject)).toEqual([]);
    // the plan under another organization's id, or one that does not exist: the same answer, with a valid token
    const otherOrg = (await other.ok('geofence.save', { name: 'Their place', latitude: 35, longitude: 139, radius: 100, radiusUnit: 'M' })).orgId as number;
    expect(otherOrg).not.toBe(1);
    const foreign = await hook(url.replace(`/1/${id}`, `/${otherOrg}/${id}`), fresh.token, { accountId: fred });
    const missing = await hook(url.replace(id, randomUUID()), fresh.token, { accountId: fred });
    expect(foreign.errorCode).toBe('720003');
    expect(foreign.text).toEqual(missing.text);
    const foreignIssue = await other.call('trigger.issueWebhookToken', { id });
    const missingIssue = await other.call('trigger.issueWebhookToken', { id: randomUUID() });
    expect(foreignIssue.body.errorCode).toBe('720003');
    expect(foreignIssue.body).toEqual(missingIssue.body);
    // a trigger without its webhook switched on has no token to issue
    const plain = await admin.ok('plan.saveSingle', { name: 'No hook', title: 't', channel: 'EMAIL', content: emailContent('t'), trigger: { kind: 'ACTION', actionCode: 'x' } });
    expect((await admin.call('trigger.issueWebhookToken', { id: plain.id })).body.errorCode).toBe('720009');
    // and the good token works
    await call(url, fresh.token, fred);
    await settle();
    expect(await mailsTo(subject)).toEqual([`${fred}@example.com`]);

    // the token is in the issuing answer only: never in the plan's answers, nor in a log line
    const answers = JSON.stringify([
      await admin.ok('plan.detail', { id }),
      await admin.ok('plan.getAll'),
      await admin.ok('planStatistics.detail', { id }),
      await admin.ok('trigger.save', { id: plain.id, trigger: { kind: 'ACTION', actionCode: 'x', webhook: true } }),
    ]);
    for (const t of [token, fresh.token, token.slice(4), fresh.token.slice(4)]) {
      expect(answers).not.toContain(t);
      expect(log.text()).not.toContain(t);
    }
  }, 60_000);

  it('a tracked click on a link to the trigger’s URL sends its message, once under its limiter', async () => {
    const tag = randomUUID().slice(0, 6);
    const subject = `Thanks for looking ${tag}`;
    const planId = await activePlan(subject, segmentId, {
      kind: 'ACTION',
      actionCode: 'viewed_sale',
      url: `https://shop.example/sale/${tag}?from=mail`,
      limiter: { kind: 'ONCE' },
    });
    const gail = await person();
    // a newsletter whose link (with a fragment, which no server sees) leads to that address
    const letter = `Our sale ${tag}`;
    const content = {
      kind: 'EMAIL',
      template: {
        defaultLanguage: 'en',
        contents: { en: { subject: letter, blocks: [{ type: 'button', text: 'Shop', href: `https://shop.example/sale/${tag}?from=mail#top` }] } },
      },
    };
    const news = await admin.ok('plan.saveSingle', { name: letter, title: letter, channel: 'EMAIL', content, segmentId, trigger: { kind: 'IMMEDIATELY' } });
    await admin.ok('planAction.sendToReview', { id: news.id, participants: [approver.id], deadline: clock.now() + DAY });
    await approver.client.ok('planAction.pass', { id: news.id });
    await settle();
    const mail = (await sentMail(herald)).find((m) => m.subject === letter && m.destination.to.includes(`${gail}@example.com`))!;
    const click = /https?:\/\/[^"'\s]*\/service\/t\/c\/[^"'\s]*/.exec(mail.body.html ?? '')![0];
    expect(await mailsTo(subject)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      expect((await fetch(click, { redirect: 'manual' })).status).toBe(302);
      await settle();
    }
    expect(await mailsTo(subject)).toEqual([`${gail}@example.com`]);
    // its open counts on the trigger's run in the detail, as its send does
    const sent = (await sentMail(herald)).find((m) => m.subject === subject)!;
    const pixel = /https?:\/\/[^"'\s]*\/service\/t\/o\/[^"'\s]*/.exec(sent.body.html ?? '');
    expect(pixel).not.toBeNull();
    await fetch(pixel![0]);
    const detail = await admin.ok('planStatistics.detail', { id: planId });
    expect(detail.totals).toMatchObject({ matched: 1, sent: 1, opens: 1 });
    expect(detail.runs).toHaveLength(1);
  }, 60_000);
});

describe('trigger.save', () => {
  let planId: string;
  beforeAll(async () => {
    await admin.login();
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    planId = (await admin.ok('plan.saveSingle', { name: 'Trigger draft', title: 't', channel: 'EMAIL', content: emailContent('t') })).id;
  });
  const save = (trigger: unknown, id = planId, caller = admin) => caller.call('trigger.save', { id, trigger });

  it('saves each kind on the draft', async () => {
    const recurring = { kind: 'RECURRING', unit: 'WEEK', every: 2, hours: [9, 18], weekdays: [2, 6], startDate: '2026-12-01', timeZone: 'Asia/Tokyo' };
    const saved = await save(recurring);
    expect((saved.payload as { trigger: unknown }).trigger).toMatchObject({ ...recurring, recipientTimeZone: true, minute: 0 });
    const fence = await admin.ok('geofence.save', { name: 'Kept fence', latitude: 35, longitude: 139, radius: 100, radiusUnit: 'M' });
    expect(((await save({ kind: 'GEOFENCE', geofenceId: fence.id, on: 'EXIT', delayMinutes: 7 * 24 * 60 })).payload as { trigger: unknown }).trigger).toMatchObject({
      kind: 'GEOFENCE',
      limiter: { kind: 'ONCE' },
    });
    expect((await admin.ok('plan.detail', { id: planId })).trigger.kind).toBe('GEOFENCE');
  });

  it('bad input answers catalogue codes and stores nothing', async () => {
    const before = await admin.ok('plan.detail', { id: planId });
    const late = await save({ kind: 'ACTION', actionCode: 'buy', delayMinutes: 7 * 24 * 60 + 1 });
    expect(late.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('Setting exceeding maximum delay time!') });
    expect((await save({ kind: 'RECURRING', unit: 'WEEK', hours: [9], weekdays: [8], startDate: '2026-12-01', timeZone: 'UTC' })).body.errorCode).toBe('400016');
    expect((await save({ kind: 'RECURRING', unit: 'DAY', hours: [24], startDate: '2026-12-01', timeZone: 'UTC' })).body.errorCode).toBe('400016');
    expect((await save({ kind: 'RECURRING', unit: 'DAY', hours: [9], startDate: '2026-12-02', endDate: '2026-12-01', timeZone: 'UTC' })).body.errorMessage).toContain(
      'The start date should be earlier than the end date!',
    );
    // a range already over, and a one-time schedule under 5 minutes ahead
    expect((await save({ kind: 'RECURRING', unit: 'DAY', hours: [9], startDate: '2020-01-01', endDate: '2020-01-02', timeZone: 'UTC' })).body.errorCode).toBe('750004');
    const soon = new Date(clock.now() + 2 * 60_000).toISOString().slice(0, 16);
    expect((await save({ kind: 'SCHEDULE', at: soon, timeZone: 'UTC' })).body.errorCode).toBe('750002');
    expect((await save({ kind: 'GEOFENCE', geofenceId: 'nope', on: 'SIDEWAYS' })).body.errorCode).toBe('400016');
    expect((await admin.ok('plan.detail', { id: planId })).version).toBe(before.version);
  });

  it('another organization’s plan and geofence answer as missing', async () => {
    const theirs = await other.ok('geofence.save', { name: 'Their fence', latitude: 35, longitude: 139, radius: 100, radiusUnit: 'M' });
    const foreignFence = await save({ kind: 'GEOFENCE', geofenceId: theirs.id, on: 'ENTER' });
    const noFence = await save({ kind: 'GEOFENCE', geofenceId: randomUUID(), on: 'ENTER' });
    expect(foreignFence.body.errorCode).toBe('720003');
    expect(foreignFence.body).toEqual(noFence.body);
    const foreignPlan = await save({ kind: 'IMMEDIATELY' }, planId, other);
    const noPlan = await save({ kind: 'IMMEDIATELY' }, randomUUID(), other);
    expect(foreignPlan.body.errorCode).toBe('720003');
    expect(foreignPlan.body).toEqual(noPlan.body);
  });
});
