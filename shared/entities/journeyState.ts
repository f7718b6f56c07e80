import * as z from 'zod';
import { defineEntity } from './entity';

/** 100,000 recipients moving at once are no hot key. */
export const JOURNEY_SHARDS = 16;

/** Written only by a conditional move from its step, so a move happens once; `waitKey` set only while waiting keeps the `due` index sparse. */
export const journeyStateSchema = z.object({
  planShard: z.string(),
  accountId: z.string(),
  orgId: z.number().int(),
  planId: z.string(),
  runId: z.string(),
  stepId: z.string(),
  /** a redelivered message for that step finds it moved and hands it on again */
  prevStepId: z.string().optional(),
  status: z.enum(['ACTIVE', 'EXITED']),
  arrivedAt: z.number().int(),
  dueAt: z.number().int().optional(),
  waitKey: z.string().optional(),
  holdout: z.boolean().optional(),
  enteredAt: z.number().int(),
});
export type JourneyState = z.infer<typeof journeyStateSchema>;

export const journeyStateEntity = defineEntity({
  name: 'journeyState',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: journeyStateSchema,
  partitionKey: { name: 'planShard', type: 'S' },
  sortKey: { name: 'accountId', type: 'S' },
  indexes: [{ name: 'due', partitionKey: { name: 'waitKey', type: 'S' }, projection: 'KEYS_ONLY' }],
});
