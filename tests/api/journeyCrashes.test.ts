/**
 * A crash at every step of a journey's message step, for every channel of the registry (a message step may be on
 * any): the whole delivery worker dies at each of its calls (tests/support/crashHarness.ts queuedPathCrashes)
 * while two recipients of a campaign are sent the step's message and leave the journey; then restarted, the
 * message delivered again and duplicated, the run's check with its sweep. Each recipient has one terminal record
 * of the step, none was offered twice, the counters equal the records, the journey's counters account for both,
 * both have left, and the run completes.
 */
import { expect, it } from 'vitest';
import { type JourneyState, JOURNEY_SHARDS, shardOf } from '../../shared/entities';
import { journeySchema, stepRunId } from '../../shared/plan/journey';
import { journeyEngine } from '../../functions/delivery/journey';
import { expectCompleted, expectOnceEach, type Path, planContentOf, planOf, queuedPathCrashes, reachableAccount, runningRun } from '../support/crashHarness';

const { everyChannel, crashAt } = queuedPathCrashes({ start: Date.UTC(2026, 10, 22, 9, 0, 0) });

/** A campaign's journey: its two recipients enter at a message step, are sent it, and leave. */
const journeyStep: Path = async (w, channel, tag) => {
  const { store, ledger, clock } = w;
  const reached = await Promise.all([0, 1].map((i) => reachableAccount(store, channel, 1, tag, i, clock.now())));
  const journey = journeySchema.parse({
    entry: 'hello',
    repeat: 'ONCE',
    steps: { hello: { type: 'MESSAGE', name: 'Hello', channel, content: planContentOf(channel), next: 'bye' }, bye: { type: 'EXIT' } },
  });
  const plan = await planOf(w, 1, channel, { type: 'BUILDER', journey });
  const run = { orgId: 1, planId: plan.id, runId: 'r1' };
  await runningRun(w, run, 0);
  const engine = journeyEngine({
    store,
    clock,
    ports: w.herald.rt.ports,
    ledger,
    sendBatch: () => Promise.reject(new Error('the journey sends in the crash process')),
  });
  // the audience step's part: they enter, and the entry step's message is queued
  await engine.enter(
    run,
    plan,
    reached.map((r) => r.account),
  );
  return {
    moments: [],
    after: [{ kind: 'check', ...run }],
    async expect(h, where) {
      const sent = { ...run, runId: stepRunId(run.runId, 'hello') };
      const statuses = await expectOnceEach(
        ledger,
        sent,
        channel,
        reached.map((r) => r.recipient),
        h,
        where,
      );
      expect(await engine.totals(run), where).toEqual({ entered: 2, exited: 2, steps: { hello: 2, bye: 2 } });
      const states = (await store
        .forOrg(1)
        .keyed('journeyState')
        .getMany(reached.map(({ account }) => ({ rest: `${plan.id}#${shardOf(account.id, JOURNEY_SHARDS)}`, sort: account.id })))) as (JourneyState | undefined)[];
      expect(
        states.map((s) => [s?.stepId, s?.status]),
        where,
      ).toEqual([
        ['bye', 'EXITED'],
        ['bye', 'EXITED'],
      ]);
      await expectCompleted(w, run, where);
      return statuses;
    },
  };
};

everyChannel('a journey step', journeyStep);

it('a journey step whose worker died holding its claims, while a duplicate delivery moved the recipients on: the run check makes the claims UNCERTAIN before the run completes', async () => {
  // before: the duplicate found the claims fresh, moved everyone on and completed the run; the dead worker's
  // message, back later, found them gone from the step, and nothing made the claims terminal
  await crashAt(journeyStep, 'EMAIL', (call) => call === 'provider');
});
