import { CHANNELS } from '../../../shared/delivery';
import { MAX_DELAY_MINUTES, MAX_STEPS, MAX_VARIANTS, REPEAT_MODES, STEP_TYPES } from '../../../shared/plan/journey';
import { allowedMessageTypes, TRIGGER_PERMISSION } from '../../../shared/plan/plan';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { adapterOf } from '../../channels';
import { actionsFor } from './plans';

export const planConfigHandlers: AreaHandlers<'planConfig'> = {
  async initBuilder(_p, ctx) {
    const segments = await ctx.tenant.list('segment', ['id', 'name']);
    return {
      stepTypes: [...STEP_TYPES],
      repeatModes: [...REPEAT_MODES],
      limits: { maxDelayMinutes: MAX_DELAY_MINUTES, maxSteps: MAX_STEPS, maxVariants: MAX_VARIANTS },
      channels: CHANNELS.map((channel) => ({ channel, sendable: adapterOf(channel).sendable })),
      segments: segments.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      ...allowedMessageTypes(ctx.identity.permissions),
    };
  },
  async initSingle(_p, ctx) {
    const held = ctx.identity.permissions;
    return {
      channels: CHANNELS.map((channel) => ({ channel, sendable: adapterOf(channel).sendable })),
      ...allowedMessageTypes(held),
      triggerKinds: Object.entries(TRIGGER_PERMISSION)
        .filter(([, permission]) => held.includes(permission))
        .map(([kind]) => kind),
      segments: await segmentChoices(ctx),
      limits: { reportMails: 20, tags: 50, nameMax: 100, titleMax: 200 },
    };
  },
  async getPageActions({ id }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    return { id: plan.id, status: plan.status, actions: actionsFor(plan, ctx) };
  },
  getSegments: (_p, ctx) => segmentChoices(ctx),
  async getCloudMapping(_p, ctx) {
    const sources = await ctx.tenant.list('cloudSource', ['id', 'title', 'fileColumns']);
    return sources
      .map((s) => ({
        id: s.id,
        name: s.title,
        columns: s.fileColumns.map((c) => ({ columnId: c.columnId, fieldType: c.fieldType, ...(c.attribute ? { attribute: c.attribute } : {}) })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  },
};

async function segmentChoices(ctx: AuthedContext): Promise<{ id: string; name: string }[]> {
  const segments = await ctx.tenant.list('segment', ['id', 'name']);
  return segments.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
