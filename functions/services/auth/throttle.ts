/**
 * Fixed-window counters in DynamoDB with TTL, so limits hold across Lambda instances. A window always ends,
 * so nobody is locked out for good.
 */
import { AppError } from '../../../shared/errors';
import type { Store } from '../../store/store';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

function windowOf(now: number, windowSeconds: number) {
  const start = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  return { start, end: start + windowSeconds };
}

const idOf = (limit: Limit, start: number) => `${limit.key}#${start}`;

/** Refuses with 400014 (HTTP 429) while any counter is at its limit, naming the wait. */
export async function assertUnderLimits(store: Store, now: number, limits: Limit[]): Promise<void> {
  const found = await store.getMany(
    limits.map((l) => ({ entity: 'rateLimit' as const, key: { id: idOf(l, windowOf(now, l.windowSeconds).start) } })),
  );
  limits.forEach((l, i) => {
    if (Number(found[i]?.count ?? 0) >= l.max) {
      const wait = Math.max(1, windowOf(now, l.windowSeconds).end - Math.floor(now / 1000));
      const minutes = Math.ceil(wait / 60);
      throw new AppError('400014', `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        'retry-after': String(wait),
      });
    }
  });
}

export async function countAttempt(store: Store, now: number, limits: Limit[]): Promise<void> {
  await Promise.all(
    limits.map((l) => {
      const { start, end } = windowOf(now, l.windowSeconds);
      return store.increment('rateLimit', { id: idOf(l, start) }, 1, end + 60);
    }),
  );
}

export async function clearLimit(store: Store, now: number, limit: Limit): Promise<void> {
  await store.delete('rateLimit', { id: idOf(limit, windowOf(now, limit.windowSeconds).start) });
}
