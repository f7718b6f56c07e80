/**
 * A crash at every step of a batch held for its recipients' quiet hours, for every channel of the registry: the
 * whole delivery worker dies at each of its calls (tests/support/crashHarness.ts queuedPathCrashes) while the batch
 * is sent to those awake, held for the others (a schedule for their window's opening, counted held once) and sent
 * when the window opens; then restarted, the message delivered again and duplicated, the run's check. Each
 * recipient has one terminal record, none was offered twice, the counters equal the records, the run completes.
 */
import { expect } from 'vitest';
import { laneOf } from '../../functions/delivery/lanes';
import { DELIVERY_QUEUE, type Recipient } from '../../functions/delivery/messages';
import { QUIET_CHANNELS } from '../../functions/delivery/policy';
import { addressOf, expectCompleted, expectOnceEach, type Path, planOf, queuedPathCrashes, runningRun } from '../support/crashHarness';
import { batchesOf } from '../support/sendHarness';

const HOUR = 3600_000;
/** An organization whose quiet hours are 21:00 to 08:00 in each recipient's zone. */
const QUIET_ORG = 41;

const { everyChannel } = queuedPathCrashes({
  // 09:00 UTC: 18:00 in Tokyo, 04:00 in New York
  start: Date.UTC(2026, 10, 22, 9, 0, 0),
  async setup({ store, clock }) {
    const at = clock.now();
    await store.forOrg(QUIET_ORG).put('systemSetting', {
      id: 'system',
      quietHours: { enabled: true, start: '21:00', end: '08:00' },
      defaultTimeZone: 'UTC',
      dateCreated: at,
      dateUpdated: at,
      createdBy: 'test',
      updatedBy: 'test',
    } as never);
  },
});

/**
 * Three recipients of a run, one in Tokyo and two in New York. On a channel quiet hours hold (the policy's list),
 * the two in New York are held and sent at 14:00 UTC, when the held batch comes back through the scheduler; on
 * the others, all three go at once.
 */
const quietHours: Path = async (w, channel, tag) => {
  const plan = await planOf(w, QUIET_ORG, channel);
  // a run of its own shard count (kept on the run, carried by its batches through the hold), as a fast channel's is
  const run = { orgId: QUIET_ORG, planId: plan.id, runId: 'r1', shards: 128 };
  const zones = ['Asia/Tokyo', 'America/New_York', 'America/New_York'];
  const list: Recipient[] = zones.map((timeZone, i) => ({ accountId: `${tag}-${i}`, consent: true, timeZone, ...addressOf(channel, i, tag) }));
  await runningRun(w, run, list.length);
  for (const batch of batchesOf(run, channel, list)) await w.herald.queue.send(DELIVERY_QUEUE, batch, laneOf(run.orgId, channel));
  return {
    moments: [w.clock.now() + 5 * HOUR],
    after: [{ kind: 'check', ...run }],
    async expect(h, where) {
      const statuses = await expectOnceEach(w.ledger, run, channel, list, h, where);
      const { total } = await w.ledger.totals(run);
      expect({ matched: total.matched, outcomes: total.sent + total.failed + total.skipped + total.uncertain, held: total.held }, where).toEqual({
        matched: 3,
        outcomes: 3,
        held: QUIET_CHANNELS.includes(channel) ? 2 : 0,
      });
      await expectCompleted(w, run, where);
      return statuses;
    },
  };
};

everyChannel('quiet hours', quietHours);
