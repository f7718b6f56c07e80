/**
 * The queue port: at-least-once delivery with a visibility timeout and a dead-letter queue after too many
 * receives. On AWS it is SQS and Lambda's event source runs the worker; locally a durable queue in the local
 * DynamoDB and a loop run the very same worker handler (functions/local/queue.ts, queueLoop.ts).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export interface SendOptions {
  /**
   * the fairness group (an organization and channel: functions/delivery/lanes.ts): receives interleave the
   * groups, so one group's backlog never holds up another's messages (SQS fair queues' message group id on AWS;
   * lanes in the local queue)
   */
  group?: string;
}

export interface QueuePort {
  /** answers the message id */
  send(queue: string, body: unknown, opts?: SendOptions): Promise<string>;
}

/** A worker as Lambda's SQS event source calls it: the records it could not handle are reported back. */
export type QueueWorker = (event: SQSEvent) => Promise<SQSBatchResponse>;
