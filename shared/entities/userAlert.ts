import * as z from 'zod';
import { auditFields, defineEntity, idString, TENANT_KEYS } from './entity';

/**
 * A member's own alert rule in one organization ("tell me when…"): the portal already tells a message's author
 * that its sending finished and an approver that an approval waits; an alert is for what it does not say on its
 * own: a run of a message of mine failed for at least N % of its recipients, a cloud source or model of mine
 * failed a delivery. Keyed `<userId>#<uuid>`, so a member's rules are one query of their key prefix and another
 * member's id never resolves for them.
 */
export const USER_ALERT_EVENTS = ['RUN_FAILURE_RATE', 'CLOUD_SOURCE_FAILED'] as const;
export type UserAlertEvent = (typeof USER_ALERT_EVENTS)[number];

export const userAlertSchema = z.object({
  orgId: z.number().int(),
  /** `<userId>#<uuid>` */
  id: z.string(),
  userId: idString,
  event: z.enum(USER_ALERT_EVENTS),
  /** RUN_FAILURE_RATE: the share of a run's recipients that failed, in percent, from which it alerts */
  threshold: z.number().int().min(1).max(100),
  /** a notification in the portal (the bell and /notification) */
  portal: z.boolean(),
  /** a mail to the member's sign-in address */
  email: z.boolean(),
  enabled: z.boolean(),
  ...auditFields,
});
export type UserAlert = z.infer<typeof userAlertSchema>;

/** The key prefix of one member's alert rules. */
export const userAlertPrefixOf = (userId: string) => `${userId}#`;

/**
 * Beside the rules, in the same table: one marker per member and event they were alerted of
 * (`fired#<userId>#<event key>`), written before the alert goes out, so a retried job or a second worker never
 * alerts twice. It carries only its keys and `expiresAt` (DynamoDB TTL, 90 days).
 */
export const userAlertFiredIdOf = (userId: string, eventKey: string) => `fired#${userId}#${eventKey}`;

export const userAlertEntity = defineEntity({
  name: 'userAlert',
  scope: 'tenant',
  schema: userAlertSchema,
  ...TENANT_KEYS,
  ttlAttribute: 'expiresAt',
});
