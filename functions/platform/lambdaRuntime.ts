// What every Herald Lambda (the router, ../api/lambda.ts, and the workers, ./lambdaEntry.ts) builds at its cold
// start: the runtime on AWS (keys from Secrets Manager, AWS's job queue and delivery ports), built once per cold
// start.
import type { Context } from 'aws-lambda';
import { awsDeliveryPorts } from './awsPorts';
import { loadKeysFromSecretsManager } from './keys';
import { lambdaLogContext, setLogContext } from './logger';
import { createRuntime, defaultConfig, type Runtime } from './runtime';
import { sqsJobQueue } from './sqsJobs';

export async function awsRuntime(log: Pick<Parameters<typeof createRuntime>[0], 'logLevel' | 'logSink' | 'metricSink'>): Promise<Runtime> {
  const secretId = process.env.HERALD_KEY_SECRET_ID;
  if (!secretId) throw new Error('HERALD_KEY_SECRET_ID is not set');
  const keys = await loadKeysFromSecretsManager(secretId);
  const config = defaultConfig();
  const jobs = sqsJobQueue(config.region, process.env.HERALD_JOB_QUEUE_URL ?? '');
  return createRuntime({ ...log, config, keys, jobs, ports: awsDeliveryPorts(config.region) });
}

/** A Lambda handler whose state `build` makes once per cold start; `invoke` answers each event with it. */
export function coldStartHandler<S, E, R>(
  build: () => Promise<S>,
  invoke: (state: S, event: E, context: Context | undefined) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  let ready: Promise<S> | undefined;
  return async (event, context) => {
    setLogContext(lambdaLogContext(context?.awsRequestId));
    ready ??= build().catch((e: unknown) => {
      ready = undefined;
      throw e;
    });
    return invoke(await ready, event, context);
  };
}
