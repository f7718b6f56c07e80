import { AppError } from '../../../shared/errors';
import type { Store } from '../../store/store';

import type { Limit, WindowCount } from '../../contract/capabilities';
import { say } from '../../../shared/i18n/say';

export type { Limit, WindowCount };

const keyOf = (limit: Limit) => ({ id: `${limit.key}#rolling` });
const seconds = (now: number) => Math.floor(now / 1000);

/** The current counts of several limits, in one read; an ended window counts nothing. */
export async function countsOf(store: Store, now: number, limits: Limit[]): Promise<WindowCount[]> {
  const found = await store.getMany(limits.map((l) => ({ entity: 'rateLimit' as const, key: keyOf(l) })));
  return limits.map((l, i) => {
    const endsAt = Number(found[i]?.startedAt ?? 0) + l.windowSeconds;
    return endsAt > seconds(now) ? { count: Number(found[i]?.count ?? 0), endsAt } : { count: 0, endsAt: 0 };
  });
}

/** 400014 (HTTP 429), naming the wait until the limit's window ends. */
export function tooMany(now: number, window: WindowCount): AppError {
  const wait = Math.max(1, window.endsAt - seconds(now));
  const minutes = Math.ceil(wait / 60);
  return new AppError('400014', minutes === 1 ? say('request.tooManyAttemptsOne') : say('request.tooManyAttempts', { minutes }), {
    'retry-after': String(wait),
  });
}

/** Refuses with 400014 while any counter is at its limit. */
export async function assertUnderLimits(store: Store, now: number, limits: Limit[]): Promise<void> {
  const counts = await countsOf(store, now, limits);
  limits.forEach((l, i) => {
    if (counts[i].count >= l.max) throw tooMany(now, counts[i]);
  });
}

const conflict = (e: unknown) => e instanceof AppError && e.code === '720007';

/**
 * One try at adding `n` to the limit's window: to the open one (only while its count is at most `room`, when given),
 * else to a new window opened with `n`. Each step is conditional, so two instances racing at a window's end neither
 * lose a count nor open two windows; false when both were refused (the caller tries again).
 */
async function addToWindow(store: Store, now: number, limit: Limit, n: number, room?: number): Promise<boolean> {
  const cutoff = seconds(now) - limit.windowSeconds;
  try {
    await store.increment('rateLimit', keyOf(limit), n, undefined, {
      ConditionExpression: room === undefined ? '#s > :cut' : '#s > :cut AND #c <= :room',
      ExpressionAttributeNames: { '#s': 'startedAt', ...(room === undefined ? {} : { '#c': 'count' }) },
      ExpressionAttributeValues: { ':cut': cutoff, ...(room === undefined ? {} : { ':room': room }) },
    });
    return true;
  } catch (e) {
    if (!conflict(e)) throw e;
  }
  try {
    const opened = { count: n, startedAt: seconds(now), expiresAt: seconds(now) + limit.windowSeconds + 60 };
    await store.update('rateLimit', keyOf(limit), opened, {
      ConditionExpression: 'attribute_not_exists(#s) OR #s <= :cut',
      ExpressionAttributeNames: { '#s': 'startedAt' },
      ExpressionAttributeValues: { ':cut': cutoff },
    });
    return true;
  } catch (e) {
    if (!conflict(e)) throw e;
  }
  return false;
}

/** Adds one to the open window, or opens a new one (a race lost is tried again, a few times). */
async function countOne(store: Store, now: number, limit: Limit): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) if (await addToWindow(store, now, limit, 1)) return;
}

/**
 * Takes `n` from a limit's window only if all of them fit, in one conditional write (two callers racing for the last
 * places cannot both get them); when they do not fit, answers the window that had no room.
 */
export async function takeFromLimit(store: Store, now: number, limit: Limit, n: number): Promise<{ taken: true } | { taken: false; window: WindowCount }> {
  if (n > limit.max) return { taken: false, window: (await countsOf(store, now, [limit]))[0] };
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await addToWindow(store, now, limit, n, limit.max - n)) return { taken: true };
    // an open window refused the add: full, unless it ended between the two writes
    const [window] = await countsOf(store, now, [limit]);
    if (window.count + n > limit.max) return { taken: false, window };
  }
  return { taken: false, window: (await countsOf(store, now, [limit]))[0] };
}

export async function countAttempt(store: Store, now: number, limits: Limit[]): Promise<void> {
  await Promise.all(limits.map((l) => countOne(store, now, l)));
}

export async function clearLimit(store: Store, _now: number, limit: Limit): Promise<void> {
  await store.delete('rateLimit', keyOf(limit));
}
