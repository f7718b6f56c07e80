import * as z from 'zod';
import { auditFields, defineEntity, idString, TENANT_KEYS } from './entity';

/** A member's own alert rules, keyed `<userId>#<uuid>` so another member's id never resolves for them. */
export const USER_ALERT_EVENTS = ['RUN_FAILURE_RATE', 'CLOUD_SOURCE_FAILED'] as const;
export type UserAlertEvent = (typeof USER_ALERT_EVENTS)[number];

export const userAlertSchema = z.object({
  orgId: z.number().int(),
  id: z.string(),
  userId: idString,
  event: z.enum(USER_ALERT_EVENTS),
  threshold: z.number().int().min(1).max(100),
  portal: z.boolean(),
  email: z.boolean(),
  enabled: z.boolean(),
  ...auditFields,
});
export type UserAlert = z.infer<typeof userAlertSchema>;

export const userAlertPrefixOf = (userId: string) => `${userId}#`;

/** Written before the alert goes out, so a retried job or a second worker never alerts twice. */
export const userAlertFiredIdOf = (userId: string, eventKey: string) => `fired#${userId}#${eventKey}`;

export const userAlertEntity = defineEntity({
  name: 'userAlert',
  scope: 'tenant',
  schema: userAlertSchema,
  ...TENANT_KEYS,
  ttlAttribute: 'expiresAt',
});
