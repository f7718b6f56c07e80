import * as z from 'zod';
import { defineEntity, idString, TENANT_KEYS, tenantFields } from './entity';

/**
 * A role delegation (spec 001 3.10): a user lends the role they hold to another user of the organization from
 * `startAt` until `endAt`. It is read at authorization time against the clock, so it ends at its date by itself.
 */
export const userDelegateSchema = z.object({
  ...tenantFields,
  fromUserId: idString,
  toUserId: idString,
  /** the delegator's role when the delegation was made; it lends nothing once the delegator holds another */
  roleId: idString,
  startAt: z.number().int(),
  endAt: z.number().int(),
});
export type UserDelegate = z.infer<typeof userDelegateSchema>;

/** What the delegate's membership carries of each delegation, so authorization reads it with the membership. */
export const delegationGrantSchema = userDelegateSchema.pick({ id: true, fromUserId: true, roleId: true, startAt: true, endAt: true });
export type DelegationGrant = z.infer<typeof delegationGrantSchema>;

/** Whether a delegation lends its role at `now`: from its start, up to (not including) its end. */
export const delegationActive = (d: Pick<DelegationGrant, 'startAt' | 'endAt'>, now: number) => d.startAt <= now && now < d.endAt;

export const userDelegateEntity = defineEntity({
  name: 'userDelegate',
  scope: 'tenant',
  schema: userDelegateSchema,
  ...TENANT_KEYS,
});
