/**
 * Work a request hands off and answers without waiting for: it runs after the answer, so the answer's timing
 * tells nothing about the work (forgot-password must not reveal whether an address has an account). A job is a
 * message on the `jobs` queue: SQS and the job worker Lambda on AWS, the local durable queue and its loop locally.
 */
import * as z from 'zod';

export const jobSchema = z.discriminatedUnion('kind', [
  /** mail a reset (or invitation) link if an account has this address; nothing otherwise */
  z.object({ kind: z.literal('passwordEmail'), email: z.string().max(254) }),
  /** an SES bounce or complaint (the EventBridge event's detail), put on the queue by a rule */
  z.object({ kind: z.literal('emailFeedback'), detail: z.unknown() }),
  /** write a data export's file (functions/services/dataExport) */
  z.object({ kind: z.literal('dataExport'), orgId: z.number().int(), id: z.string().max(64) }),
  /** an export setting's loop fired: export now, and keep the loop's dates */
  z.object({ kind: z.literal('exportSetting'), orgId: z.number().int(), id: z.string().max(64) }),
  /** a cloud source's loop fired, or someone asked to pull it now: fetch, check and (unless held) import */
  z.object({ kind: z.literal('cloudSource'), orgId: z.number().int(), id: z.string().max(64), trigger: z.enum(['LOOP', 'MANUAL']).default('LOOP') }),
  /** a held delivery was confirmed: import it */
  z.object({ kind: z.literal('cloudSourceImport'), orgId: z.number().int(), sourceId: z.string().max(64), historyId: z.string().max(64) }),
  /** a delivery whose file outlasted a job: read on from `fromRow` */
  z.object({
    kind: z.literal('cloudSourceResume'),
    orgId: z.number().int(),
    sourceId: z.string().max(64),
    historyId: z.string().max(64),
    fromRow: z.number().int().min(1),
    mode: z.enum(['CHECK', 'CHECK_IMPORT', 'IMPORT']),
  }),
  /** a deleted cloud source's deliveries and their records to remove */
  z.object({ kind: z.literal('cloudSourceRemove'), orgId: z.number().int(), id: z.string().max(64) }),
  /** a preset parameter's file to read into its records */
  z.object({ kind: z.literal('presetLoad'), orgId: z.number().int(), id: z.string().max(64), fileName: z.string().max(255).optional() }),
  /** a plan's run finished: its requesters are told (functions/services/notification) */
  z.object({ kind: z.literal('runFinished'), orgId: z.number().int(), planId: z.string().max(64), runId: z.string().max(64) }),
  /** a deleted preset parameter's records to remove */
  z.object({ kind: z.literal('presetRecordsRemove'), orgId: z.number().int(), id: z.string().max(64) }),
  /** copy the old-layout tables into their organization-first ones (functions/store/migrations), once */
  z.object({ kind: z.literal('keyMigration') }),
  /** the first of the month: each organization's report of the month before (functions/services/report/monthly.ts) */
  z.object({ kind: z.literal('monthlyReports') }),
  z.object({ kind: z.literal('monthlyReport'), orgId: z.number().int(), month: z.string().regex(/^\d{4}-\d{2}$/) }),
  /** a report someone asked for (functions/services/report/requested.ts) */
  z.object({ kind: z.literal('requestedReport'), orgId: z.number().int(), id: z.string().max(64) }),
]);
export type Job = z.infer<typeof jobSchema>;

export interface JobQueue {
  post(job: Job): Promise<void>;
}

/** The queue jobs travel on. */
export const JOB_QUEUE = 'jobs';
