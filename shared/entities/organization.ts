import * as z from 'zod';
import { auditFields, defineEntity } from './entity';

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
  transferredUserId: z.string().optional(),
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
