/** Single sign-on through an organization's OpenID Connect provider. */
import { untenantedStore } from '../../contract/untenanted';
import { createHash } from 'node:crypto';
import type { OrganizationUser, User } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { inEmailDomains, isProviderAddress, SSO_MESSAGES, type SignIn, usernameSchema } from '../../../shared/services';
import type { RequestContext } from '../../contract/context';
import { hashToken, randomToken } from '../../platform/randomTokens';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { auditNew } from '../../store/audit';
import { CONDITIONS } from '../../store/store';
import { orgCodeGuard } from '../organization';
import { enabledSsoSetting, providerAddressRule, ssoPostLogoutRedirectUri, ssoRedirectUri } from '../ssoSetting';
import { buildUser, emailGuard, emailKeyOf, findUserBy, joinWrites, snapshotOf, usernameGuard } from '../user';
import { authorizationUrl, discover, exchangeCode, type IdClaims, lacksProfile, type ProviderMetadata, providerKeys, verifyIdToken, withUserInfo } from './oidc';
import { mailAddressConfirmation, signInLinks } from './links';
import { startSession } from './session';
import { placeholderAddress, verifiedAddress, withVerifiedAddress } from './ssoAddress';
import { assertSameBrowser, bindToBrowser, forgetBrowser } from './ssoBrowser';
import type { Limit } from './throttle';

const ssoStore = (ctx: object) => untenantedStore(ctx, 'single sign-on: an organization found by its code, its provider setting and the accounts it signs in');

const STATE_SECONDS = 600;
const SYSTEM_ACTOR = 'sso';
/** sign-ins one address may start in ten minutes */
export const STARTS_PER_ADDRESS = 60;

const stateSpent = () => new AppError('400017', SSO_MESSAGES.stateSpent);

function loginUrlOf(ctx: RequestContext, orgCode: string): string {
  return `${ctx.rt.config.publicUrl.replace(/\/$/, '')}/portalui/#/login?sso=${encodeURIComponent(orgCode)}`;
}

function logoutUrlOf(ctx: RequestContext, meta: ProviderMetadata, clientId: string): string | undefined {
  if (!meta.end_session_endpoint) return undefined;
  if (!isProviderAddress(meta.end_session_endpoint, providerAddressRule(ctx.rt).loopbackHttp)) throw new AppError('400017', SSO_MESSAGES.providerAddress);
  const url = new URL(meta.end_session_endpoint);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('post_logout_redirect_uri', ssoPostLogoutRedirectUri(ctx.rt));
  return url.toString();
}

async function organizationByCode(ctx: RequestContext, code: string) {
  const owner = await ctx.unique.ownerOf(orgCodeGuard(code));
  const org = owner ? await ssoStore(ctx).get('organization', { id: Number(owner) }) : undefined;
  return org?.status === 'ACTIVE' ? org : undefined;
}

export async function startSsoSignIn(ctx: RequestContext, orgCode: string): Promise<string | null> {
  // anyone may start a sign-in, and each start is a stored record: an address starts a bounded number
  const starts: Limit = { key: `sso:ip:${ctx.sourceIp}`, max: STARTS_PER_ADDRESS, windowSeconds: 600 };
  const now = ctx.rt.clock.now();
  await ctx.rateLimits.assertUnder(now, [starts]);
  await ctx.rateLimits.count(now, [starts]);
  const org = await organizationByCode(ctx, orgCode);
  const found = org ? await enabledSsoSetting(ssoStore(ctx), ctx.rt, org.id) : null;
  if (!org || !found) return null;
  const rule = providerAddressRule(ctx.rt);
  const meta = await discover(found.setting.issuer, rule);
  const state = randomToken(32);
  const nonce = randomToken(24);
  const codeVerifier = randomToken(48);
  const expiresAt = Math.floor(ctx.rt.clock.now() / 1000) + STATE_SECONDS;
  const url = authorizationUrl(meta, { clientId: found.setting.clientId, redirectUri: ssoRedirectUri(ctx.rt), state, nonce, codeVerifier });
  // the browser is sent there: never anything but https (http on loopback locally)
  if (!isProviderAddress(url, rule.loopbackHttp)) throw new AppError('400017', SSO_MESSAGES.providerAddress);
  const browserHash = bindToBrowser(ctx, state, STATE_SECONDS);
  await ssoStore(ctx).put('ssoState', { id: hashToken(state), orgId: org.id, nonce, codeVerifier, browserHash, expiresAt });
  return url;
}

/** The provider's callback: spends the state (a replay finds none), verifies the ID token, signs the person in. */
export async function finishSsoSignIn(ctx: RequestContext, code: string, state: string): Promise<SignIn> {
  const id = hashToken(state);
  const pending = await ssoStore(ctx).get('ssoState', { id });
  if (!pending) throw stateSpent();
  // checked before the spend: another client's try leaves the sign-in to the browser that started it
  assertSameBrowser(ctx, state, pending.browserHash);
  // one spend only: of two callbacks racing with the same state, the second finds it gone
  try {
    await ssoStore(ctx).deleteIf('ssoState', { id }, CONDITIONS.exists('id'), '400017');
  } catch (e) {
    if (e instanceof AppError) throw stateSpent();
    throw e;
  }
  if (pending.expiresAt * 1000 <= ctx.rt.clock.now()) throw stateSpent();
  const org = await ssoStore(ctx).get('organization', { id: pending.orgId });
  const found = org?.status === 'ACTIVE' ? await enabledSsoSetting(ssoStore(ctx), ctx.rt, pending.orgId) : null;
  if (!org || !found) throw new AppError('400017', SSO_MESSAGES.notConfigured);
  forgetBrowser(ctx, state);
  const { setting, clientSecret } = found;
  const meta = await discover(setting.issuer, providerAddressRule(ctx.rt));
  const tokens = await exchangeCode(meta, { clientId: setting.clientId, clientSecret, code, redirectUri: ssoRedirectUri(ctx.rt), codeVerifier: pending.codeVerifier });
  let claims = await verifyIdToken(tokens.idToken, providerKeys(meta), { issuer: setting.issuer, clientId: setting.clientId, nonce: pending.nonce, now: ctx.rt.clock.now() });
  if (lacksProfile(claims)) claims = await withUserInfo(meta, tokens.accessToken, claims);
  assertInDomains(claims, setting.emailDomains, setting.issuer);
  const user = await accountOf(ctx, claims, pending.orgId, setting.defaultRoleId);
  if (user.status !== 'ACTIVE') throw new AppError('710003');
  return startSession(ctx, user, await ctx.users.memberships(user.id), pending.orgId, {
    loginUrl: loginUrlOf(ctx, org.code),
    logoutUrl: logoutUrlOf(ctx, meta, setting.clientId),
  });
}

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** An organization that names its e-mail domains signs in only verified addresses in one of them. */
function assertInDomains(claims: IdClaims, domains: readonly string[], issuer: string): void {
  if (domains.length === 0) return;
  const refused = () => new AppError('710003', SSO_MESSAGES.emailDomain);
  if (!claims.email || !claims.emailVerified || !inEmailDomains(claims.email, domains)) throw refused();
  if (claims.hostedDomain !== undefined ? !domains.includes(claims.hostedDomain) : issuer === GOOGLE_ISSUER) throw refused();
}

/** The person's key: the provider's subject is unique only within its issuer. */
const identityIdOf = (claims: IdClaims) => createHash('sha256').update(`${claims.iss}\n${claims.sub}`).digest('base64url');

// Never taken over by e-mail address: a provider vouches only for the people it made, and an address it does not
// say it verified is the account's only once the mailed link is opened.
async function accountOf(ctx: RequestContext, claims: IdClaims, orgId: number, defaultRoleId: string): Promise<User> {
  const store = ssoStore(ctx);
  const now = ctx.rt.clock.now();
  const identityId = identityIdOf(claims);
  const known = await store.get('ssoIdentity', { id: identityId });
  const existing = known ? await store.get('user', { id: known.userId }) : undefined;
  const role = await store.get('userRole', { orgId, id: defaultRoleId });
  const newLink = (user: User): OrganizationUser => ({ orgId, userId: user.id, roleId: defaultRoleId, member: snapshotOf(user), ...auditNew(now, SYSTEM_ACTOR) });
  if (existing) {
    if (!(await store.get('organizationUser', { orgId, userId: existing.id }))) {
      if (!role) throw new AppError('710003');
      await store.transact(joinWrites(store, newLink(existing)));
    }
    return withVerifiedAddress(ctx, existing, claims);
  }
  if (!role) throw new AppError('710003');
  const verified = verifiedAddress(claims);
  const email = verified ?? placeholderAddress(identityId);
  if (await findUserBy(store, 'emailKey', emailKeyOf(email))) throw new AppError('710003', SSO_MESSAGES.emailTaken);
  const username = await freeUsername(ctx, claims, identityId);
  const user: User = {
    ...buildUser({
      username,
      email,
      firstName: claims.givenName ?? claims.name ?? '',
      lastName: claims.familyName ?? '',
      status: 'ACTIVE',
      orgId,
      actor: SYSTEM_ACTOR,
      now,
      language: (await organizationSettingOf(store.forOrg(orgId))).defaultLanguage,
    }),
    loginType: 'SSO',
    // shown to Herald only by its own mailed link: an organization's provider may say "verified" of any address,
    // so its word gives the account the address but not the right to take another organization's invitation to it
    emailVerified: false,
  };
  await store.transact([
    store.putNew('uniqueKey', { id: usernameGuard(user.usernameKey), owner: user.id }, '720001'),
    store.putNew('uniqueKey', { id: emailGuard(user.emailKey), owner: user.id }, '720001'),
    store.putNew('user', user),
    store.putNew('ssoIdentity', { id: identityId, userId: user.id, issuer: claims.iss, dateCreated: now }, '720001'),
    ...joinWrites(store, newLink(user)),
  ]);
  // an unverified address is only asked: the account has it once the link mailed to it is opened
  const unverified = !verified && claims.email && emailKeyOf(claims.email) !== user.emailKey ? claims.email : undefined;
  if (unverified && !(await findUserBy(store, 'emailKey', emailKeyOf(unverified)))) await mailAddressConfirmation(signInLinks(ctx), user, unverified, 'address');
  return user;
}

// A username shaped like an address is taken only when it is the verified one: a provider must not hold an invitation's.
async function freeUsername(ctx: RequestContext, claims: IdClaims, identityId: string): Promise<string> {
  const suffix = identityId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  const verified = claims.emailVerified ? claims.email : undefined;
  const preferred = claims.preferredUsername?.includes('@') && claims.preferredUsername !== verified ? undefined : claims.preferredUsername;
  for (const wanted of [preferred, verified]) {
    const parsed = usernameSchema.safeParse(wanted);
    if (!parsed.success) continue;
    for (const candidate of [parsed.data, `${parsed.data.slice(0, 55)}-${suffix}`]) {
      if (!(await ctx.users.findBy('usernameKey', candidate.toLowerCase()))) return candidate;
    }
  }
  return `sso-${suffix}`;
}
