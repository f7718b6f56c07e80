/** What the plan handlers share: the view of a plan for one caller, and reading a plan of the caller's organization. */
import type { Plan } from '../../../shared/plan/plan';
import { allowedActions, type PlanAction } from '../../../shared/plan/stateMachine';
import type { PlanView } from '../../../shared/services';
import type { AuthedContext } from '../../api/context';

/** The actions this caller may take now: the state machine's, and approving only where they are asked to. */
export function actionsFor(plan: Plan, ctx: AuthedContext): PlanAction[] {
  const isParticipant = plan.approval?.participants.includes(ctx.identity.userId) ?? false;
  return allowedActions(plan.status, ctx.identity.permissions, { isAuthor: plan.createdBy === ctx.identity.userId }).filter(
    (a) => (a !== 'pass' && a !== 'reject') || isParticipant,
  );
}

export function toPlanView(plan: Plan, ctx: AuthedContext): PlanView {
  const { id, name, title, intro, channel, status, content, segmentId, trigger, tagIds, categoryId, groupId, approval, rejection, createdBy, version, dateCreated, dateUpdated } = plan;
  return { id, name, title, intro, channel, status, content, segmentId, trigger, tagIds, categoryId, groupId, approval, rejection, createdBy, version, dateCreated, dateUpdated, actions: actionsFor(plan, ctx) };
}
