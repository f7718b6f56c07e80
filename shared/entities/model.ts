/**
 * Models (spec 000 `/library/model`, spec 001 3.13: "models have history and records with the same confirm and
 * skip behaviour"). The spec gives no fields: a model is a named definition that reads from one of the
 * organization's cloud sources; its history and records are that source's deliveries and their records, confirmed
 * or skipped through the cloud-source code.
 */
import * as z from 'zod';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';

export const modelSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
  /** the cloud source whose deliveries are the model's runs (none yet: the model has no runs) */
  cloudSourceId: idString.optional(),
});
export type Model = z.infer<typeof modelSchema>;

export const modelEntity = defineEntity({
  name: 'model',
  scope: 'tenant',
  schema: modelSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.model.name', sortable: true, filter: 'text' },
    { field: 'description', label: 'entity.model.description' },
    { field: 'cloudSourceId', label: 'entity.model.cloudSourceId', format: 'ref', ref: 'cloudSource' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_CAMPAIGN_CUSTOMIZED_NODE', write: 'NAV_CAMPAIGN_CUSTOMIZED_NODE' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text', wide: true },
      { field: 'cloudSourceId', kind: 'ref', ref: 'cloudSource' },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: 'A model with this name already exists.' }],
  },
});
