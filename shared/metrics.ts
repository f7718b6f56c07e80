/**
 * A message's numbers as people read them (spec 001 section 9): counts with K and M, rates truncated to two
 * decimals, and '--' for a metric the channel cannot measure or a rate without a base. The portal's screens and
 * the server's documents (the Word report) show the same figures from here.
 */
import { type Channel, CLICK_CHANNELS, OPEN_CHANNELS } from './delivery';
import { formatCount, formatRate } from './format';
import type { PlanTotals } from './services/plan';

export const METRICS = [
  'matched',
  'sent',
  'successRate',
  'failed',
  'skipped',
  'uncertain',
  'opens',
  'openRate',
  'clicks',
  'ctr',
  'unsubscribes',
  'unsubscribeRate',
  'bounces',
  'complaints',
  'likes',
  'dislikes',
] as const;
export type Metric = (typeof METRICS)[number];

const ratio = (n: number, of: number): number | null => (of > 0 ? n / of : null);

/** Every metric as display text. Open rate and CTR are per message sent; the unsubscribe rate is per open (spec). */
export function planMetrics(channel: Channel, t: PlanTotals): Record<Metric, string> {
  const opens = OPEN_CHANNELS.has(channel);
  const clicks = CLICK_CHANNELS.has(channel);
  const attempted = t.sent + t.failed + t.uncertain;
  return {
    matched: formatCount(t.matched),
    sent: formatCount(t.sent),
    successRate: formatRate(ratio(t.sent, attempted)),
    failed: formatCount(t.failed),
    skipped: formatCount(t.skipped),
    uncertain: formatCount(t.uncertain),
    opens: opens ? formatCount(t.opens) : '--',
    openRate: opens ? formatRate(ratio(t.opens, t.sent)) : '--',
    clicks: clicks ? formatCount(t.clicks) : '--',
    ctr: clicks ? formatRate(ratio(t.clicks, t.sent)) : '--',
    unsubscribes: formatCount(t.unsubscribes),
    unsubscribeRate: opens ? formatRate(ratio(t.unsubscribes, t.opens)) : '--',
    // reported by the email provider only
    bounces: channel === 'EMAIL' ? formatCount(t.bounces) : '--',
    complaints: channel === 'EMAIL' ? formatCount(t.complaints) : '--',
    // answers to a thumb block's prompt
    likes: formatCount(t.likes),
    dislikes: formatCount(t.dislikes),
  };
}
