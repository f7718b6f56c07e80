/**
 * The dashboard's numbers (`dashboardMetric`): the organization's day counters over a range (./dayCounters.ts),
 * read through the caller's tenant store only. A request reads one partition per month of its range.
 */
import { CHANNELS, OPEN_CHANNELS } from '../../../shared/delivery';
import { DEVICE_PLATFORMS, type KpiTarget, orgDayField } from '../../../shared/entities';
import { bucketOf, type DashboardBucket, type DashboardRange, rankOf, resolveRange } from '../../../shared/services/dashboard';
import { utcDayStart } from '../../../shared/services/report';
import type { AreaHandlers, AuthedContext } from '../../api/context';
import { addInto, countsOf, DAY_FIELDS, type DayCounts, OS_CHANNEL, readDays, SUMMARY_ATTRIBUTES } from './dayCounters';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range's days; "all" starts on the day the organization was made. */
async function rangeOf(range: DashboardRange, ctx: AuthedContext) {
  const now = ctx.rt.clock.now();
  const since = range.preset === 'ALL' ? (await ctx.platform.get('organization', { id: ctx.tenant.orgId }))?.dateCreated : undefined;
  return resolveRange(range, now, typeof since === 'number' ? since : undefined);
}

/** The point a day (or a day's hour) falls in. */
function pointOf(bucket: DashboardBucket, day: string, start: string, hour?: string): string {
  if (bucket === 'HOUR') return `${day} ${hour}:00`;
  if (bucket === 'DAY') return day;
  if (bucket === 'MONTH') return day.slice(0, 7);
  // weeks start on Monday (UTC); the first is cut at the range's start
  const ms = utcDayStart(day);
  const monday = isoDay(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
  return monday < start ? start : monday;
}

/** Every point of the range in order, so a chart shows the quiet ones as zero. */
function pointsOf(bucket: DashboardBucket, start: string, end: string): string[] {
  const labels: string[] = [];
  for (let ms = utcDayStart(start); ms <= utcDayStart(end); ms += DAY_MS) {
    const day = isoDay(ms);
    if (bucket === 'HOUR') for (let h = 0; h < 24; h++) labels.push(pointOf(bucket, day, start, String(h).padStart(2, '0')));
    else {
      const label = pointOf(bucket, day, start);
      if (labels[labels.length - 1] !== label) labels.push(label);
    }
  }
  return labels;
}

const TREND_FIELDS = ['sent', 'bounces', 'opens', 'clicks'] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

/** The start of a KPI period containing `now` (UTC): its month, quarter or year. */
function periodStart(period: KpiTarget['period'], now: number): string {
  const d = new Date(now);
  const month = period === 'MONTH' ? d.getUTCMonth() : period === 'QUARTER' ? d.getUTCMonth() - (d.getUTCMonth() % 3) : 0;
  return isoDay(Date.UTC(d.getUTCFullYear(), month, 1));
}

export const dashboardMetricHandlers: AreaHandlers<'dashboardMetric'> = {
  async summary(range, ctx) {
    const r = await rangeOf(range, ctx);
    const raw: Record<string, number> = {};
    for (const item of await readDays(ctx.tenant, 'counts', r.start, r.end, SUMMARY_ATTRIBUTES)) addInto(raw, item.counts);
    return {
      range: r,
      totals: countsOf(raw),
      channels: CHANNELS.map((channel) => ({ channel, counts: countsOf(raw, orgDayField.channel('', channel)) })),
      os: DEVICE_PLATFORMS.map((os) => ({ os, counts: countsOf(raw, orgDayField.os('', OS_CHANNEL, os)) })),
    };
  },

  async trend({ range, resolution }, ctx) {
    const r = await rangeOf(range, ctx);
    const bucket = bucketOf(r.days, resolution);
    const attributes = bucket === 'HOUR' ? TREND_FIELDS.flatMap((f) => HOURS.map((h) => orgDayField.hour(f, h))) : [...TREND_FIELDS];
    const sums = new Map<string, Record<string, number>>(pointsOf(bucket, r.start, r.end).map((label) => [label, {}]));
    for (const { day, counts } of await readDays(ctx.tenant, 'counts', r.start, r.end, attributes)) {
      if (bucket !== 'HOUR') {
        addInto(sums.get(pointOf(bucket, day, r.start))!, counts);
        continue;
      }
      for (const h of HOURS) {
        const at = sums.get(pointOf(bucket, day, r.start, h))!;
        for (const f of TREND_FIELDS) at[f] = (at[f] ?? 0) + (counts[orgDayField.hour(f, h)] ?? 0);
      }
    }
    return {
      range: r,
      bucket,
      points: [...sums].map(([label, raw]) => {
        const c = countsOf(raw);
        return { label, sent: c.sent, delivered: c.delivered, opens: c.opens, clicks: c.clicks };
      }),
    };
  },

  async ranking(range, ctx) {
    const r = await rangeOf(range, ctx);
    const byPlan = new Map<string, Record<string, number>>();
    for (const { counts } of await readDays(ctx.tenant, 'plans', r.start, r.end)) {
      for (const [name, n] of Object.entries(counts)) {
        const at = name.lastIndexOf('~');
        if (at < 0 || typeof n !== 'number') continue;
        const planId = name.slice(at + 1);
        const raw = byPlan.get(planId) ?? {};
        byPlan.set(planId, raw);
        raw[name.slice(0, at)] = (raw[name.slice(0, at)] ?? 0) + n;
      }
    }
    const ids = [...byPlan.keys()];
    const plans = ids.length ? await ctx.tenant.getMany('plan', ids, ['id', 'name', 'channel']) : [];
    // a message deleted since is left out: its counts stay in the totals
    const rows = plans
      .filter((p) => !!p)
      .map((p) => {
        const counts = countsOf(byPlan.get(p!.id)! as DayCounts);
        const openRate = OPEN_CHANNELS.has(p!.channel) && counts.delivered > 0 ? counts.opens / counts.delivered : null;
        return { planId: p!.id, name: p!.name, channel: p!.channel, counts, openRate };
      });
    const rated = rows.filter((row) => row.openRate !== null);
    const averageOpenRate = rated.length ? rated.reduce((s, row) => s + row.openRate!, 0) / rated.length : null;
    return {
      range: r,
      averageOpenRate,
      plans: rows
        .map((row) => ({ ...row, rank: row.openRate !== null && averageOpenRate !== null ? rankOf(row.openRate, averageOpenRate) : null }))
        .sort((a, b) => (b.openRate ?? -1) - (a.openRate ?? -1) || b.counts.attempted - a.counts.attempted || a.name.localeCompare(b.name)),
    };
  },

  async kpiProgress(_payload, ctx) {
    const targets = await ctx.tenant.list('kpiTarget');
    if (targets.length === 0) return { targets: [] };
    const now = ctx.rt.clock.now();
    const today = isoDay(now);
    const starts = targets.map((t) => periodStart(t.period, now));
    // one read of the longest period; the shorter ones are its later days
    const days = await readDays(ctx.tenant, 'counts', [...starts].sort()[0]!, today, DAY_FIELDS);
    return {
      targets: targets
        .map((t, i) => {
          const raw: Record<string, number> = {};
          for (const d of days) if (d.day >= starts[i]!) addInto(raw, d.counts);
          const c = countsOf(raw);
          const rate = (n: number, of: number) => (of > 0 ? (n / of) * 100 : null);
          const actual =
            t.metric === 'SENT'
              ? c.sent
              : t.metric === 'OPEN_RATE'
                ? rate(c.opens, c.delivered)
                : t.metric === 'CLICK_RATE'
                  ? rate(c.clicks, c.delivered)
                  : t.metric === 'UNSUBSCRIBE_RATE'
                    ? rate(c.unsubscribes, c.opens)
                    : // conversions are not measured yet
                      null;
          let progress: number | null = null;
          if (actual !== null && t.metric === 'UNSUBSCRIBE_RATE') progress = actual <= t.target ? 100 : (t.target / actual) * 100;
          else if (actual !== null) progress = t.target > 0 ? (actual / t.target) * 100 : 100;
          return { id: t.id, name: t.name, metric: t.metric, period: t.period, target: t.target, start: starts[i]!, end: today, actual, progress };
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  },
};
