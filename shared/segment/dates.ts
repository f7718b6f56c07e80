/** Epoch ms, or ISO 8601 read strictly (no rolling of 30 February). */

export const DAY_MS = 86_400_000;

/**
 * An ISO date-time without an offset is UTC, the zone the portal shows dates in. Read as
 * `YYYY-MM-DD[(T|t| )hh:mm[:ss[.s{1,3}]][Z|z|±hh[:]mm]]` with a hand parser: a count over a date column reads a
 * million of them, and a regular expression with its captures took five times as long.
 */
export function toEpochMs(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string') return NaN;
  const s = value;
  const n = s.length;
  if (n < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return NaN;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  // years before 100 are not read: Date.UTC would take them as 19xx
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return NaN;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let ms = 0;
  let offset = 0;
  if (n > 10) {
    const sep = s.charCodeAt(10);
    if ((sep !== 84 && sep !== 116 && sep !== 32) || n < 16 || s.charCodeAt(13) !== 58) return NaN;
    hour = digits(s, 11, 2);
    minute = digits(s, 14, 2);
    let i = 16;
    if (i < n && s.charCodeAt(i) === 58) {
      second = digits(s, i + 1, 2);
      i += 3;
      if (i < n && s.charCodeAt(i) === 46) {
        let width = 0;
        for (i++; width < 3 && i < n && isDigit(s.charCodeAt(i)); i++, width++) ms = ms * 10 + s.charCodeAt(i) - 48;
        if (width === 0) return NaN;
        for (; width < 3; width++) ms *= 10;
      }
    }
    if (i < n) {
      offset = zoneAt(s, i);
      i = n;
    }
    if (!(hour <= 23 && minute <= 59 && second <= 59)) return NaN;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** `width` decimal digits at `at` as a number, or NaN (which fails every later comparison) */
function digits(s: string, at: number, width: number): number {
  if (at + width > s.length) return NaN;
  let v = 0;
  for (let i = at; i < at + width; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return NaN;
    v = v * 10 + c - 48;
  }
  return v;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** the zone that ends the string at `at`: Z, ±hh:mm or ±hhmm, as an offset in ms (NaN if it is none of them) */
function zoneAt(s: string, at: number): number {
  const rest = s.length - at;
  const c = s.charCodeAt(at);
  if (c === 90 || c === 122) return rest === 1 ? 0 : NaN;
  if ((c !== 43 && c !== 45) || (rest !== 5 && rest !== 6) || (rest === 6 && s.charCodeAt(at + 3) !== 58)) return NaN;
  const hours = digits(s, at + 1, 2);
  const minutes = digits(s, s.length - 2, 2);
  if (!(hours <= 14 && minutes <= 59)) return NaN;
  return (c === 45 ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}
