import { z } from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';

/** A group of messages reported together (dashboard groups need a name: spec 001 section 5). */
export const planGroupSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
});

export const planGroupEntity = defineEntity({
  name: 'planGroup',
  scope: 'tenant',
  schema: planGroupSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.planGroup.name', sortable: true, filter: 'text' },
    { field: 'description', label: 'entity.planGroup.description' },
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
    unique: [{ field: 'name', code: '720001', message: 'This group name is already used.' }],
  },
});
