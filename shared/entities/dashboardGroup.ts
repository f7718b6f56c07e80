import * as z from 'zod';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

/** Its sub-dashboard reads counters by name: a request's cost follows the group's size, never the organization's. */
export const DASHBOARD_GROUP_MAX_PLANS = 50;

export const dashboardGroupSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
  planIds: z
    .array(idString)
    .max(DASHBOARD_GROUP_MAX_PLANS, say('entity.dashboardGroupPlans', { max: DASHBOARD_GROUP_MAX_PLANS }))
    .default([]),
});

export type DashboardGroup = z.infer<typeof dashboardGroupSchema>;

export const dashboardGroupEntity = defineEntity({
  name: 'dashboardGroup',
  scope: 'tenant',
  schema: dashboardGroupSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.dashboardGroup.name', sortable: true, filter: 'text' },
    { field: 'description', label: 'entity.dashboardGroup.description', filter: 'text' },
    { field: 'planIds', label: 'entity.dashboardGroup.planIds', format: 'ref', ref: 'plan' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_DASHBOARD', write: 'NAV_DASHBOARD' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text', wide: true },
      { field: 'description', kind: 'textarea', wide: true },
      { field: 'planIds', kind: 'refs', ref: 'plan', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: say('entity.dashboardGroupName') }],
  },
});
