/** The delivery worker Lambda: the send pipeline's steps from the delivery queue, each channel through its adapter's provider. */
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { channelSenders } from '../channels';
import { awsDeliveryPorts } from '../platform/awsPorts';
import { loadKeysFromSecretsManager } from '../platform/keys';
import { lambdaLogContext, setLogContext } from '../platform/logger';
import type { QueueWorker } from '../platform/queue';
import { type WorkerLambda, workerLambda } from '../platform/lambdaWorker';
import { createRuntime, defaultConfig } from '../platform/runtime';
import { sqsJobQueue } from '../platform/sqsJobs';
import { Store } from '../store/store';
import { deliveryWorker } from './worker';
import { storedSendRates } from '../domain/sendRates';

let ready: Promise<QueueWorker> | undefined;

/** Powertools' logger, metrics and tracer, loaded at the cold start: every line and metric of the runtime goes out through them */
let lambda: WorkerLambda | undefined;

async function init() {
  lambda = await workerLambda();
  const keys = await loadKeysFromSecretsManager(process.env.HERALD_KEY_SECRET_ID ?? '');
  const config = defaultConfig();
  const rt = createRuntime({
    ...lambda.runtimeOptions,
    config,
    keys,
    jobs: sqsJobQueue(config.region, process.env.HERALD_JOB_QUEUE_URL ?? ''),
    ports: awsDeliveryPorts(config.region),
  });
  lambda.traceClients(rt.aws);
  const store = new Store(rt);
  return deliveryWorker(rt, store, {
    senders: channelSenders(rt),
    ratePerSecond: storedSendRates(store, config.sendRates, rt.clock),
    staleClaimMs: Number(process.env.HERALD_DELIVERY_VISIBILITY_S ?? 720) * 1000,
  });
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  // every line of this invocation carries its request id and trace id
  setLogContext(lambdaLogContext(context?.awsRequestId));
  ready ??= init().catch((e) => {
    ready = undefined;
    throw e;
  });
  const run = await ready;
  // Powertools' context and trace after the cold start has loaded them
  return lambda!.invoke(context, () => run(event));
}
