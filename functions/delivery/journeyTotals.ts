/** A run's journey counters read back: who entered and left, and how many reached each step (the Plan Step tab). */
import { counterItems } from '../store/counterItems';
import type { TenantStore } from '../store/store';

/** What the Plan Step tab shows: who entered and left, and how many reached each step. */
export interface JourneyTotals {
  entered: number;
  exited: number;
  steps: Record<string, number>;
}

/** A run's journey counters summed: who entered and left, and how many reached each step. */
function sumJourneyCounters(items: readonly Record<string, unknown>[]): JourneyTotals {
  const totals: JourneyTotals = { entered: 0, exited: 0, steps: {} };
  for (const item of items) {
    for (const [field, value] of Object.entries(item)) {
      if (typeof value !== 'number') continue;
      if (field === 'entered' || field === 'exited') totals[field] += value;
      else if (field.startsWith('at:')) totals.steps[field.slice(3)] = (totals.steps[field.slice(3)] ?? 0) + value;
    }
  }
  return totals;
}

/** A run's journey counters read in the caller's organization (the Plan Step tab). */
export function tenantJourney(tenant: TenantStore) {
  return {
    async totals(run: { planId: string; runId: string }): Promise<JourneyTotals> {
      return sumJourneyCounters(await tenant.keyed('deliveryCounter').list(counterItems.journeyCounters.rest(run)));
    },
  };
}
