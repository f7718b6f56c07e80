/**
 * The organization's day counters as the dashboard reads them (written by the ledger, functions/delivery): one
 * query per month of a range, through the tenant store, with only the attributes the answer needs. Whatever the
 * organization's size, a month is at most 31 days × ORG_DAY_SHARDS items.
 */
import { type Channel, CHANNELS } from '../../../shared/delivery';
import { type CounterOs, DEVICE_PLATFORMS, ORG_DAY_KINDS, orgDayField, orgMonthRest } from '../../../shared/entities';
import type { DashboardCounts } from '../../../shared/services/dashboard';
import type { TenantStore } from '../../store/store';

/** The counters recipients' events add to (the ledger's EVENT_COUNTERS). */
export const DAY_FIELDS = ['sent', 'failed', 'skipped', 'uncertain', 'opens', 'clicks', 'unsubscribes', 'bounces', 'complaints', 'likes', 'dislikes'] as const;
export type DayField = (typeof DAY_FIELDS)[number];
export type DayCounts = Partial<Record<string, number>>;

/** One day item as read: its UTC day and its counters by attribute name. */
export interface DayItem {
  day: string;
  counts: DayCounts;
}

/** The months `start`..`end` (days) touch, each with the sort prefix that reads no more of it than needed. */
function monthsOf(start: string, end: string): { month: string; prefix: string }[] {
  const out: { month: string; prefix: string }[] = [];
  let [y, m] = start.slice(0, 7).split('-').map(Number) as [number, number];
  const last = end.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    // a range within one day or one month reads that day or month only
    out.push({ month, prefix: start === end ? start : month });
    if (month >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** The day items of `kind` between `start` and `end` (UTC days, both included), with only `attributes` when given. */
export async function readDays(tenant: TenantStore, kind: keyof typeof ORG_DAY_KINDS, start: string, end: string, attributes?: readonly string[]): Promise<DayItem[]> {
  const counters = tenant.keyed('deliveryCounter');
  const months = await Promise.all(
    monthsOf(start, end).map(async ({ month, prefix }) => {
      const items: DayItem[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await counters.queryPage(orgMonthRest(month), {
          sortPrefix: { name: 'slot', value: `${ORG_DAY_KINDS[kind]}#${prefix}` },
          ...(attributes ? { attributes: ['slot', ...attributes] } : {}),
          startKey,
        });
        for (const item of page.items) {
          const day = String(item.slot).split('#')[1]!;
          if (day >= start && day <= end) items.push({ day, counts: item as DayCounts });
        }
        startKey = page.lastKey;
      } while (startKey);
      return items;
    }),
  );
  return months.flat();
}

/** Adds every numeric counter of `from` into `into`. */
export function addInto(into: Record<string, number>, from: DayCounts): void {
  for (const [name, n] of Object.entries(from)) if (typeof n === 'number') into[name] = (into[name] ?? 0) + n;
}

/** The counts of the dashboard from raw counters named `<field><suffix>`. */
export function countsOf(raw: DayCounts, suffix = ''): DashboardCounts {
  const n = (f: DayField) => raw[`${f}${suffix}`] ?? 0;
  return {
    attempted: n('sent') + n('failed') + n('uncertain'),
    sent: n('sent'),
    delivered: Math.max(0, n('sent') - n('bounces')),
    failed: n('failed'),
    skipped: n('skipped'),
    opens: n('opens'),
    clicks: n('clicks'),
    unsubscribes: n('unsubscribes'),
    bounces: n('bounces'),
    complaints: n('complaints'),
    likes: n('likes'),
    dislikes: n('dislikes'),
  };
}

/** Push is the channel counted per device OS. */
export const OS_CHANNEL: Channel = 'PUSH_NATIVE';

/** The attributes of the summary: totals, per channel, and per OS of push. */
export const SUMMARY_ATTRIBUTES: readonly string[] = DAY_FIELDS.flatMap((f) => [
  f,
  ...CHANNELS.map((c) => orgDayField.channel(f, c)),
  ...DEVICE_PLATFORMS.map((os: CounterOs) => orgDayField.os(f, OS_CHANNEL, os)),
]);
