/**
 * The two-way SMS Lambda: subscribed to the SNS topic End User Messaging SMS publishes inbound messages to
 * (infra/apiStack.ts); each record goes to ./inbound.ts. A record it cannot read is logged and dropped.
 */
import type { Context, SNSEvent } from 'aws-lambda';
import { awsDeliveryPorts } from '../../platform/awsPorts';
import { loadKeysFromSecretsManager } from '../../platform/keys';
import { lambdaLogContext, setLogContext } from '../../platform/logger';
import { type WorkerLambda, workerLambda } from '../../platform/lambdaWorker';
import { createRuntime, defaultConfig, type Runtime } from '../../platform/runtime';
import { sqsJobQueue } from '../../platform/sqsJobs';
import { Store } from '../../store/store';
import { recordInboundSms } from './inbound';

let ready: Promise<{ rt: Runtime; store: Store }> | undefined;

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
  return { rt, store: new Store(rt) };
}

export async function handler(event: SNSEvent, context?: Context): Promise<void> {
  // every line of this invocation carries its request id and trace id
  setLogContext(lambdaLogContext(context?.awsRequestId));
  ready ??= init().catch((e) => {
    ready = undefined;
    throw e;
  });
  const { rt, store } = await ready;
  // Powertools' context and trace after the cold start has loaded them
  await lambda!.invoke(context, async () => {
    for (const record of event.Records ?? []) await recordInboundSms({ store, log: rt.log }, record.Sns?.Message);
  });
}
