/** Spec 000 /dashboard, spec 001 section 9: read from day counters, so a request costs one query per month of its range. */
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

export const RANKED_MAX = 50;
export const DASHBOARD_LIMITS = { customDays: 366, allDays: 3653 } as const;
const PRESET_DAYS: Record<Exclude<DashboardPreset, 'ALL' | 'CUSTOM'>, number> = { TODAY: 1, WEEK: 7, MONTH: 30, QUARTER: 90, YEAR: 365 };

const DAY_MS = 86_400_000;
const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, say('form.dayLike'));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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

const groupFilter = { groupId: idString.optional(), messageType: messageTypeSchema.optional() };
export const dashboardRangeOfGroup = dashboardRange.safeExtend(groupFilter);

/** Per-message counters keep only sends, failures, bounces, opens and clicks, so a group shows these as '--'. */
export const GROUP_UNMEASURED = ['skipped', 'unsubscribes', 'complaints', 'likes', 'dislikes'] as const;

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
    // day strings sort as the calendar does
    start = [first, earliest].sort()[1]!;
  } else start = daysBefore(PRESET_DAYS[range.preset] - 1);
  return { start, end, days: Math.round((utcDayStart(end) - utcDayStart(start)) / DAY_MS) + 1, timeZone };
}

export function bucketOf(days: number, resolution: DashboardResolution): DashboardBucket {
  const natural = days <= 2 ? 0 : days <= 62 ? 1 : days <= 366 ? 2 : 3;
  const step = resolution === 'FINE' ? -1 : resolution === 'COARSE' ? 1 : 0;
  let at = Math.min(3, Math.max(0, natural + step));
  // an hour a point stops being readable beyond a week
  if (at === 0 && days > 7) at = 1;
  return DASHBOARD_BUCKETS[at]!;
}

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

const rangeAnswer = z.object({ start: z.string(), end: z.string(), days: z.number().int(), timeZone: z.string() });

export const RANK_GRADES = ['A', 'B', 'C', 'D'] as const;
export type RankGrade = (typeof RANK_GRADES)[number];
/** Spec 001 section 9: A at 125 % of the average open rate or more, B from it, C from 75 %, D below. */
export function rankOf(openRate: number, average: number): RankGrade {
  if (average <= 0) return openRate > 0 ? 'A' : 'B';
  // 0.3 / 0.4 is 0.7499… in floating point, and exactly 75 % is a C
  const r = openRate / average + 1e-9;
  return r >= 1.25 ? 'A' : r >= 1 ? 'B' : r >= 0.75 ? 'C' : 'D';
}

export const dashboardMetricServices = {
  summary: operation({
    access: 'NAV_DASHBOARD',
    payload: dashboardRangeOfGroup,
    response: z.object({
      range: rangeAnswer,
      totals: dashboardCounts,
      channels: z.array(z.object({ channel: z.enum(CHANNELS), counts: dashboardCounts })),
      os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), counts: dashboardCounts })),
      unmeasured: z.array(z.enum(GROUP_UNMEASURED)).optional(),
    }),
  }),
  trend: operation({
    access: 'NAV_DASHBOARD',
    payload: z.object({ range: dashboardRange, resolution: z.enum(DASHBOARD_RESOLUTIONS).default('DEFAULT'), ...groupFilter }),
    response: z.object({
      range: rangeAnswer,
      bucket: z.enum(DASHBOARD_BUCKETS),
      points: z.array(z.object({ label: z.string(), sent: z.number().int(), delivered: z.number().int(), opens: z.number().int(), clicks: z.number().int() })),
    }),
  }),
  ranking: operation({
    access: 'NAV_DASHBOARD',
    payload: dashboardRangeOfGroup,
    response: z.object({
      range: rangeAnswer,
      averageOpenRate: z.number().nullable(),
      total: z.number().int(),
      plans: z.array(
        z.object({
          planId: z.string(),
          name: z.string(),
          channel: z.enum(CHANNELS),
          counts: dashboardCounts.pick({ attempted: true, sent: true, delivered: true, opens: true, clicks: true }),
          openRate: z.number().nullable(),
          rank: z.enum(RANK_GRADES).nullable(),
        }),
      ),
    }),
  }),
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
          /** 2 decimals cut; null when its base is zero */
          actual: z.number().nullable(),
          /** lower is better for the unsubscribe rate: target over actual */
          progress: z.number().nullable(),
        }),
      ),
    }),
  }),
} as const;
