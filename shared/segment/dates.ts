/** Epoch ms, or ISO 8601 read strictly (no rolling of 30 February). */

export const DAY_MS = 86_400_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO date-time without an offset is UTC, the zone the portal shows dates in. */
export function toEpochMs(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string') return NaN;
  const m = ISO.exec(value);
  if (!m) return NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0', zone] = m;
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const t = Date.UTC(year, month, day, hour, minute, second, Number(ms.padEnd(3, '0')));
  const check = new Date(t);
  const sameDay = check.getUTCFullYear() === year && check.getUTCMonth() === month && check.getUTCDate() === day;
  if (!sameDay || hour > 23 || minute > 59 || second > 59) return NaN;
  return t - offsetMs(zone);
}

function offsetMs(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 14 || minutes > 59) return NaN;
  return sign * (hours * 60 + minutes) * 60_000;
}
