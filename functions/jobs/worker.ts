/**
 * The job worker: parses each SQS record as a job and runs it; the records that failed are reported, so only
 * those are delivered again (and after five tries land in the dead-letter queue). Lambda runs it on AWS, the
 * local queue loop runs it in `npm start`.
 */
import { jobSchema } from '../platform/jobs';
import type { QueueWorker } from '../platform/queue';
import type { Runtime } from '../platform/runtime';
import type { Store } from '../store/store';
import { runJob } from './run';

export function jobWorker(deps: { rt: Runtime; store: Store }): QueueWorker {
  return async (event) => {
    const batchItemFailures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      try {
        await runJob(deps, jobSchema.parse(JSON.parse(record.body)));
      } catch (e) {
        deps.rt.log.error('job failed', { messageId: record.messageId, error: e instanceof Error ? e.message : String(e) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
