import * as z from 'zod';
import { auditFields, defineEntity } from './entity';

/**
 * An account asked to join an organization. It is not a member until its owner accepts while signed in, or, for
 * a new account, sets its password; one pending invitation per account and organization (the key is orgId + userId).
 */
export const invitationSchema = z.object({
  orgId: z.number().int(),
  userId: z.string(),
  roleId: z.string(),
  /** the address the inviter typed (the account's own address stays its owner's) */
  email: z.string().optional(),
  /** the username the inviter typed, or the address */
  username: z.string().optional(),
  /** epoch seconds; DynamoDB TTL removes invitations nobody answered */
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
