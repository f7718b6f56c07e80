/** Spec 000 section 6, spec 001 3.10; an administrator may delegate for a member whose role is within their own. */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { userDelegateSchema } from '../entities/userDelegate';
import { MESSAGES } from '../validation';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

export const DELEGATE_MESSAGES = {
  self: say('admin.delegateSelf'),
  ended: say('admin.delegateEnded'),
} as const;

export const userDelegateView = userDelegateSchema.omit({ orgId: true, createdBy: true, updatedBy: true }).extend({
  fromUsername: z.string(),
  toUsername: z.string(),
  roleName: z.string(),
  state: z.enum(['SCHEDULED', 'ACTIVE', 'ENDED']),
});
export type UserDelegateView = z.infer<typeof userDelegateView>;

export const userDelegateSavePayload = z
  .object({
    id: idString.optional(),
    fromUserId: idString.optional(),
    toUserId: idString,
    startAt: z.number().int().min(0),
    endAt: z.number().int().min(0),
    version: z.number().int().optional(),
  })
  .refine((p) => p.startAt < p.endAt, { path: ['endAt'], message: MESSAGES.dateRange });

export const userDelegateServices = {
  getListByPage: operation({
    access: 'authenticated',
    payload: z.object({ ...pageRequest }).default({ page: 0, size: 20 }),
    response: pageOf(userDelegateView),
  }),
  save: operation({ access: 'authenticated', payload: userDelegateSavePayload, response: userDelegateView }),
  delete: operation({ access: 'authenticated', payload: idPayload, response: ok }),
} as const;
