// The organization's daily AI generations: a counter per organization and UTC day (in the rate-limit table, so it
// holds across Lambda instances), refused past the deployment's limit.
import { AppError } from '../../../shared/errors';
import { say } from '../../../shared/i18n/say';
import type { AuthedContext } from '../../contract/context';

const DAY_MS = 24 * 3600_000;

export async function countGeneration(ctx: AuthedContext): Promise<number> {
  const limit = ctx.rt.config.ai.dailyLimit;
  const now = ctx.rt.clock.now();
  const day = new Date(now).toISOString().slice(0, 10);
  const key = `ai:${ctx.tenant.orgId}:${day}`;
  // kept a day past its own so a clock near midnight still reads it
  const expiresAt = Math.ceil((Math.floor(now / DAY_MS) + 2) * (DAY_MS / 1000));
  try {
    const used = await ctx.rateLimits.increment(key, expiresAt, {
      ConditionExpression: 'attribute_not_exists(#c) OR #c < :limit',
      ExpressionAttributeValues: { ':limit': limit },
    });
    return Math.max(0, limit - used);
  } catch (e) {
    if (e instanceof AppError && e.code === '720007') {
      throw new AppError('400014', say('ai.dailyLimit', { limit }));
    }
    throw e;
  }
}
