// What the worker Lambdas (jobs, delivery, two-way SMS) run their runtime with: Powertools for AWS Lambda's logger,
// metrics and tracer. Outside Lambda the tracer is off by itself and the rest needs no AWS call. The router keeps
// only the logger (functions/api/lambda.ts): it counts no sends, and its trace is Lambda's active X-Ray segment.
import type { Context } from 'aws-lambda';
import type { AwsClients } from './aws';
import { createLogger, type LogLevel, logLevelFromEnv, type MetricPoint } from './logger';
import { METRICS_SERVICE } from './metricNames';
import { powertoolsLog } from './powertoolsLog';
import { powertoolsMetrics } from './powertoolsMetrics';

export interface WorkerLambda {
  runtimeOptions: { logLevel: LogLevel; logSink: (line: string) => void; metricSink: (points: readonly MetricPoint[]) => void };
  traceClients(aws: AwsClients): void;
  invoke<T>(context: Context | undefined, run: () => Promise<T>): Promise<T>;
}

export async function workerLambda(env: NodeJS.ProcessEnv = process.env): Promise<WorkerLambda> {
  const [log, { Tracer }] = await Promise.all([powertoolsLog(), import('@aws-lambda-powertools/tracer')]);
  const logLevel = logLevelFromEnv(env);
  // Powertools' own warnings (a skipped dimension) go out through Herald's logger, at its level
  const metricSink = await powertoolsMetrics(log.sink, createLogger(logLevel, log.sink).warn);
  const tracer = new Tracer({ serviceName: METRICS_SERVICE });
  return {
    runtimeOptions: { logLevel, logSink: log.sink, metricSink },
    traceClients(aws) {
      // the document client shares the DynamoDB client's middleware, so it is traced with it
      for (const client of [aws.dynamo, aws.ses, aws.sms]) tracer.captureAWSv3Client(client);
    },
    async invoke(context, run) {
      if (context) log.addContext(context);
      const segment = tracer.getSegment();
      const subsegment = segment?.addNewSubsegment(`## ${env._HANDLER ?? 'handler'}`);
      if (subsegment) tracer.setSegment(subsegment);
      tracer.annotateColdStart();
      tracer.addServiceNameAnnotation();
      try {
        return await run();
      } catch (err) {
        tracer.addErrorAsMetadata(err as Error);
        throw err;
      } finally {
        subsegment?.close();
        if (segment) tracer.setSegment(segment);
      }
    },
  };
}
