/** The router Lambda's entry: builds the runtime once per cold start (keys from Secrets Manager), seeds. */
import type { Context } from 'aws-lambda';
import { awsDeliveryPorts } from '../platform/awsPorts';
import { loadKeysFromSecretsManager } from '../platform/keys';
import { lambdaLogContext, logLevelFromEnv, setLogContext } from '../platform/logger';
import { type LambdaLog, powertoolsLog } from '../platform/powertoolsLog';
import { createRuntime, defaultConfig } from '../platform/runtime';
import { sqsJobQueue } from '../platform/sqsJobs';
import { ensureSeed } from '../seed';
import { type ApiEvent, type ApiResult, createApiHandler } from './router';

let ready: Promise<ReturnType<typeof createApiHandler>> | undefined;

/** Powertools' logger, loaded at the cold start: every line of the runtime goes out through it */
let lambdaLog: LambdaLog | undefined;

async function init() {
  lambdaLog = await powertoolsLog();
  const secretId = process.env.HERALD_KEY_SECRET_ID;
  if (!secretId) throw new Error('HERALD_KEY_SECRET_ID is not set');
  const keys = await loadKeysFromSecretsManager(secretId);
  const config = defaultConfig();
  const jobs = sqsJobQueue(config.region, process.env.HERALD_JOB_QUEUE_URL ?? '');
  const rt = createRuntime({ logSink: lambdaLog.sink, config, keys, jobs, ports: awsDeliveryPorts(config.region), logLevel: logLevelFromEnv() });
  await ensureSeed(rt);
  return createApiHandler(rt);
}

export async function handler(event: ApiEvent, context: Context): Promise<ApiResult> {
  // every line of this invocation carries its request id and trace id
  setLogContext(lambdaLogContext(context?.awsRequestId));
  ready ??= init().catch((e) => {
    ready = undefined;
    throw e;
  });
  const run = await ready;
  // Powertools' context after the cold start has loaded it
  if (context) lambdaLog?.addContext(context);
  return run(event, context);
}
