// The organization's counters as the dashboard reads them (the `orgDay` and `orgMonth` items of
// functions/store/counterItems.ts, written by the ledger), through the tenant store, with only the attributes the
// answer needs.
import { APP_CHANNEL, type Channel, CHANNELS } from '../../../shared/delivery';
import { type CounterOs, DAILY_IN_MONTH, DEVICE_PLATFORMS, orgDayField } from '../../../shared/entities';
import type { MessageType } from '../../../shared/plan/plan';
import type { DashboardCounts } from '../../../shared/services/dashboard';
import { counterItems, ORG_DAY_SHARD_LIST, type OrgDayKind, type OrgMonthKind } from '../../store/counterItems';
import type { TenantStore } from '../../store/store';

const { orgDay, orgMonth } = counterItems;

export const DAY_FIELDS = ['sent', 'failed', 'skipped', 'uncertain', 'opens', 'clicks', 'unsubscribes', 'bounces', 'complaints', 'likes', 'dislikes'] as const;
export type DayField = (typeof DAY_FIELDS)[number];
export type DayCounts = Partial<Record<string, number>>;

export interface DayItem {
  day: string;
  counts: DayCounts;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
};

function partsOf(start: string, end: string): { whole: string[]; partial: { from: string; to: string }[] } {
  const whole: string[] = [];
  const partial: { from: string; to: string }[] = [];
  let [y, m] = start.slice(0, 7).split('-').map(Number) as [number, number];
  for (;;) {
    const month = `${y}-${pad(m)}`;
    if (month > end.slice(0, 7)) return { whole, partial };
    const [first, last] = [`${month}-01`, lastDayOf(month)];
    if (start <= first && end >= last) whole.push(month);
    else partial.push({ from: start > first ? start : first, to: end < last ? end : last });
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

function dayPrefixes(from: string, to: string): string[] {
  if (from === to) return [from];
  // a whole month in one query rather than four
  if (from.endsWith('-01') && to === lastDayOf(from.slice(0, 7))) return [from.slice(0, 7)];
  const tens = new Set<string>();
  for (let d = Number(from.slice(8)); d <= Number(to.slice(8)); d++) tens.add(`${from.slice(0, 8)}${Math.floor(d / 10)}`);
  return [...tens];
}

async function query(
  tenant: TenantStore,
  restOf: (shard: number) => string,
  prefix: string,
  attributes?: readonly string[],
  type?: MessageType,
): Promise<Record<string, unknown>[]> {
  const counters = tenant.keyed('deliveryCounter');
  const wanted = attributes && type !== undefined ? attributes.map((a) => orgDayField.type(a, type)) : attributes;
  const readShard = async (shard: number) => {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await counters.queryPage(restOf(shard), { sortPrefix: { name: 'slot', value: prefix }, ...(wanted ? { attributes: ['slot', ...wanted] } : {}), startKey });
      items.push(...page.items);
      startKey = page.lastKey;
    } while (startKey);
    return items;
  };
  const items = (await Promise.all(ORG_DAY_SHARD_LIST.map(readShard))).flat();
  if (type === undefined) return items;
  const suffix = orgDayField.type('', type);
  return items.map((item) => {
    const plain: Record<string, unknown> = { slot: item.slot };
    for (const [name, n] of Object.entries(item)) if (name.endsWith(suffix)) plain[name.slice(0, -suffix.length)] = n;
    return plain;
  });
}

export async function readDays(tenant: TenantStore, kind: OrgDayKind, from: string, to: string, attributes?: readonly string[], type?: MessageType): Promise<DayItem[]> {
  const { whole, partial } = partsOf(from, to);
  const segments = [...whole.map((m) => ({ from: `${m}-01`, to: lastDayOf(m) })), ...partial];
  const reads = segments.flatMap((seg) =>
    dayPrefixes(seg.from, seg.to).map((days) => query(tenant, (shard) => orgDay.rest(seg.from.slice(0, 7), shard), orgDay.prefix(kind, days), attributes, type)),
  );
  return (await Promise.all(reads))
    .flat()
    .map((item) => ({ day: orgDay.of(String(item.slot)), counts: item as DayCounts }))
    .filter((i) => i.day >= from && i.day <= to);
}

async function readMonths(tenant: TenantStore, kind: OrgMonthKind, months: readonly string[], attributes?: readonly string[], type?: MessageType) {
  const byYear = new Map<string, string[]>();
  for (const m of months) byYear.set(m.slice(0, 4), [...(byYear.get(m.slice(0, 4)) ?? []), m]);
  const wanted = new Set(months);
  const reads = [...byYear].map(([year, of]) => query(tenant, (shard) => orgMonth.rest(year, shard), orgMonth.prefix(kind, of.length === 1 ? of[0]! : year), attributes, type));
  return (await Promise.all(reads))
    .flat()
    .map((item) => ({ month: orgMonth.of(String(item.slot)), counts: item as DayCounts }))
    .filter((i) => wanted.has(i.month));
}

/** The counters of `kind` (counts or shares) from `start` to `end`. */
export async function readRange(...range: Parameters<typeof readRangeItems>): Promise<DayCounts[]> {
  return (await readRangeItems(...range)).map((i) => i.counts);
}

export async function readRangeItems(
  tenant: TenantStore,
  kind: 'counts' | 'plans',
  start: string,
  end: string,
  attributes?: readonly string[],
  type?: MessageType,
): Promise<DayItem[]> {
  const { whole, partial } = partsOf(start, end);
  const [months, ...days] = await Promise.all([readMonths(tenant, kind, whole, attributes, type), ...partial.map((p) => readDays(tenant, kind, p.from, p.to, attributes, type))]);
  return [...months.map((m) => ({ day: `${m.month}-01`, counts: m.counts })), ...days.flat()];
}

export async function readDaily(tenant: TenantStore, start: string, end: string, type?: MessageType): Promise<DayItem[]> {
  const { whole, partial } = partsOf(start, end);
  const attributes = DAILY_IN_MONTH.flatMap((f) => Array.from({ length: 31 }, (_, d) => orgDayField.day(f, pad(d + 1))));
  const [months, ...days] = await Promise.all([
    readMonths(tenant, 'counts', whole, attributes, type),
    ...partial.map((p) => readDays(tenant, 'counts', p.from, p.to, DAILY_IN_MONTH, type)),
  ]);
  const out: DayItem[] = days.flat();
  for (const { month, counts } of months) {
    for (const [name, n] of Object.entries(counts)) {
      const [field, dayOfMonth] = name.split('#');
      if (dayOfMonth && typeof n === 'number') out.push({ day: `${month}-${dayOfMonth}`, counts: { [field!]: n } });
    }
  }
  return out;
}

export function addInto(into: Record<string, number>, from: DayCounts): void {
  for (const [name, n] of Object.entries(from)) if (typeof n === 'number') into[name] = (into[name] ?? 0) + n;
}

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

export const OS_CHANNEL: Channel = APP_CHANNEL;

export const SUMMARY_ATTRIBUTES: readonly string[] = DAY_FIELDS.flatMap((f) => [
  f,
  ...CHANNELS.map((c) => orgDayField.channel(f, c)),
  ...DEVICE_PLATFORMS.map((os: CounterOs) => orgDayField.os(f, OS_CHANNEL, os)),
]);
