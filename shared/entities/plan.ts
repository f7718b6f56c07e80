import * as z from 'zod';
import { journeySchema } from '../plan/journey';
import { operationRecordSchema, planSchema } from '../plan/plan';
import { COMPOSED_KEYS, defineEntity, TENANT_KEYS } from './entity';

/** Messages (plans) of an organization: admin-sized lists, keyed like every tenant entity. */
export const planEntity = defineEntity({
  name: 'plan',
  scope: 'tenant',
  // a builder plan carries its journey (shared/plan/journey.ts)
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

/** `<orgId>#<planId>`: the partition of a plan's operation records and runs. */
export const planKeyOf = (orgId: number, planId: string) => `${orgId}#${planId}`;

/** The operation record of a plan: one row per transition, oldest first (ids sort by time). */
export const operationRecordEntity = defineEntity({
  name: 'operationRecord',
  // admin-sized (a row per transition): organization first, `sk` = `<planId>#<id>` (moved from `planKey` + `id`)
  table: 'operationRecordV2',
  scope: 'tenant',
  orgKey: { form: 'composed', restKey: 'planKey', sort: { name: 'id', type: 'S' } },
  schema: operationRecordSchema.extend({ planKey: z.string() }),
  ...COMPOSED_KEYS,
});

/**
 * One sending of a plan. Its id comes from the instant it was due, so a doubled firing finds it taken.
 * The audience fan-out marks each account shard done (a string set: adding twice is harmless).
 */
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
  /** the audience parts to read before the run is done: ACCOUNT_SHARDS, or zones × shards for a recurring firing */
  parts: z.number().int().optional(),
});
export type PlanRun = z.infer<typeof planRunSchema>;

export const planRunEntity = defineEntity({
  name: 'planRun',
  // admin-sized (a run per sending): organization first, `sk` = `<planId>#<runId>` (moved from `planKey` + `runId`)
  table: 'planRunV2',
  scope: 'tenant',
  orgKey: { form: 'composed', restKey: 'planKey', sort: { name: 'runId', type: 'S' } },
  schema: planRunSchema,
  ...COMPOSED_KEYS,
  // the organization's runs newest first (the message console), a page at a time whatever the number of plans
  indexes: [{ name: 'orgRuns', partitionKey: { name: 'orgId', type: 'N' }, sortKey: { name: 'startedAt', type: 'N' } }],
});
