/**
 * The delivery pipeline's one door: what operations, tracking and the local composition may use of it. Handlers
 * get the ledger and the plan's state changes bound to their tenant store (the organization comes from the
 * verified caller, never from a record they pass); tracking, a worker of its own, gets the platform ledger.
 * Work is handed to the pipeline through the ports (the queue, the scheduler) and the contracts in messages.ts.
 */
import { AppError } from '../../shared/errors';
import type { SentRecord } from '../../shared/entities';
import type { Plan } from '../../shared/plan/plan';
import type { Clock } from '../platform/runtime';
import { TenantStore } from '../store/store';
import { Ledger, type LedgerKey, type RunTotals } from './ledger';
import { applyTransition, type TransitionInput } from './planState';

export { Ledger, type RunTotals } from './ledger';
export { DELIVERY_QUEUE } from './messages';
export { planScheduleName, scheduleFire } from './pipeline';
export { SYSTEM_ACTOR, type TransitionInput } from './planState';
export { deliveryWorker } from './worker';

/** One organization's ledger as an operation reads it: run totals and sent records, keyed from the tenant. */
export interface TenantLedger {
  totals(run: { planId: string; runId: string }): Promise<RunTotals>;
  sentRecord(key: Omit<LedgerKey, 'orgId'>): Promise<SentRecord | undefined>;
}

export function tenantLedger(tenant: TenantStore, clock: Clock): TenantLedger {
  const { store, orgId } = TenantStore.internals(tenant);
  const ledger = new Ledger(store, clock);
  return {
    totals: (run) => ledger.totals({ orgId, planId: run.planId, runId: run.runId }),
    sentRecord: (key) => store.get('sentRecord', ledger.keyOf({ ...key, orgId })),
  };
}

/** A plan's state change by an operation: only a plan of the caller's organization (another answers as missing). */
export function transitionPlan(tenant: TenantStore, input: TransitionInput & { plan: Plan }): Promise<Plan | undefined> {
  const { store, orgId } = TenantStore.internals(tenant);
  if (input.plan.orgId !== orgId) throw new AppError('720003');
  return applyTransition(store, input);
}
