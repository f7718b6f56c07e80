// The journey's scheduling (./journey.ts): recipients due in the same minute share one schedule per (plan, step,
// minute), never one each; when it comes, those due are read from the sparse `due` index.
import { createHash } from 'node:crypto';
import { JOURNEY_SHARDS } from '../../shared/entities';
import { dueMinuteOf, type Journey, type JourneyStep } from '../../shared/plan/journey';
import type { Clock, DeliveryPorts } from '../platform/runtime';
import type { Store } from '../store/store';
import { laneOf } from './lanes';
import { DELIVERY_QUEUE, type DeliveryMessageOf, JOURNEY_BATCH } from './messages';
import type { RunRef } from './pipeline';
import { chunksOf, waitKeyOf } from './journeyWrites';

export interface Arrival {
  accountId: string;
  stepId: string;
  dueAt?: number;
}

const laneAt = (orgId: number, step: JourneyStep | undefined) => laneOf(orgId, step?.type === 'MESSAGE' ? step.channel : undefined);

/** One schedule per (plan, run, step, minute); EventBridge names are at most 64 characters. */
export const journeyScheduleName = (run: RunRef, stepId: string, minute: number) =>
  `journey-${createHash('sha256').update(`${run.orgId}|${run.planId}|${run.runId}|${stepId}|${minute}`).digest('hex').slice(0, 40)}`;

export function journeyDispatch(deps: { store: Store; clock: Clock; ports: DeliveryPorts }) {
  const { store, clock, ports } = deps;

  async function handOn(run: RunRef, journey: Journey, stepId: string, accountIds: readonly string[]): Promise<void> {
    for (const ids of chunksOf(accountIds, JOURNEY_BATCH)) {
      await ports.queue.send(DELIVERY_QUEUE, { kind: 'journey', ...run, stepId, accountIds: ids } satisfies DeliveryMessageOf<'journey'>, laneAt(run.orgId, journey.steps[stepId]));
    }
  }

  return {
    handOn,

    /** Hands arrivals on: an untimed step at once on the queue, a timed one to the schedule of its due minute. */
    async dispatch(run: RunRef, journey: Journey, arrivals: readonly Arrival[]): Promise<void> {
      const now = clock.now();
      const byStep = new Map<string, Arrival[]>();
      for (const a of arrivals) if (journey.steps[a.stepId]?.type !== 'EXIT') byStep.set(a.stepId, [...(byStep.get(a.stepId) ?? []), a]);
      const sends: Promise<unknown>[] = [];
      for (const [stepId, list] of byStep) {
        const ready = list.filter((a) => a.dueAt === undefined || a.dueAt <= now).map((a) => a.accountId);
        for (const accountIds of chunksOf(ready, JOURNEY_BATCH)) {
          const payload: DeliveryMessageOf<'journey'> = { kind: 'journey', ...run, stepId, accountIds };
          sends.push(ports.queue.send(DELIVERY_QUEUE, payload, laneAt(run.orgId, journey.steps[stepId])));
        }
        const minutes = new Set(list.filter((a) => a.dueAt !== undefined && a.dueAt > now).map((a) => dueMinuteOf(a.dueAt!)));
        for (const minute of minutes) {
          const payload: DeliveryMessageOf<'journeyDue'> = { kind: 'journeyDue', ...run, stepId, minute };
          // a schedule of the same name is replaced: every batch due that minute names the same one
          sends.push(ports.scheduler.at(journeyScheduleName(run, stepId, minute), minute, { queue: DELIVERY_QUEUE, payload }));
        }
      }
      await Promise.all(sends);
    },

    async handOnDue(run: RunRef, journey: Journey, stepId: string, minute: number): Promise<void> {
      await Promise.all(
        Array.from({ length: JOURNEY_SHARDS }, async (_, shard) => {
          let startKey: Record<string, unknown> | undefined;
          do {
            const page = await store.queryPage('journeyState', {
              index: 'due',
              partition: { name: 'waitKey', value: waitKeyOf(run, stepId, minute, shard) },
              startKey,
              limit: 1000,
            });
            await handOn(
              run,
              journey,
              stepId,
              page.items.map((i) => i.accountId as string),
            );
            startKey = page.lastKey;
          } while (startKey);
        }),
      );
    },
  };
}
