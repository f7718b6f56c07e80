// The deployment's send rates: the stored setting (System Setting screen) over the defaults of the environment
// (HERALD_RATE_*).
import type { Channel } from '../../shared/delivery';
import type { SendRates } from '../../shared/entities';
import type { Clock } from '../platform/runtime';
import type { Store } from '../store/store';

export const SEND_RATES_KEY = { id: 'rates' } as const;
export const SEND_RATES_CACHE_MS = 10_000;

export async function currentSendRates(store: Store, defaults: SendRates): Promise<{ rates: SendRates; version: number }> {
  const stored = await store.get('sendRateSetting', SEND_RATES_KEY);
  return { rates: { ...defaults, ...(stored?.rates as Partial<SendRates> | undefined) }, version: stored?.version ?? 0 };
}

/** A rate source for the rate limiter: the current rates, read again once `ttlMs` has passed. */
export function storedSendRates(store: Store, defaults: SendRates, clock: Clock, ttlMs = SEND_RATES_CACHE_MS): (channel: Channel) => Promise<number> {
  let cached: { at: number; rates: Promise<SendRates> } | undefined;
  return async (channel) => {
    const now = clock.now();
    if (!cached || now - cached.at >= ttlMs) {
      const rates = currentSendRates(store, defaults).then((r) => r.rates);
      cached = { at: now, rates };
      // a failed read is not kept: the next call reads again
      rates.catch(() => (cached = undefined));
    }
    return (await cached.rates)[channel];
  };
}
