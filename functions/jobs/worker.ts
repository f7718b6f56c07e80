/**
 * The job worker: parses each SQS record as a job and runs it; the records that failed are reported, so only
 * those are delivered again (and after five tries land in the dead-letter queue). Lambda runs it on AWS, the
 * local queue loop runs it in `npm start`.
 */
import { jobSchema } from '../platform/jobs';
import type { QueueWorker } from '../platform/queue';
import type { Runtime } from '../platform/runtime';
import { queueWorker } from '../platform/worker';
import type { Store } from '../store/store';
import { runJob } from './run';

export function jobWorker(deps: { rt: Runtime; store: Store }): QueueWorker {
  return queueWorker(jobSchema, (job) => runJob(deps, job), deps.rt.log);
}
