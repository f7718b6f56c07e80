import * as z from 'zod';
import { defineEntity } from './entity';

/** Local stand-ins for SQS and EventBridge Scheduler keep state in DynamoDB so a killed `npm start` loses nothing. */
export const queueMessageSchema = z.object({
  queue: z.string(),
  id: z.string(),
  body: z.unknown(),
  sentAt: z.number().int(),
  visibleAt: z.number().int(),
  receiveCount: z.number().int(),
  /** only the current holder may delete (acknowledge) it */
  receipt: z.string().optional(),
});
export type QueueMessage = z.infer<typeof queueMessageSchema>;

export const queueMessageEntity = defineEntity({
  name: 'queueMessage',
  scope: 'global',
  localOnly: true,
  schema: queueMessageSchema,
  partitionKey: { name: 'queue', type: 'S' },
  sortKey: { name: 'id', type: 'S' },
});

export const scheduleSchema = z.object({
  name: z.string(),
  nextFireAt: z.number().int().optional(),
  kind: z.enum(['at', 'rate', 'cron']),
  everyMs: z.number().int().optional(),
  expression: z.string().optional(),
  /** as EventBridge Scheduler's SQS target does */
  queue: z.string(),
  payload: z.unknown(),
  firedCount: z.number().int(),
  timeZone: z.string().optional(),
});
export type ScheduleRecord = z.infer<typeof scheduleSchema>;

export const scheduleEntity = defineEntity({
  name: 'schedule',
  scope: 'global',
  localOnly: true,
  schema: scheduleSchema,
  partitionKey: { name: 'name', type: 'S' },
});
