/** The job worker: parses each SQS record as a job and runs it. */
import { jobSchema } from '../platform/jobs';
import type { QueueWorker } from '../platform/queue';
import type { Runtime } from '../platform/runtime';
import { queueWorker } from '../platform/worker';
import type { Store } from '../store/store';
import { runJob } from './run';

export function jobWorker(deps: { rt: Runtime; store: Store }): QueueWorker {
  return queueWorker(jobSchema, (job) => runJob(deps, job), deps.rt.log);
}
