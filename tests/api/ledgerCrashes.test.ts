/**
 * A crash at every step of a send, for every channel of the registry: the worker is killed at its k-th call
 * (a DynamoDB request or a provider call), for every k a send makes, in a batch of one wave, a batch split into
 * waves by the rate's slots, and a batch whose provider throttles. Then the batch is delivered again (twice in
 * series, then twice at once) after the dead worker's claims went stale, and the run's sweep runs. Each time: no
 * address was offered to the provider twice, each recipient has exactly one terminal record, and the counters
 * equal the records. The paths through the queue (quiet hours, a journey step, a trigger window) are
 * tests/api/quietHoursCrashes.test.ts, journeyCrashes.test.ts and triggerCrashes.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/delivery';
import { everyChannel } from '../../functions/channels';
import { LinkSigner } from '../../functions/channels/links';
import { Ledger } from '../../functions/delivery/ledger';
import type { Recipient } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { sendBatchHandler, type SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { addressOf, atEveryStep, type Call, contentOf, CrashPoints, countingProvider, crashTally, expectOnceEach, handed, STALE_MS } from '../support/crashHarness';
import { manualClock, startHerald } from '../support/herald';
import { interposedStore } from '../support/interposedStore';
import { batchesOf, Killed } from '../support/sendHarness';

let herald: LocalHerald;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
const tally = crashTally();

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
});
afterAll(async () => {
  console.log(tally.line());
  await herald?.stop();
});

const SCENARIOS = {
  'one wave': { n: 3, rate: 1_000_000, throttled: false },
  'waves split by the rate': { n: 3, rate: 2, throttled: false },
  'a throttling provider': { n: 3, rate: 1_000_000, throttled: true },
} as const;

describe.each(CHANNELS)('a crash at every step of a %s send', (channel) => {
  it.each(Object.entries(SCENARIOS))('%s', async (scenario, { n, rate, throttled }) => {
    /** One send of a fresh run whose worker is killed at its `killAt`th call (none: counts the calls). */
    async function crashAt(killAt: number | undefined): Promise<readonly Call[]> {
      const tag = randomUUID().slice(0, 8);
      // a run of its own shard count, as one made at 10,000 a second: its batch, the sweep and the reads all use it
      const run = { orgId: 1, planId: `p-${tag}`, runId: 'r1', shards: 128 };
      const list: Recipient[] = Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${i}`, consent: true, ...addressOf(channel, i, tag) }));
      const [batch] = batchesOf(run, channel, list);
      const h = handed();
      const points = new CrashPoints(killAt);
      const deps = (dies: boolean): SendWorkerDeps => {
        const on = dies ? interposedStore(herald, points.step) : store;
        return {
          store: on,
          clock,
          log: herald.rt.log,
          ledger: new Ledger(on, clock),
          // a slot's second passes when the worker waits for the next one
          rate: new RateLimiter(
            on,
            clock,
            () => rate,
            async (ms) => clock.advance(ms),
          ),
          senders: everyChannel(countingProvider(h, { ...(dies ? { step: points.step } : {}), throttleOnce: throttled })),
          content: contentOf(channel),
          links: new LinkSigner(herald.rt.keys.sealKey, herald.url),
          staleClaimMs: STALE_MS,
          throttleRetries: 3,
          backoffMs: 1,
          concurrency: 50,
          sleep: async (ms) => clock.advance(ms),
        };
      };
      try {
        await sendBatchHandler(deps(true))(batch!);
      } catch (e) {
        if (!(e instanceof Killed)) throw e;
      }
      if (killAt === undefined) return points.log;
      // the queue delivers the batch again once the dead worker's message is visible; twice, then twice at once
      clock.advance(STALE_MS + 1000);
      await sendBatchHandler(deps(false))(batch!);
      await sendBatchHandler(deps(false))(batch!);
      await Promise.all([sendBatchHandler(deps(false))(batch!), sendBatchHandler(deps(false))(batch!)]);
      const ledger = new Ledger(store, clock);
      await ledger.sweep(run, clock.now() - STALE_MS);
      await expectOnceEach(ledger, run, channel, list, h, `${channel}, ${scenario}, killed at call ${killAt}`);
      return points.log;
    }

    const { calls, points } = await atEveryStep(crashAt);
    expect(points).toBeGreaterThan(3);
    tally.add(channel, points, calls);
  });
});
