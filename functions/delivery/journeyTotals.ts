/** A run's journey counters read back: who entered and left, and how many reached each step (the Plan Step tab). */
import { counterItems } from '../store/counterItems';
import type { TenantStore } from '../store/store';

export interface JourneyTotals {
  entered: number;
  exited: number;
  steps: Record<string, number>;
}

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

export function tenantJourney(tenant: TenantStore) {
  return {
    async totals(run: { planId: string; runId: string }): Promise<JourneyTotals> {
      return sumJourneyCounters(await tenant.keyed('deliveryCounter').list(counterItems.journeyCounters.rest(run)));
    },
  };
}
