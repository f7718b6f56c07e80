/** A user's notifications in one organization, keyed `<userId>#<time>-<random>` so the newest come from one prefix query. */
import * as z from 'zod';
import { defineEntity, idString, TENANT_KEYS } from './entity';

export const NOTIFICATION_KINDS = ['APPROVAL_REQUEST', 'APPROVED', 'REJECTED', 'SEND_FINISHED', 'ALERT_FAILURE_RATE', 'ALERT_SOURCE_FAILED'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_ALERT_TYPE: Record<NotificationKind, string> = {
  APPROVAL_REQUEST: 'APPROVAL_REQUEST',
  APPROVED: 'APPROVAL_RESULT',
  REJECTED: 'APPROVAL_RESULT',
  SEND_FINISHED: 'SEND_COMPLETED',
  // a member's own alert rules (userAlert) say themselves whether they mail
  ALERT_FAILURE_RATE: '',
  ALERT_SOURCE_FAILED: '',
};

export const NOTIFICATION_SUBJECTS = ['PLAN', 'TEMPLATE', 'CLOUD_SOURCE'] as const;

export const notificationPrefixOf = (userId: string) => `${userId}#`;

export const notificationSchema = z.object({
  orgId: z.number().int(),
  id: z.string(),
  userId: idString,
  kind: z.enum(NOTIFICATION_KINDS),
  subject: z.enum(NOTIFICATION_SUBJECTS),
  subjectId: idString,
  name: z.string().max(200),
  by: idString,
  reason: z.string().max(1000).optional(),
  sent: z.number().int().optional(),
  failed: z.number().int().optional(),
  read: z.boolean(),
  at: z.number().int(),
});
export type Notification = z.output<typeof notificationSchema>;

export const notificationEntity = defineEntity({
  name: 'notification',
  scope: 'tenant',
  schema: notificationSchema,
  ...TENANT_KEYS,
});
