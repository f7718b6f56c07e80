import * as z from 'zod';
import { defineEntity } from './entity';

/**
 * The local stand-ins for SQS and EventBridge Scheduler keep their state in the local DynamoDB, so a killed
 * `npm start` loses no message and no schedule. On AWS the real services hold it: these tables are local only.
 */
export const queueMessageSchema = z.object({
  queue: z.string(),
  id: z.string(),
  body: z.unknown(),
  sentAt: z.number().int(),
  /** epoch ms from which a receive may take it: later while a worker holds it (the visibility timeout) */
  visibleAt: z.number().int(),
  receiveCount: z.number().int(),
  /** the current holder's receipt; only it may delete (acknowledge) the message */
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
  /** epoch ms of the next firing; absent once a one-time schedule has fired */
  nextFireAt: z.number().int().optional(),
  /** `at` fires once; `rate` fires every `everyMs`; `cron` at each time `expression` names in `timeZone` */
  kind: z.enum(['at', 'rate', 'cron']),
  everyMs: z.number().int().optional(),
  /** EventBridge Scheduler's six cron fields */
  expression: z.string().optional(),
  /** the queue the firing sends `payload` to, as EventBridge Scheduler's SQS target does */
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
