import * as z from 'zod';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const EXPORT_TYPES = ['ACCOUNTS', 'UNSUBSCRIPTIONS'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const ACCOUNT_EXPORT_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'locale',
  'timeZone',
  'country',
  'tags',
  'attributes',
  'emailConsent',
  'smsConsent',
  'pushConsent',
  'lineConsent',
  'dateCreated',
  'dateUpdated',
] as const;
export const UNSUBSCRIPTION_EXPORT_COLUMNS = ['dateCreated', 'channelName', 'target', 'source'] as const;
export const EXPORT_STATES = ['RUNNING', 'DONE', 'EMPTY', 'FAILED'] as const;
export const EXPORT_LOOPS = ['ONCE', 'EVERY_5_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ExportLoop = (typeof EXPORT_LOOPS)[number];

/** `capped`: the source held more than the spec's cap of 100,000 records; the file has the first ones. */
export const dataExportSchema = z.object({
  ...tenantFields,
  title: requiredText('title', 100),
  exportType: z.enum(EXPORT_TYPES),
  columns: z.array(z.string()).max(50),
  segmentId: idString.optional(),
  settingId: idString.optional(),
  state: z.enum(EXPORT_STATES),
  rows: z.number().int().nonnegative(),
  capped: z.boolean(),
  fileKey: z.string().optional(),
  fileName: z.string().optional(),
  error: z.string().optional(),
  finishedAt: z.number().int().optional(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportEntity = defineEntity({
  name: 'dataExport',
  scope: 'tenant',
  schema: dataExportSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'title', label: 'export.field.title', sortable: true, filter: 'text' },
    { field: 'exportType', label: 'export.field.exportType', sortable: true, filter: 'select', format: 'option' },
    { field: 'state', label: 'export.field.state', sortable: true, filter: 'select', format: 'option' },
    { field: 'rows', label: 'export.field.rows', sortable: true },
    { field: 'dateCreated', label: 'common.dateCreated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_DATA_EXPORT', write: 'NAV_DATA_EXPORT' },
});

/** An export setting (spec 001 3.16), run on the scheduler port from its start until its end date. */
export const exportSettingSchema = z.object({
  ...tenantFields,
  title: requiredText('title', 100),
  exportType: z.enum(EXPORT_TYPES, { error: say('validation.selectRequired', { param: say('field.exportType') }) }),
  loopType: z.enum(EXPORT_LOOPS, { error: say('validation.selectRequired', { param: say('field.loopType') }) }).default('DAILY'),
  state: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  startDate: z.number().int().optional(),
  endDate: z.number().int().optional(),
  nextExecutionDate: z.number().int().optional(),
  lastExecutionDate: z.number().int().optional(),
});
export type ExportSetting = z.infer<typeof exportSettingSchema>;

export const exportSettingEntity = defineEntity({
  name: 'exportSetting',
  scope: 'tenant',
  schema: exportSettingSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'title', label: 'entity.exportSetting.fields.title', sortable: true, filter: 'text' },
    { field: 'exportType', label: 'entity.exportSetting.exportType', sortable: true, filter: 'select', format: 'option' },
    { field: 'loopType', label: 'entity.exportSetting.loopType', sortable: true, filter: 'select', format: 'option' },
    { field: 'state', label: 'entity.exportSetting.state', sortable: true, filter: 'select', format: 'option' },
    { field: 'lastExecutionDate', label: 'entity.exportSetting.lastExecutionDate', sortable: true, format: 'dateTime' },
    { field: 'nextExecutionDate', label: 'entity.exportSetting.nextExecutionDate', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_CUSTOM_EXPORT', write: 'NAV_CUSTOM_EXPORT' },
  crud: {
    titleField: 'title',
    defaultSort: { field: 'title', order: 'asc' },
    form: [
      { field: 'title', kind: 'text', wide: true },
      { field: 'exportType', kind: 'select', options: EXPORT_TYPES },
      { field: 'loopType', kind: 'select', options: EXPORT_LOOPS },
      { field: 'state', kind: 'select', options: ['ACTIVE', 'INACTIVE'] },
    ],
    unique: [{ field: 'title', code: '720001', message: say('entity.exportName') }],
  },
});
