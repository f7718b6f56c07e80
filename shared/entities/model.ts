/**
 * Models (spec 000 `/library/model`, spec 001 3.13: "models have history and records with the same confirm and
 * skip behaviour"). The spec gives no fields: a model is a named definition that reads from one of the
 * organization's cloud sources; its history and records are that source's deliveries and their records, confirmed
 * or skipped through the cloud-source code. A model has fields of its own (name, type, required): what its records
 * hold. It is not a builder node (docs/journeys.md says why).
 */
import * as z from 'zod';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

/** What a model field holds. */
export const MODEL_FIELD_TYPES = ['TEXT', 'NUMBER', 'BOOLEAN', 'DATE'] as const;
export const MODEL_LIMITS = { fields: 50 } as const;
export const MODEL_MESSAGES = {
  fieldName: say('form.modelFieldName'),
  fieldTwice: say('form.modelFieldTwice'),
} as const;

/** One field of a model's records: its name, what it holds, and whether every record must have it. */
export const modelFieldSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^\p{L}[\p{L}\p{N}_]{0,63}$/u, MODEL_MESSAGES.fieldName),
  type: z.enum(MODEL_FIELD_TYPES),
  required: z.boolean().default(false),
});
export type ModelField = z.infer<typeof modelFieldSchema>;

export const modelSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
  /** the cloud source whose deliveries are the model's runs (none yet: the model has no runs) */
  cloudSourceId: idString.optional(),
  /** the fields of the model's records, in order (names unique, case-insensitive) */
  fields: z
    .array(modelFieldSchema)
    .max(MODEL_LIMITS.fields)
    .refine((list) => new Set(list.map((f) => f.name.toLowerCase())).size === list.length, MODEL_MESSAGES.fieldTwice)
    .default([]),
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
      { field: 'fields', kind: 'modelFields', wide: true },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: say('admin.modelNameTaken') }],
  },
});
