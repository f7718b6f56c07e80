/** Presets (spec 000 sections 1, 3 and 7; no fields given, see docs/presets.md); a preset template is a preset marked `isTemplate`. */
import * as z from 'zod';
import { MENU_CHANNELS } from '../delivery';
import { RENDER_MESSAGES } from '../render/fields';
import { SUBJECT_MAX } from '../render/limits';
import { emailContentSchema, languageCodeSchema } from '../render/template';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { namedEntity } from './namedEntity';
import { fieldName, say } from '../i18n/say';

export const presetCategoryEntity = namedEntity('presetCategory', {
  permission: 'NAV_PRESET_PARAMETER',
  nameMax: 100,
  taken: say('entity.categoryName'),
  inUse: { entity: 'preset', field: 'categoryId', message: say('entity.presetCategoryInUse') },
});
export const presetCategorySchema = presetCategoryEntity.schema;

export const PRESET_CHANNELS = ['ANY', ...MENU_CHANNELS] as const;
export const PRESET_LIMITS = { parameters: 20, defaultValue: 200, languages: 20 } as const;

export const PRESET_TEXTS = {
  defaultValue: say('entity.presetDefaultValue'),
  parameterTwice: say('entity.presetParameterTwice'),
  parameterMissing: say('entity.presetParameterMissing'),
  alias: say('validation.inputRequired', { param: fieldName('column') }),
  languages: `A preset holds at most ${PRESET_LIMITS.languages} languages.`,
  defaultLanguage: say('render.defaultLanguage'),
} as const;

export const presetContentSchema = emailContentSchema.extend({
  subject: z.string().trim().max(SUBJECT_MAX, RENDER_MESSAGES.tooLong('subject', SUBJECT_MAX)).default(''),
});
export type PresetContent = z.output<typeof presetContentSchema>;

export const presetParameterUseSchema = z.object({
  parameterId: idString,
  alias: z.string({ error: PRESET_TEXTS.alias }).trim().min(1, PRESET_TEXTS.alias).max(200),
  defaultValue: z
    .string()
    .trim()
    .max(PRESET_LIMITS.defaultValue, RENDER_MESSAGES.tooLong('defaultValue', PRESET_LIMITS.defaultValue))
    .regex(/^[^{}|]*$/, PRESET_TEXTS.defaultValue)
    .default(''),
});
export type PresetParameterUse = z.output<typeof presetParameterUseSchema>;

export const presetContentsSchema = z
  .record(languageCodeSchema, presetContentSchema)
  .refine((contents) => Object.keys(contents).length <= PRESET_LIMITS.languages, PRESET_TEXTS.languages);

export const presetParametersSchema = z
  .array(presetParameterUseSchema)
  .max(PRESET_LIMITS.parameters)
  .refine((list) => new Set(list.map((p) => `${p.parameterId}\u001f${p.alias}`)).size === list.length, PRESET_TEXTS.parameterTwice);

export const presetSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  categoryId: idString.optional(),
  channel: z.enum(PRESET_CHANNELS).default('ANY'),
  isTemplate: z.boolean().default(false),
  description: z.string().trim().max(500).default(''),
  defaultLanguage: languageCodeSchema.default('en'),
  contents: presetContentsSchema.default({}),
  parameters: presetParametersSchema.default([]),
});
export type Preset = z.output<typeof presetSchema>;

export const presetEntity = defineEntity({
  name: 'preset',
  scope: 'tenant',
  schema: presetSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.preset.name', sortable: true, filter: 'text' },
    { field: 'categoryId', label: 'entity.preset.categoryId', format: 'ref', ref: 'presetCategory', filter: 'select' },
    { field: 'channel', label: 'entity.preset.channel', sortable: true, filter: 'select', format: 'option' },
    { field: 'isTemplate', label: 'entity.preset.isTemplate', filter: 'boolean', format: 'boolean' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_PRESET_PARAMETER', write: 'NAV_PRESET_PARAMETER' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text', wide: true },
      { field: 'categoryId', kind: 'ref', ref: 'presetCategory' },
      { field: 'channel', kind: 'select', options: PRESET_CHANNELS },
      { field: 'isTemplate', kind: 'boolean' },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    contentFields: ['defaultLanguage', 'contents', 'parameters'],
    unique: [{ field: 'name', code: '720001', message: say('entity.presetName') }],
  },
});

export const presetToken = (variable: string, alias: string, fallback = '') => `{{preset.${variable}.${alias}${fallback ? `|${fallback}` : ''}}}`;

/** Tokens without their own fallback get the set's default, so a recipient without a value reads it. */
export function withParameterDefaults<T>(value: T, defaults: ReadonlyMap<string, string>): T {
  const token = /\{\{\s*preset\.([A-Za-z][A-Za-z0-9_]*)\.([\w$-]+)\s*\}\}/g;
  const fill = (text: string) =>
    text.replace(token, (whole, variable: string, alias: string) => {
      const fallback = defaults.get(`${variable}.${alias}`);
      return fallback ? presetToken(variable, alias, fallback) : whole;
    });
  return JSON.parse(JSON.stringify(value), (_key, v) => (typeof v === 'string' ? fill(v) : v)) as T;
}
