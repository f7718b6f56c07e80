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
  system: z.boolean().default(false),
  ...auditFields,
});
export type UserRole = z.infer<typeof userRoleSchema>;

/** including codes added in later versions */
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

/** Written with every role and membership change, so a page gets role names and totals from one read. */
export const roleDirectorySchema = z.object({
  orgId: z.number().int(),
  names: z.record(z.string(), z.string()),
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type RoleDirectory = z.infer<typeof roleDirectorySchema>;

export const roleDirectoryEntity = defineEntity({
  name: 'roleDirectory',
  scope: 'tenant',
  schema: roleDirectorySchema,
  partitionKey: { name: 'orgId', type: 'N' },
});
