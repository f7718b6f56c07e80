/**
 * Every kind of item the counter table (`deliveryCounter`) holds, declared once: its partition after the
 * organization (`rest`; the tenant store's `keyed('deliveryCounter')` writes `<orgId>#<rest>` as the `runKey`), its
 * `slot`, and its attributes beside the key. Every read and write of the table builds its keys here; no other
 * module spells one. A run's partitions start with its plan id, the organization's own with `@`, which is in no
 * plan id, so the two never meet. docs/sending.md has the table of who writes and reads each kind.
 */
import * as z from 'zod';
import { partitionShard } from '../../shared/entities';
import type { InsightSource } from '../../shared/services/insights';

/**
 * A kind: where its items are and what they hold besides `runKey` and `slot`; for a kind read by slot, the
 * `prefix` a query reads it by and what a slot is `of` (a day, a month, an event's name).
 */
type CounterKind = {
  rest: (...key: never[]) => string;
  slot: (...key: never[]) => string;
  schema: z.ZodType;
  prefix?: (...key: never[]) => string;
  of?: (slot: string) => string;
};

type Run = { planId: string; runId: string };
const runRest = (run: Run) => `${run.planId}#${run.runId}`;
/** Items whose every attribute beside the key is a count, each kind naming them its own way. */
const counts = z.record(z.string(), z.number());

/** Partitions of a run's stored batches (`pageBatch`), by page. */
export const PAGE_BATCH_SHARDS = 16;

/**
 * The organization's day and month partitions: each event counts in one (by its account), so no partition takes
 * every write of a busy organization; a reader queries every shard and sums (ORG_DAY_SHARD_LIST).
 */
export const ORG_DAY_SHARDS = 4;
export const ORG_DAY_SHARD_LIST: readonly number[] = Array.from({ length: ORG_DAY_SHARDS }, (_, shard) => shard);
/** Day items: counts (totals, channels, push OS), hours, and the messages' shares. */
const ORG_DAY_KINDS = { counts: 'D', hours: 'H', plans: 'P' } as const;
/** Month items: counts with each day's trend counts, and the month's shares. */
const ORG_MONTH_KINDS = { counts: 'M', plans: 'N' } as const;
export type OrgDayKind = keyof typeof ORG_DAY_KINDS;
export type OrgMonthKind = keyof typeof ORG_MONTH_KINDS;

export const counterItems = {
  /**
   * A run's totals (`sent`), per hour (`sent@2026-11-22T09`), per push OS (`sent|IOS`) and per reason
   * (`failed:BOUNCE`): one item per shard, so parallel workers rarely write the same one; a read sums the partition.
   */
  runCounters: { rest: runRest, slot: (shard: number) => String(shard), schema: counts },
  /** An audience page read once: its count went in with it, and it names the reading whose batches were queued. */
  pageMarker: {
    rest: (run: Run) => `${runRest(run)}#pages`,
    slot: (part: string, page: number) => `${part}#${page}`,
    schema: z.object({ matched: z.number().int(), reading: z.string().optional(), batches: z.number().int().optional(), next: z.string().optional() }),
  },
  /** A trigger send's recipient counted once per window run (`t<start>`), beside the pages of `r<dueAt>` runs. */
  triggerPage: { rest: (run: Run) => `${runRest(run)}#pages`, slot: (accountId: string) => accountId, schema: z.object({ matched: z.number().int() }) },
  /**
   * A page's send batch as one reading made it, stored before the page's marker names the reading; its recipients
   * are the send message's (delivery/messages.ts recipientSchema parses them again). Kept past the queue's redeliveries.
   * A page's batches are about 5 KB each, so a run's are spread by page over PAGE_BATCH_SHARDS partitions (one
   * partition would take over 1,000 write units a second at 10,000 recipients a second); a reader knows its page.
   */
  pageBatch: {
    rest: (run: Run, page: string) => `${runRest(run)}#batches#${partitionShard(page, PAGE_BATCH_SHARDS)}`,
    slot: (page: string, reading: string, index: number) => `${page}#${reading}#${index}`,
    schema: z.object({ recipients: z.array(z.record(z.string(), z.unknown())), expiresAt: z.number().int() }),
  },
  /** A quiet-hours hold counted once however often its batch comes: the slot is the hold's schedule name. */
  quietHold: { rest: (run: Run) => `${runRest(run)}#held`, slot: (schedule: string) => schedule, schema: z.object({}) },
  /** A journey run's `entered`, `exited` and `at:<step>` counts, one of JOURNEY_SHARDS items picked per write. */
  journeyCounters: { rest: (run: Run) => `${runRest(run)}#journey`, slot: (shard: number) => String(shard), schema: counts },
  /**
   * The organization's day in its zone (counters.ts orgDayUpdate), ORG_DAY_SHARDS partitions a month: counts (`sent`, `sent|EMAIL`, `sent|PUSH_NATIVE|IOS`), hours
   * (`sent@09`) and shares (`sent~EMAIL~<planId>`), attribute names as shared/entities/delivery.ts orgDayField.
   */
  orgDay: {
    rest: (month: string, shard: number) => `@day#${month}#${shard}`,
    slot: (kind: OrgDayKind, day: string) => `${ORG_DAY_KINDS[kind]}#${day}`,
    /** a kind's items of the days starting with `days` (a day, ten days, a month) */
    prefix: (kind: OrgDayKind, days: string) => `${ORG_DAY_KINDS[kind]}#${days}`,
    of: (slot: string) => slot.split('#')[1]!,
    schema: counts,
  },
  /** The organization's month, ORG_DAY_SHARDS partitions a year: the day's counts and trend counts (`sent#07`), and shares. */
  orgMonth: {
    rest: (year: string, shard: number) => `@month#${year}#${shard}`,
    slot: (kind: OrgMonthKind, month: string) => `${ORG_MONTH_KINDS[kind]}#${month}`,
    prefix: (kind: OrgMonthKind, months: string) => `${ORG_MONTH_KINDS[kind]}#${months}`,
    of: (slot: string) => slot.split('#')[1]!,
    schema: counts,
  },
  /** Behaviour insights of a source's day (`active`, `events`, `e:<name>`, `f:<name>`, `p:[..]`), a partition a month. */
  insightDay: {
    rest: (source: InsightSource, month: string) => `@insight#${source}#${month}`,
    slot: (day: string, shard: number) => `${day}#${shard}`,
    of: (slot: string) => slot.split('#')[0]!,
    schema: counts,
  },
  /**
   * An account's once-only insight markers: `active#<day>` (expires with the day's events) and `first#<name>` (the
   * time of its first such event, kept: the funnel reads it).
   */
  insightMark: {
    rest: (source: InsightSource, accountId: string) => `@insightMark#${source}#${accountId}`,
    slot: (mark: 'active' | 'first', of: string) => `${mark}#${of}`,
    prefix: (mark: 'active' | 'first') => `${mark}#`,
    of: (slot: string) => slot.slice(slot.indexOf('#') + 1),
    schema: z.object({ at: z.number().int().optional(), expiresAt: z.number().int().optional() }),
  },
  /** A message's app event (an open, a click, a button, an unsubscribe) counted once per account and device. */
  sdkOnce: {
    rest: (planId: string) => `@sdk#${planId}`,
    slot: (event: string, accountId: string, deviceId = '', buttonId?: string) => `${event}#${accountId}#${deviceId}${buttonId ? `#${buttonId}` : ''}`,
    schema: z.object({ expiresAt: z.number().int() }),
  },
  /** What a message's app events counted (`opens`, `opens|IOS`, `cta:b1`), beside its markers: `=` begins no event. */
  sdkPlanCounts: { rest: (planId: string) => `@sdk#${planId}`, slot: () => '=counts', schema: counts },
} satisfies Record<string, CounterKind>;
