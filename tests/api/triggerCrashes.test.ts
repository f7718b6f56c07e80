/**
 * A crash at every step of an event trigger's window, for every channel of the registry (a trigger plan may be on
 * any): the whole delivery worker dies at each of its calls (tests/support/crashHarness.ts queuedPathCrashes)
 * while a recipient's custom event opens its limiter window (whose start names the run), the window's send is
 * counted matched under the plan's run of trigger sends with its `#pages` marker, and its batch is sent; then
 * restarted, the message delivered again and duplicated. The recipient has one terminal record, was offered once,
 * the window is counted once, the counters equal the records, and the plan's run row is there.
 */
import { expect, it } from 'vitest';
import { triggerSchema } from '../../shared/plan/trigger';
import { TRIGGER_RUN } from '../../functions/delivery/ledger';
import { triggerIndexWrites } from '../../functions/delivery/triggerIndex';
import { announceEvents } from '../../functions/delivery/triggers';
import { expectOnceEach, type Path, planOf, queuedPathCrashes, reachableAccount } from '../support/crashHarness';

const { everyChannel, crashAt } = queuedPathCrashes({ start: Date.UTC(2026, 10, 22, 9, 0, 0) });

const triggerWindow: Path = async (w, channel, tag) => {
  const { store, ledger, clock } = w;
  const { account, recipient } = await reachableAccount(store, channel, 1, tag, 0, clock.now());
  const code = `crash_${tag}`;
  const plan = await planOf(w, 1, channel, { status: 'ACTIVE', trigger: triggerSchema.parse({ kind: 'ACTION', actionCode: code }) });
  await store.transact(triggerIndexWrites(store, { ...plan, status: 'DRAFT' }, plan));
  const receivedAt = clock.now();
  // what the app SDK API puts on the queue after recording the event
  await announceEvents(w.herald.rt.ports, { orgId: 1, accountId: account.id, receivedAt, events: [{ id: `e-${tag}`, type: 'custom', name: code }] });
  return {
    moments: [],
    after: [],
    async expect(h, where) {
      const window = { orgId: 1, planId: plan.id, runId: `t${receivedAt}` };
      const counted = { ...window, runId: TRIGGER_RUN };
      const statuses = await expectOnceEach(ledger, window, channel, [recipient], h, where, counted);
      const { total } = await ledger.totals(counted);
      expect({ matched: total.matched, outcomes: total.sent + total.failed + total.skipped + total.uncertain }, where).toEqual({ matched: 1, outcomes: 1 });
      // the plan's one row of trigger sends, which the message detail reads
      expect((await store.forOrg(1).keyed('planRun').get(plan.id, TRIGGER_RUN))?.status, where).toBe('RUNNING');
      return statuses;
    },
  };
};

everyChannel('a trigger window', triggerWindow);

it("a trigger window's send whose worker died after counting it: its redelivery makes the plan's run of trigger sends", async () => {
  // before: the redelivery found the window counted and skipped making the run row with it
  await crashAt(triggerWindow, 'EMAIL', (call) => typeof call === 'object' && call.name === 'Get' && JSON.stringify(call.input).includes(TRIGGER_RUN));
});
