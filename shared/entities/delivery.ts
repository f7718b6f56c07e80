import * as z from 'zod';
import { CHANNELS, SEND_FAILURE_REASONS, SENT_STATES } from '../delivery';
import { DEVICE_PLATFORMS } from './device';
import { defineEntity, partitionShard } from './entity';

/** Sent-records and counters of a run spread over this many partitions: under half a partition's write limit up to about 3,400 recipients a second in one run (docs/deploy.md section 10). */
export const DELIVERY_SHARDS = 32;

/** The partition of a run's sent-records and counters: `<orgId>#<planId>#<runId>#<shard>`. */
export function runShardKey(orgId: number, planId: string, runId: string, shard: number): string {
  return `${orgId}#${planId}#${runId}#${shard}`;
}

/**
 * The message console's search key of a send: `<orgId>#<address>`, an e-mail lower-cased (phones are kept in
 * E.164 by the accounts already), so the same person typed either way finds the same sends. None for an address
 * too long to be an index key (a printed letter address can be).
 */
export function addressKeyOf(orgId: number, address: string): string | undefined {
  const text = address.trim();
  if (text === '' || text.length > 1000) return undefined;
  return `${orgId}#${text.includes('@') ? text.toLowerCase() : text}`;
}

/** A stable shard for a recipient id, the same on every worker. */
export function shardOf(id: string, shards = DELIVERY_SHARDS): number {
  return partitionShard(id, shards);
}

/**
 * The ledger of exactly-once delivery: one record per (plan, run, recipient, channel), created by a conditional
 * write before the provider is called. `openClaim` is set only while CLAIMED, so the sparse index lists the
 * claims a sweep must look at without reading the run.
 */
export const sentRecordSchema = z.object({
  runShard: z.string(),
  /** `<channel>#<accountId>`, and `#<target>` when the account is reached at several (a push device) */
  recipient: z.string(),
  orgId: z.number().int(),
  planId: z.string(),
  runId: z.string(),
  accountId: z.string(),
  /** which of the account's addresses on the channel (a push device's id); absent where it has one */
  target: z.string().optional(),
  channel: z.enum(CHANNELS),
  /** a push device's platform, so an outcome recorded later still counts per OS */
  os: z.enum(DEVICE_PLATFORMS).optional(),
  address: z.string(),
  status: z.enum(SENT_STATES),
  reason: z.enum(Object.keys(SEND_FAILURE_REASONS) as [keyof typeof SEND_FAILURE_REASONS]).optional(),
  detail: z.string().optional(),
  /** the attempt holding the claim: only it completes the record */
  attempt: z.string(),
  claimedAt: z.number().int(),
  doneAt: z.number().int().optional(),
  providerId: z.string().optional(),
  openClaim: z.string().optional(),
  /** the console's search by address (addressKeyOf); indexed only once the record is done (doneAt is the index's sort key) */
  addressKey: z.string().optional(),
  /** the message's tracked link destinations by place, written with the claim: click redirects go only here */
  links: z.array(z.string()).optional(),
});
export type SentRecord = z.infer<typeof sentRecordSchema>;

export const sentRecordEntity = defineEntity({
  name: 'sentRecord',
  scope: 'tenant',
  // organization first, spread over its accounts, run shards or files (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: sentRecordSchema,
  partitionKey: { name: 'runShard', type: 'S' },
  sortKey: { name: 'recipient', type: 'S' },
  indexes: [
    { name: 'openClaims', partitionKey: { name: 'openClaim', type: 'S' }, sortKey: { name: 'claimedAt', type: 'N' } },
    // sparse twice over: a claim carries addressKey but no doneAt, so only finished sends are written to it
    { name: 'byAddress', partitionKey: { name: 'addressKey', type: 'S' }, sortKey: { name: 'doneAt', type: 'N' } },
  ],
});

/**
 * The counter table: a run's counters, its once-only markers and stored batches, and the organization's day,
 * month and insight roll-ups, each kind with its own key layout. The kinds are declared in one place,
 * functions/store/counterItems.ts, and every read and write builds its keys there; this schema is what all of
 * them share.
 */
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
  /** epoch seconds: a once-only marker goes with the events it stands for, a stored batch with its messages; counters never */
  expiresAt: z.number().int().optional(),
});
export type DeliveryCounter = z.infer<typeof deliveryCounterSchema>;

/** The device platform a push send went to, counted per OS (`sent|IOS`); other channels have none. */
export type CounterOs = (typeof DEVICE_PLATFORMS)[number];

/** The counts a month item keeps per day too (the trend's). */
export const DAILY_IN_MONTH = ['sent', 'bounces', 'opens', 'clicks'] as const;
/** The counts kept per message (P and N items): what ranking by open rate needs, and no more, since a month's share items hold every message of the month. */
export const SHARE_FIELDS = ['sent', 'failed', 'uncertain', 'bounces', 'opens', 'clicks'] as const;

/**
 * Attribute names of the organization's day and month items (counterItems.ts `orgDay`, `orgMonth`): `sent` (the total), `sent@09` (a UTC hour, H items), `sent|EMAIL` (a channel),
 * `sent|PUSH_NATIVE|IOS` (a channel's OS), `sent#07` (a day of the month, M items), `sent~EMAIL~<planId>` (a message's, P and N items);
 * each but the shares again with `^<message type>` after it (`sent|EMAIL^2`).
 */
export const orgDayField = {
  hour: (field: string, hour: string) => `${field}@${hour}`,
  channel: (field: string, channel: string) => `${field}|${channel}`,
  os: (field: string, channel: string, os: string) => `${field}|${channel}|${os}`,
  day: (field: string, dayOfMonth: string) => `${field}#${dayOfMonth}`,
  plan: (field: string, channel: string, planId: string) => `${field}~${channel}~${planId}`,
  /** any of the above but a share, counted for one message type only (`sent|EMAIL^2`: Lifecycle e-mails sent) */
  type: (name: string, messageType: number) => `${name}^${messageType}`,
};

export const deliveryCounterEntity = defineEntity({
  name: 'deliveryCounter',
  scope: 'tenant',
  // organization first, spread over its accounts, run shards or files (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: deliveryCounterSchema,
  partitionKey: { name: 'runKey', type: 'S' },
  sortKey: { name: 'slot', type: 'S' },
  ttlAttribute: 'expiresAt',
});

/** Send slots per channel and second, shared by every worker: the configured rate holds across all of them. */
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
