/** The LINE channel settings (channel settings screen, /push-channel). */
import { LINE_CHANNEL_ID, type LineChannel } from '../../../shared/entities';
import type { LineChannelView } from '../../../shared/services';
import type { AreaHandlers } from '../../contract/context';
import { seal } from '../../platform/keys';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { CONDITIONS } from '../../store/store';

function viewOf(stored: LineChannel | undefined): LineChannelView {
  if (!stored) return { channelId: '', accessTokenSet: false, channelSecretSet: false, version: 0 };
  return {
    channelId: stored.channelId,
    accessTokenSet: Boolean(stored.accessTokenSealed),
    channelSecretSet: Boolean(stored.channelSecretSealed),
    version: stored.version,
    dateUpdated: stored.dateUpdated,
    updatedBy: stored.updatedBy,
  };
}

export const lineChannelHandlers: AreaHandlers<'lineChannel'> = {
  async detail(_p, ctx) {
    return viewOf(await ctx.tenant.get('lineChannel', LINE_CHANNEL_ID));
  },

  async save({ channelId, accessToken, channelSecret, version }, ctx) {
    const now = ctx.rt.clock.now();
    const stored = await ctx.tenant.get('lineChannel', LINE_CHANNEL_ID);
    checkVersion(stored ?? { version: 0 }, version);
    const next: LineChannel = ctx.tenant.own({
      id: LINE_CHANNEL_ID,
      channelId,
      // an empty or left-out secret keeps the stored one: the screen never has it to send back
      accessTokenSealed: accessToken ? seal(ctx.rt.keys, accessToken) : stored?.accessTokenSealed,
      channelSecretSealed: channelSecret ? seal(ctx.rt.keys, channelSecret) : stored?.channelSecretSealed,
      ...(stored ? auditNext(stored, now, ctx.identity.userId) : auditNew(now, ctx.identity.userId)),
    });
    await ctx.tenant.put('lineChannel', next, stored ? CONDITIONS.versionIs(stored.version) : CONDITIONS.isNew('orgId'), '720007');
    return viewOf(next);
  },

  async remove({ version }, ctx) {
    const stored = await ctx.tenant.require('lineChannel', LINE_CHANNEL_ID);
    checkVersion(stored, version);
    await ctx.tenant.deleteIf('lineChannel', LINE_CHANNEL_ID, CONDITIONS.versionIs(stored.version), '720007');
    return viewOf(undefined);
  },
};
