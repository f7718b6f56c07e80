/**
 * Behaviour insights (issue 24 item 5): known raw events, sent as the organization's app and web snippet would
 * (signed SDK calls), give exactly the numbers this test derives from them on its own: active accounts per day,
 * events by name per day, the funnel and one account's timeline. Every event delivered a second time (in other
 * calls) changes nothing. A web app's calls are held to its allowed origins; bad input gets a catalogue error;
 * another organization sees none of it.
 */
import { DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { counterItems } from '../../functions/store/counterItems';
import { Store } from '../../functions/store/store';
import { createSdkClient, type SdkClient, SdkError } from '../../shared/sdk/client';
import { SDK_BASE_PATH } from '../../shared/sdk/contract';
import { WEB_SNIPPET_PATH } from '../../shared/services/insights';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;
let app: SdkClient;
let web: SdkClient;
let webElsewhere: SdkClient;
let webWithoutOrigin: SdkClient;
let theirs: SdkClient;
let ourKeys: { appKey: string; secret: string };

const SITE = 'https://shop.example.com';
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** three UTC days ending today, so the range's month items are read across a month boundary too when it falls so */
const DAYS = [today - 2 * DAY, today - DAY, today];
const range = { preset: 'CUSTOM', start: isoDay(DAYS[0]!), end: isoDay(DAYS[2]!) } as const;

interface Raw {
  /** the app's id of the event: what makes a second delivery the same event */
  id: string;
  accountId: string;
  name: string;
  at: number;
}

/** The organization's known app events: five accounts over three days, deliberately uneven. */
const NAMES = ['open_app', 'view_item', 'add_to_cart', 'checkout'];
function rawEvents(): Raw[] {
  const out: Raw[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let a = 1; a <= 5; a++) {
    for (let d = 0; d < 3; d++) {
      if ((a + d) % 4 === 0) continue; // some accounts are quiet on some days
      const count = 1 + (next() % 5);
      for (let i = 0; i < count; i++) out.push({ id: `e${out.length}`, accountId: `ins-${a}`, name: NAMES[next() % NAMES.length]!, at: DAYS[d]! + 3_600_000 * (1 + i) + a * 1000 });
    }
  }
  return out;
}
const RAW = rawEvents();

/** What the screens should show, derived from the raw events alone. */
function derive(raw: readonly Raw[]) {
  const days = DAYS.map((d) => {
    const of = raw.filter((e) => isoDay(e.at) === isoDay(d));
    const byName: Record<string, number> = {};
    for (const e of of) byName[e.name] = (byName[e.name] ?? 0) + 1;
    return { day: isoDay(d), active: new Set(of.map((e) => e.accountId)).size, events: of.length, byName };
  });
  const first = new Map<string, number>();
  for (const e of [...raw].sort((x, y) => x.at - y.at)) if (!first.has(`${e.accountId}|${e.name}`)) first.set(`${e.accountId}|${e.name}`, e.at);
  const accounts = [...new Set(raw.map((e) => e.accountId))];
  const funnel = (steps: string[]) =>
    steps.map((name, i) => ({
      name,
      accounts: accounts.filter((a) => {
        const at = first.get(`${a}|${name}`);
        if (at === undefined) return false;
        if (i === 0) return true;
        const before = first.get(`${a}|${steps[i - 1]}`);
        return before !== undefined && before <= at;
      }).length,
    }));
  return { days, funnel };
}

/** Sends each account's events in calls of `batch`, in the order given. */
async function send(client: SdkClient, raw: readonly Raw[], batch: number) {
  const byAccount = new Map<string, Raw[]>();
  for (const e of raw) byAccount.set(e.accountId, [...(byAccount.get(e.accountId) ?? []), e]);
  for (const [accountId, events] of byAccount) {
    for (let i = 0; i < events.length; i += batch) {
      const answer = await client.events({ accountId, events: events.slice(i, i + batch).map((e) => ({ id: e.id, type: 'custom', name: e.name, at: e.at })) });
      expect(answer.accepted).toBe(Math.min(batch, events.length - i));
    }
  }
}

async function refusal(promise: Promise<unknown>): Promise<SdkError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SdkError);
  return err as SdkError;
}

/** A client whose calls carry `origin`, as a browser on that page sends them. */
const fromOrigin =
  (origin: string): typeof fetch =>
  (url, init) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin } });

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other, nobody } = await twoOrganizations(herald, 'insights'));
  const issue = async (client: ApiClient, payload: Record<string, unknown>) => {
    const saved = await client.ok('application.save', payload);
    return client.ok('application.issueSecret', { id: saved.id }) as Promise<{ appKey: string; secret: string }>;
  };
  const ours = await issue(admin, { name: 'Insights iOS', appType: 'IOS', bundleId: 'com.example.shop' });
  const site = await issue(admin, { name: 'Insights site', appType: 'WEB', allowedOrigins: `${SITE}\nhttps://www.example.com` });
  const their = await issue(other, { name: 'Their iOS', appType: 'IOS' });
  ourKeys = ours;
  app = createSdkClient({ baseUrl: herald.url, ...ours });
  web = createSdkClient({ baseUrl: herald.url, ...site, fetch: fromOrigin(SITE) });
  webWithoutOrigin = createSdkClient({ baseUrl: herald.url, ...site });
  webElsewhere = createSdkClient({ baseUrl: herald.url, ...site, fetch: fromOrigin('https://evil.example.net') });
  theirs = createSdkClient({ baseUrl: herald.url, ...their });
  for (let a = 1; a <= 5; a++) await app.identify({ accountId: `ins-${a}` });
  await send(app, RAW, 4);
});
afterAll(() => herald?.stop());

describe('app insights equal the raw events', () => {
  const expected = derive(RAW);
  const funnelSteps = ['open_app', 'view_item', 'add_to_cart', 'checkout'];

  async function check() {
    const summary = await admin.ok('behaviorInsight.summary', { source: 'APP', range });
    expect(summary.range).toEqual({ start: range.start, end: range.end, days: 3, timeZone: 'UTC' });
    expect(summary.days).toEqual(expected.days);
    expect(summary.events).toBe(RAW.length);
    const totals: Record<string, number> = {};
    for (const e of RAW) totals[e.name] = (totals[e.name] ?? 0) + 1;
    expect(Object.fromEntries(summary.names.map((n: { name: string; count: number }) => [n.name, n.count]))).toEqual(totals);
    const funnel = await admin.ok('behaviorInsight.funnel', { source: 'APP', range, steps: funnelSteps });
    expect(funnel.steps).toEqual(expected.funnel(funnelSteps));
    const reversed = [...funnelSteps].reverse();
    expect((await admin.ok('behaviorInsight.funnel', { source: 'APP', range, steps: reversed })).steps).toEqual(expected.funnel(reversed));
    // the web screen counts none of the app's events
    const webSummary = await admin.ok('behaviorInsight.summary', { source: 'WEB', range });
    expect(webSummary.events).toBe(0);
  }

  it('active accounts per day, events by name and the funnel', async () => {
    expect(RAW.length).toBeGreaterThan(20);
    await check();
  });

  it('the same after every event is delivered again, in other calls', async () => {
    await send(app, [...RAW].reverse(), 1);
    await send(app, RAW, 100);
    await check();
  });

  it('events without an id, sent through the typed client whose first answer is lost, count once', async () => {
    // a day of their own, outside the range the other tests read
    const day = today - 40 * DAY;
    const lostOnce = (): typeof fetch => {
      let lost = false;
      return async (url, init) => {
        const res = await fetch(url, init);
        if (lost) return res;
        lost = true;
        // the server recorded the call; its answer never arrives
        throw new TypeError('fetch failed');
      };
    };
    const flaky = createSdkClient({ baseUrl: herald.url, ...ourKeys, fetch: lostOnce() });
    const events = [
      { type: 'custom' as const, name: 'retried', at: day + 1000 },
      { type: 'custom' as const, name: 'retried', at: day + 1000 },
    ];
    expect((await flaky.events({ accountId: 'ins-1', events })).accepted).toBe(2);
    // the caller's events are left as they were
    expect(events.every((e) => !('id' in e))).toBe(true);
    const summary = await admin.ok('behaviorInsight.summary', { source: 'APP', range: { preset: 'CUSTOM', start: isoDay(day), end: isoDay(day) } });
    // two alike events in one call stay two; the lost answer's retry adds none
    expect(summary.events).toBe(2);
    expect(summary.names).toEqual([{ name: 'retried', count: 2 }]);
  });

  it("one account's timeline, newest first, a page at a time, each event once", async () => {
    const mine = RAW.filter((e) => e.accountId === 'ins-2').sort((a, b) => b.at - a.at);
    const seen: { name: string; at: number }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await admin.ok('behaviorInsight.timeline', { source: 'APP', accountId: 'ins-2', size: 3, ...(cursor ? { cursor } : {}) });
      expect(page.list.length).toBeLessThanOrEqual(3);
      seen.push(...page.list.map((e: { name: string; at: number }) => ({ name: e.name, at: e.at })));
      cursor = page.next;
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toEqual(mine.map((e) => ({ name: e.name, at: e.at })));
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(mine.length / 3));
  });
});

describe('web insights through the snippet', () => {
  it('serves the snippet and answers the preflight of a page', async () => {
    const script = await fetch(`${herald.url}${WEB_SNIPPET_PATH}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("crypto.subtle.importKey('raw'");
    const preflight = await fetch(`${herald.url}${SDK_BASE_PATH}/events`, { method: 'OPTIONS', headers: { origin: SITE } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-herald-signature');
  });

  it('records events from an allowed origin only, on the web screen only', async () => {
    const apps = await admin.ok('behaviorInsight.webApps', {});
    expect(apps.apps).toEqual([expect.objectContaining({ name: 'Insights site', allowedOrigins: [SITE, 'https://www.example.com'] })]);
    expect(JSON.stringify(apps)).not.toMatch(/secret/i);

    await web.identify({ accountId: 'visitor-1' });
    const at = DAYS[2]! + 60_000;
    const events = [
      { id: 'w1', type: 'custom' as const, name: 'page_view', at, url: `${SITE}/` },
      { id: 'w2', type: 'custom' as const, name: 'page_view', at: at + 1000, url: `${SITE}/item/1` },
      { id: 'w3', type: 'custom' as const, name: 'signup', at: at + 2000, url: `${SITE}/join` },
    ];
    expect(await web.events({ accountId: 'visitor-1', events })).toEqual({ accepted: 3 });
    expect(await web.events({ accountId: 'visitor-1', events })).toEqual({ accepted: 3 });
    // another site's page is refused
    expect((await refusal(webElsewhere.events({ accountId: 'visitor-1', events }))).errorCode).toBe('400002');
    // a web key only identifies and tracks
    expect((await refusal(web.attributes({ accountId: 'visitor-1', addTags: ['x'] }))).errorCode).toBe('400002');
    // without any origin (a script, not a page) it is refused too
    expect((await refusal(webWithoutOrigin.events({ accountId: 'visitor-1', events }))).errorCode).toBe('400002');

    const summary = await admin.ok('behaviorInsight.summary', { source: 'WEB', range });
    expect(summary.events).toBe(3);
    expect(summary.days[2]).toEqual({ day: isoDay(DAYS[2]!), active: 1, events: 3, byName: { page_view: 2, signup: 1 } });
    expect((await admin.ok('behaviorInsight.funnel', { source: 'WEB', range, steps: ['page_view', 'signup'] })).steps).toEqual([
      { name: 'page_view', accounts: 1 },
      { name: 'signup', accounts: 1 },
    ]);
    const timeline = await admin.ok('behaviorInsight.timeline', { source: 'WEB', accountId: 'visitor-1', size: 10 });
    expect(timeline.list.map((e: { name: string; url?: string }) => [e.name, e.url])).toEqual([
      ['signup', `${SITE}/join`],
      ['page_view', `${SITE}/item/1`],
      ['page_view', `${SITE}/`],
    ]);
    expect(timeline.next).toBeUndefined();
    // the app screen shows none of the web events, and the app totals are as they were
    expect((await admin.ok('behaviorInsight.timeline', { source: 'APP', accountId: 'visitor-1', size: 10 })).list).toEqual([]);
    expect((await admin.ok('behaviorInsight.summary', { source: 'APP', range })).events).toBe(RAW.length);
  });

  it('a web call answers with the page origin it came from', async () => {
    const res = await fetch(`${herald.url}${SDK_BASE_PATH}/events`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json' }, body: '{}' });
    // unsigned: refused, and a browser may not read it
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('refusals and tenancy', () => {
  it('bad input gets a catalogue error', async () => {
    const code = async (service: string, payload: unknown) => (await admin.call(service, payload)).body.errorCode;
    expect(await code('behaviorInsight.summary', { source: 'TV', range })).toBe('400016');
    expect(await code('behaviorInsight.summary', { source: 'APP', range: { preset: 'CUSTOM', start: range.end, end: range.start } })).toBe('400016');
    expect(await code('behaviorInsight.funnel', { source: 'APP', range, steps: ['open_app'] })).toBe('400016');
    expect(await code('behaviorInsight.funnel', { source: 'APP', range, steps: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('400016');
    expect(await code('behaviorInsight.timeline', { source: 'APP', accountId: '' })).toBe('400016');
    expect(await code('behaviorInsight.timeline', { source: 'APP', accountId: 'nobody-here' })).toBe('720003');
    expect(await code('behaviorInsight.timeline', { source: 'APP', accountId: 'ins-1', cursor: 'forged.cursor' })).toBe('400016');
    expect(await code('application.save', { name: 'Bad origins', appType: 'WEB', allowedOrigins: 'shop.example.com/path' })).toBe('400016');
    expect((await nobody.call('behaviorInsight.summary', { source: 'APP', range })).body.errorCode).toBe('730001');
  });

  it('another organization sees none of the accounts or numbers, and its events never count here', async () => {
    const before = await admin.ok('behaviorInsight.summary', { source: 'APP', range });
    await theirs.identify({ accountId: 'ins-1' });
    await theirs.events({ accountId: 'ins-1', events: [{ type: 'custom', name: 'open_app', at: DAYS[2]! + 5000 }] });
    expect(await admin.ok('behaviorInsight.summary', { source: 'APP', range })).toEqual(before);

    const theirSummary = await other.ok('behaviorInsight.summary', { source: 'APP', range });
    expect(theirSummary.events).toBe(1);
    expect(theirSummary.days.map((d: { active: number }) => d.active)).toEqual([0, 0, 1]);
    expect((await other.ok('behaviorInsight.summary', { source: 'WEB', range })).events).toBe(0);
    // their ins-1 is their own account: only its one event
    expect((await other.ok('behaviorInsight.timeline', { source: 'APP', accountId: 'ins-1', size: 50 })).list).toHaveLength(1);
    expect((await other.call('behaviorInsight.timeline', { source: 'APP', accountId: 'ins-2', size: 5 })).body.errorCode).toBe('720003');
    // a cursor read in organization 1 is refused in organization 2
    const page = await admin.ok('behaviorInsight.timeline', { source: 'APP', accountId: 'ins-1', size: 1 });
    expect((await other.call('behaviorInsight.timeline', { source: 'APP', accountId: 'ins-1', size: 1, cursor: page.next })).body.errorCode).toBe('400016');
    expect((await other.ok('behaviorInsight.webApps', {})).apps).toEqual([]);
  });
});

describe("a push message's app events on its analytics (spec 001 section 9)", () => {
  it('counts opens and clicks per device OS and CTA1/CTA2 taps, each account and device once, however often sent', async () => {
    const plan = await admin.ok('plan.saveSingle', {
      name: 'App offer',
      title: 'App offer',
      channel: 'PUSH_NATIVE',
      content: { kind: 'PUSH_NATIVE', template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Offer', body: '20% off today.' } } } },
    });
    const devices = [
      { accountId: 'push-ios-1', deviceId: 'd-ios-1', platform: 'IOS' as const },
      { accountId: 'push-ios-2', deviceId: 'd-ios-2', platform: 'IOS' as const },
      { accountId: 'push-and-1', deviceId: 'd-and-1', platform: 'ANDROID' as const },
    ];
    for (const d of devices) await app.identify({ accountId: d.accountId, device: { deviceId: d.deviceId, platform: d.platform } });
    const at = Date.now() - 60_000;
    // what each device did: every one opened, the first two tapped the first button, one Android the second
    const did: Record<string, { type: 'message.opened' | 'message.clicked' | 'message.buttonTapped'; buttonId?: string }[]> = {
      'd-ios-1': [{ type: 'message.opened' }, { type: 'message.buttonTapped', buttonId: 'b1' }, { type: 'message.clicked' }],
      'd-ios-2': [{ type: 'message.opened' }, { type: 'message.buttonTapped', buttonId: 'b1' }],
      'd-and-1': [{ type: 'message.opened' }, { type: 'message.buttonTapped', buttonId: 'b2' }, { type: 'message.opened' }],
    };
    const expected = { opens: 3, clicks: 1, cta1: 2, cta2: 1, os: { IOS: { opens: 2, clicks: 1 }, ANDROID: { opens: 1, clicks: 0 } } };
    for (let round = 0; round < 2; round++) {
      for (const d of devices) {
        const events = did[d.deviceId]!.map((e, i) => ({ ...e, planId: plan.id, deviceId: d.deviceId, at: at + i * 1000 + round }));
        await app.events({ accountId: d.accountId, events });
      }
      const stats = await admin.ok('planStatistics.detail', { id: plan.id });
      expect(stats.app).toMatchObject({ opens: expected.opens, clicks: expected.clicks, cta1: expected.cta1, cta2: expected.cta2 });
      const byOs = Object.fromEntries(stats.app.os.map((o: { os: string; opens: number; clicks: number }) => [o.os, { opens: o.opens, clicks: o.clicks }]));
      expect(byOs).toMatchObject(expected.os);
    }
    // another organization's app cannot name this message
    await theirs.identify({ accountId: 'push-ios-1' });
    const refused = await refusal(theirs.events({ accountId: 'push-ios-1', events: [{ type: 'message.opened', planId: plan.id, at }] }));
    expect(refused.errorCode).toBe('720003');
    expect((await admin.ok('planStatistics.detail', { id: plan.id })).app.opens).toBe(3);
  });
});

describe('once-only markers expire with their events', () => {
  it("a day's marker carries its events' expiry (DynamoDB TTL), pushed back by a later event of that day and never shortened", async () => {
    const markers = new Store(herald.rt).forOrg(1).keyed('deliveryCounter');
    const activeMark = (accountId: string, day: string) => markers.get(counterItems.insightMark.rest('APP', accountId), counterItems.insightMark.slot('active', day));
    const days = () => herald.rt.config.sdk.eventRetentionDays;
    const expiry = (receivedAt: number, retention: number) => Math.floor(receivedAt / 1000) + retention * 86_400;
    const day = isoDay(DAYS[1]!);
    const activeThatDay = async () => (await admin.ok('behaviorInsight.summary', { source: 'APP', range })).days.find((d: { day: string }) => d.day === day)!.active;
    const before = await activeThatDay();
    await app.identify({ accountId: 'ttl-1' });

    const first = Date.now();
    await app.events({ accountId: 'ttl-1', events: [{ id: 'ttl-a', type: 'custom', name: 'open_app', at: DAYS[1]! + 1000 }] });
    const made = (await activeMark('ttl-1', day))!.expiresAt!;
    expect(made).toBeGreaterThanOrEqual(expiry(first, days()));
    expect(made).toBeLessThanOrEqual(expiry(Date.now(), days()));

    const retention = days();
    try {
      // a later event of the same day, kept longer, keeps the day's marker as long; a shorter-lived one changes nothing
      herald.rt.config.sdk.eventRetentionDays = retention + 30;
      const later = Date.now();
      await app.events({ accountId: 'ttl-1', events: [{ id: 'ttl-b', type: 'custom', name: 'view_item', at: DAYS[1]! + 2000 }] });
      const pushed = (await activeMark('ttl-1', day))!.expiresAt!;
      expect(pushed).toBeGreaterThanOrEqual(expiry(later, retention + 30));
      herald.rt.config.sdk.eventRetentionDays = 1;
      await app.events({ accountId: 'ttl-1', events: [{ id: 'ttl-c', type: 'custom', name: 'view_item', at: DAYS[1]! + 3000 }] });
      expect((await activeMark('ttl-1', day))!.expiresAt).toBe(pushed);
    } finally {
      herald.rt.config.sdk.eventRetentionDays = retention;
    }
    // one more active account that day, however many calls
    expect(await activeThatDay()).toBe(before + 1);
    // the counter table removes what has expired
    const ttl = await herald.rt.aws.dynamo.send(new DescribeTimeToLiveCommand({ TableName: `${herald.rt.config.tablePrefix}deliveryCounter` }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ AttributeName: 'expiresAt', TimeToLiveStatus: 'ENABLED' });
  });
});
