// What travels on the delivery queue: a record that does not parse is reported failed, never half-handled.
import * as z from 'zod';
import { CHANNELS, SEND_FAILURE_REASONS, type SendFailureReason } from '../../shared/delivery';
import { DEVICE_PLATFORMS, RUN_SHARDS_MAX } from '../../shared/entities';

export const DELIVERY_QUEUE = 'delivery';

export const recipientSchema = z.object({
  accountId: z.string().min(1).max(128),
  target: z.string().min(1).max(128).optional(),
  os: z.enum(DEVICE_PLATFORMS).optional(),
  address: z.string().min(1).max(1000),
  locale: z.string().max(35).optional(),
  timeZone: z.string().max(64).optional(),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  consent: z.boolean(),
  /** not to be sent (a letter's incomplete address): recorded SKIPPED with this reason and detail */
  skip: z.object({ reason: z.enum(Object.keys(SEND_FAILURE_REASONS) as [SendFailureReason]), detail: z.string().max(300).optional() }).optional(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  preset: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type Recipient = z.infer<typeof recipientSchema>;

const runRef = { orgId: z.number().int(), planId: z.string().min(1), runId: z.string().min(1) };

/** Batches hold at most this many recipients (well inside SQS's 256 KB). */
export const SEND_BATCH = 50;
/** A journey message moves at most this many recipients (one ledger-sized transaction each chunk). */
export const JOURNEY_BATCH = 50;

export const deliveryMessageSchema = z.discriminatedUnion('kind', [
  /** a plan's time came (from its schedule, or at once for "immediately") */
  z.object({ kind: z.literal('fire'), orgId: z.number().int(), planId: z.string().min(1), dueAt: z.number().int() }),
  z.object({
    kind: z.literal('audience'),
    ...runRef,
    shard: z.number().int().min(0),
    page: z.number().int().min(0),
    cursor: z.string().max(4000).optional(),
    zone: z.string().min(1).max(64).optional(),
  }),
  z.object({
    kind: z.literal('send'),
    ...runRef,
    channel: z.enum(CHANNELS),
    recipients: z.array(recipientSchema).min(1).max(SEND_BATCH),
    /** the batch's place in its run's audience (`<shard>#<page>#<index>`): the same name however often its page is read */
    batch: z.string().min(1).max(200).optional(),
    /** the run's sent-record shards (PlanRun.shards); none: DELIVERY_SHARDS */
    shards: z.number().int().min(1).max(RUN_SHARDS_MAX).optional(),
  }),
  /** is the run done? (and claims left by dead workers become uncertain) */
  z.object({ kind: z.literal('check'), ...runRef }),
  z.object({ kind: z.literal('journey'), ...runRef, stepId: z.string().min(1).max(64), accountIds: z.array(z.string().min(1).max(128)).min(1).max(JOURNEY_BATCH) }),
  z.object({ kind: z.literal('journeyDue'), ...runRef, stepId: z.string().min(1).max(64), minute: z.number().int() }),
  z.object({
    kind: z.literal('recurring'),
    orgId: z.number().int(),
    planId: z.string().min(1),
    dueAt: z.number().int(),
    zones: z.array(z.string().min(1).max(64)).max(1000),
    start: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('events'),
    orgId: z.number().int(),
    accountId: z.string().min(1).max(128),
    receivedAt: z.number().int(),
    events: z
      .array(z.object({ id: z.string().min(1).max(64), keys: z.array(z.string().min(1).max(200)).max(4) }))
      .min(1)
      .max(100),
    planId: z.string().min(1).optional(),
  }),
  z.object({ kind: z.literal('triggerSend'), ...runRef, accountId: z.string().min(1).max(128) }),
]);
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;
export type SendBatch = Extract<DeliveryMessage, { kind: 'send' }>;
export type DeliveryMessageOf<K extends DeliveryMessage['kind']> = Extract<DeliveryMessage, { kind: K }>;

export const AUDIENCE_PAGE = 500;
