/**
 * The trigger step's time: a date and a time on the wall clock of a chosen IANA zone, checked with the plan's own
 * rule (shared/plan: at least 5 minutes ahead, 750002) and shown as the UTC instant it names.
 */
import type { ErrorCode } from '../../../../shared/errors';
import { formatUtcOffset } from '../../../../shared/format';
import { checkScheduleTime, isTimeZone, type Trigger } from '../../../../shared/plan/plan';
import { checkStandingTrigger, triggerSchema } from '../../../../shared/plan/trigger';

/** A standing trigger (recurring, or on an app event) is edited as the trigger itself. */
export type StandingTrigger = Exclude<Trigger, { kind: 'IMMEDIATELY' | 'SCHEDULE' }>;
export type TriggerDraft = { kind: 'IMMEDIATELY' } | { kind: 'SCHEDULE'; date: string; time: string; timeZone: string } | StandingTrigger;

let zones: string[] | null = null;
/** Every zone the browser knows, UTC first. */
export function timeZoneNames(): string[] {
  if (!zones) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = ['UTC', ...known.filter((z) => z !== 'UTC')];
  }
  return zones;
}

/** The zone's offset from UTC at an instant, e.g. 'UTC+09:00'. */
export function offsetLabel(timeZone: string, at: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(at));
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '');
  if (!m) return formatUtcOffset(0);
  return formatUtcOffset((m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])));
}

/** The wall clock of `timeZone` at an instant: 'YYYY-MM-DD' and 'HH:mm'. */
export function wallClock(instant: number, timeZone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  for (const p of format.formatToParts(new Date(instant))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A whole-hour offset of the settings list as its IANA zone (UTC+09:00 is Etc/GMT-9: the sign is POSIX's). */
function zoneOfOffset(offset: string): string | null {
  const m = /^UTC([+-])(\d{2}):00$/.exec(offset);
  if (!m) return null;
  const hours = Number(m[2]);
  return hours === 0 ? 'UTC' : `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`;
}

/**
 * The zone a new schedule starts in: the user's own (an IANA name, or a whole-hour offset), else the
 * organization's default, else the browser's, else UTC.
 */
export function defaultTimeZone(preferred?: string | null, organization?: string | null, browser: string = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  for (const zone of [preferred, preferred ? zoneOfOffset(preferred) : null, organization, browser]) if (zone && isTimeZone(zone)) return zone;
  return 'UTC';
}

const STEP = 5 * 60_000;
/** A first suggestion: on the 5-minute mark at least an hour ahead. */
export function suggestedSchedule(now: number, timeZone: string): TriggerDraft {
  const at = Math.ceil((now + 3_600_000) / STEP) * STEP;
  return { kind: 'SCHEDULE', ...wallClock(at, timeZone), timeZone };
}

export function triggerOf(draft: TriggerDraft): Trigger {
  if (draft.kind === 'IMMEDIATELY') return { kind: 'IMMEDIATELY' };
  if (draft.kind === 'SCHEDULE') return { kind: 'SCHEDULE', at: `${draft.date}T${draft.time}`, timeZone: draft.timeZone };
  return draft;
}

export function triggerDraftOf(trigger: Trigger): TriggerDraft {
  if (trigger.kind !== 'SCHEDULE') return trigger;
  const [date, time] = trigger.at.split('T');
  return { kind: 'SCHEDULE', date, time: time.slice(0, 5), timeZone: trigger.timeZone };
}

export type TriggerCheck = { ok: true; instant: number | null } | { ok: false; code: ErrorCode };

/** "Immediately" is always fine; a schedule must name a real time at least 5 minutes ahead. */
export function checkTrigger(draft: TriggerDraft, now: number): TriggerCheck {
  if (draft.kind === 'IMMEDIATELY') return { ok: true, instant: null };
  if (draft.kind !== 'SCHEDULE') {
    // the server's own rules: the fields' schema (a 7-day delay at most, dates in order), then a time left to run
    const parsed = triggerSchema.safeParse(draft);
    if (!parsed.success) return { ok: false, code: '400016' };
    const standing = checkStandingTrigger(parsed.data, now);
    return standing.ok ? { ok: true, instant: null } : { ok: false, code: standing.code };
  }
  if (!draft.date || !draft.time) return { ok: false, code: '401005' };
  const check = checkScheduleTime(`${draft.date}T${draft.time}`, draft.timeZone, now);
  return check.ok ? { ok: true, instant: check.instant } : check;
}
