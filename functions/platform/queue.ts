/** The queue port: at-least-once delivery with a visibility timeout and a dead-letter queue after too many receives. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export interface SendOptions {
  group?: string;
}

export interface QueuePort {
  send(queue: string, body: unknown, opts?: SendOptions): Promise<string>;
}

/** A worker as Lambda's SQS event source calls it: the records it could not handle are reported back. */
export type QueueWorker = (event: SQSEvent) => Promise<SQSBatchResponse>;
