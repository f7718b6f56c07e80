/** Wall-clock times in IANA zones through Intl, no zone data of our own: daylight-saving changes are the runtime's. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function parseLocalDateTime(value: string): WallClock | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => (s === undefined ? 0 : Number(s)));
  if (year < 1970 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day, hour, minute, second };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

const DAY = 86_400_000;

/** Temporal's 'compatible' choice: a repeated time means the earlier, a skipped one moves on by the gap. */
export function zonedTimeToUtc(localDateTime: string, timeZone: string): number {
  const wall = parseLocalDateTime(localDateTime);
  if (!wall) throw new RangeError(`Not a local date-time: ${localDateTime}`);
  if (!isTimeZone(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Zones change offset at most once in any two days, so the offsets a day either side are the only candidates.
  const before = offsetAt(naive - DAY, timeZone);
  const after = offsetAt(naive + DAY, timeZone);
  const fits = [before, after].map((o) => naive - o).filter((t) => naive - offsetAt(t, timeZone) === t);
  if (fits.length > 0) return Math.min(...fits);
  return naive - before;
}

export function localDateOf(instant: number, timeZone: string): string {
  return localDayHourOf(instant, timeZone).day;
}

/** An unknown zone, or '', is UTC. */
export function localDayHourOf(instant: number, timeZone: string): { day: string; hour: string } {
  if (!timeZone || timeZone === 'UTC' || !isTimeZone(timeZone)) {
    const iso = new Date(instant).toISOString();
    return { day: iso.slice(0, 10), hour: iso.slice(11, 13) };
  }
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const pad = (n: number | undefined, w = 2) => String(n).padStart(w, '0');
  return { day: `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`, hour: pad(parts.hour) };
}
