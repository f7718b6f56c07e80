/**
 * The exactly-once suite every channel's sender passes through the send worker (sendHarness): a worker killed
 * part-way and restarted, every batch delivered twice in series and in parallel, a worker that dies between the
 * service and the ledger, and recipients the service throttles. Each channel file calls it with its stand-in.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/delivery';
import type { ChannelSender, SendOutcome } from '../../functions/channels/sender';
import type { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient, type SendBatch } from '../../functions/delivery/messages';
import type { SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalQueue } from '../../functions/local/queue';
import { Killed, type sendHarness } from './sendHarness';

type Run = { orgId: number; planId: string; runId: string };

export interface ExactlyOnceChannel {
  /** the describe block's title */
  title: string;
  channel: Channel;
  /** what the titles call one recipient's address: number, device, recipient */
  noun: string;
  harness: ReturnType<typeof sendHarness>;
  queue: () => LocalQueue;
  ledger: () => Ledger;
  /** the deployment's sender for the channel, as the worker gets it */
  sender: () => ChannelSender;
  deps: (sender: ChannelSender, over?: Partial<SendWorkerDeps>) => SendWorkerDeps;
  recipients: (n: number) => Recipient[] | Promise<Recipient[]>;
  batches: (run: Run, list: Recipient[]) => SendBatch[];
  /** how many messages the service received for each of the addresses */
  perAddress: (addresses: string[]) => Promise<Map<string, number>>;
  /** the stand-in answers `throttled` the next `times` sends to the address */
  throttle: (address: string, times: number) => Promise<unknown>;
  /** after a worker died: the queue hands out again what it held (`lost`, or the message taken last) once its claims are stale */
  redeliver: (queue: string, lost: SendBatch[]) => Promise<void>;
  /** what the worker that picks up after a dead one needs to see its claims and its batch's hold as stale */
  afterUncertain?: Partial<SendWorkerDeps>;
  /** the channel's own checks that each recipient got one message (the retry key, the content) */
  eachOnce?: (run: Run, list: Recipient[]) => Promise<unknown>;
  /** more that a duplicated delivery must leave once (push: one inbox item per account) */
  afterDuplicates?: (list: Recipient[]) => Promise<void>;
  sizes: { crash: number; killAfter: number[]; duplicates: number; inSeries: number; throttled: number };
  timeout?: number;
}

export function exactlyOnceSuite(c: ExactlyOnceChannel): void {
  const { workerOf, deliverOne, drain } = c.harness;
  const newRun = (): Run => ({ orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' });
  const newQueue = () => `${DELIVERY_QUEUE}-${randomUUID()}`;
  const worker = (sender = c.sender(), over?: Partial<SendWorkerDeps>) => workerOf(c.deps(sender, over));

  async function expectEachOnce(run: Run, list: Recipient[]) {
    const counts = await c.perAddress(list.map((r) => r.address));
    expect(counts.size).toBe(list.length);
    expect(Math.max(...counts.values())).toBe(1);
    expect((await c.ledger().totals(run)).total).toMatchObject({ sent: list.length, failed: 0, skipped: 0, uncertain: 0 });
    await c.eachOnce?.(run, list);
  }

  const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

  describe(c.title, () => {
    it.each(c.sizes.killAfter)(
      `a worker killed after %i of ${c.sizes.crash} sends, then restarted: each ${c.noun} once`,
      async (killAfter) => {
        const queue = newQueue();
        const run = newRun();
        const list = await c.recipients(c.sizes.crash);
        for (const b of c.batches(run, list)) await c.queue().send(queue, b);
        let done = 0;
        const dying = worker(c.sender(), {
          concurrency: 1,
          onRecorded: () => {
            if (++done === killAfter) throw new Killed();
          },
        });
        let outcome: string;
        do outcome = await deliverOne(dying, queue);
        while (outcome === 'acked');
        expect(outcome).toBe('failed');
        expect(sum(await c.perAddress(list.map((r) => r.address)))).toBe(killAfter);
        await c.redeliver(queue, c.batches(run, list));
        await drain(worker(c.sender(), c.afterUncertain), queue);
        await expectEachOnce(run, list);
      },
      c.timeout,
    );

    it(
      `every batch delivered twice, in series and in parallel: one message per ${c.noun}`,
      async () => {
        const queue = newQueue();
        const run = newRun();
        const list = await c.recipients(c.sizes.duplicates);
        const all = c.batches(run, list);
        for (const b of all.slice(0, c.sizes.inSeries)) {
          await c.queue().send(queue, b);
          await c.queue().send(queue, b);
        }
        await drain(worker(), queue);
        for (const b of all.slice(c.sizes.inSeries)) {
          await c.queue().send(queue, b);
          await c.queue().send(queue, b);
        }
        await Promise.all([drain(worker(), queue), drain(worker(), queue)]);
        await expectEachOnce(run, list);
        await c.afterDuplicates?.(list);
      },
      c.timeout,
    );

    it(
      'a worker that dies between the service and the ledger leaves an uncertain record, never resent',
      async () => {
        const queue = newQueue();
        const run = newRun();
        const list = await c.recipients(3);
        const first = c.batches(run, list)[0]!;
        await c.queue().send(queue, first);
        const sender = c.sender();
        const dying: ChannelSender = {
          async send(m, route) {
            const out = await sender.send(m, route);
            if (m.channel === c.channel && m.to === list[1]!.address) throw new Killed();
            return out;
          },
        };
        expect(await deliverOne(worker(dying), queue)).toBe('failed');
        await c.redeliver(queue, [first]);
        await drain(worker(sender, c.afterUncertain), queue);
        expect([...(await c.perAddress(list.map((r) => r.address))).values()]).toEqual([1, 1, 1]);
        expect((await c.ledger().totals(run)).total).toMatchObject({ sent: 2, uncertain: 1 });
      },
      c.timeout,
    );

    it(
      `${c.noun}s the service throttles are retried until sent, none twice, never counted before they go`,
      async () => {
        const queue = newQueue();
        const run = newRun();
        const list = await c.recipients(c.sizes.throttled);
        const slow = list.filter((_, i) => i % 3 === 0).map((r) => r.address);
        for (const address of slow) await c.throttle(address, 2);
        let throttled = 0;
        const sender = c.sender();
        const counting: ChannelSender = {
          async send(m, route): Promise<SendOutcome> {
            const out = await sender.send(m, route);
            if (out.kind === 'throttled') throttled++;
            return out;
          },
        };
        for (const b of c.batches(run, list)) await c.queue().send(queue, b);
        await Promise.all([drain(worker(counting), queue), drain(worker(counting), queue)]);
        expect(throttled).toBe(slow.length * 2);
        await expectEachOnce(run, list);
      },
      c.timeout,
    );
  });
}
