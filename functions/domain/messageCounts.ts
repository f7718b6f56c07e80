// A message's own counts that go once per reader (an app's open or button, a scroll depth reached): a marker put only
// if new, in the same transaction as the count, so a repeat (a retried call, a second scroll, the app and the mail's
// web version both reporting a depth) counts nowhere.
import { AppError } from '../../shared/errors';
import { SCROLL_BUCKETS } from '../../shared/sdk/contract';
import { counterItems } from '../store/counterItems';
import { TenantStore, type TransactItem } from '../store/store';
import { LATER_EXPIRY } from './insights';

const { sdkOnce, sdkPlanCounts } = counterItems;

/** Adds `add` (and `more`, in the same transaction) to the message's counts unless the marker `slot` is there. */
export async function countOnce(
  tenant: TenantStore,
  planId: string,
  slot: string,
  expiresAt: number,
  add: Record<string, number>,
  more: readonly TransactItem[] = [],
): Promise<boolean> {
  const markers = tenant.keyed('deliveryCounter');
  const { store, bind } = TenantStore.internals(tenant);
  const marker = markers.putNew(sdkOnce.rest(planId), { slot, expiresAt }, '720001');
  const own = bind(store.updateItem('deliveryCounter', markers.key(sdkPlanCounts.rest(planId), sdkPlanCounts.slot()), { add }));
  try {
    // the day counters' keys are the ledger's, built from this organization's id
    await store.transact([marker, own, ...more]);
    return true;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await markers.update(sdkOnce.rest(planId), slot, { expiresAt }, LATER_EXPIRY(expiresAt)).catch((later: unknown) => {
      if (!(later instanceof AppError)) throw later; // it already lasts as long
    });
    return false;
  }
}

/** The scroll buckets a depth (percent) reaches, each counted once per reader of the message. */
export function scrollCounts(accountId: string, depth: number): { slot: string; field: string }[] {
  return SCROLL_BUCKETS.filter((b) => depth >= b).map((b) => ({ slot: sdkOnce.slot('message.scrolled', accountId, '', `d${b}`), field: `scroll:${b}` }));
}
