/**
 * The dashboard (spec 000 /dashboard, service group `dashboardMetric`; spec 001 section 9's ranges, resolutions
 * and rank): every answer is read from the organization's day counters, so a request costs one query per month
 * of its range however many events the organization has. Counts only: the screen applies the display rules.
 */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { DEVICE_PLATFORMS, idString, KPI_METRICS, KPI_PERIODS } from '../entities';
import { operation } from './operation';
import { localDayHourOf } from '../plan/zonedTime';
import { utcDayStart } from './report';
import { messageTypeSchema } from './planViews';
import { say } from '../i18n/say';

export const DASHBOARD_PRESETS = ['TODAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'ALL', 'CUSTOM'] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];
export const DASHBOARD_RESOLUTIONS = ['DEFAULT', 'FINE', 'COARSE'] as const;
export type DashboardResolution = (typeof DASHBOARD_RESOLUTIONS)[number];
export const DASHBOARD_BUCKETS = ['HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/** The ranking answers the best RANKED_MAX messages (its average is over all of them). */
export const RANKED_MAX = 50;
/** A custom range holds at most a leap year; "all" goes back at most ten years (its months are read one by one). */
export const DASHBOARD_LIMITS = { customDays: 366, allDays: 3653 } as const;
/** The days each preset covers, today included. */
const PRESET_DAYS: Record<Exclude<DashboardPreset, 'ALL' | 'CUSTOM'>, number> = { TODAY: 1, WEEK: 7, MONTH: 30, QUARTER: 90, YEAR: 365 };

const DAY_MS = 86_400_000;
const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, say('form.dayLike'));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What is wrong with a custom range's first and last days (both real calendar days): the server's check and the screens'. */
export function customRangeProblem(start: string, end: string): 'startBeforeEnd' | 'tooLong' | undefined {
  const s = utcDayStart(start);
  const e = utcDayStart(end);
  if (Number.isNaN(s) || Number.isNaN(e)) return undefined;
  if (s > e) return 'startBeforeEnd';
  return (e - s) / DAY_MS + 1 > DASHBOARD_LIMITS.customDays ? 'tooLong' : undefined;
}

export const dashboardRange = z
  .object({
    preset: z.enum(DASHBOARD_PRESETS),
    /** a custom range's first and last day (the organization's days), both included */
    start: dayText.optional(),
    end: dayText.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.preset !== 'CUSTOM') return;
    if (!p.start || !p.end) {
      ctx.addIssue({ code: 'custom', path: [p.start ? 'end' : 'start'], message: say('form.customRangeDays') });
      return;
    }
    const start = utcDayStart(p.start);
    const end = utcDayStart(p.end);
    if (Number.isNaN(start)) ctx.addIssue({ code: 'custom', path: ['start'], message: say('form.dayLike') });
    else if (Number.isNaN(end)) ctx.addIssue({ code: 'custom', path: ['end'], message: say('form.dayLike') });
    else if (customRangeProblem(p.start, p.end) === 'startBeforeEnd') ctx.addIssue({ code: 'custom', path: ['end'], message: say('validation.dateRange') });
    else if (customRangeProblem(p.start, p.end) === 'tooLong')
      ctx.addIssue({ code: 'custom', path: ['end'], message: say('form.dashboardDaysMax', { max: DASHBOARD_LIMITS.customDays }) });
  });
export type DashboardRange = z.infer<typeof dashboardRange>;

/**
 * A dashboard group's id: the numbers of its messages only (its sub-dashboard), read from their counters; and a
 * message type (1 Ad-Hoc, 2 Lifecycle): the numbers of messages of that type only.
 */
const groupFilter = { groupId: idString.optional(), messageType: messageTypeSchema.optional() };
/** A range, for the whole organization or one dashboard group. */
export const dashboardRangeOfGroup = dashboardRange.safeExtend(groupFilter);

/**
 * What a group's numbers cannot say: the counters kept per message hold sends, failures, bounces, opens and
 * clicks per channel and day (the organization's), so a group has no per-hour points, device OS split or these
 * counts ('--').
 */
export const GROUP_UNMEASURED = ['skipped', 'unsubscribes', 'complaints', 'likes', 'dislikes'] as const;

/**
 * The days a range covers, on the calendar of `timeZone` (the organization's; UTC when not given): a preset ends
 * today there; "all" starts on the organization's first day there.
 */
export function resolveRange(range: DashboardRange, now: number, since?: number, timeZone = 'UTC'): { start: string; end: string; days: number; timeZone: string } {
  const dayOf = (ms: number) => localDayHourOf(ms, timeZone).day;
  const today = dayOf(now);
  const daysBefore = (n: number) => isoDay(utcDayStart(today) - n * DAY_MS);
  let start: string;
  let end = today;
  if (range.preset === 'CUSTOM') {
    start = range.start!;
    end = range.end!;
  } else if (range.preset === 'ALL') {
    const first = since === undefined ? daysBefore(364) : dayOf(Math.min(since, now));
    const earliest = daysBefore(DASHBOARD_LIMITS.allDays - 1);
    // the later of two days (day strings sort as the calendar does)
    start = [first, earliest].sort()[1]!;
  } else start = daysBefore(PRESET_DAYS[range.preset] - 1);
  return { start, end, days: Math.round((utcDayStart(end) - utcDayStart(start)) / DAY_MS) + 1, timeZone };
}

/** The points a chart draws: hours for a day or two, days up to two months, then weeks; fine and coarse step once. */
export function bucketOf(days: number, resolution: DashboardResolution): DashboardBucket {
  const natural = days <= 2 ? 0 : days <= 62 ? 1 : days <= 366 ? 2 : 3;
  const step = resolution === 'FINE' ? -1 : resolution === 'COARSE' ? 1 : 0;
  let at = Math.min(3, Math.max(0, natural + step));
  // an hour a point stops being readable beyond a week
  if (at === 0 && days > 7) at = 1;
  return DASHBOARD_BUCKETS[at]!;
}

/** What recipients did, as counted: `sent` is what providers took, `delivered` of them what did not bounce. */
export const dashboardCounts = z.object({
  attempted: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  unsubscribes: z.number().int(),
  bounces: z.number().int(),
  complaints: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCounts>;

/** the range's days, and the zone whose calendar they are (the organization's: an IANA name, or UTC) */
const rangeAnswer = z.object({ start: z.string(), end: z.string(), days: z.number().int(), timeZone: z.string() });

export const RANK_GRADES = ['A', 'B', 'C', 'D'] as const;
export type RankGrade = (typeof RANK_GRADES)[number];
/**
 * Spec 001 section 9: a message's grade by its open rate against the average of the ranked messages: A at 125 %
 * of it or more, B from the average, C from 75 %, D below. A message whose opens are not measured has none.
 */
export function rankOf(openRate: number, average: number): RankGrade {
  if (average <= 0) return openRate > 0 ? 'A' : 'B';
  // a hair of tolerance: 0.3 / 0.4 is 0.7499… in floating point, and exactly 75 % is a C
  const r = openRate / average + 1e-9;
  return r >= 1.25 ? 'A' : r >= 1 ? 'B' : r >= 0.75 ? 'C' : 'D';
}

export const dashboardMetricServices = {
  /** the range's totals, per channel and per device OS of push (the funnel is sent → delivered → opened → clicked) */
  summary: operation({
    access: 'NAV_DASHBOARD',
    payload: dashboardRangeOfGroup,
    response: z.object({
      range: rangeAnswer,
      totals: dashboardCounts,
      channels: z.array(z.object({ channel: z.enum(CHANNELS), counts: dashboardCounts })),
      /** empty for a group */
      os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), counts: dashboardCounts })),
      /** for a group: the counts it does not measure (zero in the answer, '--' on the screen) */
      unmeasured: z.array(z.enum(GROUP_UNMEASURED)).optional(),
    }),
  }),
  /**
   * the same counts over time, one point per hour, day, week (from Monday) or month of the organization's zone (a
   * group's: a day at the finest, a month beyond a year)
   */
  trend: operation({
    access: 'NAV_DASHBOARD',
    payload: z.object({ range: dashboardRange, resolution: z.enum(DASHBOARD_RESOLUTIONS).default('DEFAULT'), ...groupFilter }),
    response: z.object({
      range: rangeAnswer,
      bucket: z.enum(DASHBOARD_BUCKETS),
      points: z.array(z.object({ label: z.string(), sent: z.number().int(), delivered: z.number().int(), opens: z.number().int(), clicks: z.number().int() })),
    }),
  }),
  /** the messages with sends in the range, best open rate first, graded A to D against the average open rate */
  ranking: operation({
    access: 'NAV_DASHBOARD',
    payload: dashboardRangeOfGroup,
    response: z.object({
      range: rangeAnswer,
      /** opens per message delivered over the ranked messages; null when none is ranked */
      averageOpenRate: z.number().nullable(),
      /** the messages with sends in the range; `plans` holds the first RANKED_MAX of them */
      total: z.number().int(),
      plans: z.array(
        z.object({
          planId: z.string(),
          name: z.string(),
          channel: z.enum(CHANNELS),
          /** the message's sends, deliveries, opens and clicks in the range */
          counts: dashboardCounts.pick({ attempted: true, sent: true, delivered: true, opens: true, clicks: true }),
          openRate: z.number().nullable(),
          rank: z.enum(RANK_GRADES).nullable(),
        }),
      ),
    }),
  }),
  /** each KPI target with what its current period (month, quarter or year, on the organization's calendar) has reached */
  kpiProgress: operation({
    access: 'NAV_DASHBOARD',
    payload: z.object(groupFilter),
    response: z.object({
      targets: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          metric: z.enum(KPI_METRICS),
          period: z.enum(KPI_PERIODS),
          target: z.number(),
          start: z.string(),
          end: z.string(),
          /** a count for SENT, otherwise a percentage (2 decimals cut); null when its base is zero */
          actual: z.number().nullable(),
          /** actual of target in per cent (lower is better for the unsubscribe rate: target over actual) */
          progress: z.number().nullable(),
        }),
      ),
    }),
  }),
} as const;
