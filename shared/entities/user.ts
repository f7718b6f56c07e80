import * as z from 'zod';
import { auditFields, defineEntity } from './entity';
import { delegationGrantSchema } from './userDelegate';

export const userSchema = z.object({
  id: z.string(),
  username: z.string().min(1).max(64),
  /** lower-cased username, the unique login key */
  usernameKey: z.string(),
  firstName: z.string().max(64).default(''),
  lastName: z.string().max(64).default(''),
  email: z.string().max(254),
  /** lower-cased email, for the forgot-password look-up */
  emailKey: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'INVITED']),
  passwordHash: z.string().optional(),
  /** changes when password, role or email change: older sessions end with 600005 */
  securityStamp: z.string(),
  lastOrgId: z.number().int().optional(),
  defaultLandingPage: z.string().max(200).default('/dashboard'),
  /** IANA name or UTC±hh:mm; empty until the user chooses one */
  timeZone: z.string().max(64).default(''),
  language: z.enum(['en', 'zh', 'ja']).default('en'),
  alertEmails: z.array(z.string()).default([]),
  alertTypes: z.array(z.string()).default([]),
  usageGuide: z.record(z.string(), z.boolean()).default({}),
  loginType: z.enum(['NATIVE', 'SSO']).default('NATIVE'),
  /**
   * whether a link Herald mailed to the address was opened for this account (a password link, or a confirmation
   * in its own session); an identity provider's word does not set it. Left out on accounts older than the flag,
   * which count as not shown.
   */
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

/** The user fields an organization's user list shows, copied onto each membership so a list is one query. */
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

/** A user's membership of one organization, with the role held there. */
export const organizationUserSchema = z.object({
  orgId: z.number().int(),
  userId: z.string(),
  roleId: z.string(),
  member: memberSnapshotSchema,
  /** roles lent to this member (userDelegate), read with the membership when a call is authorized */
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

/**
 * One row per membership, kept with it in the same transactions, for sorted and filtered pages of an
 * organization's members that read only the page: each sortable column has an index whose sort key orders like
 * the in-memory comparison (`sort*`: the column's sort key, then the user id), `byRole` walks one role's members
 * (pages sorted by role name go role by role), and a member's view is one JSON attribute, so a page reads one
 * value per member instead of a dozen.
 */
export const memberListingSchema = z.object({
  orgId: z.number().int(),
  userId: z.string(),
  roleId: z.string(),
  /** `<orgId>#<roleId>`: the byRole index's partition */
  orgRole: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'INVITED']),
  /** username, e-mail, first and last name, lower-cased and NUL-separated, for the keyword filter */
  search: z.string(),
  /** the member's view without its role (`UserView` minus roleName), as JSON */
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
