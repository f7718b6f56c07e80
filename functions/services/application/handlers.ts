/**
 * Apps of the organization: the generic operations, with the app key set when an app is created, and issuing
 * its signing secret (sealed at rest; the answer of `issueSecret` is the only place it is ever shown).
 */
import { randomBytes } from 'node:crypto';
import { type Application, appKeyOf } from '../../../shared/entities';
import type { AreaHandlers } from '../../api/context';
import { seal } from '../../platform/keys';
import { auditNext } from '../../store/audit';

export function applicationHandlers(generic: Omit<AreaHandlers<'application'>, 'issueSecret'>): AreaHandlers<'application'> {
  return {
    ...generic,
    async save(p, ctx) {
      const saved = (await generic.save(p, ctx)) as unknown as Application;
      if (saved.appKey) return saved as never;
      const appKey = appKeyOf(ctx.tenant.orgId, saved.id);
      const updated = await ctx.store.update('application', { orgId: ctx.tenant.orgId, id: saved.id }, { appKey });
      return { ...saved, ...updated, appKey } as never;
    },
    async issueSecret({ id }, ctx) {
      const app = await ctx.tenant.require('application', id);
      const secret = randomBytes(32).toString('base64url');
      const now = ctx.rt.clock.now();
      const appKey = app.appKey ?? appKeyOf(ctx.tenant.orgId, id);
      await ctx.store.transact([
        ctx.store.putVersioned('application', { ...app, appKey, secretSealed: seal(ctx.rt.keys, secret), secretIssuedAt: now, ...auditNext(app, now, ctx.identity.userId) }, app.version),
      ]);
      return { appKey, secret, secretIssuedAt: now };
    },
  };
}
