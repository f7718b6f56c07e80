/** The address of an account made by single sign-on. */
import { untenantedStore } from '../../contract/untenanted';
import type { User } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { RequestContext } from '../../contract/context';
import { auditNext } from '../../store/audit';
import { emailGuard, emailKeyOf, findUserBy, snapshotWrites } from '../user';
import type { IdClaims } from './oidc';

const ssoStore = (ctx: object) => untenantedStore(ctx, 'single sign-on: the provider settings and the accounts they sign in');

const PLACEHOLDER_DOMAIN = '@sso.invalid';

/** The address standing for none: unique per person, never mailed. */
export const placeholderAddress = (identityId: string) => `${identityId.slice(0, 24)}${PLACEHOLDER_DOMAIN}`;

export const hasNoAddress = (user: User) => user.emailKey.endsWith(PLACEHOLDER_DOMAIN);

export const verifiedAddress = (claims: IdClaims) => (claims.email && claims.emailVerified ? claims.email : undefined);

/** `user` with the provider's verified address when it had none and the address is free; else `user` as it was. */
export async function withVerifiedAddress(ctx: RequestContext, user: User, claims: IdClaims): Promise<User> {
  const email = verifiedAddress(claims);
  const store = ssoStore(ctx);
  if (!email || !hasNoAddress(user) || (await findUserBy(store, 'emailKey', emailKeyOf(email)))) return user;
  const next: User = { ...user, ...auditNext(user, ctx.rt.clock.now(), 'sso'), email, emailKey: emailKeyOf(email) };
  try {
    await store.transact([
      store.putVersioned('user', next, user.version),
      store.putNew('uniqueKey', { id: emailGuard(next.emailKey), owner: user.id }, '720001'),
      store.deleteItem('uniqueKey', { id: emailGuard(user.emailKey) }),
      ...(await snapshotWrites(store, next)),
    ]);
  } catch (e) {
    // another account took the address, or another sign-in changed this one, at the same moment: keep it as it is
    if (e instanceof AppError) return user;
    throw e;
  }
  return next;
}
