/**
 * The job worker Lambda: reads SQS records, runs each job, and reports the ones that failed so only those are
 * retried (then moved to the dead-letter queue). A record that is not a job is reported once and logged.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { jobSchema } from '../platform/jobs';
import { loadKeysFromSecretsManager } from '../platform/keys';
import { createRuntime, defaultConfig, type Runtime } from '../platform/runtime';
import { sqsJobQueue } from '../platform/sqsJobs';
import { Store } from '../store/store';
import { runJob } from './run';

let ready: Promise<{ rt: Runtime; store: Store }> | undefined;

async function init() {
  const keys = await loadKeysFromSecretsManager(process.env.HERALD_KEY_SECRET_ID ?? '');
  const config = defaultConfig();
  const rt = createRuntime({ config, keys, jobs: sqsJobQueue(config.region, process.env.HERALD_JOB_QUEUE_URL ?? '') });
  return { rt, store: new Store(rt) };
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  ready ??= init().catch((e) => {
    ready = undefined;
    throw e;
  });
  const deps = await ready;
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await runJob(deps, jobSchema.parse(JSON.parse(record.body)));
    } catch (e) {
      deps.rt.log.error('job failed', { messageId: record.messageId, error: e instanceof Error ? e.message : String(e) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
