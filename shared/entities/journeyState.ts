import * as z from 'zod';
import { defineEntity } from './entity';

/** A plan's journey states spread over this many partitions: 100,000 recipients moving at once are no hot key. */
export const JOURNEY_SHARDS = 16;

/**
 * Where one recipient is in a builder plan's journey: one item per (plan, recipient), written only when the
 * recipient moves (a conditional update from the step it was at, so a move happens once however often it is
 * asked for). `waitKey` is set only while the recipient waits for a due time (a wait, a branch's window, a
 * split's holdout): the sparse `due` index lists, per (plan, run, step, due minute, shard), who is due then.
 */
export const journeyStateSchema = z.object({
  /** `<orgId>#<planId>#<shard>` (the store builds it: tenant.keyed('journeyState')) */
  planShard: z.string(),
  accountId: z.string(),
  orgId: z.number().int(),
  planId: z.string(),
  /** the run the recipient entered with (a message step sends under `<runId>~<stepId>`) */
  runId: z.string(),
  stepId: z.string(),
  /** the step it came from: a redelivered message for that step finds it moved and hands it on again */
  prevStepId: z.string().optional(),
  status: z.enum(['ACTIVE', 'EXITED']),
  arrivedAt: z.number().int(),
  dueAt: z.number().int().optional(),
  waitKey: z.string().optional(),
  /** waiting at an A/B split for its winner */
  holdout: z.boolean().optional(),
  enteredAt: z.number().int(),
});
export type JourneyState = z.infer<typeof journeyStateSchema>;

export const journeyStateEntity = defineEntity({
  name: 'journeyState',
  scope: 'tenant',
  // organization first, spread over the plan's shards (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: journeyStateSchema,
  partitionKey: { name: 'planShard', type: 'S' },
  sortKey: { name: 'accountId', type: 'S' },
  indexes: [{ name: 'due', partitionKey: { name: 'waitKey', type: 'S' }, projection: 'KEYS_ONLY' }],
});
