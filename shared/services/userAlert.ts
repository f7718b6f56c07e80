/** Spec 000 userAlert (docs/settings.md, "User alerts"); another member's rule answers 720003. */
import * as z from 'zod';
import { USER_ALERT_EVENTS, userAlertSchema } from '../entities/userAlert';
import { ok, operation } from './operation';
import { say } from '../i18n/say';

export const userAlertView = userAlertSchema.omit({ orgId: true, userId: true, createdBy: true, updatedBy: true });
export type UserAlertView = z.infer<typeof userAlertView>;

export const userAlertSavePayload = z
  .object({
    id: z.string().min(1).max(200).optional(),
    event: z.enum(USER_ALERT_EVENTS),
    threshold: z.number().int().min(1).max(100).default(50),
    portal: z.boolean().default(true),
    email: z.boolean().default(false),
    enabled: z.boolean().default(true),
    version: z.number().int().optional(),
  })
  .refine((p) => p.portal || p.email, { path: ['portal'], message: say('admin.alertChannel') });

export const userAlertServices = {
  getAll: operation({ access: 'authenticated', payload: z.object({}).default({}), response: z.array(userAlertView) }),
  save: operation({ access: 'authenticated', payload: userAlertSavePayload, response: userAlertView }),
  delete: operation({ access: 'authenticated', payload: z.object({ id: z.string().min(1).max(200) }), response: ok }),
} as const;
