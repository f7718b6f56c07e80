/**
 * Interleavings of the ledger explored by fast-check's scheduler, not by hand: two attempts of one batch (either
 * may die after its claims or after the provider took its messages), a late completion, the clock passing the
 * stale time and the run's sweep, every DynamoDB request of each actor a task the scheduler orders, on DynamoDB
 * Local. Then the batch is delivered again and swept. Each schedule must leave every recipient with one terminal
 * record, no recipient given to the provider twice, and the counters equal to the records.
 *
 * HERALD_SCHEDULES sets how many schedules are tried (1,000 by default). A failing schedule is printed with its
 * seed and path and the order its tasks ran in; `fc.assert(..., { seed, path })` replays it.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Ledger, type LedgerKey } from '../../functions/delivery/ledger';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { manualClock, startHerald } from '../support/herald';
import { interposedStore } from '../support/interposedStore';

let herald: LocalHerald;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
const STALE_MS = 60_000;
const SCHEDULES = Number(process.env.HERALD_SCHEDULES ?? 1000);

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
});
afterAll(() => herald?.stop());

type Death = 'lives' | 'after its claims' | 'after sending';

it(`${SCHEDULES} schedules of two attempts, a dying worker, the stale time and the sweep: each recipient once`, async () => {
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(fc.scheduler(), fc.constantFrom<Death>('lives', 'after its claims', 'after sending'), fc.boolean(), async (s, death, sweeps) => {
      tried += 1;
      const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
      const keys: LedgerKey[] = ['a', 'b'].map((id) => ({ ...run, channel: 'EMAIL', accountId: id }));
      const given = new Map<string, number>();
      const send = (k: LedgerKey) => given.set(k.accountId, (given.get(k.accountId) ?? 0) + 1);
      /** A ledger whose every request waits for the scheduler's turn. */
      const scheduled = (actor: string) =>
        new Ledger(
          interposedStore(herald, (request) => s.schedule(Promise.resolve(), `${actor} ${request.name}`)),
          clock,
        );

      /** One attempt of the batch: claims, gives the claimed to the provider, records the outcomes (unless it dies). */
      async function attempt(actor: string, dies: Death) {
        const ledger = scheduled(actor);
        const claims = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}@example.com` })));
        const mine = keys.flatMap((key, i) => {
          const c = claims[i]!;
          return c.claimed ? [{ key, attempt: c.attempt }] : [];
        });
        if (dies === 'after its claims') return;
        for (const { key } of mine) {
          await s.schedule(Promise.resolve(), `${actor} provider`);
          send(key);
        }
        if (dies === 'after sending') return;
        await ledger.completeMany(mine.map(({ key, attempt }) => ({ key, attempt, outcome: { status: 'SENT' as const } })));
      }

      const actors = [
        attempt('A', death),
        attempt('B', 'lives'),
        s.schedule(Promise.resolve(), 'the stale time passes').then(() => clock.advance(STALE_MS + 1)),
        ...(sweeps ? [s.schedule(Promise.resolve(), 'sweep').then(() => scheduled('sweep').sweep(run, clock.now() - STALE_MS))] : []),
      ];
      // the actors' requests go to DynamoDB Local between their turns: wait turn by turn until all are done
      await s.waitFor(Promise.all(actors));

      // the queue delivers the batch again later
      clock.advance(STALE_MS + 1);
      const ledger = new Ledger(store, clock);
      const again = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}@example.com` })));
      const redelivered = keys.flatMap((key, i) => {
        const c = again[i]!;
        return c.claimed ? [{ key, attempt: c.attempt }] : [];
      });
      for (const { key } of redelivered) send(key);
      await ledger.completeMany(redelivered.map(({ key, attempt }) => ({ key, attempt, outcome: { status: 'SENT' as const } })));
      // the run's check sweeps while a claim is left open (16 index reads: only then, to keep a schedule small)
      let records = await Promise.all(keys.map((k) => ledger.recordOf(k)));
      if (records.some((r) => r?.status === 'CLAIMED')) {
        await ledger.sweep(run, clock.now() - STALE_MS);
        records = await Promise.all(keys.map((k) => ledger.recordOf(k)));
      }
      const statuses = records.map((r) => r?.status ?? 'none');
      const { total } = await ledger.totals(run);
      const count = (status: string) => statuses.filter((st) => st === status).length;
      const ok =
        [...given.values()].every((n) => n <= 1) &&
        statuses.every((st) => st === 'SENT' || st === 'UNCERTAIN') &&
        total.sent === count('SENT') &&
        total.uncertain === count('UNCERTAIN') &&
        records.every((r, i) => r?.status !== 'SENT' || given.get(keys[i]!.accountId) === 1);
      if (!ok)
        throw new Error(
          `given ${JSON.stringify([...given])}, records ${statuses.join(', ')}, counted ${JSON.stringify(total)}\n${s
            .report()
            .map((t) => t.label)
            .join(' → ')}`,
        );
    }),
    { numRuns: SCHEDULES, verbose: 1 },
  );
  console.log(`ledger schedules tried: ${tried}, violations: 0`);
  expect(tried).toBe(SCHEDULES);
}, 600_000);
