/** The dashboard's numbers (`dashboardMetric`). */
import { type Channel, CHANNELS } from '../../../shared/delivery';
import { countsOfAttempts, messageFigures } from '../../../shared/metrics';
import { DAILY_IN_MONTH, DEVICE_PLATFORMS, type KpiTarget, orgDayField } from '../../../shared/entities';
import { bucketOf, type DashboardBucket, type DashboardRange, GROUP_UNMEASURED, RANKED_MAX, rankOf, resolveRange } from '../../../shared/services/dashboard';
import { utcDayStart } from '../../../shared/services/report';
import { MESSAGE_TYPES } from '../../../shared/plan/plan';
import { localDayHourOf } from '../../../shared/plan/zonedTime';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { addInto, countsOf, DAY_FIELDS, type DayItem, OS_CHANNEL, readDaily, readDays, readRange, readRangeItems, SUMMARY_ATTRIBUTES } from './dayCounters';
import { addShares, type GroupShares, groupShares } from './groupShares';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const zoneOf = (ctx: AuthedContext) => ctx.organization.zone(ctx.rt.clock.now());

async function rangeOf(range: DashboardRange, ctx: AuthedContext) {
  const now = ctx.rt.clock.now();
  const [since, zone] = await Promise.all([range.preset === 'ALL' ? ctx.organization.get().then((o) => o?.dateCreated) : undefined, zoneOf(ctx)]);
  return resolveRange(range, now, typeof since === 'number' ? since : undefined, zone);
}

function pointOf(bucket: DashboardBucket, day: string, start: string, hour?: string): string {
  if (bucket === 'HOUR') return `${day} ${hour}:00`;
  if (bucket === 'DAY') return day;
  if (bucket === 'MONTH') return day.slice(0, 7);
  // weeks start on Monday (day strings are calendar days: UTC arithmetic only names the weekday); the first is cut at the range's start
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

const TREND_FIELDS = DAILY_IN_MONTH;
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

function periodStart(period: KpiTarget['period'], today: string): string {
  const d = new Date(utcDayStart(today));
  const month = period === 'MONTH' ? d.getUTCMonth() : period === 'QUARTER' ? d.getUTCMonth() - (d.getUTCMonth() % 3) : 0;
  return isoDay(Date.UTC(d.getUTCFullYear(), month, 1));
}

/** A group's trend points: its messages' counts per day, or per month beyond a year (whole months from month items). */
async function groupTrend(group: GroupShares, bucket: DashboardBucket, r: { start: string; end: string }, ctx: AuthedContext): Promise<DayItem[]> {
  const items = await group.read((attributes) =>
    bucket === 'MONTH' ? readRangeItems(ctx.tenant, 'plans', r.start, r.end, attributes) : readDays(ctx.tenant, 'plans', r.start, r.end, attributes),
  );
  return items.map(({ day, counts }) => {
    const raw: Record<string, number> = {};
    addShares(raw, counts);
    return { day, counts: raw };
  });
}

export const dashboardMetricHandlers: AreaHandlers<'dashboardMetric'> = {
  async summary({ groupId, messageType, ...range }, ctx) {
    const group = groupId ? await groupShares(ctx, groupId, messageType) : undefined;
    const r = await rangeOf(range, ctx);
    const raw: Record<string, number> = {};
    if (group) {
      for (const counts of await group.read((attributes) => readRange(ctx.tenant, 'plans', r.start, r.end, attributes))) addShares(raw, counts);
      return {
        range: r,
        totals: countsOf(raw),
        channels: CHANNELS.map((channel) => ({ channel, counts: countsOf(raw, orgDayField.channel('', channel)) })),
        os: [],
        unmeasured: [...GROUP_UNMEASURED],
      };
    }
    for (const counts of await readRange(ctx.tenant, 'counts', r.start, r.end, SUMMARY_ATTRIBUTES, messageType)) addInto(raw, counts);
    return {
      range: r,
      totals: countsOf(raw),
      channels: CHANNELS.map((channel) => ({ channel, counts: countsOf(raw, orgDayField.channel('', channel)) })),
      os: DEVICE_PLATFORMS.map((os) => ({ os, counts: countsOf(raw, orgDayField.os('', OS_CHANNEL, os)) })),
    };
  },

  async trend({ range, resolution, groupId, messageType }, ctx) {
    const group = groupId ? await groupShares(ctx, groupId, messageType) : undefined;
    const r = await rangeOf(range, ctx);
    const natural = bucketOf(r.days, resolution);
    // a message's counts are kept per day, and read per ten days: a group's points are days at the finest, months beyond a year
    const bucket = !group ? natural : r.days > 366 ? 'MONTH' : natural === 'HOUR' ? 'DAY' : natural;
    const sums = new Map<string, Record<string, number>>(pointsOf(bucket, r.start, r.end).map((label) => [label, {}]));
    const days = group
      ? await groupTrend(group, bucket, r, ctx)
      : bucket === 'HOUR'
        ? await readDays(
            ctx.tenant,
            'hours',
            r.start,
            r.end,
            TREND_FIELDS.flatMap((f) => HOURS.map((h) => orgDayField.hour(f, h))),
            messageType,
          )
        : await readDaily(ctx.tenant, r.start, r.end, messageType);
    for (const { day, counts } of days) {
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

  async ranking({ groupId, messageType, ...range }, ctx) {
    const group = groupId ? await groupShares(ctx, groupId, messageType) : undefined;
    const r = await rangeOf(range, ctx);
    const byPlan = new Map<string, { channel: Channel; raw: Record<string, number> }>();
    const shares = group ? await group.read((attributes) => readRange(ctx.tenant, 'plans', r.start, r.end, attributes)) : await readRange(ctx.tenant, 'plans', r.start, r.end);
    for (const counts of shares) {
      for (const [name, n] of Object.entries(counts)) {
        const [field, channel, ...id] = name.split('~');
        if (!id.length || typeof n !== 'number' || !(CHANNELS as readonly string[]).includes(channel!)) continue;
        const planId = id.join('~');
        const plan = byPlan.get(planId) ?? { channel: channel as Channel, raw: {} };
        byPlan.set(planId, plan);
        plan.raw[field!] = (plan.raw[field!] ?? 0) + n;
      }
    }
    // a message's shares carry no type: with a type filter, the plans say which to keep (a group's are kept already)
    if (messageType !== undefined && !group && byPlan.size) {
      const ids = [...byPlan.keys()];
      const types = await ctx.tenant.getMany('plan', ids, ['id', 'messageType']);
      ids.forEach((id, i) => {
        if (types[i] && (types[i]!.messageType ?? MESSAGE_TYPES.AD_HOC) !== messageType) byPlan.delete(id);
      });
    }
    // rates and grades from the counters alone; only the messages answered are read, for their names
    const rows = [...byPlan].map(([planId, { channel, raw }]) => {
      const counts = countsOf(raw);
      const { attempted, sent, delivered, opens, clicks } = counts;
      const { openRate } = messageFigures(channel, countsOfAttempts(counts));
      return { planId, channel, counts: { attempted, sent, delivered, opens, clicks }, openRate };
    });
    const rated = rows.filter((row) => row.openRate !== null);
    const averageOpenRate = rated.length ? rated.reduce((s, row) => s + row.openRate!, 0) / rated.length : null;
    const shown = rows.sort((a, b) => (b.openRate ?? -1) - (a.openRate ?? -1) || b.counts.attempted - a.counts.attempted || a.planId.localeCompare(b.planId)).slice(0, RANKED_MAX);
    const plans = shown.length
      ? await ctx.tenant.getMany(
          'plan',
          shown.map((row) => row.planId),
          ['id', 'name'],
        )
      : [];
    return {
      range: r,
      averageOpenRate,
      total: rows.length,
      // a message deleted since is left out: its counts stay in the totals
      plans: shown.flatMap((row, i) =>
        plans[i] ? [{ ...row, name: plans[i]!.name, rank: row.openRate !== null && averageOpenRate !== null ? rankOf(row.openRate, averageOpenRate) : null }] : [],
      ),
    };
  },

  async kpiProgress({ groupId, messageType }, ctx) {
    const group = groupId ? await groupShares(ctx, groupId, messageType) : undefined;
    const targets = await ctx.tenant.list('kpiTarget');
    if (targets.length === 0) return { targets: [] };
    const today = localDayHourOf(ctx.rt.clock.now(), await zoneOf(ctx)).day;
    const starts = targets.map((t) => periodStart(t.period, today));
    // each period read once (a month, quarter and year start on month boundaries: mostly month items)
    const periods = new Map<string, Record<string, number>>();
    await Promise.all(
      [...new Set(starts)].map(async (start) => {
        const raw: Record<string, number> = {};
        if (group) for (const counts of await group.read((attributes) => readRange(ctx.tenant, 'plans', start, today, attributes))) addShares(raw, counts);
        else for (const counts of await readRange(ctx.tenant, 'counts', start, today, DAY_FIELDS, messageType)) addInto(raw, counts);
        periods.set(start, raw);
      }),
    );
    return {
      targets: targets
        .map((t, i) => {
          const c = countsOf(periods.get(starts[i]!)!);
          const rate = (n: number, of: number) => (of > 0 ? (n / of) * 100 : null);
          const actual =
            t.metric === 'SENT'
              ? c.sent
              : t.metric === 'OPEN_RATE'
                ? rate(c.opens, c.delivered)
                : t.metric === 'CLICK_RATE'
                  ? rate(c.clicks, c.delivered)
                  : t.metric === 'UNSUBSCRIBE_RATE'
                    ? // a group's messages have no unsubscribe counts of their own
                      group
                      ? null
                      : rate(c.unsubscribes, c.opens)
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
