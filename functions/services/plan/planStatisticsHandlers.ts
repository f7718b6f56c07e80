/** The planStatistics area: the numbers of a message's sendings, a campaign's summed over its message steps. */
import type { SendFailureReason } from '../../../shared/delivery';
import { type CounterOs, DEVICE_PLATFORMS, type PlanRun } from '../../../shared/entities';
import { messageFigures } from '../../../shared/metrics';
import { journeyOf, messageSteps, stepRunId, walkOrder } from '../../../shared/plan/journey';
import type { AreaHandlers } from '../../contract/context';
import { type RunTotals, TRIGGER_RUN, tenantJourney, tenantLedger } from '../../delivery';
import { sdkPlanCounts } from '../../domain/insights';
import { SCROLL_BUCKETS } from '../../../shared/sdk/contract';

function sumRunTotals(all: readonly RunTotals[]): RunTotals {
  if (all.length === 1) return all[0]!;
  const sum: RunTotals = { total: { ...all[0]!.total }, os: {}, hours: {}, reasons: { failed: {}, skipped: {} } };
  for (const k of Object.keys(sum.total) as (keyof RunTotals['total'])[]) sum.total[k] = all.reduce((n, t) => n + (t.total[k] ?? 0), 0);
  for (const t of all) {
    for (const [platform, c] of Object.entries(t.os) as [keyof RunTotals['os'], Partial<RunTotals['total']>][]) {
      const o = (sum.os[platform] ??= {});
      for (const [k, n] of Object.entries(c) as [keyof RunTotals['total'], number][]) o[k] = (o[k] ?? 0) + n;
    }
    for (const [hour, c] of Object.entries(t.hours)) {
      const h = (sum.hours[hour] ??= {});
      for (const [k, n] of Object.entries(c) as [keyof RunTotals['total'], number][]) h[k] = (h[k] ?? 0) + n;
    }
    for (const of of ['failed', 'skipped'] as const) {
      for (const [reason, n] of Object.entries(t.reasons[of]) as [SendFailureReason, number][]) sum.reasons[of][reason] = (sum.reasons[of][reason] ?? 0) + n;
    }
  }
  return sum;
}

export const planStatisticsHandlers: AreaHandlers<'planStatistics'> = {
  async detail({ id }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    const [runs, app] = await Promise.all([ctx.tenant.keyed('planRun').list(plan.id), sdkPlanCounts(ctx.tenant, plan.id)]);
    const ledger = tenantLedger(ctx.tenant);
    const totals = { matched: 0, sent: 0, failed: 0, skipped: 0, uncertain: 0, opens: 0, clicks: 0, unsubscribes: 0, bounces: 0, complaints: 0, likes: 0, dislikes: 0 };
    const hours = new Map<string, { sent: number; opens: number; clicks: number }>();
    const reasons: RunTotals['reasons'] = { failed: {}, skipped: {} };
    const runRows = [];
    let smsParts = 0;
    const os = new Map(DEVICE_PLATFORMS.map((p) => [p, { os: p, sent: 0, failed: 0 }]));
    // a campaign sends under each message step's run (`<runId>~<stepId>`); who entered is its journey's count
    const journey = journeyOf(plan);
    const walk = journey ? walkOrder(journey) : [];
    const stepRows = new Map(
      walk.map(({ id, step }) => [
        id,
        { stepId: id, type: step.type, name: step.name, reached: 0, ...(step.type === 'MESSAGE' ? { sent: 0, failed: 0, skipped: 0, opens: 0, clicks: 0 } : {}) },
      ]),
    );
    // the trigger's sends run while the plan is active (its row is never finished: another event may come)
    const statusOf = (run: PlanRun) => (run.runId === TRIGGER_RUN && plan.status !== 'ACTIVE' ? 'DONE' : run.status);
    for (const run of runs) {
      const parts = journey ? messageSteps(journey).map(({ id }) => ({ stepId: id, runId: stepRunId(run.runId, id) })) : [{ stepId: undefined, runId: run.runId }];
      const all = await Promise.all(parts.map((p) => ledger.totals({ planId: plan.id, runId: p.runId })));
      const entered = journey ? await tenantJourney(ctx.tenant).totals(run) : undefined;
      const t = sumRunTotals(all);
      smsParts += t.total.parts;
      for (const [p, c] of Object.entries(t.os) as [CounterOs, { sent?: number; failed?: number }][]) {
        const at = os.get(p)!;
        at.sent += c.sent ?? 0;
        at.failed += c.failed ?? 0;
      }
      runRows.push({
        runId: run.runId,
        status: statusOf(run),
        startedAt: run.startedAt,
        ...(run.finishedAt !== undefined ? { finishedAt: run.finishedAt } : {}),
        matched: entered ? entered.entered : t.total.matched,
        sent: t.total.sent,
        failed: t.total.failed,
        skipped: t.total.skipped,
      });
      for (const [id, n] of Object.entries(entered?.steps ?? {})) if (stepRows.has(id)) stepRows.get(id)!.reached += n;
      parts.forEach((p, i) => {
        const row = p.stepId ? stepRows.get(p.stepId) : undefined;
        if (!row || row.sent === undefined) return;
        for (const k of ['sent', 'failed', 'skipped', 'opens', 'clicks'] as const) row[k] = (row[k] ?? 0) + all[i]!.total[k];
      });
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += t.total[k];
      for (const of of ['failed', 'skipped'] as const) {
        for (const [reason, n] of Object.entries(t.reasons[of]) as [SendFailureReason, number][]) reasons[of][reason] = (reasons[of][reason] ?? 0) + n;
      }
      for (const [hour, c] of Object.entries(t.hours)) {
        const h = hours.get(hour) ?? { sent: 0, opens: 0, clicks: 0 };
        h.sent += c.sent ?? 0;
        h.opens += c.opens ?? 0;
        h.clicks += c.clicks ?? 0;
        hours.set(hour, h);
      }
    }
    const appCounts = {
      opens: app.opens ?? 0,
      clicks: app.clicks ?? 0,
      os: DEVICE_PLATFORMS.map((p) => ({ os: p, opens: app[`opens|${p}`] ?? 0, clicks: app[`clicks|${p}`] ?? 0 })),
      // the push's buttons are b1 and b2 in what it sends (functions/channels/push/render.ts)
      cta1: app['cta:b1'] ?? 0,
      cta2: app['cta:b2'] ?? 0,
    };
    const osRows = [...os.values()];
    // readers who reached each depth (shared/sdk/contract.ts SCROLL_BUCKETS), each counted once
    const scroll = Object.fromEntries(SCROLL_BUCKETS.map((b) => [String(b), app[`scroll:${b}`] ?? 0]));
    return {
      totals,
      reasons,
      hours: [...hours.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([hour, c]) => ({ hour, ...c })),
      smsParts,
      figures: messageFigures(plan.channel, totals, { parts: smsParts, os: osRows, app: appCounts, scroll }),
      os: osRows,
      app: appCounts,
      scroll: SCROLL_BUCKETS.map((depth) => ({ depth, readers: scroll[String(depth)]! })),
      running: runs.some((r) => statusOf(r) === 'RUNNING'),
      runs: runRows.sort((a, b) => b.startedAt - a.startedAt),
      ...(journey ? { steps: [...stepRows.values()] } : {}),
    };
  },
};
