// A run's counters: one item per (run, shard) holds its totals, the same counts per hour and per device OS. They are
// written in the same transaction as the record that makes the event count once (ledger.ts), so the counters always
// equal the records; reading a run's totals is one query, whatever the audience's size.
import type { Channel, SendFailureReason } from '../../shared/delivery';
import { type CounterOs, DAILY_IN_MONTH, orgDayField, SHARE_FIELDS, shardOf } from '../../shared/entities';
import { MESSAGE_TYPES, type MessageType } from '../../shared/plan/plan';
import { localDayHourOf } from '../../shared/plan/zonedTime';
import { organizationZoneOf } from '../domain/organizationSetting';
import type { Clock } from '../platform/runtime';
import { counterItems, ORG_DAY_SHARDS } from '../store/counterItems';
import type { Store, TransactItem } from '../store/store';

export type Counter =
  | 'matched'
  | 'sent'
  | 'failed'
  | 'skipped'
  | 'uncertain'
  | 'held'
  | 'opens'
  | 'clicks'
  | 'unsubscribes'
  | 'bounces'
  | 'complaints'
  | 'likes'
  | 'dislikes'
  | 'parts';
const EVENT_COUNTERS: ReadonlySet<Counter> = new Set(['sent', 'failed', 'skipped', 'uncertain', 'opens', 'clicks', 'unsubscribes', 'bounces', 'complaints', 'likes', 'dislikes']);
export type CounterKey = { orgId: number; planId: string; runId: string; accountId: string; channel?: Channel; os?: CounterOs };
export type OsAdd = { os?: CounterOs; add: Partial<Record<Counter, number>> };
export type ReasonCounter = 'failed' | 'skipped';

export interface RunTotals {
  total: Record<Counter, number>;
  os: Partial<Record<CounterOs, Partial<Record<Counter, number>>>>;
  hours: Record<string, Partial<Record<Counter, number>>>;
  reasons: Record<ReasonCounter, Partial<Record<SendFailureReason, number>>>;
}

export const runKeyOf = (k: { orgId: number; planId: string; runId: string }) => `${k.orgId}#${k.planId}#${k.runId}`;
/** The run an event trigger's sends are counted under. */
export const TRIGGER_RUN = 't-sends';
const counterRunOf = <R extends { runId: string }>(run: R): R => (run.runId.startsWith('t') ? { ...run, runId: TRIGGER_RUN } : run);
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** Messages' types as read by this process: a sent message's type does not change, so one read per message. */
const messageTypes = new Map<string, Promise<MessageType | undefined>>();
const TYPES_KEPT = 10_000;
function messageTypeOf(store: Store, orgId: number, planId: string): Promise<MessageType | undefined> {
  const key = `${store.table('plan')}#${orgId}#${planId}`;
  const hit = messageTypes.get(key);
  if (hit !== undefined) return hit;
  if (messageTypes.size >= TYPES_KEPT) messageTypes.clear();
  const type = store
    .forOrg(orgId)
    .getMany('plan', [planId], ['id', 'messageType'])
    .then(([plan]) => (plan ? (plan.messageType ?? MESSAGE_TYPES.AD_HOC) : undefined));
  type.catch(() => messageTypes.delete(key));
  messageTypes.set(key, type);
  return type;
}

export class RunCounters {
  constructor(
    protected readonly store: Store,
    protected readonly clock: Clock,
  ) {}

  /**
   * The counter adds of one event: one item per (run, shard) holds the run's totals (`sent`), the same counts per
   * hour (`sent@2026-11-22T09`) and per OS (`sent|IOS`), so an outcome moves them all in a single item write. An
   * event of a known channel adds to the organization's day as well, in the same transaction as the record it counts:
   * a redelivered event whose record is refused counts nowhere.
   */
  async counterItems(
    k: CounterKey,
    add: Partial<Record<Counter, number>>,
    reason?: { of: ReasonCounter; reason: SendFailureReason },
    /** when the event counts (its hour and day): now, unless it corrects an earlier count */
    at = this.clock.now(),
  ): Promise<TransactItem[]> {
    const parts: OsAdd[] = [{ ...(k.os ? { os: k.os } : {}), add }];
    const shard = shardOf(k.accountId);
    return [this.counterUpdate(k, shard, parts, reason ? { [`${reason.of}:${reason.reason}`]: 1 } : {}, at), ...(await this.orgDayUpdate(k, shard, parts, at))];
  }

  counterUpdate(
    run: { orgId: number; planId: string; runId: string },
    slot: number,
    parts: readonly OsAdd[],
    reasons: Record<string, number>,
    at = this.clock.now(),
  ): TransactItem {
    const hour = hourOf(at);
    const adds = new Map<string, number>();
    const plus = (name: string, n: number) => adds.set(name, (adds.get(name) ?? 0) + n);
    for (const { os, add } of parts) {
      for (const [field, n] of Object.entries(add)) {
        if (!n) continue;
        plus(field, n);
        plus(`${field}@${hour}`, n);
        if (os) plus(`${field}|${os}`, n);
      }
    }
    for (const [name, n] of Object.entries(reasons)) plus(name, n);
    const { runCounters } = counterItems;
    const key = this.counters(run.orgId).key(runCounters.rest(counterRunOf(run)), runCounters.slot(slot));
    return this.store.updateItem('deliveryCounter', key, { add: Object.fromEntries(adds) });
  }

  async orgDayUpdate(k: { orgId: number; planId: string; channel?: Channel }, shard: number, parts: readonly OsAdd[], at = this.clock.now()): Promise<TransactItem[]> {
    if (!k.channel || !parts.some(({ add }) => Object.entries(add).some(([field, n]) => n && EVENT_COUNTERS.has(field as Counter)))) return [];
    const { day, hour } = localDayHourOf(at, await organizationZoneOf(this.store, k.orgId, at));
    const [month, year, dayOfMonth] = [day.slice(0, 7), day.slice(0, 4), day.slice(8, 10)];
    const counts = new Map<string, number>();
    const hours = new Map<string, number>();
    const shares = new Map<string, number>();
    const daily = new Map<string, number>();
    const plus = (to: Map<string, number>, name: string, n: number) => to.set(name, (to.get(name) ?? 0) + n);
    for (const { os, add } of parts) {
      for (const [field, n] of Object.entries(add) as [Counter, number][]) {
        if (!n || !EVENT_COUNTERS.has(field)) continue;
        plus(counts, field, n);
        plus(counts, orgDayField.channel(field, k.channel), n);
        if (os) plus(counts, orgDayField.os(field, k.channel, os), n);
        plus(hours, orgDayField.hour(field, hour), n);
        if ((SHARE_FIELDS as readonly string[]).includes(field)) plus(shares, orgDayField.plan(field, k.channel, k.planId), n);
        if ((DAILY_IN_MONTH as readonly string[]).includes(field)) plus(daily, orgDayField.day(field, dayOfMonth), n);
      }
    }
    if (counts.size === 0) return [];
    // the same counts again under the message's type (`sent^1`, `sent|EMAIL^1`, `sent@09^1`, `sent#07^1`), so the
    // dashboard can show Ad-Hoc or Lifecycle alone; a message's shares carry its id, whose type the plan says
    const type = await messageTypeOf(this.store, k.orgId, k.planId);
    if (type !== undefined) for (const to of [counts, hours, daily]) for (const [name, n] of [...to]) to.set(orgDayField.type(name, type), n);
    const s = shard % ORG_DAY_SHARDS;
    const { orgDay, orgMonth } = counterItems;
    const counters = this.counters(k.orgId);
    const item = (rest: string, slot: string, adds: ReadonlyMap<string, number>): TransactItem[] =>
      // an event no message share counts (an answer, an unsubscribe) adds to no share item
      adds.size ? [this.store.updateItem('deliveryCounter', counters.key(rest, slot), { add: Object.fromEntries(adds) })] : [];
    return [
      ...item(orgDay.rest(month, s), orgDay.slot('counts', day), counts),
      ...item(orgDay.rest(month, s), orgDay.slot('hours', day), hours),
      ...item(orgDay.rest(month, s), orgDay.slot('plans', day), shares),
      ...item(orgMonth.rest(year, s), orgMonth.slot('counts', month), new Map([...counts, ...daily])),
      ...item(orgMonth.rest(year, s), orgMonth.slot('plans', month), shares),
    ];
  }

  /**
   * The organization's adds of an event outside a run (an app reporting that a push was opened): its day and month
   * items only, written by the caller in one transaction with the record that makes the event count once.
   */
  orgCounterItems(k: { orgId: number; planId: string; channel: Channel; accountId: string; os?: CounterOs }, add: Partial<Record<Counter, number>>): Promise<TransactItem[]> {
    return this.orgDayUpdate(k, shardOf(k.accountId), [{ ...(k.os ? { os: k.os } : {}), add }]);
  }

  async count(k: CounterKey, add: Partial<Record<Counter, number>>): Promise<void> {
    await this.store.transact(await this.counterItems(k, add));
  }

  async totals(run: { orgId: number; planId: string; runId: string }): Promise<RunTotals> {
    return sumCounters(await this.counters(run.orgId).list(counterItems.runCounters.rest(run)));
  }

  protected counters(orgId: number) {
    return this.store.forOrg(orgId).keyed('deliveryCounter');
  }
}

export function sumCounters(items: readonly object[]): RunTotals {
  const total: Record<Counter, number> = {
    matched: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    uncertain: 0,
    held: 0,
    opens: 0,
    clicks: 0,
    unsubscribes: 0,
    bounces: 0,
    complaints: 0,
    likes: 0,
    dislikes: 0,
    parts: 0,
  };
  const hours: Record<string, Partial<Record<Counter, number>>> = {};
  const reasons: RunTotals['reasons'] = { failed: {}, skipped: {} };
  const os: RunTotals['os'] = {};
  for (const item of items as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(item)) {
      if (typeof value !== 'number') continue;
      const [counted, platform] = name.split('|') as [Counter, CounterOs | undefined];
      if (platform) {
        const of = (os[platform] ??= {});
        of[counted] = (of[counted] ?? 0) + value;
        continue;
      }
      const [of, reason] = name.split(':') as [ReasonCounter, SendFailureReason | undefined];
      if (reason && (of === 'failed' || of === 'skipped')) {
        reasons[of][reason] = (reasons[of][reason] ?? 0) + value;
        continue;
      }
      const [field, hour] = name.split('@') as [Counter, string | undefined];
      if (!(field in total) || typeof value !== 'number') continue;
      if (hour) (hours[hour] ??= {})[field] = (hours[hour]![field] ?? 0) + value;
      else total[field] += value;
    }
  }
  return { total, os, hours, reasons };
}

export function completionAdds(completions: readonly { key: { os?: CounterOs }; outcome: { status: 'SENT' | 'FAILED'; reason?: SendFailureReason }; parts?: number }[]): {
  parts: OsAdd[];
  reasons: Record<string, number>;
} {
  const byOs = new Map<CounterOs | undefined, Partial<Record<Counter, number>>>();
  const reasons: Record<string, number> = {};
  for (const { outcome, key, parts } of completions) {
    const counter = outcome.status === 'SENT' ? 'sent' : 'failed';
    const add = byOs.get(key.os) ?? {};
    byOs.set(key.os, add);
    add[counter] = (add[counter] ?? 0) + 1;
    if (parts && outcome.status === 'SENT') add.parts = (add.parts ?? 0) + parts;
    if (outcome.status === 'FAILED') reasons[`failed:${outcome.reason ?? 'UNEXPECTED'}`] = (reasons[`failed:${outcome.reason ?? 'UNEXPECTED'}`] ?? 0) + 1;
  }
  return { parts: [...byOs].map(([os, add]): OsAdd => ({ ...(os ? { os } : {}), add })), reasons };
}
