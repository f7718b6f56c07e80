/**
 * The router Lambda's entry: builds the runtime once per cold start (../platform/lambdaRuntime.ts) and makes sure
 * the seed exists (../seed.ts).
 */
import type { Context } from 'aws-lambda';
import { awsRuntime, coldStartHandler } from '../platform/lambdaRuntime';
import { logLevelFromEnv } from '../platform/logger';
import { powertoolsLog } from '../platform/powertoolsLog';
import { ensureSeed } from '../seed';
import { type ApiEvent, type ApiResult, createApiHandler } from './router';

export const handler: (event: ApiEvent, context: Context) => Promise<ApiResult> = coldStartHandler(
  async () => {
    // Powertools' logger, loaded at the cold start: every line of the runtime goes out through it
    const log = await powertoolsLog();
    const rt = await awsRuntime({ logSink: log.sink, logLevel: logLevelFromEnv() });
    await ensureSeed(rt);
    return { log, run: createApiHandler(rt) };
  },
  ({ log, run }, event: ApiEvent, context) => {
    if (context) log.addContext(context);
    return run(event, context as Context);
  },
);
