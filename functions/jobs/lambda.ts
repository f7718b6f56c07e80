/** The job worker Lambda: each SQS batch of jobs to the worker (the runtime built once per cold start). */
import type { SQSEvent } from 'aws-lambda';
import { workerEntry } from '../platform/lambdaEntry';
import { jobWorker } from './worker';

export const handler = workerEntry(
  (rt, store) => jobWorker({ rt, store }),
  (run, event: SQSEvent) => run(event),
);
