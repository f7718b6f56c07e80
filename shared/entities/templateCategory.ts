import { z } from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';

/** A category of message templates in the library. */
export const templateCategorySchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
});

export const templateCategoryEntity = defineEntity({
  name: 'templateCategory',
  scope: 'tenant',
  schema: templateCategorySchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.templateCategory.name', sortable: true, filter: 'text' },
    { field: 'description', label: 'entity.templateCategory.description' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_TEMPLATE_MESSAGE', write: 'NAV_TEMPLATE_MESSAGE' },
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
