/** What a branch and a split decide at the end of their window (./journey.ts). */
import type { JourneyState } from '../../shared/entities';
import { type Journey, type StepOf, stepRunId } from '../../shared/plan/journey';
import type { Store } from '../store/store';
import type { Ledger } from './ledger';
import type { RunRef } from './pipeline';

/** Of recipients at the end of a branch's window, those for whom its condition holds (before `not`). */
export async function branchHolds(
  deps: { store: Store; ledger: Ledger },
  run: RunRef,
  journey: Journey,
  step: StepOf<'BRANCH'>,
  due: readonly JourneyState[],
): Promise<Set<string>> {
  const { store, ledger } = deps;
  const yes = new Set<string>();
  const c = step.condition;
  if (c.kind === 'CONVERTED') {
    const events = store.forOrg(run.orgId).keyed('accountEvent');
    await Promise.all(
      due.map(async (s) => {
        for await (const page of events.pages(s.accountId, ['name', 'type', 'at'])) {
          if (page.some((e) => (e.name === c.eventCode || e.type === c.eventCode) && e.at >= s.arrivedAt && e.at <= s.dueAt!)) yes.add(s.accountId);
        }
      }),
    );
    return yes;
  }
  const message = journey.steps[c.stepId] as StepOf<'MESSAGE'>;
  const field = c.kind === 'OPENED' ? 'openedAt' : 'clickedAt';
  const keys = due.map((s) => ledger.keyOf({ orgId: run.orgId, planId: run.planId, runId: stepRunId(run.runId, c.stepId), channel: message.channel, accountId: s.accountId }));
  const records = await store.getMany(keys.map((key) => ({ entity: 'sentRecord' as const, key, attributes: [field] })));
  due.forEach((s, i) => {
    const at = records[i]?.[field] as number | undefined;
    if (at !== undefined && at <= s.dueAt!) yes.add(s.accountId);
  });
  return yes;
}

/** The split's winner: the variant whose message has the best open (or click) rate so far, the first on a tie. */
export async function winnerOf(ledger: Ledger, run: RunRef, step: StepOf<'SPLIT'>): Promise<string> {
  const metric = step.winner!.metric === 'OPEN' ? 'opens' : 'clicks';
  let best = step.variants[0]!.next;
  let bestRate = -1;
  for (const v of step.variants) {
    const { total } = await ledger.totals({ orgId: run.orgId, planId: run.planId, runId: stepRunId(run.runId, v.next) });
    const rate = total.sent > 0 ? total[metric] / total.sent : 0;
    if (rate > bestRate) [best, bestRate] = [v.next, rate];
  }
  return best;
}
