/** The sentRecord area: the sends of a message's run (a campaign's, per message step). */
import { AppError } from '../../../shared/errors';
import { journeyOf, messageSteps, parseStepRun, stepRunId } from '../../../shared/plan/journey';
import type { Plan } from '../../../shared/plan/plan';
import { textsIn } from '../../../shared/i18n';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { sentRecordPage } from '../message';
import { MESSAGE_CONSOLE_TEXTS } from '../../../shared/services/message';
import { latestRun } from './transitions';

/** The run whose records are read, with its shard count (a campaign step's run names none: DELIVERY_SHARDS). */
async function recordRunOf(ctx: AuthedContext, plan: Plan, asked: string | undefined): Promise<{ runId: string; shards?: number } | undefined> {
  const journey = journeyOf(plan);
  const steps = journey ? messageSteps(journey).map((s) => s.id) : [];
  if (asked === undefined) {
    const run = await latestRun(ctx, plan.id);
    if (!run) return undefined;
    if (!journey) return { runId: run.runId, shards: run.shards };
    return steps[0] === undefined ? undefined : { runId: stepRunId(run.runId, steps[0]) };
  }
  const step = parseStepRun(asked);
  const run = await ctx.tenant.keyed('planRun').get(plan.id, step?.runId ?? asked);
  const fits = journey ? step !== undefined && steps.includes(step.stepId) : step === undefined;
  if (!run || !fits) throw new AppError('720003', MESSAGE_CONSOLE_TEXTS.runMissing);
  return step ? { runId: asked } : { runId: asked, shards: run.shards };
}

export const sentRecordHandlers: AreaHandlers<'sentRecord'> = {
  async getListByPage({ planId, runId: asked, status, cursor, size }, ctx) {
    const plan = await ctx.tenant.require('plan', planId);
    const run = await recordRunOf(ctx, plan, asked);
    if (!run) return { list: [] };
    const page = await sentRecordPage(ctx, { planId, ...run, status, cursor, size });
    // a push record names its device, not its token: the page's devices in one batch read
    const pushed = page.list.filter((r) => r.target !== undefined);
    const devices = pushed.length
      ? await ctx.tenant.keyed('device').getMany(
          pushed.map((r) => ({ rest: r.accountId, sort: r.target! })),
          ['deviceId', 'model', 'platform'],
        )
      : [];
    const deviceOf = new Map(pushed.map((r, i) => [`${r.accountId}#${r.target}`, devices[i]]));
    return {
      list: page.list.map(({ accountId, address, target, status: s, reason, detail, doneAt, claimedAt }) => {
        const device = target === undefined ? undefined : deviceOf.get(`${accountId}#${target}`);
        return {
          accountId,
          address: target === undefined ? address : '',
          ...(target === undefined
            ? {}
            : { device: { id: target, ...(device?.model ? { model: device.model } : {}), ...(device?.platform ? { platform: device.platform } : {}) } }),
          status: s,
          reason,
          // Herald's own details (a letter's incomplete address) in the reader's language; a provider's as it said
          detail: detail && textsIn(detail, ctx.lang),
          doneAt,
          claimedAt,
        };
      }),
      cursor: page.cursor,
    };
  },
};
