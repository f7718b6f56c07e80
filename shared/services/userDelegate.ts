/**
 * Role delegation (spec 000 section 6, spec 001 3.10): a user lends their role to another user of the
 * organization for a date range. A user delegates their own role; an administrator (NAV_PORTAL_USER) may set one
 * up for a member whose role holds nothing beyond the administrator's own.
 */
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
  /** at the server's clock: not begun, lending its role, or over */
  state: z.enum(['SCHEDULED', 'ACTIVE', 'ENDED']),
});
export type UserDelegateView = z.infer<typeof userDelegateView>;

export const userDelegateSavePayload = z
  .object({
    id: idString.optional(),
    /** the delegator; the caller when left out */
    fromUserId: idString.optional(),
    toUserId: idString,
    startAt: z.number().int().min(0),
    endAt: z.number().int().min(0),
    version: z.number().int().optional(),
  })
  .refine((p) => p.startAt < p.endAt, { path: ['endAt'], message: MESSAGES.dateRange });

export const userDelegateServices = {
  /** The organization's delegations for a holder of NAV_PORTAL_USER; for anyone else, those they are part of. */
  getListByPage: operation({
    access: 'authenticated',
    payload: z.object({ ...pageRequest }).default({ page: 0, size: 20 }),
    response: pageOf(userDelegateView),
  }),
  save: operation({ access: 'authenticated', payload: userDelegateSavePayload, response: userDelegateView }),
  /** Ends a delegation at once: its delegator, or an administrator who may manage the delegator. */
  delete: operation({ access: 'authenticated', payload: idPayload, response: ok }),
} as const;
