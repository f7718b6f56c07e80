/** What several of the plan areas' operations share. */
import { AppError } from '../../../shared/errors';
import { checkScheduleTime, type Plan } from '../../../shared/plan/plan';
import { checkStandingTrigger } from '../../../shared/plan/trigger';
import { isApprovalExpired, type PlanAction } from '../../../shared/plan/stateMachine';
import type { PlanView } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import { BY_SYSTEM, type TransitionInput, transitionPlan } from '../../delivery';
import { peopleOf, toPlanView } from './plans';

/** The instant a plan is due: now for "immediately", else its wall-clock time in its zone (5-minute rule). */
export function dueAtOf(plan: Plan, now: number): number {
  if (plan.trigger.kind !== 'SCHEDULE') {
    // a recurring schedule or an event trigger starts when active (its firings are the pipeline's)
    const standing = checkStandingTrigger(plan.trigger, now);
    if (!standing.ok) throw new AppError(standing.code, standing.detail);
    return now;
  }
  const check = checkScheduleTime(plan.trigger.at, plan.trigger.timeZone, now);
  if (!check.ok) throw new AppError(check.code);
  return check.instant;
}

export async function act(ctx: AuthedContext, id: string, version: number | undefined, action: PlanAction, extra: Partial<TransitionInput> = {}): Promise<PlanView> {
  const plan = await ctx.tenant.require('plan', id);
  if (version !== undefined && version !== plan.version) throw new AppError('720007');
  const now = ctx.rt.clock.now();
  const next = await transitionPlan(ctx.tenant, {
    plan,
    action,
    actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: plan.createdBy === ctx.identity.userId },
    by: ctx.identity.userId,
    now,
    ...extra,
  });
  if (!next) throw new AppError('720003');
  return toPlanView(next, ctx, await peopleOf(ctx));
}

export async function expireIfLate(ctx: AuthedContext, plan: Plan): Promise<Plan> {
  if (plan.status !== 'PENDING_APPROVAL' || !plan.approval || !isApprovalExpired(plan.approval, ctx.rt.clock.now())) return plan;
  return (await transitionPlan(ctx.tenant, { plan, action: 'expire', ...BY_SYSTEM, now: ctx.rt.clock.now() }))!;
}

export async function latestRun(ctx: AuthedContext, planId: string) {
  const runs = await ctx.tenant.keyed('planRun').list(planId);
  return runs.sort((a, b) => b.startedAt - a.startedAt)[0];
}
