/** Number and date display of spec 001 section 9. */

function truncate(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.trunc(value * f + (value >= 0 ? 1e-9 : -1e-9)) / f;
}

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  const abs = Math.abs(value);
  if (abs >= 10_000_000) return `${truncate(value / 1_000_000, 1).toFixed(1)}M`;
  if (abs >= 100_000) return `${truncate(value / 1_000, 1).toFixed(1)}K`;
  return (countFormat ??= new Intl.NumberFormat('en-US')).format(value);
}
/** `toLocaleString` builds a new formatter at each call, which a list's cells pay many times */
let countFormat: Intl.NumberFormat | undefined;

/** Without ICU's number formats: texts built at module load would otherwise cost the router at every cold start. */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Truncated, not rounded (spec 001 section 9). */
export function formatRate(ratio: number | null | undefined, asPercent = true): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '--';
  const v = truncate(asPercent ? ratio * 100 : ratio, 2);
  return asPercent ? `${v.toFixed(2)}%` : v.toFixed(2);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const OFFSET_ZONE = /^UTC([+-])(\d{2}):(\d{2})$/;

const zoneFormatters = new Map<string, Intl.DateTimeFormat | null>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = zoneFormatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      });
    } catch {
      f = null;
    }
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

export function isDisplayZone(timeZone: string | null | undefined): timeZone is string {
  return !!timeZone && (OFFSET_ZONE.test(timeZone) || zoneFormatter(timeZone) !== null);
}

function utcFields(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** UTC (spec 001 section 9) without a zone, else its wall clock with the zone named; an unknown zone shows UTC. */
export function formatDateTime(value: number | string | Date | null | undefined, opts: { timeZone?: string } = {}): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '--';
  const { timeZone } = opts;
  if (timeZone === undefined) return utcFields(d);
  const offset = OFFSET_ZONE.exec(timeZone);
  if (offset) {
    const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
    return `${utcFields(new Date(d.getTime() + minutes * 60_000))} ${timeZone}`;
  }
  const f = zoneFormatter(timeZone);
  if (!f || timeZone === 'UTC') return `${utcFields(d)} UTC`;
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(d)) parts[p.type] = p.value;
  const name = /^[A-Z]{2,5}$/.test(parts.timeZoneName ?? '') ? parts.timeZoneName : timeZone;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${name}`;
}

/** Family name first in Japanese and Chinese; Han-script names take no space. */
export function displayName(first: string | null | undefined, last: string | null | undefined, lang: string): string {
  const given = (first ?? '').trim();
  const family = (last ?? '').trim();
  if (!given || !family) return given || family;
  if (lang !== 'ja' && lang !== 'zh') return `${given} ${family}`;
  const han = /^[\p{Script=Han}]+$/u;
  return lang === 'zh' && han.test(given) && han.test(family) ? `${family}${given}` : `${family} ${given}`;
}

export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}

/** A Chinese or Japanese name shortens to the family name's first character (山田 太郎 → 山), else initials. */
export function avatarInitials(first: string | null | undefined, last: string | null | undefined, username: string): string {
  const given = (first ?? '').trim();
  const family = (last ?? '').trim();
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(family + given)) return [...(family || given)][0]!;
  const text = `${[...given][0] ?? ''}${[...family][0] ?? ''}` || username.slice(0, 2);
  return text.toUpperCase();
}

export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
