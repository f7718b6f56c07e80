/** userAlert.*: the caller's own alert rules in the selected organization. */
import { randomUUID } from 'node:crypto';
import { type UserAlert, userAlertPrefixOf } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { UserAlertView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { CONDITIONS } from '../../store/store';
import { rulesOf } from '../notification';
import { say } from '../../../shared/i18n/say';

/** A member keeps at most this many rules in an organization. */
const MOST = 50;

function mine(ctx: AuthedContext, id: string): string {
  if (!id.startsWith(userAlertPrefixOf(ctx.identity.userId))) throw new AppError('720003');
  return id;
}

const viewOf = ({ orgId: _o, userId: _u, createdBy: _c, updatedBy: _b, ...rest }: UserAlert): UserAlertView => rest;

export const userAlertHandlers: AreaHandlers<'userAlert'> = {
  async getAll(_p, ctx) {
    const rules = await rulesOf(ctx, ctx.identity.userId);
    return rules.sort((a, b) => a.dateCreated - b.dateCreated).map(viewOf);
  },

  async save({ id, version, ...fields }, ctx) {
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    if (id) {
      const existing = await ctx.tenant.require('userAlert', mine(ctx, id));
      checkVersion(existing, version);
      const next: UserAlert = { ...existing, ...fields, ...auditNext(existing, now, actor) };
      await ctx.tenant.put('userAlert', next, CONDITIONS.versionIs(existing.version), '720007');
      return viewOf(next);
    }
    if ((await rulesOf(ctx, actor)).length >= MOST) throw new AppError('400016', say('admin.alertsTooMany'));
    const record: UserAlert = { orgId: ctx.tenant.orgId, id: `${userAlertPrefixOf(actor)}${randomUUID()}`, userId: actor, ...fields, ...auditNew(now, actor) };
    await ctx.tenant.put('userAlert', record, CONDITIONS.isNew('id'), '720001');
    return viewOf(record);
  },

  async delete({ id }, ctx) {
    await ctx.tenant.deleteIf('userAlert', mine(ctx, id), CONDITIONS.exists('id'), '720003');
    return { ok: true as const };
  },
};
