// The worker Lambdas' entry (jobs, delivery, two-way SMS): the runtime is built once per cold start
// (./lambdaRuntime.ts, with Powertools' logger, metrics and tracer), then each event goes to what `setup` made of it.
import type { Context } from 'aws-lambda';
import { Store } from '../store/store';
import { workerLambda } from './lambdaWorker';
import { awsRuntime, coldStartHandler } from './lambdaRuntime';
import type { Runtime } from './runtime';

export function workerEntry<S, E, R>(setup: (rt: Runtime, store: Store) => S, run: (state: S, event: E) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  return coldStartHandler(
    async () => {
      const lambda = await workerLambda();
      const rt = await awsRuntime(lambda.runtimeOptions);
      lambda.traceClients(rt.aws);
      return { lambda, state: setup(rt, new Store(rt)) };
    },
    ({ lambda, state }, event: E, context) => lambda.invoke(context, () => run(state, event)),
  );
}
