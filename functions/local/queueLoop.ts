/** The local stand-in for Lambda's SQS event source. */
import type { SQSRecord } from 'aws-lambda';
import type { Logger } from '../platform/logger';
import type { QueueWorker } from '../platform/queue';
import { type InHand, type LocalQueue, type Received, splitId } from './queue';

/**
 * Runs `worker` over `queue` until stopped: receive, hand over as SQS records, acknowledge what succeeded. A send in
 * this process wakes the loop at once; polls find what comes back after its visibility timeout, what another
 * process sent, and delayed work. An empty poll doubles the wait before the next one, from `pollMs` up to
 * `idlePollMs` (four times `pollMs` unless given): an idle Herald's polls were most of its DynamoDB Local load.
 */
export function startQueueLoop(opts: {
  queue: LocalQueue;
  name: string;
  worker: QueueWorker;
  log: Logger;
  pollMs?: number;
  idlePollMs?: number;
  visibilitySeconds?: number;
  concurrency?: number;
}) {
  const { queue, name, worker, log } = opts;
  const concurrency = opts.concurrency ?? 10;
  const pollMs = opts.pollMs ?? 250;
  const idlePollMs = Math.max(pollMs, opts.idlePollMs ?? 4 * pollMs);
  let wait = pollMs;
  let stopped = false;
  let receiving = false;
  let inFlight = 0;
  const held = new Map<string, number>();
  const hand: InHand = { held, perGroup: Math.ceil(concurrency / 2) };
  let timer: NodeJS.Timeout | undefined;
  let woken = false;
  const unsubscribe = queue.onSend(name, () => {
    woken = true;
    pollNow();
  });

  async function handle(m: Received): Promise<void> {
    const record = {
      messageId: m.id,
      receiptHandle: m.receipt,
      body: JSON.stringify(m.body),
      attributes: { ApproximateReceiveCount: String(m.receiveCount) },
    } as unknown as SQSRecord;
    let failed = true;
    try {
      const out = await worker({ Records: [record] });
      failed = out.batchItemFailures.some((f) => f.itemIdentifier === m.id);
    } catch (e) {
      log.error('queue worker failed', { queue: name, error: e instanceof Error ? e.message : String(e) });
    }
    if (!failed) await queue.ack(name, m.id, m.receipt);
  }

  async function fill(): Promise<void> {
    if (stopped || receiving || inFlight >= concurrency) return;
    receiving = true;
    woken = false;
    let got = 0;
    try {
      const messages = await queue.receive(name, concurrency - inFlight, opts.visibilitySeconds ?? 60, hand);
      got = messages.length;
      for (const m of messages) {
        const { group } = splitId(m.id);
        inFlight++;
        held.set(group, (held.get(group) ?? 0) + 1);
        handle(m)
          .catch((e: unknown) => log.error('queue loop failed', { queue: name, error: e instanceof Error ? e.message : String(e) }))
          .finally(() => {
            inFlight--;
            held.set(group, held.get(group)! - 1);
            if (held.get(group) === 0) held.delete(group);
            schedule(0);
          });
      }
    } catch (e) {
      log.error('queue loop failed', { queue: name, error: e instanceof Error ? e.message : String(e) });
    } finally {
      receiving = false;
    }
    const more = got > 0 || woken;
    if (more) wait = pollMs;
    if (inFlight >= concurrency) return;
    if (more) schedule(0);
    else {
      schedule(wait);
      wait = Math.min(wait * 2, idlePollMs);
    }
  }

  /** polls at once, and from the shortest wait again */
  function pollNow() {
    wait = pollMs;
    schedule(0);
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void fill(), ms);
  }
  schedule(0);

  return {
    /** polls now instead of at the next interval */
    kick: pollNow,
    /** resolves once the queue is empty and the worker idle */
    async idle() {
      while (receiving || inFlight > 0 || (await queue.depth(name)) > 0) {
        this.kick();
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      while (receiving || inFlight > 0) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
