/**
 * The worker Lambdas' entry (jobs, delivery, two-way SMS): the runtime is built once per cold start (keys from
 * Secrets Manager, AWS's queues and ports, Powertools' logger, metrics and tracer), then each event goes to what
 * `setup` made of it. A cold start that failed is tried again by the next event rather than kept.
 */
import type { Context } from 'aws-lambda';
import { Store } from '../store/store';
import { awsDeliveryPorts } from './awsPorts';
import { loadKeysFromSecretsManager } from './keys';
import { type WorkerLambda, workerLambda } from './lambdaWorker';
import { lambdaLogContext, setLogContext } from './logger';
import { createRuntime, defaultConfig, type Runtime } from './runtime';
import { sqsJobQueue } from './sqsJobs';

export function workerEntry<S, E, R>(setup: (rt: Runtime, store: Store) => S, run: (state: S, event: E) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  let ready: Promise<{ lambda: WorkerLambda; state: S }> | undefined;
  async function init() {
    const lambda = await workerLambda();
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
    return { lambda, state: setup(rt, new Store(rt)) };
  }
  return async (event, context) => {
    // every line of this invocation carries its request id and trace id
    setLogContext(lambdaLogContext(context?.awsRequestId));
    ready ??= init().catch((e: unknown) => {
      ready = undefined;
      throw e;
    });
    const { lambda, state } = await ready;
    // Powertools' context and trace after the cold start has loaded them
    return lambda.invoke(context, () => run(state, event));
  };
}
