import * as z from 'zod';
import { auditFields, defineEntity } from './entity';

/** Not a member until accepted (or, for a new account, a password is set); one pending invitation per account and organization. */
export const invitationSchema = z.object({
  orgId: z.number().int(),
  userId: z.string(),
  roleId: z.string(),
  email: z.string().optional(),
  username: z.string().optional(),
  expiresAt: z.number().int(),
  ...auditFields,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationEntity = defineEntity({
  name: 'invitation',
  scope: 'tenant',
  schema: invitationSchema,
  partitionKey: { name: 'orgId', type: 'N' },
  sortKey: { name: 'userId', type: 'S' },
  indexes: [{ name: 'byUser', partitionKey: { name: 'userId', type: 'S' }, sortKey: { name: 'orgId', type: 'N' } }],
  ttlAttribute: 'expiresAt',
  permissions: { read: 'NAV_PORTAL_USER', write: 'NAV_PORTAL_USER' },
});
