/**
 * The send worker driven one queue message at a time, as Lambda invokes it with a batch of one: the unit a
 * crash interrupts. The exactly-once, crash, duplicate and throttle tests of every channel share it.
 */
import type { SQSRecord } from 'aws-lambda';
import type { Channel } from '../../shared/delivery';
import { type ChannelSender, everyChannel } from '../../functions/channels';
import { LinkSigner } from '../../functions/channels/links';
import { RecordingSender } from '../../functions/channels/recording';
import { Ledger } from '../../functions/delivery/ledger';
import { deliveryMessageSchema, type Recipient, SEND_BATCH, type SendBatch } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { type ContentSource, sendBatchHandler, type SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import type { LocalQueue } from '../../functions/local/queue';
import type { Logger } from '../../functions/platform/logger';
import { queueWorker } from '../../functions/platform/worker';
import { Store } from '../../functions/store/store';

export type SendQueueWorker = ReturnType<typeof queueWorker>;

/**
 * The send worker's dependencies as the tests drive it on `herald`: `channel` sent through `sender`, every other
 * channel recorded, rates unlimited, a quick back-off. `over` replaces any; its store and clock are the ledger's
 * and the rate's too.
 */
export function workerDeps(herald: LocalHerald, channel: Channel, sender: ChannelSender, content: ContentSource, over: Partial<SendWorkerDeps> = {}): SendWorkerDeps {
  const store = over.store ?? new Store(herald.rt);
  const clock = over.clock ?? herald.rt.clock;
  return {
    store,
    clock,
    log: herald.rt.log,
    ledger: new Ledger(store, clock),
    rate: new RateLimiter(store, clock, () => 1_000_000),
    senders: { ...everyChannel(new RecordingSender(clock)), [channel]: sender },
    content,
    links: new LinkSigner(herald.rt.keys.sealKey, herald.rt.config.publicUrl),
    staleClaimMs: 60_000,
    throttleRetries: 8,
    backoffMs: 1,
    concurrency: 8,
    ...over,
  };
}

/** A worker that dies mid-batch throws this (from `onRecorded`). */
export class Killed extends Error {}

/**
 * `use` is read when called (test files boot their Herald in beforeAll): the queue the batches wait in and the
 * log; `onTaken` sees each message body as it is received (a crash test puts it back as the queue would).
 */
export function sendHarness(use: () => { queue: LocalQueue; log: Logger }, opts: { onTaken?: (body: unknown) => void } = {}) {
  const workerOf = (d: SendWorkerDeps): SendQueueWorker =>
    queueWorker(
      deliveryMessageSchema,
      async (m) => {
        if (m.kind !== 'send') throw new Error(`unexpected ${m.kind}`);
        await sendBatchHandler(d)(m);
      },
      use().log,
    );

  /**
   * Receives one message and hands it to `worker`: acknowledged when it succeeded, left to come back when not.
   * `beforeAck` and `afterAck` run around the acknowledgement (a crash test's worker dies there: before it, the
   * message comes back though its work was done).
   */
  async function deliverOne(
    worker: SendQueueWorker,
    queue: string,
    around: { onTaken?: (body: unknown) => void; beforeAck?: () => void; afterAck?: () => void } = {},
  ): Promise<'empty' | 'acked' | 'failed'> {
    const [m] = await use().queue.receive(queue, 1, 60);
    if (!m) return 'empty';
    opts.onTaken?.(m.body);
    around.onTaken?.(m.body);
    const record = { messageId: m.id, receiptHandle: m.receipt, body: JSON.stringify(m.body) } as unknown as SQSRecord;
    const out = await worker({ Records: [record] });
    if (out.batchItemFailures.length > 0) return 'failed';
    around.beforeAck?.();
    await use().queue.ack(queue, m.id, m.receipt);
    around.afterAck?.();
    return 'acked';
  }

  async function drain(worker: SendQueueWorker, queue: string): Promise<void> {
    for (let guard = 0; guard < 10_000; guard++) if ((await deliverOne(worker, queue)) === 'empty') return;
  }

  return { workerOf, deliverOne, drain };
}

/**
 * A run's recipients as the audience fan-out queues them: SEND_BATCH to a message (`size` when given: a test
 * needs several batches without hundreds of recipients), each batch named by its place (the names let a page read
 * again queue the same batches, pipeline.ts).
 */
export function batchesOf(run: { orgId: number; planId: string; runId: string; shards?: number }, channel: Channel, list: readonly Recipient[], size = SEND_BATCH): SendBatch[] {
  const out: SendBatch[] = [];
  for (let i = 0; i < list.length; i += size) out.push({ kind: 'send', ...run, channel, recipients: list.slice(i, i + size), batch: `0#0#${i / size}` });
  return out;
}

export interface DynamoCall {
  name: string;
  table: string;
  started: number;
  answered?: number;
}

/** Every DynamoDB request `work` makes, with the order it was sent and answered in (the local loops' polls too). */
export async function dynamoRequestsOf(herald: LocalHerald, work: () => Promise<unknown>): Promise<DynamoCall[]> {
  const calls: DynamoCall[] = [];
  let tick = 0;
  const doc = herald.rt.aws.doc as unknown as { send: (c: { constructor: { name: string }; input: Record<string, unknown> }) => Promise<unknown> };
  const original = doc.send.bind(doc);
  doc.send = async (c) => {
    const input = c.input as { TableName?: string; RequestItems?: Record<string, unknown> };
    const call: DynamoCall = { name: c.constructor.name.replace(/Command$/, ''), table: input.TableName ?? Object.keys(input.RequestItems ?? {}).join(','), started: tick++ };
    calls.push(call);
    try {
      return await original(c);
    } finally {
      call.answered = tick++;
    }
  };
  try {
    await work();
  } finally {
    doc.send = original;
  }
  return calls;
}
