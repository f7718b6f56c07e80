/**
 * The local stand-in for SQS, durable in the local DynamoDB: a received message stays hidden for its
 * visibility timeout and comes back if its worker dies before acknowledging it; only the current holder's
 * receipt can acknowledge it; after `maxReceives` it moves to `<queue>-dlq`. A loop feeds the same worker
 * handler Lambda would run, as SQS records.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import type { QueueMessage } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { QueuePort, QueueWorker } from '../platform/queue';
import type { Clock } from '../platform/runtime';
import type { Logger } from '../platform/logger';
import type { Store, TransactItem } from '../store/store';

export interface Received {
  id: string;
  body: unknown;
  receipt: string;
  receiveCount: number;
}

export class LocalQueue implements QueuePort {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly maxReceives = 5,
  ) {}

  async send(queue: string, body: unknown): Promise<string> {
    const item = this.sendItem(queue, body);
    await this.store.transact([item]);
    return (item.Put!.Item as QueueMessage).id;
  }

  /** The write that enqueues a message, for a transaction with other writes (a schedule firing). */
  sendItem(queue: string, body: unknown): TransactItem {
    const now = this.clock.now();
    // ids sort by send time, so receives take the oldest first
    const id = `${String(now).padStart(15, '0')}-${randomUUID()}`;
    const message: QueueMessage = { queue, id, body, sentAt: now, visibleAt: now, receiveCount: 0 };
    return { Put: { TableName: this.store.table('queueMessage'), Item: message } };
  }

  /** Takes up to `max` visible messages, hiding each for `visibilitySeconds` under a new receipt. */
  async receive(queue: string, max: number, visibilitySeconds: number): Promise<Received[]> {
    const now = this.clock.now();
    const visible = await this.visibleMessages(queue, now, max * 2);
    const taken: Received[] = [];
    for (const m of visible) {
      if (taken.length >= max) break;
      if (m.receiveCount >= this.maxReceives) {
        await this.deadLetter(m);
        continue;
      }
      const receipt = randomUUID();
      try {
        // Claimed only if nobody else claimed it since it was read.
        await this.store.update(
          'queueMessage',
          { queue, id: m.id },
          { visibleAt: now + visibilitySeconds * 1000, receipt, receiveCount: m.receiveCount + 1 },
          { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'visibleAt' }, ExpressionAttributeValues: { ':v': m.visibleAt } },
        );
      } catch (e) {
        if (e instanceof AppError) continue;
        throw e;
      }
      taken.push({ id: m.id, body: m.body, receipt, receiveCount: m.receiveCount + 1 });
    }
    return taken;
  }

  /** Deletes the message if `receipt` is still its holder's; false when it was redelivered to another. */
  async ack(queue: string, id: string, receipt: string): Promise<boolean> {
    try {
      await this.store.deleteIf('queueMessage', { queue, id }, { ConditionExpression: '#r = :r', ExpressionAttributeNames: { '#r': 'receipt' }, ExpressionAttributeValues: { ':r': receipt } });
      return true;
    } catch (e) {
      if (e instanceof AppError) return false;
      throw e;
    }
  }

  /** The oldest visible messages, a page at a time: a long queue is never read whole to take a few. */
  private async visibleMessages(queue: string, now: number, wanted: number): Promise<QueueMessage[]> {
    const found: QueueMessage[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.store.rt.aws.doc.send(
        new QueryCommand({
          TableName: this.store.table('queueMessage'),
          KeyConditionExpression: '#q = :q',
          FilterExpression: '#v <= :now',
          ExpressionAttributeNames: { '#q': 'queue', '#v': 'visibleAt' },
          ExpressionAttributeValues: { ':q': queue, ':now': now },
          Limit: 100,
          ExclusiveStartKey: start,
        }),
      );
      found.push(...((out.Items ?? []) as QueueMessage[]));
      start = out.LastEvaluatedKey;
    } while (start && found.length < wanted);
    return found;
  }

  /** Messages waiting or in flight. */
  async depth(queue: string): Promise<number> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.store.rt.aws.doc.send(
        new QueryCommand({
          TableName: this.store.table('queueMessage'),
          KeyConditionExpression: '#q = :q',
          ExpressionAttributeNames: { '#q': 'queue' },
          ExpressionAttributeValues: { ':q': queue },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  }

  private async deadLetter(m: QueueMessage): Promise<void> {
    await this.store.transact([
      this.store.putNew('queueMessage', { ...m, queue: `${m.queue}-dlq`, visibleAt: this.clock.now(), receiveCount: 0, receipt: undefined }),
      this.store.deleteItem('queueMessage', { queue: m.queue, id: m.id }),
    ]);
  }
}

/** Runs `worker` over `queue` until stopped: receive, hand over as SQS records, acknowledge what succeeded. */
export function startQueueLoop(opts: { queue: LocalQueue; name: string; worker: QueueWorker; log: Logger; pollMs?: number; visibilitySeconds?: number }) {
  const { queue, name, worker, log } = opts;
  let stopped = false;
  let busy = false;
  let timer: NodeJS.Timeout | undefined;

  async function drainOnce(): Promise<number> {
    const messages = await queue.receive(name, 10, opts.visibilitySeconds ?? 60);
    if (messages.length === 0) return 0;
    const Records = messages.map((m) => ({ messageId: m.id, receiptHandle: m.receipt, body: JSON.stringify(m.body), attributes: { ApproximateReceiveCount: String(m.receiveCount) } }) as unknown as SQSRecord);
    let failed = new Set<string>(messages.map((m) => m.id));
    try {
      const out = await worker({ Records });
      failed = new Set(out.batchItemFailures.map((f) => f.itemIdentifier));
    } catch (e) {
      log.error('queue worker failed', { queue: name, error: e instanceof Error ? e.message : String(e) });
    }
    await Promise.all(messages.filter((m) => !failed.has(m.id)).map((m) => queue.ack(name, m.id, m.receipt)));
    return messages.length;
  }

  async function tick() {
    if (stopped || busy) return;
    busy = true;
    try {
      while (!stopped && (await drainOnce()) > 0);
    } catch (e) {
      log.error('queue loop failed', { queue: name, error: e instanceof Error ? e.message : String(e) });
    } finally {
      busy = false;
      if (!stopped) timer = setTimeout(tick, opts.pollMs ?? 250);
    }
  }
  timer = setTimeout(tick, 0);

  return {
    /** polls now instead of at the next interval */
    kick() {
      if (timer && !busy) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    /** resolves once the queue is empty and the worker idle */
    async idle() {
      while (busy || (await queue.depth(name)) > 0) {
        this.kick();
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (busy) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
