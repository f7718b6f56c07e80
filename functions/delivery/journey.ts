// The journey engine: a builder plan's recipients moving through its steps (shared/plan/journey.ts). A move is a
// conditional update from the step the recipient is at, in one transaction with its counters (./journeyWrites.ts),
// so it happens once however often a message comes; a message step sends under the run `<runId>~<step>` (once per
// recipient); a recipient found already moved on is handed on again (the move was written, the hand-on may be lost).
import type { Account, JourneyState } from '../../shared/entities';
import { bucketOf, dueAtOf, type Journey, journeyOf, type StepOf, stepRunId, variantOf } from '../../shared/plan/journey';
import type { Plan } from '../../shared/plan/plan';
import { Accounts } from '../domain/accounts';
import type { Clock, DeliveryPorts } from '../platform/runtime';
import type { Store } from '../store/store';
import type { Ledger } from './ledger';
import { type DeliveryMessageOf, SEND_BATCH, type SendBatch } from './messages';
import type { JourneyDoor, RunRef } from './pipeline';
import { recipientsOf } from './recipients';
import { branchHolds, winnerOf } from './journeyConditions';
import { type Arrival, journeyDispatch } from './journeyDispatch';
import { type JourneyTotals, tenantJourney } from './journeyTotals';
import { chunksOf, journeyWrites, type PlannedMove, stateRest } from './journeyWrites';

export interface JourneyDeps {
  store: Store;
  clock: Clock;
  ports: DeliveryPorts;
  ledger: Ledger;
  /** sends one batch through the send worker (the ledger makes it once per recipient) */
  sendBatch: (batch: SendBatch) => Promise<void>;
}

type Move = Omit<PlannedMove, 'dueAt' | 'exit'>;

export function journeyEngine(deps: JourneyDeps): JourneyDoor & {
  step(m: DeliveryMessageOf<'journey'>): Promise<{ exited: number }>;
  due(m: DeliveryMessageOf<'journeyDue'>): Promise<void>;
  totals(run: RunRef): Promise<JourneyTotals>;
} {
  const { store, clock } = deps;
  const states = (orgId: number) => store.forOrg(orgId).keyed('journeyState');
  const writes = journeyWrites(store);
  const { dispatch, handOn, handOnDue } = journeyDispatch(deps);

  /** The plan's journey while it runs; none once it is stopped (its recipients stay where they are). */
  async function runningJourney(run: RunRef): Promise<Journey | undefined> {
    const plan = await store.forOrg(run.orgId).get('plan', run.planId);
    return plan?.status === 'IN_PROGRESS' ? journeyOf(plan) : undefined;
  }

  /** Moves recipients on (each from the step it is at, once), counts their arrivals and hands them on. */
  async function move(run: RunRef, journey: Journey, moves: readonly Move[]): Promise<number> {
    if (moves.length === 0) return 0;
    const now = clock.now();
    const planned: PlannedMove[] = moves.map((mv) => {
      const to = journey.steps[mv.to]!;
      return { ...mv, dueAt: dueAtOf(to, now, mv.holdout), exit: to.type === 'EXIT' };
    });
    const { written } = await writes.writeAll(
      planned,
      (a) => writes.moveItem(run, a, now),
      (chunk) => {
        const add: Record<string, number> = {};
        for (const a of chunk) {
          if (a.holdout) continue;
          add[`at:${a.to}`] = (add[`at:${a.to}`] ?? 0) + 1;
          if (a.exit) add.exited = (add.exited ?? 0) + 1;
        }
        return writes.counterItem(run, add);
      },
    );
    await dispatch(
      run,
      journey,
      written.map((a) => ({ accountId: a.accountId, stepId: a.to, dueAt: a.dueAt })),
    );
    return written.filter((a) => a.exit).length;
  }

  /** A message step: sent to each reachable recipient once (the ledger's claim under the step's run). */
  async function send(run: RunRef, stepId: string, step: StepOf<'MESSAGE'>, here: readonly JourneyState[]): Promise<void> {
    const accounts = await new Accounts(store.forOrg(run.orgId)).getMany(here.map((s) => s.accountId));
    const list = here.flatMap((s) => accounts.get(s.accountId) ?? []);
    const recipients = await recipientsOf(store, run.orgId, step.channel, list, step.content);
    for (const chunk of chunksOf(recipients, SEND_BATCH)) {
      await deps.sendBatch({ kind: 'send', orgId: run.orgId, planId: run.planId, runId: stepRunId(run.runId, stepId), channel: step.channel, recipients: chunk });
    }
  }

  async function totals(run: RunRef): Promise<JourneyTotals> {
    return tenantJourney(store.forOrg(run.orgId)).totals(run);
  }

  return {
    async enter(run, plan: Plan, accounts: readonly Account[]) {
      const journey = journeyOf(plan);
      if (!journey || accounts.length === 0) return;
      const now = clock.now();
      const entry = journey.steps[journey.entry]!;
      const dueAt = dueAtOf(entry, now);
      const exit = entry.type === 'EXIT';
      const ids = [...new Set(accounts.map((a) => a.id))];
      // once and new: a recipient enters a plan's journey once; all: again once it has left an earlier run's
      const again = journey.repeat === 'ALL';
      const { written, refused } = await writes.writeAll(
        ids,
        (accountId) => writes.entryItem(run, { accountId, stepId: journey.entry, dueAt, exit, again }, now),
        (chunk) => writes.counterItem(run, { entered: chunk.length, [`at:${journey.entry}`]: chunk.length, exited: exit ? chunk.length : 0 }),
      );
      await dispatch(
        run,
        journey,
        written.map((accountId) => ({ accountId, stepId: journey.entry, dueAt })),
      );
      // entered before (a page read again): handed on again, in case that was lost; the step ignores any other run's
      if (!exit) await handOn(run, journey, journey.entry, refused);
    },

    async step(m) {
      const run: RunRef = { orgId: m.orgId, planId: m.planId, runId: m.runId };
      const journey = await runningJourney(run);
      const step = journey?.steps[m.stepId];
      if (!journey || !step) return { exited: 0 };
      const ids = [...new Set(m.accountIds)];
      const found = await states(m.orgId).getMany(ids.map((id) => ({ rest: stateRest(m.planId, id), sort: id })));
      const here: JourneyState[] = [];
      const onward: Arrival[] = [];
      for (const s of found) {
        if (!s || s.runId !== m.runId) continue;
        if (s.stepId === m.stepId && s.status === 'ACTIVE') here.push(s);
        else if (s.prevStepId === m.stepId) onward.push({ accountId: s.accountId, stepId: s.stepId, dueAt: s.dueAt });
      }
      await dispatch(run, journey, onward);
      const now = clock.now();
      // at a timed step, those not due yet wait for their minute (its schedule made again, in case it was lost)
      const waiting = here.filter((s) => s.dueAt !== undefined && s.dueAt > now);
      await dispatch(
        run,
        journey,
        waiting.map((s) => ({ accountId: s.accountId, stepId: m.stepId, dueAt: s.dueAt })),
      );
      const ready = here.filter((s) => s.dueAt === undefined || s.dueAt <= now);
      if (ready.length === 0) return { exited: 0 };
      const to = (s: JourneyState, next: string, holdout?: boolean): Move => ({ accountId: s.accountId, from: m.stepId, to: next, ...(holdout ? { holdout } : {}) });
      let moves: Move[] = [];
      switch (step.type) {
        case 'MESSAGE':
          await send(run, m.stepId, step, ready);
          moves = ready.map((s) => to(s, step.next));
          break;
        case 'WAIT':
          moves = ready.map((s) => to(s, step.next));
          break;
        case 'BRANCH': {
          const holds = await branchHolds(deps, run, journey, step, ready);
          moves = ready.map((s) => to(s, holds.has(s.accountId) !== step.not ? step.yes : step.no));
          break;
        }
        case 'SPLIT': {
          const held = ready.filter((s) => s.holdout);
          const winner = held.length > 0 ? await winnerOf(deps.ledger, run, step) : undefined;
          moves = ready.map((s) => {
            if (s.holdout) return to(s, winner!);
            const variant = variantOf(step, bucketOf(m.planId, m.stepId, s.accountId));
            return variant === 'HOLDOUT' ? to(s, m.stepId, true) : to(s, step.variants[variant]!.next);
          });
          break;
        }
        case 'EXIT':
          break;
      }
      return { exited: await move(run, journey, moves) };
    },

    async due(m) {
      const run: RunRef = { orgId: m.orgId, planId: m.planId, runId: m.runId };
      const journey = await runningJourney(run);
      if (!journey) return;
      await handOnDue(run, journey, m.stepId, m.minute);
    },

    totals,

    async finished(run) {
      const { entered, exited } = await totals(run);
      return exited >= entered;
    },
  };
}
