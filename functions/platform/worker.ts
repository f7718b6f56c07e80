/** The queue worker wrapper: each SQS record's body is parsed with the queue's schema and handled. */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import type { Logger } from './logger';
import { METRIC } from './metricNames';
import type { QueueWorker } from './queue';

export function queueWorker<S extends z.ZodType>(schema: S, handle: (body: z.output<S>, record: SQSRecord) => Promise<void>, log: Logger): QueueWorker {
  return async (event) => {
    const processor = new BatchProcessor(EventType.SQS);
    // how long the oldest message of the batch waited (a local queue's records may carry no timestamp)
    const sent = event.Records.map((r) => Number(r.attributes?.SentTimestamp)).filter((t) => t > 0);
    if (sent.length > 0) log.metric?.([{ name: METRIC.queueAge, value: Math.max(0, Date.now() - Math.min(...sent)), unit: 'Milliseconds' }]);
    return processPartialResponse(
      event,
      async (record: SQSRecord) => {
        try {
          await handle(schema.parse(JSON.parse(record.body)), record);
        } catch (e) {
          log.error('queue record failed', { messageId: record.messageId, error: e instanceof Error ? e.message : String(e) });
          throw e;
        }
      },
      processor,
      { throwOnFullBatchFailure: false },
    );
  };
}
