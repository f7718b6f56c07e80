/**
 * A user's notifications in one organization (the header bell and /notification): an approval asked of them,
 * their message approved or rejected, their message's sending finished. One item each, keyed by the organization
 * and `<userId>#<time>-<random>`: a user's newest come first from one query of their key prefix.
 */
import * as z from 'zod';
import { defineEntity, idString, TENANT_KEYS } from './entity';

export const NOTIFICATION_KINDS = ['APPROVAL_REQUEST', 'APPROVED', 'REJECTED', 'SEND_FINISHED', 'ALERT_FAILURE_RATE', 'ALERT_SOURCE_FAILED'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The user alert type (the settings' Notifications tab) that asks for each kind by mail. */
export const NOTIFICATION_ALERT_TYPE: Record<NotificationKind, string> = {
  APPROVAL_REQUEST: 'APPROVAL_REQUEST',
  APPROVED: 'APPROVAL_RESULT',
  REJECTED: 'APPROVAL_RESULT',
  SEND_FINISHED: 'SEND_COMPLETED',
  // a member's own alert rules (userAlert) say themselves whether they mail
  ALERT_FAILURE_RATE: '',
  ALERT_SOURCE_FAILED: '',
};

/** What a notification is about: a message, a template, or a cloud source (or model). */
export const NOTIFICATION_SUBJECTS = ['PLAN', 'TEMPLATE', 'CLOUD_SOURCE'] as const;

/** The key prefix of one user's notifications. */
export const notificationPrefixOf = (userId: string) => `${userId}#`;

export const notificationSchema = z.object({
  orgId: z.number().int(),
  /** `<userId>#<15-digit epoch ms>-<random>`: time-ordered within the user's */
  id: z.string(),
  userId: idString,
  kind: z.enum(NOTIFICATION_KINDS),
  /** the message or template it is about */
  subject: z.enum(NOTIFICATION_SUBJECTS),
  subjectId: idString,
  /** the message's name when it was written */
  name: z.string().max(200),
  /** who caused it (the requester, the approver), or "system" */
  by: idString,
  reason: z.string().max(1000).optional(),
  /** a finished sending's counts */
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
