// Behaviour insights' counters (shared/services/insights.ts). Every add is in one transaction with the put of its
// event or marker, which only succeeds when new, so an event delivered again (with its id) counts nowhere. A day's
// marker expires (DynamoDB TTL) with the events that made it, since it de-duplicates nothing once they are gone; an
// account has one a day it is active, so kept for ever they would outgrow everything else.
import { createHash, randomBytes } from 'node:crypto';
import type * as z from 'zod';
import type { AccountEvent, Application } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { localDayHourOf } from '../../shared/plan/zonedTime';
import type { InsightSource } from '../../shared/services/insights';
import { counterItems } from '../store/counterItems';
import { type BoundItem, type Item, TenantStore } from '../store/store';

/** Items per day and source, so no single item takes every write of a busy organization. */
export const INSIGHT_SHARDS = 4;

const { insightDay, insightMark, sdkPlanCounts: sdkCounts } = counterItems;

export const pairField = (from: string, to: string) => `p:${JSON.stringify([from, to])}`;

export async function sdkPlanCounts(tenant: TenantStore, planId: string): Promise<Record<string, number>> {
  const item = await tenant.keyed('deliveryCounter').get(sdkCounts.rest(planId), sdkCounts.slot());
  return Object.fromEntries(Object.entries(item ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

export const insightSourceOf = (app: Pick<Application, 'appType'>): InsightSource => (app.appType === 'WEB' ? 'WEB' : 'APP');

/** The name an event is counted under: a custom event's own name, otherwise its type (message.opened). */
export const insightNameOf = (e: Pick<AccountEvent, 'type' | 'name'>) => (e.type === 'custom' && e.name ? e.name : e.type);

const shardOf = (accountId: string) => createHash('sha1').update(accountId).digest()[0]! % INSIGHT_SHARDS;

/**
 * The event's sort key: its time, then a digest of the app and the id the app gave it, so the same event sent again
 * (a retried call) lands on the same key and is recorded and counted once. An event without an id is always a new
 * one: two alike in the same millisecond may well be two (a beacon left twice).
 */
export function eventKeyOf(appId: string, e: { at: number; id?: string }): string {
  const at = String(Math.max(0, Math.min(e.at, 9_999_999_999_999))).padStart(13, '0');
  // hex only, as before ids: the key travels inside other keys (the triggers' waits)
  const tail = e.id
    ? createHash('sha256')
        .update(JSON.stringify([appId, e.id]))
        .digest('hex')
        .slice(0, 16)
    : randomBytes(6).toString('hex');
  return `${at}#${tail}`;
}

export const LATER_EXPIRY = (expiresAt: number) => ({
  ConditionExpression: 'attribute_not_exists(#e) OR #e < :e',
  ExpressionAttributeNames: { '#e': 'expiresAt' },
  ExpressionAttributeValues: { ':e': expiresAt },
});

function adder(tenant: TenantStore) {
  const { store, bind } = TenantStore.internals(tenant);
  const counters = tenant.keyed('deliveryCounter');
  return {
    add: (source: InsightSource, accountId: string, day: string, add: Record<string, number>): BoundItem =>
      bind(store.updateItem('deliveryCounter', counters.key(insightDay.rest(source, day.slice(0, 7)), insightDay.slot(day, shardOf(accountId))), { add })),
    mark: (source: InsightSource, accountId: string, slot: string, item: z.infer<typeof insightMark.schema>): BoundItem =>
      counters.putNew(insightMark.rest(source, accountId), { slot, ...item }, '720001'),
  };
}

/** Runs a transaction whose first put makes it count once: false when that put found its item already there. */
async function once(tenant: TenantStore, items: BoundItem[]): Promise<boolean> {
  try {
    await tenant.transact(items);
    return true;
  } catch (e) {
    if (e instanceof AppError && e.code === '720001') return false;
    throw e;
  }
}

export async function recordEvents(tenant: TenantStore, source: InsightSource, accountId: string, events: readonly AccountEvent[], timeZone = 'UTC'): Promise<AccountEvent[]> {
  const dayOf = (at: number) => localDayHourOf(at, timeZone).day;
  const { add, mark } = adder(tenant);
  const stored = tenant.keyed('accountEvent');
  const recorded: AccountEvent[] = [];
  const ordered = [...events].sort((a, b) => a.at - b.at);
  for (const e of ordered) {
    const name = insightNameOf(e);
    const { accountKey: _placed, ...item } = e;
    const put = stored.putNew(accountId, item, '720001');
    if (await once(tenant, [put, add(source, accountId, dayOf(e.at), { events: 1, [`e:${name}`]: 1 })])) recorded.push(e);
  }
  const days = new Set(ordered.map((e) => dayOf(e.at)));
  for (const day of days) {
    // a day's marker lives as long as the longest-lived of the day's events, across calls: a later call's events
    // push it back, so it never goes while one of them could still come again and be taken for new
    const expiresAt = Math.max(...ordered.filter((e) => dayOf(e.at) === day).map((e) => e.expiresAt));
    if (await once(tenant, [mark(source, accountId, insightMark.slot('active', day), { expiresAt }), add(source, accountId, day, { active: 1 })])) continue;
    await tenant
      .keyed('deliveryCounter')
      .update(insightMark.rest(source, accountId), insightMark.slot('active', day), { expiresAt }, LATER_EXPIRY(expiresAt))
      .catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e; // it already lasts as long
      });
  }

  // the account's first time of each event name, read once for the call
  const firsts = new Map<string, number>();
  let startKey: Item | undefined;
  do {
    const page = await tenant
      .keyed('deliveryCounter')
      .queryPage(insightMark.rest(source, accountId), { sortPrefix: { name: 'slot', value: insightMark.prefix('first') }, startKey });
    for (const item of page.items) firsts.set(insightMark.of(String(item.slot)), Number(item.at));
    startKey = page.lastKey;
  } while (startKey);
  for (const e of ordered) {
    const name = insightNameOf(e);
    if (firsts.has(name)) continue;
    const counts: Record<string, number> = { [`f:${name}`]: 1 };
    for (const [before, at] of firsts) if (at <= e.at) counts[pairField(before, name)] = 1;
    await once(tenant, [mark(source, accountId, insightMark.slot('first', name), { at: e.at }), add(source, accountId, dayOf(e.at), counts)]);
    firsts.set(name, e.at);
  }
  return recorded;
}

const pad = (n: number) => String(n).padStart(2, '0');

function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  let [y, m] = start.slice(0, 7).split('-').map(Number) as [number, number];
  for (let month = `${y}-${pad(m)}`; month <= end.slice(0, 7); month = `${y}-${pad(m)}`) {
    months.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
}

export async function readInsightDays(tenant: TenantStore, source: InsightSource, start: string, end: string): Promise<Map<string, Record<string, number>>> {
  const counters = tenant.keyed('deliveryCounter');
  const pages = await Promise.all(
    monthsOf(start, end).map(async (month) => {
      const items: Item[] = [];
      let startKey: Item | undefined;
      do {
        const page = await counters.queryPage(insightDay.rest(source, month), { startKey });
        items.push(...page.items);
        startKey = page.lastKey;
      } while (startKey);
      return items;
    }),
  );
  const days = new Map<string, Record<string, number>>();
  for (const item of pages.flat()) {
    const day = insightDay.of(String(item.slot));
    if (day < start || day > end) continue;
    const sums = days.get(day) ?? {};
    for (const [k, v] of Object.entries(item)) if (typeof v === 'number' && k !== 'slot') sums[k] = (sums[k] ?? 0) + v;
    days.set(day, sums);
  }
  return days;
}
