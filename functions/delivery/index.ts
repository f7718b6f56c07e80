// The delivery pipeline's one door: what operations, tracking and the local composition may use of it. Handlers get
// the ledger and the plan's state changes bound to their tenant store (the organization comes from the verified
// caller, never from a record they pass); tracking, a worker of its own, gets the platform ledger.
import { AppError } from '../../shared/errors';
import type { Plan } from '../../shared/plan/plan';
import { TenantStore } from '../store/store';
import { applyTransition, type TransitionInput } from './planState';

export { type JourneyTotals, tenantJourney } from './journeyTotals';
export { Ledger, type RunTotals, TRIGGER_RUN, tenantLedger } from './ledger';
export { HOOK_TOKEN, hookTokenMatches, issueHookToken } from './hooks';
export { DELIVERY_QUEUE } from './messages';
export { planScheduleName, runIdOf, scheduleFire, startRun } from './pipeline';
export { BY_SYSTEM, requireMessageType, SYSTEM_ACTOR, type TransitionInput } from './planState';
export { announceEvents, announceHookCall, announceVisit, recurringScheduleName } from './triggers';
export { deliveryWorker, runContentOf } from './worker';
export { recipientsOf } from './recipients';
export { allowOnlyOf, whiteListed } from './policy';

/** A plan's state change by an operation: only a plan of the caller's organization (another answers as missing). */
export function transitionPlan(tenant: TenantStore, input: TransitionInput & { plan: Plan }): Promise<Plan | undefined> {
  const { store, orgId } = TenantStore.internals(tenant);
  if (input.plan.orgId !== orgId) throw new AppError('720003');
  return applyTransition(store, input);
}
