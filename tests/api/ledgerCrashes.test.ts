/**
 * A crash at every step of a send, for every channel of the registry: the worker is killed at its k-th call
 * (a DynamoDB request or a provider call), for every k a send makes, in a batch of one wave, a batch split into
 * waves by the rate's slots, and a batch whose provider throttles. Then the batch is delivered again (twice in
 * series, then twice at once) after the dead worker's claims went stale, and the run's sweep runs. Each time: no
 * address was given to the provider twice, each recipient has exactly one terminal record, and the counters
 * equal the records.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Channel, CHANNELS } from '../../shared/delivery';
import { CHANNEL_TEMPLATES } from '../../shared/content';
import type { PlanContent } from '../../shared/plan/plan';
import { CHANNEL_ADAPTERS, everyChannel, type ChannelSender, type Outbound, type SendOutcome } from '../../functions/channels';
import { LinkSigner } from '../../functions/channels/links';
import { Ledger } from '../../functions/delivery/ledger';
import type { Recipient } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { type ContentSource, sendBatchHandler, type SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { AD_HOC } from '../support/channelStandIns';
import { manualClock, startHerald } from '../support/herald';
import { interposedStore } from '../support/interposedStore';
import { batchesOf, Killed } from '../support/sendHarness';

let herald: LocalHerald;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
const STALE_MS = 60_000;
const tried: Record<string, number> = {};

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
});
afterAll(async () => {
  console.log(
    `crash points tried: ${Object.entries(tried)
      .map(([of, n]) => `${of} ${n}`)
      .join(', ')}`,
  );
  await herald?.stop();
});

/** Each channel's smallest message, rendered by its own adapter. */
const TEMPLATES: Record<Channel, unknown> = {
  EMAIL: { subject: 'Hi', preheader: '', blocks: [] },
  SMS: { text: 'Hello' },
  PUSH_NATIVE: { title: 'Hi', body: 'Hello' },
  LINE: { messages: [{ type: 'text', text: 'Hello' }] },
  DIRECT_MAIL: { subject: 'Hi', body: 'Hello' },
};
const contentOf = (channel: Channel): ContentSource => {
  const template = CHANNEL_TEMPLATES[channel].template.parse({ channel, defaultLanguage: 'en', contents: { en: TEMPLATES[channel] } });
  const render = CHANNEL_ADAPTERS[channel].prepare({ kind: channel, template } as PlanContent, AD_HOC);
  return { load: async () => ({ stopped: false, from: 'news@herald.local', render: render! }) };
};

/** An address of the channel's own form. */
function addressOf(channel: Channel, i: number, tag: string): Partial<Recipient> & { address: string } {
  if (channel === 'SMS') return { address: `+8190${String(1000_0000 + i)}` };
  if (channel === 'PUSH_NATIVE') return { address: `tok-${tag}-${i}`, target: `dev-${i}`, os: 'IOS' };
  if (channel === 'LINE') return { address: `U${tag.replace(/-/g, '').padEnd(30, '0').slice(0, 30)}${String(i).padStart(2, '0')}` };
  if (channel === 'DIRECT_MAIL') return { address: `${i} Main Street, Springfield` };
  return { address: `${tag}-${i}@example.com` };
}

const SCENARIOS = {
  'one wave': { n: 3, rate: 1_000_000, throttled: false },
  'waves split by the rate': { n: 3, rate: 2, throttled: false },
  'a throttling provider': { n: 3, rate: 1_000_000, throttled: true },
} as const;

describe.each(CHANNELS)('a crash at every step of a %s send', (channel) => {
  it.each(Object.entries(SCENARIOS))('%s', async (scenario, { n, rate, throttled }) => {
    /** One send of a fresh run whose worker is killed at its `killAt`th call (none: counts the calls). */
    async function crashAt(killAt: number | undefined): Promise<number> {
      const tag = randomUUID().slice(0, 8);
      const run = { orgId: 1, planId: `p-${tag}`, runId: 'r1' };
      const list: Recipient[] = Array.from({ length: n }, (_, i) => ({ accountId: `${tag}-${i}`, consent: true, ...addressOf(channel, i, tag) }));
      const [batch] = batchesOf(run, channel, list);
      const given = new Map<string, number>();
      const throttledOnce = new Set<string>();
      let calls = 0;
      const step = () => {
        if (calls++ === killAt) throw new Killed();
      };
      const provider = (dies: boolean): ChannelSender => ({
        async send(message: Outbound): Promise<SendOutcome> {
          if (dies) step();
          const to = (message as { to: string }).to;
          if (throttled && !throttledOnce.has(to)) {
            throttledOnce.add(to);
            return { kind: 'throttled' };
          }
          given.set(to, (given.get(to) ?? 0) + 1);
          return { kind: 'sent', providerId: `m-${to}` };
        },
      });
      const deps = (dies: boolean): SendWorkerDeps => {
        const on = dies ? interposedStore(herald, step) : store;
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
          senders: everyChannel(provider(dies)),
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
      if (killAt === undefined) return calls;
      // the queue delivers the batch again once the dead worker's message is visible; twice, then twice at once
      clock.advance(STALE_MS + 1000);
      await sendBatchHandler(deps(false))(batch!);
      await sendBatchHandler(deps(false))(batch!);
      await Promise.all([sendBatchHandler(deps(false))(batch!), sendBatchHandler(deps(false))(batch!)]);
      const ledger = new Ledger(store, clock);
      await ledger.sweep(run, clock.now() - STALE_MS);

      const where = `${channel}, ${scenario}, killed at call ${killAt}`;
      expect(
        [...given.values()].filter((times) => times > 1),
        where,
      ).toEqual([]);
      const records = await Promise.all(list.map((r) => ledger.recordOf({ ...run, channel, accountId: r.accountId, ...(r.target ? { target: r.target } : {}) })));
      expect(
        records.filter((r) => !r || !['SENT', 'FAILED', 'SKIPPED', 'UNCERTAIN'].includes(r.status)).map((r) => r?.status ?? 'none'),
        where,
      ).toEqual([]);
      const count = (status: string) => records.filter((r) => r?.status === status).length;
      const { total } = await ledger.totals(run);
      expect({ sent: total.sent, failed: total.failed, skipped: total.skipped, uncertain: total.uncertain }, where).toEqual({
        sent: count('SENT'),
        failed: count('FAILED'),
        skipped: count('SKIPPED'),
        uncertain: count('UNCERTAIN'),
      });
      // what the provider has is SENT, or UNCERTAIN when its worker died before recording it
      for (const [i, r] of records.entries()) if (r?.status === 'SENT') expect(given.get(list[i]!.address), where).toBe(1);
      return calls;
    }

    const steps = await crashAt(undefined);
    expect(steps).toBeGreaterThan(3);
    for (let k = 0; k < steps; k++) await crashAt(k);
    tried[channel] = (tried[channel] ?? 0) + steps;
  });
});
