/**
 * The exactly-once suite every channel's sender and every organization provider passes, against its stand-in
 * (tests/api/exactlyOnce.test.ts runs it for each row of the registry): a worker killed at every call of a send
 * that changes state (a DynamoDB write, the provider call), the batch then delivered again twice in series and
 * twice at once; every batch delivered twice, in series and in parallel, through the queue; a worker that dies
 * between the provider and the ledger; recipients the stand-in throttles. Each time: one terminal record per
 * recipient, none given to the provider twice, the counters equal to the records.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/delivery';
import type { ChannelSender, SendOutcome } from '../../functions/channels';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient } from '../../functions/delivery/messages';
import { type ContentSource, sendBatchHandler, type SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import type { Store } from '../../functions/store/store';
import { atEveryStep, type Call, contentOf, CrashPoints, type crashTally, expectOnceEach, type Handed, handed } from './crashHarness';
import { interposedStore } from './interposedStore';
import { batchesOf, Killed, type sendHarness, workerDeps } from './sendHarness';

export type Run = { orgId: number; planId: string; runId: string };

/** One way out of Herald to a stand-in: a channel's own provider, or an organization's provider of one kind. */
export interface StandInTarget {
  channel: Channel;
  /** the sender the worker gets, reaching the stand-in (made once, as a worker keeps it) */
  sender: () => ChannelSender;
  /** `n` recipients on addresses of their own (the stand-ins serve the whole test run); push stores their devices */
  recipients: (n: number) => Promise<Recipient[]>;
  /** how many messages the stand-in accepted for each recipient of the run, in the list's order */
  taken: (run: Run, list: readonly Recipient[]) => Promise<number[]>;
  /** the stand-in answers the next `times` sends to the recipient as throttled */
  throttle: (r: Recipient, times: number) => Promise<unknown>;
  /** the content rendered for it (the channel's smallest when not given) */
  content?: ContentSource;
  /** more it checks once each recipient was sent once (LINE: the retry key; a letter: its key as the provider id) */
  eachOnce?: (run: Run, list: readonly Recipient[]) => Promise<void>;
  /** more a duplicated delivery must leave once (push: one inbox item per account) */
  afterDuplicates?: (list: readonly Recipient[]) => Promise<void>;
  /** what the uncertain recipient must be kept out of (a letter: the print run) */
  afterUncertain?: (run: Run, list: readonly Recipient[], uncertain: Recipient) => Promise<void>;
}

/** What the suite works on: the file's Herald (booted in its beforeAll), its store and queue harness. */
export interface SuiteWorld {
  herald: LocalHerald;
  store: Store;
  harness: ReturnType<typeof sendHarness>;
}

/** How many recipients each case sends to, and in batches of how many (several batches, few recipients). */
const SIZES = { crash: 3, duplicates: 20, uncertain: 3, throttled: 12, batch: 5 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const plus = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

/**
 * `real` as the provider the crash harness counts (tests/support/crashHarness.ts countingProvider): each call
 * offered, passing `step` first; what it accepted given; `throttled` counts the throttled answers.
 */
function counted(real: ChannelSender, h: Handed, step?: (call: 'provider') => void, throttled?: { n: number }): ChannelSender {
  return {
    async send(m, route): Promise<SendOutcome> {
      const to = (m as { to: string }).to;
      plus(h.offered, to);
      step?.('provider');
      const out = await real.send(m, route);
      if (out.kind === 'sent') plus(h.given, to);
      if (out.kind === 'throttled') {
        // a throttled message was surely not sent: not offered
        plus(h.offered, to, -1);
        if (throttled) throttled.n++;
      }
      return out;
    },
  };
}

export function exactlyOnceSuite(name: string, t: StandInTarget, world: () => SuiteWorld, tally: ReturnType<typeof crashTally>, timeout = 120_000): void {
  const newRun = (): Run => ({ orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' });
  const batches = (run: Run, list: readonly Recipient[]) => batchesOf(run, t.channel, list, SIZES.batch);

  const deps = (sender: ChannelSender, on = world().store, over: Partial<SendWorkerDeps> = {}) =>
    workerDeps(world().herald, t.channel, sender, t.content ?? contentOf(t.channel), { store: on, ...over });
  const ledger = () => new Ledger(world().store, world().herald.rt.clock);
  const worker = (sender: ChannelSender, over?: Partial<SendWorkerDeps>) => world().harness.workerOf(deps(sender, undefined, over));

  /** One terminal record each, none given twice, counters equal records; the stand-in took each once. */
  async function expectEachOnce(run: Run, list: readonly Recipient[], h: Handed, where: string) {
    expect(await expectOnceEach(ledger(), run, t.channel, list, h, where)).toEqual(list.map(() => 'SENT'));
    expect(await t.taken(run, list), where).toEqual(list.map(() => 1));
    await t.eachOnce?.(run, list);
  }

  describe(name, () => {
    it(
      'a worker killed at every call of a send that changes state, the batch then delivered twice in series and twice at once: each recipient once',
      async () => {
        /** One batch whose worker dies at its `killAt`th call (none: it only counts), then delivered again. */
        async function crashAt(killAt: number | undefined): Promise<readonly Call[]> {
          const { herald, store } = world();
          const run = newRun();
          const list = await t.recipients(SIZES.crash);
          const [batch] = batchesOf(run, t.channel, list);
          const h = handed();
          const points = new CrashPoints(killAt);
          // the dying worker's every DynamoDB request and provider call is a step; the restarted ones see its claims stale
          const dying = deps(counted(t.sender(), h, points.step), interposedStore(herald, points.step));
          try {
            await sendBatchHandler(dying)(batch!);
          } catch (e) {
            if (!(e instanceof Killed)) throw e;
          }
          const where = `${name}, ${killAt === undefined ? 'not killed' : `killed at call ${killAt}`}`;
          if (killAt !== undefined) {
            await sleep(2);
            const again = () => sendBatchHandler(deps(counted(t.sender(), h), store, { staleClaimMs: 0 }))(batch!);
            await again();
            await again();
            await Promise.all([again(), again()]);
            await ledger().sweep(run, herald.rt.clock.now() + 1);
          }
          const statuses = await expectOnceEach(ledger(), run, t.channel, list, h, where);
          // what the stand-in took agrees with what the provider answered sent (an uncertain one's: once, or never)
          expect(await t.taken(run, list), where).toEqual(list.map((r) => h.given.get(r.address) ?? 0));
          if (killAt === undefined) expect(statuses, where).toEqual(list.map(() => 'SENT'));
          return points.log;
        }
        const { calls, points } = await atEveryStep(crashAt);
        expect(points).toBeGreaterThan(5);
        tally.add(name, points, calls);
      },
      timeout,
    );

    it(
      'every batch delivered twice, in series and in parallel: one message per recipient',
      async () => {
        const { herald, harness } = world();
        const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
        const run = newRun();
        const list = await t.recipients(SIZES.duplicates);
        const all = batches(run, list);
        const h = handed();
        const half = Math.ceil(all.length / 2);
        for (const b of all.slice(0, half)) {
          await herald.queue.send(queue, b);
          await herald.queue.send(queue, b);
        }
        await harness.drain(worker(counted(t.sender(), h)), queue);
        for (const b of all.slice(half)) {
          await herald.queue.send(queue, b);
          await herald.queue.send(queue, b);
        }
        await Promise.all([harness.drain(worker(counted(t.sender(), h)), queue), harness.drain(worker(counted(t.sender(), h)), queue)]);
        await expectEachOnce(run, list, h, `${name}, duplicated`);
        await t.afterDuplicates?.(list);
      },
      timeout,
    );

    it(
      'a worker that dies between the provider and the ledger leaves an uncertain record, never resent',
      async () => {
        const { herald, harness } = world();
        const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
        const run = newRun();
        const list = await t.recipients(SIZES.uncertain);
        const [first] = batches(run, list);
        await herald.queue.send(queue, first);
        const sender = t.sender();
        const dying: ChannelSender = {
          async send(m, route) {
            const out = await sender.send(m, route);
            if ((m as { to: string }).to === list[1]!.address) throw new Killed();
            return out;
          },
        };
        expect(await harness.deliverOne(worker(dying), queue)).toBe('failed');
        // the queue hands the batch out again once the dead worker's claims are stale
        await herald.queue.send(queue, first);
        await sleep(2);
        await harness.drain(worker(sender, { staleClaimMs: 0 }), queue);
        expect(await t.taken(run, list)).toEqual([1, 1, 1]);
        expect((await ledger().totals(run)).total).toMatchObject({ sent: 2, uncertain: 1, failed: 0 });
        expect((await ledger().recordOf({ ...run, channel: t.channel, accountId: list[1]!.accountId, ...(list[1]!.target ? { target: list[1]!.target } : {}) }))?.status).toBe(
          'UNCERTAIN',
        );
        await t.afterUncertain?.(run, list, list[1]!);
      },
      timeout,
    );

    it(
      'recipients the provider throttles are retried until sent, none twice, never counted before they go',
      async () => {
        const { herald, harness } = world();
        const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
        const run = newRun();
        const list = await t.recipients(SIZES.throttled);
        const slow = list.filter((_, i) => i % 3 === 0);
        for (const r of slow) await t.throttle(r, 2);
        const h = handed();
        const throttled = { n: 0 };
        for (const b of batches(run, list)) await herald.queue.send(queue, b);
        await Promise.all([harness.drain(worker(counted(t.sender(), h, undefined, throttled)), queue), harness.drain(worker(counted(t.sender(), h, undefined, throttled)), queue)]);
        expect(throttled.n).toBe(slow.length * 2);
        await expectEachOnce(run, list, h, `${name}, throttled`);
      },
      timeout,
    );
  });
}
