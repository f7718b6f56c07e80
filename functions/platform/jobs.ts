/** Work a request hands off and answers without waiting for. */
import * as z from 'zod';

export const jobSchema = z.discriminatedUnion('kind', [
  /** mail a reset (or invitation) link if an account has this address; nothing otherwise */
  z.object({ kind: z.literal('passwordEmail'), email: z.string().max(254) }),
  z.object({ kind: z.literal('emailFeedback'), detail: z.unknown() }),
  z.object({ kind: z.literal('dataExport'), orgId: z.number().int(), id: z.string().max(64) }),
  z.object({ kind: z.literal('exportSetting'), orgId: z.number().int(), id: z.string().max(64) }),
  /** a cloud source's loop fired, or someone asked to pull it now: fetch, check and (unless held) import */
  z.object({ kind: z.literal('cloudSource'), orgId: z.number().int(), id: z.string().max(64), trigger: z.enum(['LOOP', 'MANUAL']).default('LOOP') }),
  z.object({ kind: z.literal('cloudSourceImport'), orgId: z.number().int(), sourceId: z.string().max(64), historyId: z.string().max(64) }),
  z.object({
    kind: z.literal('cloudSourceResume'),
    orgId: z.number().int(),
    sourceId: z.string().max(64),
    historyId: z.string().max(64),
    fromRow: z.number().int().min(1),
    mode: z.enum(['CHECK', 'CHECK_IMPORT', 'IMPORT']),
  }),
  z.object({ kind: z.literal('cloudSourceRemove'), orgId: z.number().int(), id: z.string().max(64) }),
  z.object({ kind: z.literal('presetLoad'), orgId: z.number().int(), id: z.string().max(64), fileName: z.string().max(255).optional() }),
  z.object({ kind: z.literal('runFinished'), orgId: z.number().int(), planId: z.string().max(64), runId: z.string().max(64) }),
  z.object({ kind: z.literal('presetRecordsRemove'), orgId: z.number().int(), id: z.string().max(64) }),
  /** copy the old-layout tables into their organization-first ones (functions/store/migrations), once */
  z.object({ kind: z.literal('keyMigration') }),
  z.object({ kind: z.literal('monthlyReports') }),
  z.object({ kind: z.literal('monthlyReport'), orgId: z.number().int(), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  z.object({ kind: z.literal('requestedReport'), orgId: z.number().int(), id: z.string().max(64) }),
  /** an organization's audience snapshot built whole, or its changes folded into a new base: too long for a count */
  z.object({ kind: z.literal('audienceSnapshot'), orgId: z.number().int() }),
]);
export type Job = z.infer<typeof jobSchema>;

export interface JobQueue {
  post(job: Job): Promise<void>;
}

export const JOB_QUEUE = 'jobs';
