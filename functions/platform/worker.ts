/**
 * The queue worker wrapper: each SQS record's body is parsed with the queue's schema and handled; the records
 * that failed (a body that does not parse included) are reported back as partial batch failures, so SQS
 * delivers only those again, and after its receive limit moves them to the dead-letter queue.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import type { Logger } from './logger';
import type { QueueWorker } from './queue';

export function queueWorker<S extends z.ZodType>(schema: S, handle: (body: z.output<S>, record: SQSRecord) => Promise<void>, log: Logger): QueueWorker {
  return async (event) => {
    const processor = new BatchProcessor(EventType.SQS);
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
