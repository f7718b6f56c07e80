/**
 * Apps of the organization: the generic operations, with the app key set when an app is created, and issuing
 * its signing secret and server key (sealed at rest; the answer of `issueSecret` is the only place either is shown).
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
      const updated = await ctx.tenant.update('application', saved.id, { appKey });
      return { ...saved, ...updated, appKey } as never;
    },
    async issueSecret({ id, key }, ctx) {
      const app = await ctx.tenant.require('application', id);
      const now = ctx.rt.clock.now();
      const appKey = app.appKey ?? appKeyOf(ctx.tenant.orgId, id);
      const fresh = () => randomBytes(32).toString('base64url');
      // a server key comes with the first signing secret and is then replaced only on its own
      const secret = key === 'signing' ? fresh() : undefined;
      const serverKey = key === 'server' || !app.serverKeySealed ? fresh() : undefined;
      await ctx.tenant.transact([
        ctx.tenant.putVersioned(
          'application',
          {
            ...app,
            appKey,
            ...(secret ? { secretSealed: seal(ctx.rt.keys, secret), secretIssuedAt: now } : {}),
            ...(serverKey ? { serverKeySealed: seal(ctx.rt.keys, serverKey), serverKeyIssuedAt: now } : {}),
            ...auditNext(app, now, ctx.identity.userId),
          },
          app.version,
        ),
      ]);
      return { appKey, ...(secret ? { secret, secretIssuedAt: now } : {}), ...(serverKey ? { serverKey, serverKeyIssuedAt: now } : {}) };
    },
  };
}
