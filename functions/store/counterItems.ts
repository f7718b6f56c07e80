// Every kind of item the counter table (`deliveryCounter`) holds, declared once.
// A run's partitions start with its plan id, the organization's own with `@` (in no plan id), so the two never meet.
import * as z from 'zod';
import { partitionShard } from '../../shared/entities';
import type { InsightSource } from '../../shared/services/insights';

type CounterKind = {
  rest: (...key: never[]) => string;
  slot: (...key: never[]) => string;
  schema: z.ZodType;
  prefix?: (...key: never[]) => string;
  of?: (slot: string) => string;
};

type Run = { planId: string; runId: string };
const runRest = (run: Run) => `${run.planId}#${run.runId}`;
const counts = z.record(z.string(), z.number());

export const PAGE_BATCH_SHARDS = 16;

export const ORG_DAY_SHARDS = 4;
export const ORG_DAY_SHARD_LIST: readonly number[] = Array.from({ length: ORG_DAY_SHARDS }, (_, shard) => shard);
const ORG_DAY_KINDS = { counts: 'D', hours: 'H', plans: 'P' } as const;
const ORG_MONTH_KINDS = { counts: 'M', plans: 'N' } as const;
export type OrgDayKind = keyof typeof ORG_DAY_KINDS;
export type OrgMonthKind = keyof typeof ORG_MONTH_KINDS;

export const counterItems = {
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
   * A page's send batch as one reading made it, stored before the page's marker names the reading; its recipients are
   * the send message's (delivery/messages.ts recipientSchema parses them again). Kept past the queue's redeliveries.
   */
  pageBatch: {
    rest: (run: Run, page: string) => `${runRest(run)}#batches#${partitionShard(page, PAGE_BATCH_SHARDS)}`,
    slot: (page: string, reading: string, index: number) => `${page}#${reading}#${index}`,
    schema: z.object({ recipients: z.array(z.record(z.string(), z.unknown())), expiresAt: z.number().int() }),
  },
  /** A quiet-hours hold counted once however often its batch comes: the slot is the hold's schedule name. */
  quietHold: { rest: (run: Run) => `${runRest(run)}#held`, slot: (schedule: string) => schedule, schema: z.object({}) },
  journeyCounters: { rest: (run: Run) => `${runRest(run)}#journey`, slot: (shard: number) => String(shard), schema: counts },
  orgDay: {
    rest: (month: string, shard: number) => `@day#${month}#${shard}`,
    slot: (kind: OrgDayKind, day: string) => `${ORG_DAY_KINDS[kind]}#${day}`,
    prefix: (kind: OrgDayKind, days: string) => `${ORG_DAY_KINDS[kind]}#${days}`,
    of: (slot: string) => slot.split('#')[1]!,
    schema: counts,
  },
  orgMonth: {
    rest: (year: string, shard: number) => `@month#${year}#${shard}`,
    slot: (kind: OrgMonthKind, month: string) => `${ORG_MONTH_KINDS[kind]}#${month}`,
    prefix: (kind: OrgMonthKind, months: string) => `${ORG_MONTH_KINDS[kind]}#${months}`,
    of: (slot: string) => slot.split('#')[1]!,
    schema: counts,
  },
  insightDay: {
    rest: (source: InsightSource, month: string) => `@insight#${source}#${month}`,
    slot: (day: string, shard: number) => `${day}#${shard}`,
    of: (slot: string) => slot.split('#')[0]!,
    schema: counts,
  },
  /** An account's once-only insight markers: `active#<day>` (expires with the day's events), `first#<name>` (kept). */
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
  sdkPlanCounts: { rest: (planId: string) => `@sdk#${planId}`, slot: () => '=counts', schema: counts },
} satisfies Record<string, CounterKind>;
