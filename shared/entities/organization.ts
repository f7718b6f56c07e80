import * as z from 'zod';
import { auditFields, defineEntity, TENANT_KEYS, tenantFields } from './entity';

export const organizationSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(100),
  code: z.string().min(1).max(50),
  shortCode: z.string().max(20).default(''),
  intro: z.string().max(1000).default(''),
  icon: z.string().max(2048).default(''),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  supportSendMultiDevicesPerUser: z.boolean().default(false),
  appFeatureJson: z
    .string()
    .max(60 * 1024)
    .default(''),
  /** ownership passes on only from its holder */
  transferredUserId: z.string().optional(),
  onboarding: z.enum(['PENDING', 'DONE']).optional(),
  ...auditFields,
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationEntity = defineEntity({
  name: 'organization',
  scope: 'global',
  schema: organizationSchema,
  partitionKey: { name: 'id', type: 'N' },
  listColumns: [
    { field: 'name', label: 'organization.name', sortable: true, filter: 'text' },
    { field: 'code', label: 'organization.code', sortable: true, filter: 'text' },
    { field: 'status', label: 'common.status', filter: 'select' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: null, write: 'NAV_ORGANIZATION' },
});

/** spec 000 section 9 */
export const ORGANIZATION_LIST_MAX_BYTES = 60 * 1024;

/** Kept apart from the organization so a sign-in, which reads every organization of its user, never reads 60 KB. */
export const whiteListSchema = z.object({
  ...tenantFields,
  entries: z.array(z.string()),
  bytes: z.number().int().nonnegative(),
});
export type WhiteList = z.infer<typeof whiteListSchema>;

export const whiteListEntity = defineEntity({
  name: 'whiteList',
  scope: 'tenant',
  schema: whiteListSchema,
  ...TENANT_KEYS,
});
