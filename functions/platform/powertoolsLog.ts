// In a Lambda, Herald's log lines go out through Powertools for AWS Lambda's logger, which adds the function's name,
// memory, cold start, request id and X-Ray trace id to each. functions/platform/logger.ts stays the one door (it
// filters by level and redacts first; Powertools only writes).
import type { Context } from 'aws-lambda';
import { METRICS_SERVICE } from './metricNames';

export interface LambdaLog {
  sink(line: string): void;
  /** once per invocation: the request's ids on every line after it */
  addContext(context: Context): void;
}

type Level = 'debug' | 'info' | 'warn' | 'error';

export async function powertoolsLog(): Promise<LambdaLog> {
  const { Logger } = await import('@aws-lambda-powertools/logger');
  // Herald's logger has filtered by level already
  const logger = new Logger({ serviceName: METRICS_SERVICE, logLevel: 'DEBUG' });
  return {
    sink(line) {
      const record = JSON.parse(line) as { _aws?: unknown; level?: Level; msg?: string; time?: string } & Record<string, unknown>;
      if (record._aws) {
        process.stdout.write(`${line}\n`);
        return;
      }
      const { level = 'info', msg = '', time: _time, ...fields } = record;
      logger[level](msg, fields);
    },
    addContext: (context) => logger.addContext(context),
  };
}
