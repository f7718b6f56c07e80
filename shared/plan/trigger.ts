/** A plan's trigger (spec 001 sections 3.1, 3.4 and 5); the occurrence computation is shared by the pipeline and the wizard. */
import * as z from 'zod';
import { idString } from '../entities/entity';
import type { ErrorCode } from '../errors';
import type { Permission } from '../permissions';
import { isTimeZone, localDateOf, parseLocalDateTime, zonedTimeToUtc } from './zonedTime';
import { say } from '../i18n/say';

const DAY = 86_400_000;

const localDateTime = z.string().refine((v) => parseLocalDateTime(v) !== null, say('journey.localDateTime'));
const timeZone = z.string().refine(isTimeZone, say('form.timeZoneChoice'));
const localDate = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseLocalDateTime(`${v}T00:00`) !== null, say('trigger.dateChoice'));

/** Spec 000 section 9. */
export const RECURRING_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
export type RecurringUnit = (typeof RECURRING_UNITS)[number];
/** Spec 000 section 9: Sunday to Saturday as 1 to 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Spec 001 section 5. */
export const MAX_TRIGGER_DELAY_MINUTES = 7 * 24 * 60;
export const THROTTLE_UNITS = ['MINUTE', 'HOUR', 'DAY'] as const;
export const THROTTLE_UNIT_MS: Record<(typeof THROTTLE_UNITS)[number], number> = { MINUTE: 60_000, HOUR: 3_600_000, DAY: DAY };
export const PRESENCE = ['ENTER', 'EXIT'] as const;

const sortedUnique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

const recurring = z
  .object({
    kind: z.literal('RECURRING'),
    unit: z.enum(RECURRING_UNITS),
    every: z.number().int().min(1).max(12).default(1),
    hours: z.array(z.number().int().min(0).max(23)).max(24).default([]).transform(sortedUnique),
    minute: z.number().int().min(0).max(55).multipleOf(5).default(0),
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]).transform(sortedUnique),
    monthDays: z.array(z.number().int().min(1).max(31)).max(31).default([]).transform(sortedUnique),
    startDate: localDate,
    endDate: localDate.optional(),
    recipientTimeZone: z.boolean().default(true),
    timeZone,
  })
  .superRefine((r, ctx) => {
    if (r.unit !== 'HOUR' && r.hours.length === 0) ctx.addIssue({ code: 'custom', path: ['hours'], message: say('trigger.hoursRequired') });
    if (r.unit === 'WEEK' && r.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: say('trigger.weekdaysRequired') });
    if (r.unit === 'MONTH' && r.monthDays.length === 0) ctx.addIssue({ code: 'custom', path: ['monthDays'], message: say('trigger.monthDaysRequired') });
    if (r.endDate && r.endDate < r.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: say('validation.dateRange') });
  });

export const limiterSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ONCE') }),
  z.object({ kind: z.literal('EVERY_DAYS'), days: z.number().int().min(1).max(365) }),
  z.object({ kind: z.literal('EACH_EVENT') }),
]);
export type Limiter = z.output<typeof limiterSchema>;

const actionCode = z.string().trim().min(1, say('trigger.actionCode')).max(100);

const eventFields = {
  delayMinutes: z.number().int().min(0).max(MAX_TRIGGER_DELAY_MINUTES, say('trigger.maxDelay')).default(0),
  throttle: z.object({ rate: z.number().int().min(1).max(1_000_000), per: z.enum(THROTTLE_UNITS) }).optional(),
  limiter: limiterSchema.default({ kind: 'ONCE' }),
  resetEvents: z.array(actionCode).max(10).default([]),
};

/** Spec 001 sections 3.1 and 3.4. */
export const triggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('IMMEDIATELY') }),
  z.object({ kind: z.literal('SCHEDULE'), at: localDateTime, timeZone }),
  recurring,
  z.object({
    kind: z.literal('ACTION'),
    actionCode,
    /** also callable from the team's back end with the trigger's token (functions/sdk/triggerHook.ts) */
    webhook: z.boolean().optional(),
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => visitedUrlOf(v) !== undefined, say('trigger.url'))
      .optional(),
    ...eventFields,
  }),
  z.object({ kind: z.literal('GEOFENCE'), geofenceId: idString, on: z.enum(PRESENCE), ...eventFields }),
  z.object({ kind: z.literal('BEACON'), beaconId: idString, on: z.enum(PRESENCE), ...eventFields }),
]);
export type Trigger = z.output<typeof triggerSchema>;
export type TriggerKind = Trigger['kind'];
export type RecurringTrigger = Extract<Trigger, { kind: 'RECURRING' }>;
export type EventTrigger = Extract<Trigger, { kind: 'ACTION' | 'GEOFENCE' | 'BEACON' }>;

export const TRIGGER_PERMISSION: Record<TriggerKind, Permission> = {
  IMMEDIATELY: 'DELIVERY_IMMEDIATELY',
  SCHEDULE: 'DELIVERY_SCHEDULE',
  RECURRING: 'DELIVERY_TRIGGER',
  ACTION: 'DELIVERY_RECIPIENT_ACTION',
  GEOFENCE: 'DELIVERY_GEOFENCE',
  BEACON: 'DELIVERY_BEACON',
};

export const EVENT_TRIGGER_KINDS = ['ACTION', 'GEOFENCE', 'BEACON'] as const;
export const isEventTrigger = (t: Trigger): t is EventTrigger => (EVENT_TRIGGER_KINDS as readonly string[]).includes(t.kind);

export const isStanding = (t: Trigger): boolean => t.kind === 'RECURRING' || isEventTrigger(t);

export const isSending = (plan: { status: string; trigger: Trigger }): boolean => plan.status === 'IN_PROGRESS' || (plan.status === 'ACTIVE' && isStanding(plan.trigger));

export function listenKeyOf(t: EventTrigger): string {
  if (t.kind === 'ACTION') return `ACTION:${t.actionCode}`;
  if (t.kind === 'GEOFENCE') return `GEOFENCE:${t.geofenceId}:${t.on}`;
  return `BEACON:${t.beaconId}:${t.on}`;
}

/** Without the fragment: no server sees that part. */
export function visitedUrlOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  parsed.hash = '';
  return parsed.href;
}

export const resetKeysOf = (t: EventTrigger): string[] => [...new Set(t.resetEvents)].map((code) => `RESET:${code}`);

export function eventKeysOf(e: { type: string; name?: string; geofenceId?: string; beaconId?: string }): string[] {
  if (e.type === 'custom' && e.name) return [`ACTION:${e.name}`, `RESET:${e.name}`];
  const [what, move] = e.type.split('.');
  const on = move === 'enter' ? 'ENTER' : move === 'exit' ? 'EXIT' : undefined;
  if (what === 'geofence' && on && e.geofenceId) return [`GEOFENCE:${e.geofenceId}:${on}`];
  if (what === 'beacon' && on && e.beaconId) return [`BEACON:${e.beaconId}:${on}`];
  return [];
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const pad2 = (n: number) => String(n).padStart(2, '0');

function timesOf(r: RecurringTrigger): number[] {
  const hours = r.unit === 'HOUR' ? Array.from({ length: Math.ceil(24 / r.every) }, (_, i) => i * r.every) : r.hours;
  return hours.map((h) => h * 60 + r.minute);
}

function runsOn(r: RecurringTrigger, n: number): boolean {
  const start = dayNumber(r.startDate);
  if (n < start || (r.endDate && n > dayNumber(r.endDate))) return false;
  const d = new Date(n * DAY);
  switch (r.unit) {
    case 'HOUR':
      return true;
    case 'DAY':
      return (n - start) % r.every === 0;
    case 'WEEK': {
      // every N weeks counts from the week of the start date
      const weekday = d.getUTCDay() + 1;
      const firstSunday = start - new Date(start * DAY).getUTCDay();
      return r.weekdays.includes(weekday) && Math.floor((n - firstSunday) / 7) % r.every === 0;
    }
    case 'MONTH': {
      const s = new Date(start * DAY);
      const months = (d.getUTCFullYear() - s.getUTCFullYear()) * 12 + d.getUTCMonth() - s.getUTCMonth();
      return r.monthDays.includes(d.getUTCDate()) && months % r.every === 0;
    }
  }
}

/** A skipped time (spring) runs just after the gap; a repeated one (autumn) runs once, the first time. */
export function nextOccurrence(r: RecurringTrigger, zone: string, after: number): number | undefined {
  const first = Math.max(dayNumber(localDateOf(after, zone)), dayNumber(r.startDate));
  // a year of the longest cycle, and two months for month days some months lack
  const horizon = first + 372 * r.every + 62;
  const last = r.endDate ? Math.min(dayNumber(r.endDate), horizon) : horizon;
  const times = timesOf(r);
  for (let n = first; n <= last; n++) {
    if (!runsOn(r, n)) continue;
    const date = dateOf(n);
    for (const t of times) {
      const at = zonedTimeToUtc(`${date}T${pad2(Math.floor(t / 60))}:${pad2(t % 60)}`, zone);
      if (at > after) return at;
    }
  }
  return undefined;
}

/** zones at the same offset fire together */
export function nextFiring(r: RecurringTrigger, zones: readonly string[], after: number): { at: number; zones: string[] } | undefined {
  let best: { at: number; zones: string[] } | undefined;
  for (const zone of new Set(zones)) {
    const at = nextOccurrence(r, zone, after);
    if (at === undefined) continue;
    if (!best || at < best.at) best = { at, zones: [zone] };
    else if (at === best.at) best.zones.push(zone);
  }
  return best;
}

/** UTC-12 sees a calendar date last */
const LAST_ZONE = 'Etc/GMT+12';

/** 750004 when no occurrence lies 5 minutes or more ahead anywhere. */
export function checkStandingTrigger(t: Trigger, now: number): { ok: true } | { ok: false; code: ErrorCode; detail: string } {
  if (t.kind !== 'RECURRING') return { ok: true };
  const zone = t.recipientTimeZone ? LAST_ZONE : t.timeZone;
  if (nextOccurrence(t, zone, now + 5 * 60_000) === undefined) return { ok: false, code: '750004', detail: say('trigger.noOccurrence') };
  return { ok: true };
}
