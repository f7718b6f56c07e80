// EventBridge Scheduler's cron expressions: six fields (minutes hours day-of-month month day-of-week year) read with
// the service's rules, and the next occurrence after an instant in an IANA time zone, for the local scheduler.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
export const CRON_YEARS = { min: 1970, max: 2199 } as const;

interface DayOf {
  year: number;
  month: number;
  day: number;
  lastDay: number;
  weekday: number;
}

export interface Cron {
  readonly expression: string;
  readonly minutes: readonly number[];
  readonly hours: readonly number[];
  readonly months: ReadonlySet<number>;
  readonly years: ReadonlySet<number>;
  readonly day: (d: DayOf) => boolean;
}

export class CronError extends Error {}

interface FieldRule {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
  step: boolean;
}

const FIELDS = {
  minutes: { name: 'minutes', min: 0, max: 59, step: true },
  hours: { name: 'hours', min: 0, max: 23, step: true },
  dayOfMonth: { name: 'day-of-month', min: 1, max: 31, step: true },
  month: { name: 'month', min: 1, max: 12, names: MONTHS, step: true },
  dayOfWeek: { name: 'day-of-week', min: 1, max: 7, names: WEEKDAYS, step: false },
  year: { name: 'year', min: CRON_YEARS.min, max: CRON_YEARS.max, step: true },
} satisfies Record<string, FieldRule>;

function value(text: string, rule: FieldRule): number {
  const named = rule.names?.indexOf(text.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + 1 : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= rule.min && n <= rule.max)) throw new CronError(`${rule.name}: ${text} is not in ${rule.min}-${rule.max}`);
  return n;
}

function values(field: string, rule: FieldRule): number[] {
  const out = new Set<number>();
  for (const item of field.split(',')) {
    const [range, stepText, extra] = item.split('/');
    if (extra !== undefined || (stepText !== undefined && !rule.step)) throw new CronError(`${rule.name}: ${item} is not allowed`);
    const step = stepText === undefined ? 1 : /^\d+$/.test(stepText) && Number(stepText) > 0 ? Number(stepText) : NaN;
    if (Number.isNaN(step)) throw new CronError(`${rule.name}: bad increment in ${item}`);
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [rule.min, rule.max];
    else {
      const [a, b, more] = range!.split('-');
      if (more !== undefined) throw new CronError(`${rule.name}: ${item} is not a range`);
      from = value(a!, rule);
      to = b === undefined ? (stepText === undefined ? from : rule.max) : value(b, rule);
      if (to < from) throw new CronError(`${rule.name}: ${item} runs backwards`);
    }
    for (let n = from; n <= to; n += step) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/** The weekday nearest `day` in its month (`15W`), never crossing into another month. */
function nearestWeekday(day: number, d: DayOf): number {
  const weekday = (d.weekday - 1 + day - d.day + 7 * 6) % 7;
  if (weekday === 6) return day === 1 ? day + 2 : day - 1;
  if (weekday === 0) return day === d.lastDay ? day - 2 : day + 1;
  return day;
}

function dayOfMonthRule(field: string): (d: DayOf) => boolean {
  if (field === 'L') return (d) => d.day === d.lastDay;
  if (field === 'LW') return (d) => d.day === nearestWeekday(d.lastDay, d);
  const w = /^(\d+)W$/.exec(field);
  if (w) {
    const target = value(w[1]!, FIELDS.dayOfMonth);
    return (d) => target <= d.lastDay && d.day === nearestWeekday(target, d);
  }
  const days = new Set(values(field, FIELDS.dayOfMonth));
  return (d) => days.has(d.day);
}

function dayOfWeekRule(field: string): (d: DayOf) => boolean {
  if (field === 'L') return (d) => d.weekday === 7;
  const last = /^(\w+)L$/i.exec(field);
  if (last) {
    const weekday = value(last[1]!, FIELDS.dayOfWeek);
    return (d) => d.weekday === weekday && d.day + 7 > d.lastDay;
  }
  const nth = /^(\w+)#(\d+)$/.exec(field);
  if (nth) {
    const weekday = value(nth[1]!, FIELDS.dayOfWeek);
    const n = Number(nth[2]);
    if (n < 1 || n > 5) throw new CronError(`day-of-week: ${field} names no week of a month`);
    return (d) => d.weekday === weekday && Math.ceil(d.day / 7) === n;
  }
  const weekdays = new Set(values(field, FIELDS.dayOfWeek));
  return (d) => weekdays.has(d.weekday);
}

/** Reads the six fields (without `cron(...)` around them); a CronError says what the service would refuse. */
export function parseCron(expression: string): Cron {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 6) throw new CronError(`a cron expression has 6 fields, not ${fields.length}`);
  const [minutes, hours, dayOfMonth, month, dayOfWeek, year] = fields as [string, string, string, string, string, string];
  // One of the two day fields is `?`, the other decides.
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) throw new CronError('exactly one of day-of-month and day-of-week must be ?');
  return {
    expression: fields.join(' '),
    minutes: values(minutes, FIELDS.minutes),
    hours: values(hours, FIELDS.hours),
    months: new Set(values(month, FIELDS.month)),
    years: new Set(values(year, FIELDS.year)),
    day: dayOfWeek === '?' ? dayOfMonthRule(dayOfMonth) : dayOfWeekRule(dayOfWeek),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    const opts = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...opts });
    formatters.set(timeZone, f);
  }
  return f;
}

/** An IANA zone name Intl knows (EventBridge takes names, not offsets such as `+09:00`). */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function assertTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new CronError(`unknown time zone ${JSON.stringify(timeZone)}`);
}

/** The wall clock in `timeZone` at instant `t`, as the UTC epoch ms of the same reading. */
export function wallClock(timeZone: string, t: number): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(t)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) + (((t % 1000) + 1000) % 1000);
}

function firstInstantAt(timeZone: string, local: number): number {
  // Offsets lie within -12 h and +14 h; a day either side sees those in force before and after any change.
  const candidates = [local - (wallClock(timeZone, local - DAY) - (local - DAY)), local - (wallClock(timeZone, local + DAY) - (local + DAY))];
  const exact = candidates.filter((t) => wallClock(timeZone, t) === local);
  if (exact.length > 0) return Math.min(...exact);
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallClock(timeZone, mid) >= local) hi = mid;
    else lo = mid;
  }
  return hi;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function nextLocalMinute(cron: Cron, from: number): number | undefined {
  const start = new Date(from);
  let [year, month, day] = [start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate()];
  let [hour, minute] = [start.getUTCHours(), start.getUTCMinutes()];
  const nextMonth = () => {
    [month, day, hour, minute] = [month + 1, 1, 0, 0];
    if (month > 12) [year, month] = [year + 1, 1];
  };
  while (year <= CRON_YEARS.max) {
    if (!cron.years.has(year)) {
      [year, month, day, hour, minute] = [year + 1, 1, 1, 0, 0];
      continue;
    }
    const lastDay = daysIn(year, month);
    if (!cron.months.has(month) || day > lastDay) {
      nextMonth();
      continue;
    }
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1;
    if (cron.day({ year, month, day, lastDay, weekday })) {
      for (const h of cron.hours) {
        if (h < hour) continue;
        const m = cron.minutes.find((x) => h > hour || x >= minute);
        if (m !== undefined) return Date.UTC(year, month - 1, day, h, m);
      }
    }
    [day, hour, minute] = [day + 1, 0, 0];
  }
  return undefined;
}

/** The first occurrence strictly after instant `after`, or undefined when the expression names no later one. */
export function nextOccurrence(cron: Cron, timeZone: string, after: number): number | undefined {
  // Readings up to the wall clock at `after` have passed already; those of a repeated hour are skipped below.
  let from = Math.floor(wallClock(timeZone, after) / MINUTE) * MINUTE + MINUTE;
  for (;;) {
    const local = nextLocalMinute(cron, from);
    if (local === undefined) return undefined;
    const at = firstInstantAt(timeZone, local);
    if (at > after) return at;
    from = local + MINUTE;
  }
}
