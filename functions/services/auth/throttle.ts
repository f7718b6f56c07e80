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

/** The current counts of several limits, in one read. */
export async function countsOf(store: Store, now: number, limits: Limit[]): Promise<number[]> {
  const found = await store.getMany(
    limits.map((l) => ({ entity: 'rateLimit' as const, key: { id: idOf(l, windowOf(now, l.windowSeconds).start) } })),
  );
  return limits.map((_l, i) => Number(found[i]?.count ?? 0));
}

/** 400014 (HTTP 429), naming the wait until the limit's window ends. */
export function tooMany(now: number, limit: Limit): AppError {
  const wait = Math.max(1, windowOf(now, limit.windowSeconds).end - Math.floor(now / 1000));
  const minutes = Math.ceil(wait / 60);
  return new AppError('400014', `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    'retry-after': String(wait),
  });
}

/** Refuses with 400014 while any counter is at its limit. */
export async function assertUnderLimits(store: Store, now: number, limits: Limit[]): Promise<void> {
  const counts = await countsOf(store, now, limits);
  limits.forEach((l, i) => {
    if (counts[i] >= l.max) throw tooMany(now, l);
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
