/** Models (spec 001 3.13; the spec gives no fields): a named definition over a cloud source, whose deliveries are its history. */
import * as z from 'zod';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const MODEL_FIELD_TYPES = ['TEXT', 'NUMBER', 'BOOLEAN', 'DATE'] as const;
export const MODEL_LIMITS = { fields: 50 } as const;
export const MODEL_MESSAGES = {
  fieldName: say('form.modelFieldName'),
  fieldTwice: say('form.modelFieldTwice'),
} as const;

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
  cloudSourceId: idString.optional(),
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
