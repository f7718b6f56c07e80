/**
 * Apps of the organization: the generic operations, with the app key set when an app is created, and issuing its
 * signing secret and server key (sealed at rest; the answer of `issueSecret` is the only place either is shown).
 */
import { randomBytes } from 'node:crypto';
import { APPLICATION_MESSAGES, type Application, appKeyOf, isApiAppType } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { seal } from '../../platform/keys';
import { auditNext } from '../../store/audit';

type SavePayload = Parameters<AreaHandlers<'application'>['save']>[0] &
  Partial<Pick<Application, 'clientSecret' | 'bearerToken' | 'password' | 'customHeaders' | 'appType' | 'clientId' | 'username' | 'apiUrl' | 'tokenUrl'>>;

/** An API application's endpoints, when given (without one its devices cannot be pushed to, and the send says so). */
function checkEndpoints(p: SavePayload, ctx: AuthedContext): void {
  if (!isApiAppType(p.appType ?? '')) return;
  if (p.appType === 'OAuth' && p.apiUrl && !p.tokenUrl) throw new AppError('720006', APPLICATION_MESSAGES.tokenUrl);
  const urls = [p.apiUrl ?? '', p.appType === 'OAuth' ? (p.tokenUrl ?? '') : ''].filter(Boolean);
  if (!ctx.rt.config.outbound.allowLoopback && urls.some((u) => !/^https:\/\//i.test(u))) throw new AppError('720006', APPLICATION_MESSAGES.httpsOnly);
}

const SECRETS = ['clientSecret', 'bearerToken', 'password'] as const;
/** The secret each API type needs, with the refusal when it is neither given nor stored. */
const NEEDS: Partial<Record<Application['appType'], { field: 'clientId' | 'username' | (typeof SECRETS)[number]; message: string }[]>> = {
  OAuth: [
    { field: 'clientId', message: APPLICATION_MESSAGES.clientId },
    { field: 'clientSecret', message: APPLICATION_MESSAGES.clientSecret },
  ],
  BearerToken: [{ field: 'bearerToken', message: APPLICATION_MESSAGES.bearerToken }],
  BasicAuth: [
    { field: 'username', message: APPLICATION_MESSAGES.username },
    { field: 'password', message: APPLICATION_MESSAGES.password },
  ],
};

/** The secrets of a save sealed: the client secret, bearer token. */
async function sealedSecrets(p: SavePayload, ctx: AuthedContext) {
  checkEndpoints(p, ctx);
  const stored = p.id ? await ctx.tenant.require('application', p.id) : undefined;
  const given = (field: (typeof SECRETS)[number]) => (p[field] ?? '').length > 0;
  for (const need of NEEDS[p.appType as Application['appType']] ?? []) {
    const present = need.field === 'clientId' || need.field === 'username' ? Boolean(p[need.field]) : given(need.field) || Boolean(stored?.[`${need.field}Set`]);
    if (!present) throw new AppError('720006', need.message);
  }
  const oldValues = stored?.headerValuesSealed ?? {};
  const headerValuesSealed: Record<string, string> = {};
  for (const h of p.customHeaders ?? []) {
    if (h.value) headerValuesSealed[h.key] = seal(ctx.rt.keys, h.value);
    else if (oldValues[h.key]) headerValuesSealed[h.key] = oldValues[h.key]!;
    else throw new AppError('720006', APPLICATION_MESSAGES.headerValue);
  }
  if (p.appType === 'ApiKey' && Object.keys(headerValuesSealed).length === 0) throw new AppError('720006', APPLICATION_MESSAGES.apiKeyHeader);
  const sealed: Partial<Application> = { headerValuesSealed };
  for (const field of SECRETS) {
    if (given(field)) Object.assign(sealed, { [`${field}Sealed`]: seal(ctx.rt.keys, p[field]!), [`${field}Set`]: true });
  }
  const form = { ...p, clientSecret: undefined, bearerToken: undefined, password: undefined, customHeaders: (p.customHeaders ?? []).map((h) => ({ ...h, value: '' })) };
  return { form, sealed };
}

export function applicationHandlers(generic: Omit<AreaHandlers<'application'>, 'issueSecret'>): AreaHandlers<'application'> {
  return {
    ...generic,
    async save(p, ctx) {
      const { form, sealed } = await sealedSecrets(p as SavePayload, ctx);
      const saved = (await generic.save(form as never, ctx)) as unknown as Application;
      const appKey = saved.appKey ?? appKeyOf(ctx.tenant.orgId, saved.id);
      const updated = await ctx.tenant.update('application', saved.id, { ...sealed, appKey });
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
