import * as z from 'zod';
import { ALL_PERMISSIONS } from '../permissions';
import { auditFields, defineEntity } from './entity';

export const userRoleSchema = z.object({
  orgId: z.number().int(),
  id: z.string(),
  name: z.string().min(1).max(100),
  code: z.string().min(1).max(50),
  description: z.string().max(500).default(''),
  active: z.boolean().default(true),
  permissions: z.array(z.string()).default([]),
  /** the seeded administrator role of an organization cannot lose permissions or be deleted */
  system: z.boolean().default(false),
  ...auditFields,
});
export type UserRole = z.infer<typeof userRoleSchema>;

/** What a role grants: the administrator role holds every permission, including codes added in later versions. */
export function permissionsOf(role: Pick<UserRole, 'system' | 'permissions'>): readonly string[] {
  return role.system ? ALL_PERMISSIONS : role.permissions;
}

export const userRoleEntity = defineEntity({
  name: 'userRole',
  scope: 'tenant',
  schema: userRoleSchema,
  partitionKey: { name: 'orgId', type: 'N' },
  sortKey: { name: 'id', type: 'S' },
  listColumns: [
    { field: 'name', label: 'role.name', sortable: true, filter: 'text' },
    { field: 'code', label: 'role.code', sortable: true, filter: 'text' },
    { field: 'description', label: 'role.description' },
    { field: 'active', label: 'role.active', filter: 'boolean', format: 'boolean' },
    { field: 'userCount', label: 'role.userCount', sortable: true, format: 'count' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_PORTAL_USER', write: 'NAV_PORTAL_USER' },
});

/**
 * An organization's roles in one item: each role's name and how many members hold it. Written in the same
 * transaction as every role and membership change, so a page of members gets its role names and its total from
 * one read, made with the caller's own records (and a role is deleted only while its count is 0).
 */
export const roleDirectorySchema = z.object({
  orgId: z.number().int(),
  /** role id -> name */
  names: z.record(z.string(), z.string()),
  /** role id -> members holding it */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type RoleDirectory = z.infer<typeof roleDirectorySchema>;

export const roleDirectoryEntity = defineEntity({
  name: 'roleDirectory',
  // Keyed by the organization alone: one item an organization, kept by the role domain code (userRole/roles.ts).
  scope: 'tenant',
  schema: roleDirectorySchema,
  partitionKey: { name: 'orgId', type: 'N' },
});
