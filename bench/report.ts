/**
 * The dashboard's requests for an organization with 10,000,000 events (BENCH_EVENTS) over the last year, on the
 * local stack through the HTTP router. The events are written as what they aggregate to: the organization's
 * day and month items (functions/delivery/ledger.ts orgDayUpdate), with every field split over UTC hours,
 * channels, push OS and the day's messages. Each request is timed (median of
 * BENCH_RUNS after one warm-up) with the DynamoDB calls it made. Goal: every request under 300 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootLocal } from '../functions/local/boot';
import { counterItems, ORG_DAY_SHARDS } from '../functions/store/counterItems';
import { Store } from '../functions/store/store';
import { CHANNELS } from '../shared/delivery';
import { DAILY_IN_MONTH, DASHBOARD_GROUP_MAX_PLANS, DEVICE_PLATFORMS, orgDayField, SHARE_FIELDS } from '../shared/entities';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DAYS = 365;
const PLANS_A_DAY = 12;
const TARGET_MS = 300;
const DAY_MS = 86_400_000;
/** How a day's events split over the counters (the rest are sends). */
const SHARES = { opens: 0.22, clicks: 0.06, failed: 0.02, skipped: 0.03, unsubscribes: 0.01, bounces: 0.01, complaints: 0.002, likes: 0.004, dislikes: 0.002 } as const;

const dataDir = mkdtempSync(join(tmpdir(), 'herald-report-'));
const herald = await bootLocal({ dataDir, persistent: false, logLevel: 'silent', config: { adminPassword: 'Bench@1234', tablePrefix: 'bench-' } });
const store = new Store(herald.rt);
/** organization 1's day and month items, keyed as the ledger writes them */
const counters = store.forOrg(1).keyed('deliveryCounter');
const { orgDay, orgMonth } = counterItems;
await herald.delivery.stop();

let dbCalls = 0;
herald.rt.aws.dynamo.middlewareStack.add(
  (next) => (args) => {
    dbCalls++;
    return next(args);
  },
  { step: 'initialize', name: 'benchRequestCount' },
);

/** `n` split into `parts` whole numbers that add up to it. */
const split = (n: number, parts: number) => Array.from({ length: parts }, (_, i) => Math.floor(n / parts) + (i < n % parts ? 1 : 0));

const now = herald.rt.clock.now();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let written = 0;
const items: Record<string, unknown>[] = [];
/** the month items, summed from the days as the ledger adds to both */
const months = new Map<string, Record<string, unknown>>();
const addTo = (item: Record<string, unknown>, name: string, n: number) => {
  item[name] = ((item[name] as number | undefined) ?? 0) + n;
};
const perItem = split(EVENTS, DAYS * ORG_DAY_SHARDS);
for (let d = 0; d < DAYS; d++) {
  const day = isoDay(now - d * DAY_MS);
  const [month, year] = [day.slice(0, 7), day.slice(0, 4)];
  for (let s = 0; s < ORG_DAY_SHARDS; s++) {
    const runKey = counters.partition(orgDay.rest(month, s));
    const events = perItem[d * ORG_DAY_SHARDS + s]!;
    const fields: Record<string, number> = Object.fromEntries(Object.entries(SHARES).map(([f, share]) => [f, Math.floor(events * share)]));
    fields.sent = events - Object.values(fields).reduce((a, b) => a + b, 0);
    const counts: Record<string, unknown> = { runKey, slot: orgDay.slot('counts', day) };
    const hours: Record<string, unknown> = { runKey, slot: orgDay.slot('hours', day) };
    const shares: Record<string, unknown> = { runKey, slot: orgDay.slot('plans', day) };
    const monthKey = { runKey: counters.partition(orgMonth.rest(year, s)) };
    const monthCounts = months.get(`M${month}${s}`) ?? { ...monthKey, slot: orgMonth.slot('counts', month) };
    const monthShares = months.get(`N${month}${s}`) ?? { ...monthKey, slot: orgMonth.slot('plans', month) };
    months.set(`M${month}${s}`, monthCounts);
    months.set(`N${month}${s}`, monthShares);
    for (const [f, n] of Object.entries(fields)) {
      written += n;
      counts[f] = n;
      for (const [h, part] of split(n, 24).entries()) hours[orgDayField.hour(f, String(h).padStart(2, '0'))] = part;
      for (const [c, part] of split(n, CHANNELS.length).entries()) {
        counts[orgDayField.channel(f, CHANNELS[c]!)] = part;
        if (CHANNELS[c] !== 'PUSH_NATIVE') continue;
        for (const [o, osPart] of split(part, DEVICE_PLATFORMS.length).entries()) counts[orgDayField.os(f, 'PUSH_NATIVE', DEVICE_PLATFORMS[o]!)] = osPart;
      }
      // a day's messages: the year's plans in turn
      for (const [p, part] of (SHARE_FIELDS as readonly string[]).includes(f) ? split(n, PLANS_A_DAY).entries() : []) {
        const plan = (d * 3 + p) % 500;
        const share = orgDayField.plan(f, CHANNELS[plan % CHANNELS.length]!, `plan-${plan}`);
        shares[share] = part;
        addTo(monthShares, share, part);
      }
      if ((DAILY_IN_MONTH as readonly string[]).includes(f)) addTo(monthCounts, orgDayField.day(f, day.slice(8)), n);
    }
    for (const [name, n] of Object.entries(counts)) if (typeof n === 'number') addTo(monthCounts, name, n);
    items.push(counts, hours, shares);
  }
}
items.push(...months.values());
if (written !== EVENTS) throw new Error(`wrote ${written} events, not ${EVENTS}`);
const writeStart = performance.now();
for (let i = 0; i < items.length; i += 500) await store.putMany('deliveryCounter', items.slice(i, i + 500) as never);
console.log(`wrote ${items.length} counter items holding ${EVENTS.toLocaleString('en-US')} events in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`);

// "all" starts on the organization's first day: make it a year old
const org = (await store.get('organization', { id: 1 }))!;
await store.put('organization', { ...org, dateCreated: now - (DAYS - 1) * DAY_MS });

const headers = { 'content-type': 'application/json', 'x-device-id': 'bench', 'x-app-key': herald.rt.config.portalAppKey };
async function call(service: string, payload: unknown, token?: string): Promise<any> {
  const res = await fetch(`${herald.url}/service/web/api/index`, {
    method: 'POST',
    headers: { ...headers, 'x-timestamp': String(Date.now()), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ service, payload }),
  });
  const body = (await res.json()) as { state: string; payload: unknown; errorCode: string; errorMessage: string };
  if (body.state !== 'S') throw new Error(`${service}: ${body.errorCode} ${body.errorMessage}`);
  return body.payload;
}
const { accessToken } = await call('auth.login', { username: 'admin', password: 'Bench@1234' });
for (const [metric, period, target] of [
  ['SENT', 'MONTH', 1_000_000],
  ['OPEN_RATE', 'QUARTER', 30],
  ['UNSUBSCRIBE_RATE', 'YEAR', 2],
] as const) {
  await call('kpiTarget.save', { name: `${metric} ${period}`, metric, period, target }, accessToken);
}

// a dashboard group of the most messages it may hold, each a message of the bench's shares
const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'bench', updatedBy: 'bench' };
const groupPlans = Array.from({ length: DASHBOARD_GROUP_MAX_PLANS }, (_, p) => `plan-${p * 7}`);
await store.putMany('plan', groupPlans.map((id) => ({ orgId: 1, id, name: id, channel: CHANNELS[Number(id.slice(5)) % CHANNELS.length], status: 'DEPLOYED', ...audit })) as never);
const groupId = (await call('dashboardGroup.save', { name: 'Bench group', planIds: groupPlans }, accessToken)).id;

const year = await call('dashboardMetric.summary', { preset: 'ALL' }, accessToken);
const total = Object.entries(year.totals as Record<string, number>)
  .filter(([k]) => !['attempted', 'delivered'].includes(k))
  .reduce((a, [, n]) => a + n, 0);
// uncertain is never written here, so every event is in one of the answered counts
if (total !== EVENTS) throw new Error(`the dashboard counts ${total} events, not ${EVENTS}`);

const REQUESTS: [string, string, unknown][] = [
  ...(['TODAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'ALL'] as const).map((preset): [string, string, unknown] => [`summary ${preset}`, 'dashboardMetric.summary', { preset }]),
  ['trend TODAY (hours)', 'dashboardMetric.trend', { range: { preset: 'TODAY' }, resolution: 'DEFAULT' }],
  ['trend WEEK fine (hours)', 'dashboardMetric.trend', { range: { preset: 'WEEK' }, resolution: 'FINE' }],
  ['trend MONTH (days)', 'dashboardMetric.trend', { range: { preset: 'MONTH' }, resolution: 'DEFAULT' }],
  ['trend YEAR fine (days)', 'dashboardMetric.trend', { range: { preset: 'YEAR' }, resolution: 'FINE' }],
  ['trend ALL (weeks)', 'dashboardMetric.trend', { range: { preset: 'ALL' }, resolution: 'DEFAULT' }],
  ['ranking MONTH', 'dashboardMetric.ranking', { preset: 'MONTH' }],
  ['ranking YEAR', 'dashboardMetric.ranking', { preset: 'YEAR' }],
  ['kpiProgress (3 targets)', 'dashboardMetric.kpiProgress', {}],
  // a group of 50 messages: its reads follow the range, what comes back the group's messages
  ['group summary MONTH', 'dashboardMetric.summary', { preset: 'MONTH', groupId }],
  ['group summary YEAR', 'dashboardMetric.summary', { preset: 'YEAR', groupId }],
  ['group trend MONTH (days)', 'dashboardMetric.trend', { range: { preset: 'MONTH' }, resolution: 'DEFAULT', groupId }],
  ['group trend YEAR (weeks)', 'dashboardMetric.trend', { range: { preset: 'YEAR' }, resolution: 'DEFAULT', groupId }],
  ['group trend YEAR coarse (months)', 'dashboardMetric.trend', { range: { preset: 'YEAR' }, resolution: 'COARSE', groupId }],
  ['group ranking YEAR', 'dashboardMetric.ranking', { preset: 'YEAR', groupId }],
  ['group kpiProgress', 'dashboardMetric.kpiProgress', { groupId }],
];

const rows: { request: string; ms: number; dbCalls: number; ok: boolean }[] = [];
for (const [label, service, payload] of REQUESTS) {
  await call(service, payload, accessToken); // warm-up
  const times: number[] = [];
  let calls = 0;
  for (let i = 0; i < RUNS; i++) {
    dbCalls = 0;
    const t0 = performance.now();
    await call(service, payload, accessToken);
    times.push(performance.now() - t0);
    calls = dbCalls;
  }
  const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  rows.push({ request: label, ms: Math.round(ms * 10) / 10, dbCalls: calls, ok: ms < TARGET_MS });
}
console.log(`\nThe dashboard's requests over ${EVENTS.toLocaleString('en-US')} aggregated events (median of ${RUNS}, target < ${TARGET_MS} ms):`);
console.table(rows);
await herald.stop();
rmSync(dataDir, { recursive: true, force: true });
if (rows.some((r) => !r.ok)) {
  console.error(`over ${TARGET_MS} ms: ${rows.filter((r) => !r.ok).map((r) => r.request)}`);
  process.exitCode = 1;
}
