/** Spec 000 section 4. */
import * as z from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECTS } from '../entities/notification';
import { ok, operation } from './operation';

const id = z.string().min(1).max(200);

export const notificationView = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  subject: z.enum(NOTIFICATION_SUBJECTS),
  subjectId: z.string(),
  name: z.string(),
  by: z.string(),
  byName: z.string(),
  reason: z.string().optional(),
  sent: z.number().int().optional(),
  failed: z.number().int().optional(),
  read: z.boolean(),
  at: z.number(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const notificationServices = {
  getListByPage: operation({
    access: 'authenticated',
    payload: z.object({ unread: z.boolean().default(false), size: z.number().int().min(1).max(100).default(20), cursor: z.string().max(400).optional() }),
    response: z.object({ list: z.array(notificationView), cursor: z.string().optional() }),
  }),
  unreadCount: operation({ access: 'authenticated', payload: z.object({}).default({}), response: z.object({ count: z.number().int() }) }),
  read: operation({ access: 'authenticated', payload: z.object({ id }), response: ok }),
  unread: operation({ access: 'authenticated', payload: z.object({ id }), response: ok }),
  readAll: operation({ access: 'authenticated', payload: z.object({}).default({}), response: z.object({ count: z.number().int() }) }),
} as const;
