import * as z from 'zod';
import { journeySchema } from '../plan/journey';
import { operationRecordSchema, planSchema } from '../plan/plan';
import { RUN_SHARDS_MAX } from './delivery';
import { COMPOSED_KEYS, defineEntity, TENANT_KEYS } from './entity';

export const planEntity = defineEntity({
  name: 'plan',
  scope: 'tenant',
  schema: planSchema.extend({ journey: journeySchema.optional() }),
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'plan.name', sortable: true, filter: 'text' },
    { field: 'channel', label: 'plan.channel', sortable: true, filter: 'select', format: 'option' },
    { field: 'status', label: 'plan.status', sortable: true, filter: 'select', format: 'option' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_CREATE_NOTIFICATION', write: 'PLAN_CREATE' },
});

export const planKeyOf = (orgId: number, planId: string) => `${orgId}#${planId}`;

export const operationRecordEntity = defineEntity({
  name: 'operationRecord',
  table: 'operationRecordV2',
  scope: 'tenant',
  orgKey: { form: 'composed', restKey: 'planKey', sort: { name: 'id', type: 'S' } },
  schema: operationRecordSchema.extend({ planKey: z.string() }),
  ...COMPOSED_KEYS,
});

/** Its id comes from the instant it was due, so a doubled firing finds it taken. */
export const planRunSchema = z.object({
  planKey: z.string(),
  runId: z.string(),
  orgId: z.number().int(),
  planId: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'STOPPED']),
  dueAt: z.number().int(),
  startedAt: z.number().int(),
  finishedAt: z.number().int().optional(),
  shardsDone: z.set(z.string()).optional(),
  parts: z.number().int().optional(),
  /** its sent records' shard count (runShardsFor), fixed when it was made; none: DELIVERY_SHARDS */
  shards: z.number().int().min(1).max(RUN_SHARDS_MAX).optional(),
});
export type PlanRun = z.infer<typeof planRunSchema>;

export const planRunEntity = defineEntity({
  name: 'planRun',
  table: 'planRunV2',
  scope: 'tenant',
  orgKey: { form: 'composed', restKey: 'planKey', sort: { name: 'runId', type: 'S' } },
  schema: planRunSchema,
  ...COMPOSED_KEYS,
  // a page at a time whatever the number of plans
  indexes: [{ name: 'orgRuns', partitionKey: { name: 'orgId', type: 'N' }, sortKey: { name: 'startedAt', type: 'N' } }],
});
