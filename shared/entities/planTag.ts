import * as z from 'zod';
import { defineEntity, hexColor, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

/** Names are unique (spec 001 section 5). */
export const planTagSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 50),
  color: hexColor,
  description: z.string().trim().max(500).default(''),
});

export const planTagEntity = defineEntity({
  name: 'planTag',
  scope: 'tenant',
  schema: planTagSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.planTag.name', sortable: true, filter: 'text' },
    { field: 'color', label: 'entity.planTag.color', format: 'color' },
    { field: 'description', label: 'entity.planTag.description' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_PLAN_TAG', write: 'NAV_PLAN_TAG' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'color', kind: 'color' },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: say('entity.tagName') }],
  },
});
