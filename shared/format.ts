/** Number and date display of spec 001 section 9. */

function truncate(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.trunc(value * f + (value >= 0 ? 1e-9 : -1e-9)) / f;
}

/** Counts: 100,000 or more as K with one decimal, 10,000,000 or more as M, otherwise grouped digits. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  const abs = Math.abs(value);
  if (abs >= 10_000_000) return `${truncate(value / 1_000_000, 1).toFixed(1)}M`;
  if (abs >= 100_000) return `${truncate(value / 1_000, 1).toFixed(1)}K`;
  return value.toLocaleString('en-US');
}

/** Rates are truncated (not rounded) to two decimals; a missing rate shows '--'. */
export function formatRate(ratio: number | null | undefined, asPercent = true): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '--';
  const v = truncate(asPercent ? ratio * 100 : ratio, 2);
  return asPercent ? `${v.toFixed(2)}%` : v.toFixed(2);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Dates as YYYY-MM-DD HH:mm:ss in UTC. */
export function formatDateTime(value: number | string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '--';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

/** Timezone offsets are handled in minutes; UTC+05:30 is 330. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
