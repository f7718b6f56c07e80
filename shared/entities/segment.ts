import * as z from 'zod';
import { staticListSchema } from '../segment/members';
import { ruleSchema } from '../segment/rule';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';

export const segmentSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
  rule: ruleSchema,
  includeIds: staticListSchema,
  /** exclusion wins over the rule and the include list */
  excludeIds: staticListSchema,
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentEntity = defineEntity({
  name: 'segment',
  scope: 'tenant',
  schema: segmentSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'segment.name', sortable: true, filter: 'text' },
    { field: 'description', label: 'segment.description' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_SEGMENT', write: 'NAV_SEGMENT' },
});
