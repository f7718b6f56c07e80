/**
 * A plan's trigger (spec 001 sections 3.1, 3.4 and 5): immediately, once at a wall-clock time, on a recurring
 * schedule (in each recipient's own time zone unless told otherwise), or on what a recipient does in the app (an
 * action code, entering or leaving a geofence or a beacon's range), with a delay of at most 7 days, throttling
 * and a limiter rule. The occurrence computation here is shared by the pipeline and the wizard.
 */
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

/** Spec 000 section 9: units hour, day, week, month. */
export const RECURRING_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
export type RecurringUnit = (typeof RECURRING_UNITS)[number];
/** Spec 000 section 9: weekdays Sunday to Saturday as 1 to 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Spec 001 section 5: a native trigger's delay is at most 7 days. */
export const MAX_TRIGGER_DELAY_MINUTES = 7 * 24 * 60;
export const THROTTLE_UNITS = ['MINUTE', 'HOUR', 'DAY'] as const;
export const THROTTLE_UNIT_MS: Record<(typeof THROTTLE_UNITS)[number], number> = { MINUTE: 60_000, HOUR: 3_600_000, DAY: DAY };
export const PRESENCE = ['ENTER', 'EXIT'] as const;

const sortedUnique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

const recurring = z
  .object({
    kind: z.literal('RECURRING'),
    unit: z.enum(RECURRING_UNITS),
    /** every N units (every 2 weeks) */
    every: z.number().int().min(1).max(12).default(1),
    /** hours of the day, 0 to 23 (spec: hour choices 00:00 to 23:00); HOUR runs every `every` hours from 00:00 */
    hours: z.array(z.number().int().min(0).max(23)).max(24).default([]).transform(sortedUnique),
    /** the minute past each hour, in 5-minute steps (the loop option of 5 minutes) */
    minute: z.number().int().min(0).max(55).multipleOf(5).default(0),
    /** WEEK: the weekdays, Sunday 1 to Saturday 7 */
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]).transform(sortedUnique),
    /** MONTH: the days of the month (a month without the day skips it) */
    monthDays: z.array(z.number().int().min(1).max(31)).max(31).default([]).transform(sortedUnique),
    startDate: localDate,
    endDate: localDate.optional(),
    /** 09:00 is 09:00 where each recipient is (their account's zone, else the organization's); otherwise in `timeZone` */
    recipientTimeZone: z.boolean().default(true),
    timeZone,
  })
  .superRefine((r, ctx) => {
    if (r.unit !== 'HOUR' && r.hours.length === 0) ctx.addIssue({ code: 'custom', path: ['hours'], message: say('trigger.hoursRequired') });
    if (r.unit === 'WEEK' && r.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: say('trigger.weekdaysRequired') });
    if (r.unit === 'MONTH' && r.monthDays.length === 0) ctx.addIssue({ code: 'custom', path: ['monthDays'], message: say('trigger.monthDaysRequired') });
    if (r.endDate && r.endDate < r.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: say('validation.dateRange') });
  });

/**
 * How often one recipient may get the message: once ever, once per N days (counted from the send), or on every
 * event. A reset event opens the recipient's window again.
 */
export const limiterSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ONCE') }),
  z.object({ kind: z.literal('EVERY_DAYS'), days: z.number().int().min(1).max(365) }),
  z.object({ kind: z.literal('EACH_EVENT') }),
]);
export type Limiter = z.output<typeof limiterSchema>;

/** An action code as the app SDK API's custom events name it. */
const actionCode = z.string().trim().min(1, say('trigger.actionCode')).max(100);

const eventFields = {
  delayMinutes: z.number().int().min(0).max(MAX_TRIGGER_DELAY_MINUTES, say('trigger.maxDelay')).default(0),
  /** at most `rate` sends of the message per minute, hour or day; the rest wait for the next one */
  throttle: z.object({ rate: z.number().int().min(1).max(1_000_000), per: z.enum(THROTTLE_UNITS) }).optional(),
  limiter: limiterSchema.default({ kind: 'ONCE' }),
  /** action codes that open a recipient's limiter window again */
  resetEvents: z.array(actionCode).max(10).default([]),
};

/** Delivery (spec 001 sections 3.1 and 3.4). IMMEDIATELY and SCHEDULE are as they always were. */
export const triggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('IMMEDIATELY') }),
  z.object({ kind: z.literal('SCHEDULE'), at: localDateTime, timeZone }),
  recurring,
  z.object({
    kind: z.literal('ACTION'),
    actionCode,
    /**
     * the action may also come from the team's own back end: a per-trigger inbound webhook, called with the
     * trigger's token (issued by `trigger.issueWebhookToken`) and an account's key (functions/sdk/triggerHook.ts)
     */
    webhook: z.boolean().optional(),
    /** the action may also be a visit of this URL: a recipient's tracked click on a link to it, in any message */
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

/**
 * Triggers that send many times while the plan stays ACTIVE (each firing or event is its own run); the others
 * send once, through IN_PROGRESS.
 */
export const isStanding = (t: Trigger): boolean => t.kind === 'RECURRING' || isEventTrigger(t);

/** Whether a plan in `status` sends now: a one-time run in progress, or a standing trigger while active. */
export const isSending = (plan: { status: string; trigger: Trigger }): boolean => plan.status === 'IN_PROGRESS' || (plan.status === 'ACTIVE' && isStanding(plan.trigger));

// --- Events: what the app SDK API's events are called in the trigger index

/** The index key an event trigger listens on. */
export function listenKeyOf(t: EventTrigger): string {
  if (t.kind === 'ACTION') return `ACTION:${t.actionCode}`;
  if (t.kind === 'GEOFENCE') return `GEOFENCE:${t.geofenceId}:${t.on}`;
  return `BEACON:${t.beaconId}:${t.on}`;
}

/**
 * A visited URL as the trigger index compares it: its address without the fragment (no server sees that part);
 * undefined for what is not an http(s) address.
 */
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

/** The index keys a plan's reset events listen on. */
export const resetKeysOf = (t: EventTrigger): string[] => [...new Set(t.resetEvents)].map((code) => `RESET:${code}`);

/** The index keys an app event (spec: custom, geofence and beacon enter and exit) may wake. */
export function eventKeysOf(e: { type: string; name?: string; geofenceId?: string; beaconId?: string }): string[] {
  if (e.type === 'custom' && e.name) return [`ACTION:${e.name}`, `RESET:${e.name}`];
  const [what, move] = e.type.split('.');
  const on = move === 'enter' ? 'ENTER' : move === 'exit' ? 'EXIT' : undefined;
  if (what === 'geofence' && on && e.geofenceId) return [`GEOFENCE:${e.geofenceId}:${on}`];
  if (what === 'beacon' && on && e.beaconId) return [`BEACON:${e.beaconId}:${on}`];
  return [];
}

// --- Recurring occurrences

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Minutes of the day the recurrence runs at on a day it runs. */
function timesOf(r: RecurringTrigger): number[] {
  const hours = r.unit === 'HOUR' ? Array.from({ length: Math.ceil(24 / r.every) }, (_, i) => i * r.every) : r.hours;
  return hours.map((h) => h * 60 + r.minute);
}

/** Whether the recurrence runs on day `n` (days since 1970-01-01, a local calendar date). */
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
      // weeks start on Sunday (weekday 1); every N weeks counts from the week of the start date
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

/**
 * The first instant after `after` at which the recurrence runs in `zone`, or undefined when its range has ended.
 * A time the clocks skip (spring) runs at the moment after the gap; a time they repeat (autumn) runs once, the
 * first time (zonedTimeToUtc's choice).
 */
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

/**
 * The next firing of the recurrence over the zones in use: the earliest instant after `after` and every zone
 * whose occurrence falls on it (zones at the same offset fire together).
 */
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

/** The zone that sees a calendar date last (UTC-12): where a recurrence's final occurrence happens last. */
const LAST_ZONE = 'Etc/GMT+12';

/**
 * A trigger's own check at saving and activation (its fields are the schema's): a recurring schedule must still
 * have an occurrence 5 minutes or more ahead somewhere (750004 otherwise).
 */
export function checkStandingTrigger(t: Trigger, now: number): { ok: true } | { ok: false; code: ErrorCode; detail: string } {
  if (t.kind !== 'RECURRING') return { ok: true };
  const zone = t.recipientTimeZone ? LAST_ZONE : t.timeZone;
  if (nextOccurrence(t, zone, now + 5 * 60_000) === undefined) return { ok: false, code: '750004', detail: say('trigger.noOccurrence') };
  return { ok: true };
}
