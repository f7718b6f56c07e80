/**
 * Rolling-window counters in DynamoDB with TTL, so limits hold across Lambda instances. A window opens at the
 * first counted attempt and lasts `windowSeconds`; windows aligned to the clock would let ten attempts through
 * in a second across a boundary. A window always ends, so nobody is locked out for good.
 */
import { fillText, REQUEST_TEXTS } from '../../../shared/i18n';
import { AppError } from '../../../shared/errors';
import type { Store } from '../../store/store';

import type { Limit, WindowCount } from '../../contract/capabilities';

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
  return new AppError('400014', minutes === 1 ? REQUEST_TEXTS.tooManyAttemptsOne.en : fillText(REQUEST_TEXTS.tooManyAttempts.en, { minutes }), {
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
 * Adds one to the open window, or opens a new one. Each step is conditional, so two instances racing at a
 * window's end neither lose a count nor open two windows; the loser of a race simply tries again.
 */
async function countOne(store: Store, now: number, limit: Limit): Promise<void> {
  const cutoff = seconds(now) - limit.windowSeconds;
  const names = { '#s': 'startedAt' };
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      await store.increment('rateLimit', keyOf(limit), 1, undefined, {
        ConditionExpression: '#s > :cut',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':cut': cutoff },
      });
      return;
    } catch (e) {
      if (!conflict(e)) throw e;
    }
    try {
      const opened = { count: 1, startedAt: seconds(now), expiresAt: seconds(now) + limit.windowSeconds + 60 };
      await store.update('rateLimit', keyOf(limit), opened, {
        ConditionExpression: 'attribute_not_exists(#s) OR #s <= :cut',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':cut': cutoff },
      });
      return;
    } catch (e) {
      if (!conflict(e)) throw e;
    }
  }
}

/**
 * Takes `n` from a limit's window only if all of them fit, in one conditional write (two callers racing for the
 * last places cannot both get them); when they do not fit, answers the window that had no room.
 */
export async function takeFromLimit(store: Store, now: number, limit: Limit, n: number): Promise<{ taken: true } | { taken: false; window: WindowCount }> {
  const cutoff = seconds(now) - limit.windowSeconds;
  const names = { '#s': 'startedAt', '#c': 'count' };
  if (n > limit.max) return { taken: false, window: (await countsOf(store, now, [limit]))[0] };
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      await store.increment('rateLimit', keyOf(limit), n, undefined, {
        ConditionExpression: '#s > :cut AND #c <= :room',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':cut': cutoff, ':room': limit.max - n },
      });
      return { taken: true };
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
      return { taken: true };
    } catch (e) {
      if (!conflict(e)) throw e;
    }
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
