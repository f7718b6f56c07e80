import * as z from 'zod';
import { auditFields, defineEntity } from './entity';
import { delegationGrantSchema } from './userDelegate';

export const userSchema = z.object({
  id: z.string(),
  username: z.string().min(1).max(64),
  usernameKey: z.string(),
  firstName: z.string().max(64).default(''),
  lastName: z.string().max(64).default(''),
  email: z.string().max(254),
  emailKey: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'INVITED']),
  passwordHash: z.string().optional(),
  /** older sessions end with 600005 */
  securityStamp: z.string(),
  lastOrgId: z.number().int().optional(),
  defaultLandingPage: z.string().max(200).default('/dashboard'),
  timeZone: z.string().max(64).default(''),
  language: z.enum(['en', 'zh', 'ja']).default('en'),
  alertEmails: z.array(z.string()).default([]),
  alertTypes: z.array(z.string()).default([]),
  usageGuide: z.record(z.string(), z.boolean()).default({}),
  loginType: z.enum(['NATIVE', 'SSO']).default('NATIVE'),
  /** an identity provider's word does not set it; absent on older accounts, which count as not shown */
  emailVerified: z.boolean().optional(),
  ...auditFields,
});
export type User = z.infer<typeof userSchema>;

export const userEntity = defineEntity({
  name: 'user',
  scope: 'global',
  schema: userSchema,
  partitionKey: { name: 'id', type: 'S' },
  indexes: [
    { name: 'byUsername', partitionKey: { name: 'usernameKey', type: 'S' } },
    { name: 'byEmail', partitionKey: { name: 'emailKey', type: 'S' } },
  ],
  privateFields: ['passwordHash', 'securityStamp', 'usernameKey', 'emailKey'],
  listColumns: [
    { field: 'username', label: 'user.username', sortable: true, filter: 'text' },
    { field: 'firstName', label: 'user.firstName', sortable: true },
    { field: 'lastName', label: 'user.lastName', sortable: true },
    { field: 'email', label: 'user.email', sortable: true, filter: 'text' },
    { field: 'roleName', label: 'user.role', sortable: true, filter: 'select' },
    { field: 'status', label: 'common.status', filter: 'select' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_PORTAL_USER', write: 'NAV_PORTAL_USER' },
});

/** Copied onto each membership so a list is one query. */
export const memberSnapshotSchema = userSchema.pick({
  username: true,
  firstName: true,
  lastName: true,
  email: true,
  status: true,
  language: true,
  timeZone: true,
  defaultLandingPage: true,
  version: true,
  dateCreated: true,
  dateUpdated: true,
});
export type MemberSnapshot = z.infer<typeof memberSnapshotSchema>;

export const organizationUserSchema = z.object({
  orgId: z.number().int(),
  userId: z.string(),
  roleId: z.string(),
  member: memberSnapshotSchema,
  delegations: z.array(delegationGrantSchema).optional(),
  ...auditFields,
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

export const organizationUserEntity = defineEntity({
  name: 'organizationUser',
  scope: 'tenant',
  schema: organizationUserSchema,
  partitionKey: { name: 'orgId', type: 'N' },
  sortKey: { name: 'userId', type: 'S' },
  indexes: [{ name: 'byUser', partitionKey: { name: 'userId', type: 'S' }, sortKey: { name: 'orgId', type: 'N' } }],
  permissions: { read: 'NAV_PORTAL_USER', write: 'NAV_PORTAL_USER' },
});

/** Written with each membership: an index per sortable column and one JSON view, so a page reads only its rows. */
export const memberListingSchema = z.object({
  orgId: z.number().int(),
  userId: z.string(),
  roleId: z.string(),
  orgRole: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'INVITED']),
  search: z.string(),
  view: z.string(),
  sortUsername: z.string(),
  sortFirstName: z.string(),
  sortLastName: z.string(),
  sortEmail: z.string(),
  sortStatus: z.string(),
  sortDateCreated: z.string(),
  sortDateUpdated: z.string(),
});
export type MemberListing = z.infer<typeof memberListingSchema>;

const byOrg = (name: string, sortKey: string) => ({
  name,
  partitionKey: { name: 'orgId', type: 'N' as const },
  sortKey: { name: sortKey, type: 'S' as const },
});

export const memberListingEntity = defineEntity({
  name: 'memberListing',
  scope: 'tenant',
  schema: memberListingSchema,
  partitionKey: { name: 'orgId', type: 'N' },
  sortKey: { name: 'userId', type: 'S' },
  indexes: [
    byOrg('byUsername', 'sortUsername'),
    byOrg('byFirstName', 'sortFirstName'),
    byOrg('byLastName', 'sortLastName'),
    byOrg('byEmail', 'sortEmail'),
    byOrg('byStatus', 'sortStatus'),
    byOrg('byDateCreated', 'sortDateCreated'),
    byOrg('byDateUpdated', 'sortDateUpdated'),
    { name: 'byRole', partitionKey: { name: 'orgRole', type: 'S' }, sortKey: { name: 'userId', type: 'S' } },
  ],
});
