/** Preset parameters (spec 001 3.15): `{{preset.<variable>.<alias>}}` is the value of the row keyed by the recipient's `accountField`. */
import * as z from 'zod';
import { CSV_DELIMITERS, CSV_ENCODINGS } from '../import/csv';
import { sheetNameSchema } from '../import/xlsx';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const PRESET_TYPES = ['UPLOAD', 'CLOUD_SOURCE'] as const;
export const PRESET_LOAD_STATES = ['NONE', 'LOADING', 'DONE', 'FAILED'] as const;

export const PRESET_MESSAGES = {
  variable: say('form.presetVariable'),
  primaryKeyMissing: (key: string, fields: readonly string[]) => say('form.presetPrimaryKey', { key, fields: fields.join(', ') || 'none' }),
  cloudSource: say('validation.selectRequired', { param: say('field.cloudSource') }),
  fileName: say('validation.inputRequired', { param: say('field.fileName') }),
  accountField: say('form.presetAccountField'),
  lastRow: say('form.lastRow'),
  junctionPath: say('form.junctionPath'),
} as const;

export const presetParameterSchema = z.object({
  ...tenantFields,
  title: requiredText('title', 100),
  variable: z
    .string({ error: PRESET_MESSAGES.variable })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, PRESET_MESSAGES.variable),
  type: z.enum(PRESET_TYPES, { error: say('validation.selectRequired', { param: say('field.type') }) }).default('UPLOAD'),
  cloudSourceId: idString.optional(),
  /** the newest match is read */
  fileName: z
    .string()
    .trim()
    .max(255)
    .regex(/^[^/\\]*$/, say('form.fileNameSlashes'))
    .default(''),
  fileFirstDataRow: z.number().int().min(2, say('form.headerRow')).max(1_000_000).default(2),
  fileLastDataRow: z.number().int().min(2).max(50_000_000).optional(),
  fileEncoding: z.enum(CSV_ENCODINGS).default('UTF-8'),
  fileSplitBy: z.enum(CSV_DELIMITERS).default(','),
  fileSheetName: sheetNameSchema,
  /** spec 001 3.15: sent with texts that use it, so the translator leaves its placeholder */
  junctionPath: z
    .string()
    .trim()
    .max(200)
    .regex(/^(|[\w.-]+(\/[\w.-]+)*)$/, PRESET_MESSAGES.junctionPath)
    .default(''),
  locale: z.string().trim().max(35).default(''),
  state: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  primaryKey: requiredText('primaryKey', 200),
  accountField: z
    .string()
    .trim()
    .max(100)
    .regex(/^(|id|email|country|locale|timeZone|firstName|lastName|attributes\.[\p{L}\p{M}\p{N}_$-]{1,64})$/u, PRESET_MESSAGES.accountField)
    .default(''),
  // set by the load, never by the form
  columns: z.array(z.string()).default([]),
  loadState: z.enum(PRESET_LOAD_STATES).default('NONE'),
  loadError: z.string().optional(),
  loadedFile: z.string().optional(),
  loadedAt: z.number().int().optional(),
  records: z.number().int().nonnegative().default(0),
  /** records of earlier loads are removed after a load */
  loadId: z.string().optional(),
});
export type PresetParameter = z.infer<typeof presetParameterSchema>;

export const presetParameterEntity = defineEntity({
  name: 'presetParameter',
  scope: 'tenant',
  schema: presetParameterSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'title', label: 'entity.presetParameter.fields.title', sortable: true, filter: 'text' },
    { field: 'variable', label: 'entity.presetParameter.variable', sortable: true },
    { field: 'type', label: 'entity.presetParameter.type', filter: 'select', format: 'option' },
    { field: 'primaryKey', label: 'entity.presetParameter.primaryKey' },
    { field: 'state', label: 'entity.presetParameter.state', filter: 'select', format: 'option' },
    { field: 'loadState', label: 'entity.presetParameter.loadState', format: 'option' },
    { field: 'records', label: 'entity.presetParameter.records', sortable: true, format: 'count' },
    { field: 'loadedAt', label: 'entity.presetParameter.loadedAt', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_PRESET_PARAMETER', write: 'NAV_PRESET_PARAMETER' },
  crud: {
    titleField: 'title',
    defaultSort: { field: 'title', order: 'asc' },
    form: [
      { field: 'title', kind: 'text' },
      { field: 'variable', kind: 'text' },
      { field: 'type', kind: 'select', options: PRESET_TYPES },
      { field: 'cloudSourceId', kind: 'ref', ref: 'cloudSource' },
      { field: 'fileName', kind: 'text' },
      { field: 'primaryKey', kind: 'text' },
      { field: 'accountField', kind: 'text' },
      { field: 'fileEncoding', kind: 'select', options: CSV_ENCODINGS },
      { field: 'fileSplitBy', kind: 'select', options: CSV_DELIMITERS },
      { field: 'fileSheetName', kind: 'text' },
      { field: 'fileFirstDataRow', kind: 'number' },
      { field: 'fileLastDataRow', kind: 'number' },
      { field: 'locale', kind: 'text' },
      { field: 'junctionPath', kind: 'text' },
      { field: 'state', kind: 'select', options: ['ACTIVE', 'INACTIVE'] },
    ],
    unique: [
      { field: 'title', code: '720001', message: say('entity.presetTitle') },
      { field: 'variable', code: '720001', message: say('entity.presetVariable') },
    ],
  },
});

export const presetRecordKeyOf = (orgId: number, parameterId: string) => `${orgId}#${parameterId}`;
/** a unit separator, which no CSV cell holds unquoted */
export const presetEntryOf = (key: string, alias: string) => `${key}\u001f${alias}`;

export const presetRecordSchema = z.object({
  recordKey: z.string(),
  entry: z.string(),
  key: z.string().min(1).max(200),
  alias: z.string().min(1).max(200),
  value: z.string().max(10_000),
  loadId: z.string().optional(),
  dateUpdated: z.number().int(),
});
export type PresetRecord = z.infer<typeof presetRecordSchema>;

export const presetRecordEntity = defineEntity({
  name: 'presetRecord',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: presetRecordSchema,
  partitionKey: { name: 'recordKey', type: 'S' },
  sortKey: { name: 'entry', type: 'S' },
});
