import * as z from 'zod';
import { defineEntity, idString, TENANT_KEYS, tenantFields } from './entity';

/** Spec 001 3.10; read against the clock at authorization, so it ends at its date by itself. */
export const userDelegateSchema = z.object({
  ...tenantFields,
  fromUserId: idString,
  toUserId: idString,
  /** it lends nothing once the delegator holds another role */
  roleId: idString,
  startAt: z.number().int(),
  endAt: z.number().int(),
});
export type UserDelegate = z.infer<typeof userDelegateSchema>;

export const delegationGrantSchema = userDelegateSchema.pick({ id: true, fromUserId: true, roleId: true, startAt: true, endAt: true });
export type DelegationGrant = z.infer<typeof delegationGrantSchema>;

export const delegationActive = (d: Pick<DelegationGrant, 'startAt' | 'endAt'>, now: number) => d.startAt <= now && now < d.endAt;

export const userDelegateEntity = defineEntity({
  name: 'userDelegate',
  scope: 'tenant',
  schema: userDelegateSchema,
  ...TENANT_KEYS,
});
