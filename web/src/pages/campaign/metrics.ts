/**
 * A message's numbers as the portal shows them (spec 001 section 9): counts with K and M, rates truncated to two
 * decimals, and '--' for a metric the channel cannot measure or a rate without a base.
 */
import type { SendFailureReason } from '../../../../shared/delivery';
import type { PlanTotals } from '../../../../shared/services/plan';

export { METRICS, type Metric, messageFigures, planMetrics, showFigure, totalFigures } from '../../../../shared/metrics';

/** How far a run has got: recipients with an outcome of all matched, 0 to 100 (null before the audience is known). */
export function progressOf(t: PlanTotals): number | null {
  if (t.matched <= 0) return null;
  const done = t.sent + t.failed + t.skipped + t.uncertain;
  return Math.min(100, Math.floor((done / t.matched) * 100));
}

export interface ChartPoint {
  /** UTC, 'YYYY-MM-DD HH:00' per hour or 'YYYY-MM-DD' per day */
  label: string;
  sent: number;
  opens: number;
  clicks: number;
}

const HOUR = 3_600_000;
/** Longer sendings are drawn per day: a bar an hour stops being readable. */
export const MAX_HOURLY_POINTS = 48;

/**
 * The chart's series from the counters per UTC hour ('YYYY-MM-DDTHH'): every hour from the first to the last,
 * quiet hours as zero, or per day when that would be more than MAX_HOURLY_POINTS bars.
 */
export function chartSeries(hours: readonly { hour: string; sent: number; opens: number; clicks: number }[]): ChartPoint[] {
  const known = hours.filter((h) => /^\d{4}-\d{2}-\d{2}T\d{2}$/.test(h.hour));
  if (known.length === 0) return [];
  const at = (h: string) => Date.parse(`${h}:00:00Z`);
  const sorted = [...known].sort((a, b) => at(a.hour) - at(b.hour));
  const first = at(sorted[0].hour);
  const last = at(sorted[sorted.length - 1].hour);
  const daily = (last - first) / HOUR + 1 > MAX_HOURLY_POINTS;
  const labelOf = (ms: number) => {
    const iso = new Date(ms).toISOString();
    return daily ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
  };
  const points = new Map<string, ChartPoint>();
  const DAY = 24 * HOUR;
  for (let ms = daily ? first - (first % DAY) : first; ms <= last; ms += daily ? DAY : HOUR) {
    const label = labelOf(ms);
    points.set(label, { label, sent: 0, opens: 0, clicks: 0 });
  }
  for (const h of sorted) {
    const p = points.get(labelOf(at(h.hour)))!;
    p.sent += h.sent;
    p.opens += h.opens;
    p.clicks += h.clicks;
  }
  return [...points.values()];
}

/**
 * A finished message that sent nothing (issue 21): the reasons its recipients were skipped or failed, largest
 * first, so the page says "Finished: nothing sent" and why instead of its delivered state; undefined otherwise.
 */
export function nothingSent(
  status: string,
  stats:
    | { totals: Pick<PlanTotals, 'sent'>; reasons: { failed: Partial<Record<SendFailureReason, number>>; skipped: Partial<Record<SendFailureReason, number>> }; running: boolean }
    | undefined,
): { reason: SendFailureReason; count: number }[] | undefined {
  if (status !== 'DEPLOYED' || !stats || stats.running || stats.totals.sent > 0) return undefined;
  const counts = new Map<SendFailureReason, number>();
  for (const byReason of [stats.reasons.skipped, stats.reasons.failed]) {
    for (const [reason, n] of Object.entries(byReason) as [SendFailureReason, number][]) counts.set(reason, (counts.get(reason) ?? 0) + n);
  }
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => ({ reason, count }));
}
