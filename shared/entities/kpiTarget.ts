import * as z from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const KPI_METRICS = ['SENT', 'OPEN_RATE', 'CLICK_RATE', 'CONVERSION_RATE', 'UNSUBSCRIBE_RATE'] as const;
export const KPI_PERIODS = ['MONTH', 'QUARTER', 'YEAR'] as const;

export const kpiTargetSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  metric: z.enum(KPI_METRICS, { error: say('validation.selectRequired', { param: say('field.metric') }) }),
  target: z
    .number({ error: say('validation.inputRequired', { param: say('field.target') }) })
    .min(0)
    .max(1_000_000_000),
  period: z.enum(KPI_PERIODS, { error: say('validation.selectRequired', { param: say('field.period') }) }),
});

export type KpiTarget = z.infer<typeof kpiTargetSchema>;

export const kpiTargetEntity = defineEntity({
  name: 'kpiTarget',
  scope: 'tenant',
  schema: kpiTargetSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.kpiTarget.name', sortable: true, filter: 'text' },
    { field: 'metric', label: 'entity.kpiTarget.metric', sortable: true, filter: 'select', format: 'option' },
    { field: 'target', label: 'entity.kpiTarget.target', sortable: true, format: 'count' },
    { field: 'period', label: 'entity.kpiTarget.period', sortable: true, filter: 'select', format: 'option' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_KPI_TARGET', write: 'NAV_KPI_TARGET' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text', wide: true },
      { field: 'metric', kind: 'select', options: KPI_METRICS },
      { field: 'period', kind: 'select', options: KPI_PERIODS },
      { field: 'target', kind: 'number' },
    ],
    unique: [{ field: 'name', code: '720001', message: say('entity.targetName') }],
  },
});
