/** `trigger.save`: a draft's trigger, on its own (the wizard's Trigger step). */
import { AppError } from '../../../shared/errors';
import { checkScheduleTime, type Plan } from '../../../shared/plan/plan';
import { checkStandingTrigger, TRIGGER_PERMISSION, type Trigger } from '../../../shared/plan/trigger';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { issueHookToken, transitionPlan } from '../../delivery';
import { PATHS } from '../../../shared/paths';
import { peopleOf, toPlanView } from './plans';
import { say } from '../../../shared/i18n/say';

export async function checkTriggerToSave(ctx: AuthedContext, trigger: Trigger): Promise<void> {
  const now = ctx.rt.clock.now();
  if (trigger.kind === 'SCHEDULE') {
    const check = checkScheduleTime(trigger.at, trigger.timeZone, now);
    if (!check.ok) throw new AppError(check.code);
  }
  const standing = checkStandingTrigger(trigger, now);
  if (!standing.ok) throw new AppError(standing.code, standing.detail);
  if (trigger.kind === 'GEOFENCE') await ctx.tenant.require('geofence', trigger.geofenceId);
  if (trigger.kind === 'BEACON') await ctx.tenant.require('beacon', trigger.beaconId);
}

export const triggerHandlers: AreaHandlers<'trigger'> = {
  async save({ id, version, trigger }, ctx) {
    const plan: Plan = await ctx.tenant.require('plan', id);
    if (version !== undefined && version !== plan.version) throw new AppError('720007');
    // the delivery type is a permission of its own (spec 000 section 6: delivery type codes gate features)
    if (!ctx.identity.permissions.includes(TRIGGER_PERMISSION[trigger.kind])) throw new AppError('730001');
    await checkTriggerToSave(ctx, trigger);
    const by = ctx.identity.userId;
    const next = await transitionPlan(ctx.tenant, {
      plan,
      action: 'saveDraft',
      actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: plan.createdBy === by },
      by,
      now: ctx.rt.clock.now(),
      changes: { trigger },
    });
    return toPlanView(next!, ctx, await peopleOf(ctx));
  },

  async issueWebhookToken({ id }, ctx) {
    const plan: Plan = await ctx.tenant.require('plan', id);
    if (!ctx.identity.permissions.includes(TRIGGER_PERMISSION.ACTION)) throw new AppError('730001');
    if (plan.trigger.kind !== 'ACTION' || !plan.trigger.webhook) throw new AppError('720009', say('trigger.noWebhook'));
    const issuedAt = ctx.rt.clock.now();
    const token = await issueHookToken(ctx.tenant, plan.id, issuedAt);
    return { url: `${ctx.rt.config.publicUrl}${PATHS.hooks}/${ctx.identity.orgId}/${plan.id}`, token, issuedAt };
  },
};
