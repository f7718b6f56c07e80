import { z } from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';

/** A category a message belongs to, for lists and reports. */
export const planCategorySchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
});

export const planCategoryEntity = defineEntity({
  name: 'planCategory',
  scope: 'tenant',
  schema: planCategorySchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.planCategory.name', sortable: true, filter: 'text' },
    { field: 'description', label: 'entity.planCategory.description' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_CREATE_NOTIFICATION', write: 'NAV_CREATE_NOTIFICATION' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: 'This category name is already used.' }],
  },
});
