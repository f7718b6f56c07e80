import * as z from 'zod';
import { CHANNELS, SEND_FAILURE_REASONS, SENT_STATES } from '../delivery';
import { DEVICE_PLATFORMS } from './device';
import { defineEntity, partitionShard } from './entity';

/**
 * The sent-record shards of a run that names none: a journey's steps, a trigger's sends, and runs begun before a run
 * chose its own count (their records stay where they were written). Also the counters' slots per run.
 */
export const DELIVERY_SHARDS = 32;

/** Recipients a second one sent-record shard takes: about 4.6 write units each, so under half a partition's 1,000. */
export const RECIPIENTS_PER_RUN_SHARD = 80;
export const RUN_SHARDS_MIN = 4;
export const RUN_SHARDS_MAX = 256;

/**
 * A run's sent-record shards, chosen once when the run is made from its channel's send rate (a power of two from
 * RUN_SHARDS_MIN to RUN_SHARDS_MAX) and kept on the run: every delivery of its batches must find a recipient's
 * record under the same key, whatever the rate is later set to (docs/deploy.md section 10).
 */
export function runShardsFor(ratePerSecond: number): number {
  let shards = RUN_SHARDS_MIN;
  while (shards < RUN_SHARDS_MAX && shards * RECIPIENTS_PER_RUN_SHARD < ratePerSecond) shards *= 2;
  return shards;
}

/** The shard count a run's records are under: its own, or DELIVERY_SHARDS for a run that names none. */
export const shardsOfRun = (run: { shards?: number }): number => run.shards ?? DELIVERY_SHARDS;

export function runShardKey(orgId: number, planId: string, runId: string, shard: number): string {
  return `${orgId}#${planId}#${runId}#${shard}`;
}

/** E-mails lower-cased so the same person typed either way finds the same sends; none for an address too long for an index key. */
export function addressKeyOf(orgId: number, address: string): string | undefined {
  const text = address.trim();
  if (text === '' || text.length > 1000) return undefined;
  return `${orgId}#${text.includes('@') ? text.toLowerCase() : text}`;
}

export function shardOf(id: string, shards = DELIVERY_SHARDS): number {
  return partitionShard(id, shards);
}

/** Exactly-once ledger: written conditionally before the provider is called; `openClaim` only while CLAIMED keeps the sweep's index sparse. */
export const sentRecordSchema = z.object({
  runShard: z.string(),
  recipient: z.string(),
  orgId: z.number().int(),
  planId: z.string(),
  runId: z.string(),
  accountId: z.string(),
  target: z.string().optional(),
  channel: z.enum(CHANNELS),
  /** so an outcome recorded later still counts per OS */
  os: z.enum(DEVICE_PLATFORMS).optional(),
  address: z.string(),
  status: z.enum(SENT_STATES),
  reason: z.enum(Object.keys(SEND_FAILURE_REASONS) as [keyof typeof SEND_FAILURE_REASONS]).optional(),
  detail: z.string().optional(),
  /** only the attempt holding the claim completes the record */
  attempt: z.string(),
  claimedAt: z.number().int(),
  doneAt: z.number().int().optional(),
  providerId: z.string().optional(),
  openClaim: z.string().optional(),
  addressKey: z.string().optional(),
  /** click redirects go only to these */
  links: z.array(z.string()).optional(),
});
export type SentRecord = z.infer<typeof sentRecordSchema>;

export const sentRecordEntity = defineEntity({
  name: 'sentRecord',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: sentRecordSchema,
  partitionKey: { name: 'runShard', type: 'S' },
  sortKey: { name: 'recipient', type: 'S' },
  indexes: [
    { name: 'openClaims', partitionKey: { name: 'openClaim', type: 'S' }, sortKey: { name: 'claimedAt', type: 'N' } },
    // sparse twice over: a claim has no doneAt, so only finished sends are indexed
    { name: 'byAddress', partitionKey: { name: 'addressKey', type: 'S' }, sortKey: { name: 'doneAt', type: 'N' } },
  ],
});

/** The kinds and their key layouts live in functions/store/counterItems.ts; this is what all of them share. */
export const deliveryCounterSchema = z.looseObject({
  runKey: z.string(),
  slot: z.string(),
  matched: z.number().int().optional(),
  sent: z.number().int().optional(),
  failed: z.number().int().optional(),
  skipped: z.number().int().optional(),
  uncertain: z.number().int().optional(),
  opens: z.number().int().optional(),
  clicks: z.number().int().optional(),
  unsubscribes: z.number().int().optional(),
  likes: z.number().int().optional(),
  dislikes: z.number().int().optional(),
  expiresAt: z.number().int().optional(),
});
export type DeliveryCounter = z.infer<typeof deliveryCounterSchema>;

export type CounterOs = (typeof DEVICE_PLATFORMS)[number];

export const DAILY_IN_MONTH = ['sent', 'bounces', 'opens', 'clicks'] as const;
/** Only what ranking by open rate needs: a month's share items hold every message of the month. */
export const SHARE_FIELDS = ['sent', 'failed', 'uncertain', 'bounces', 'opens', 'clicks'] as const;

/** Names in counterItems.ts's day and month items: `sent@09` an hour, `sent|EMAIL` a channel, `sent#07` a day, `sent~EMAIL~<planId>` a share; `^<type>` per message type. */
export const orgDayField = {
  hour: (field: string, hour: string) => `${field}@${hour}`,
  channel: (field: string, channel: string) => `${field}|${channel}`,
  os: (field: string, channel: string, os: string) => `${field}|${channel}|${os}`,
  day: (field: string, dayOfMonth: string) => `${field}#${dayOfMonth}`,
  plan: (field: string, channel: string, planId: string) => `${field}~${channel}~${planId}`,
  type: (name: string, messageType: number) => `${name}^${messageType}`,
};

export const deliveryCounterEntity = defineEntity({
  name: 'deliveryCounter',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: deliveryCounterSchema,
  partitionKey: { name: 'runKey', type: 'S' },
  sortKey: { name: 'slot', type: 'S' },
  ttlAttribute: 'expiresAt',
});

/** Shared by every worker, so the configured rate holds across all of them. */
export const rateWindowSchema = z.object({
  window: z.string(),
  count: z.number().int(),
  expiresAt: z.number().int(),
});

export const rateWindowEntity = defineEntity({
  name: 'rateWindow',
  scope: 'global',
  schema: rateWindowSchema,
  partitionKey: { name: 'window', type: 'S' },
  ttlAttribute: 'expiresAt',
});
