/**
 * The runs the Sent records tab can list, newest first: a single message's runs, or for a journey each run's
 * message steps (a step sends under a run of its own, `<run>~<step>`), in the order a walk from the entry meets them.
 */
import { type Journey, messageSteps, stepRunId } from '../../../../../shared/plan/journey';

export interface RecordRun {
  /** the id sentRecord.getListByPage takes */
  value: string;
  startedAt: number;
  /** a journey's message step */
  stepId?: string;
}

export function recordRuns(runs: readonly { runId: string; startedAt: number }[], journey: Journey | undefined): RecordRun[] {
  const newest = [...runs].sort((a, b) => b.startedAt - a.startedAt);
  if (!journey) return newest.map((r) => ({ value: r.runId, startedAt: r.startedAt }));
  const steps = messageSteps(journey).map((s) => s.id);
  return newest.flatMap((r) => steps.map((stepId) => ({ value: stepRunId(r.runId, stepId), startedAt: r.startedAt, stepId })));
}
