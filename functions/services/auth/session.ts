/** Sessions: sign-in, the stored sign-in object, refresh rotation with reuse detection, revocation. */
import { untenantedStore } from '../../contract/untenanted';
import { type DelegationGrant, delegationActive, type Organization, type OrganizationUser, permissionsOf, type Session, type User, type UserRole } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { isProviderAddress, type SignIn } from '../../../shared/services';
import type { Identity, Prefetching, RequestContext } from '../../contract/context';
import { CONDITIONS, type Store } from '../../store/store';
import { providerAddressRule } from '../ssoSetting';
import { hashToken, randomToken } from '../../platform/randomTokens';
import { issueAccessToken, splitRefreshToken, verifyAccessToken } from './tokens';

const signInStore = (ctx: object) => untenantedStore(ctx, 'sign-in and sessions: the user directory, sessions and memberships in every organization of the user');

import type { Membership } from '../../contract/capabilities';

export type { Membership };

export async function membershipsOf(store: Store, userId: string, includeInactive = false): Promise<Membership[]> {
  const links = await store.queryAll('organizationUser', { name: 'userId', value: userId }, 'byUser');
  if (links.length === 0) return [];
  const found = await store.getMany([
    ...links.map((l) => ({ entity: 'organization' as const, key: { id: l.orgId } })),
    ...links.map((l) => ({ entity: 'userRole' as const, key: { orgId: l.orgId, id: l.roleId } })),
  ]);
  return links
    .map((link, i) => ({ link, org: found[i] as Organization | undefined, role: found[links.length + i] as UserRole | undefined }))
    .filter((m): m is Membership => Boolean(m.org && m.role && (includeInactive || m.org.status === 'ACTIVE')))
    .sort((a, b) => a.org.id - b.org.id);
}

export function effectivePermissions(role: UserRole | undefined): string[] {
  return role?.active ? [...permissionsOf(role)] : [];
}

/** The permissions lent to a member by the delegations in force at `now`. */
export async function delegatedPermissions(store: Store, orgId: number, grants: readonly DelegationGrant[] | undefined, now: number): Promise<string[]> {
  const active = (grants ?? []).filter((g) => delegationActive(g, now));
  if (active.length === 0) return [];
  const delegators = [...new Set(active.map((g) => g.fromUserId))];
  const roles = [...new Set(active.map((g) => g.roleId))];
  const found = await store.getMany([
    ...delegators.map((userId) => ({ entity: 'organizationUser' as const, key: { orgId, userId }, attributes: ['userId', 'roleId'] })),
    ...roles.map((id) => ({ entity: 'userRole' as const, key: { orgId, id }, attributes: ['id', 'active', 'system', 'permissions'] })),
  ]);
  const roleOf = new Map(delegators.map((userId, i) => [userId, (found[i] as OrganizationUser | undefined)?.roleId]));
  const roleById = new Map(roles.map((id, i) => [id, found[delegators.length + i] as UserRole | undefined]));
  const lent = new Set<string>();
  for (const g of active) if (roleOf.get(g.fromUserId) === g.roleId) for (const p of effectivePermissions(roleById.get(g.roleId))) lent.add(p);
  return [...lent];
}

async function memberPermissions(store: Store, orgId: number, role: UserRole | undefined, link: Pick<OrganizationUser, 'delegations'> | undefined, now: number): Promise<string[]> {
  const own = effectivePermissions(role);
  const lent = await delegatedPermissions(store, orgId, link?.delegations, now);
  return lent.length === 0 ? own : [...new Set([...own, ...lent])];
}

function pickOrg(memberships: Membership[], wanted?: number): Membership {
  return memberships.find((m) => m.org.id === wanted) ?? memberships[0];
}

async function signInObject(ctx: RequestContext, user: User, session: Session, refreshToken: string, memberships: Membership[]): Promise<SignIn> {
  const selected = pickOrg(memberships, session.orgId);
  const access = await issueAccessToken(ctx.rt, {
    sub: user.id,
    org: selected.org.id,
    rol: selected.role.id,
    sid: session.id,
    stp: user.securityStamp,
  });
  return {
    tokenType: 'Bearer',
    accessToken: access.token,
    expiresIn: ctx.rt.config.accessTokenSeconds,
    refreshToken,
    userdetails: {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      language: user.language,
      timeZone: user.timeZone,
      defaultLandingPage: user.defaultLandingPage,
      usageGuide: user.usageGuide,
      organizations: memberships.map((m) => ({
        id: m.org.id,
        name: m.org.name,
        code: m.org.code,
        icon: m.org.icon,
        isSelected: m.org.id === selected.org.id,
        onboardingPending: m.org.onboarding === 'PENDING',
        role: { id: m.role.id, name: m.role.name, code: m.role.code },
      })),
      rolePermissions: await memberPermissions(signInStore(ctx), selected.org.id, selected.role, selected.link, ctx.rt.clock.now()),
    },
    loginType: user.loginType,
    loginUrl: session.loginUrl ?? null,
    // a provider's address reaches the browser only when it is https (a session may predate that rule)
    logoutUrl: session.logoutUrl && isProviderAddress(session.logoutUrl, providerAddressRule(ctx.rt).loopbackHttp) ? session.logoutUrl : null,
  };
}

/** Opens a new session (a new refresh-token family) for a user who proved who they are. */
export async function startSession(
  ctx: RequestContext,
  user: User,
  memberships: Membership[],
  wantedOrg?: number,
  sso?: { loginUrl: string; logoutUrl?: string },
): Promise<SignIn> {
  if (memberships.length === 0) throw new AppError('710003');
  const now = ctx.rt.clock.now();
  const selected = pickOrg(memberships, wantedOrg ?? user.lastOrgId);
  const id = randomToken(24);
  const secret = randomToken(32);
  const session: Session = {
    id,
    userId: user.id,
    orgId: selected.org.id,
    currentTokenHash: hashToken(secret),
    securityStamp: user.securityStamp,
    revoked: false,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: Math.floor(now / 1000) + ctx.rt.config.refreshTokenSeconds,
    sourceIp: ctx.sourceIp,
    ...(sso ? { loginUrl: sso.loginUrl, logoutUrl: sso.logoutUrl } : {}),
  };
  await signInStore(ctx).put('session', session);
  return signInObject(ctx, user, session, `${id}.${secret}`, memberships);
}

/** Marks a session revoked; a session that is already gone needs nothing, but a failing store is not hidden. */
export async function revokeSession(store: Store, sessionId: string, reason: string): Promise<void> {
  try {
    await store.update('session', { id: sessionId }, { revoked: true, revokedReason: reason }, CONDITIONS.exists('id'));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
}

export async function revokeUserSessions(store: Store, userId: string, reason: string): Promise<void> {
  const sessions = await store.queryAll('session', { name: 'userId', value: userId }, 'byUser');
  await Promise.all(sessions.filter((s) => !s.revoked).map((s) => revokeSession(store, s.id, reason)));
}

async function loadUserState(store: Store, userId: string) {
  const user = await store.get('user', { id: userId });
  if (!user) throw new AppError('710001');
  return user;
}

/**
 * How long after a rotation its predecessor is taken for a refresh that lost the race (tabs or requests that
 * refreshed at once): refused, but the family stays.
 */
export const ROTATION_GRACE_MS = 10_000;

/**
 * Rotation: the presented token must be the family's current one, and one conditional write lets exactly one of
 * concurrent refreshes win. A replayed (older) token means it leaked: the whole family is revoked, so neither the
 * thief nor the owner can go on with it.
 */
export async function rotateSession(ctx: RequestContext, refreshToken: string): Promise<SignIn> {
  const parts = splitRefreshToken(refreshToken);
  if (!parts) throw new AppError('710004');
  const { rt } = ctx;
  const store = signInStore(ctx);
  const session = await store.get('session', { id: parts.sessionId });
  const now = rt.clock.now();
  if (session?.revokedReason === 'deleted') throw new AppError('710001');
  if (!session || session.revoked || session.expiresAt * 1000 <= now) throw new AppError('710004');
  const presented = hashToken(parts.secret);
  if (presented !== session.currentTokenHash) {
    const lostRace = presented === session.previousTokenHash && now - (session.rotatedAt ?? 0) < ROTATION_GRACE_MS;
    if (lostRace) throw new AppError('710004');
    await revokeSession(store, session.id, 'reuse');
    ctx.rt.log.warn('refresh token reuse: session family revoked', { sessionId: session.id, userId: session.userId });
    throw new AppError('710004');
  }
  if (now - session.lastUsedAt > rt.config.sessionIdleSeconds * 1000) {
    await revokeSession(store, session.id, 'idle');
    throw new AppError('600003');
  }
  const user = await loadUserState(store, session.userId);
  if (user.securityStamp !== session.securityStamp) {
    await revokeSession(store, session.id, 'stamp');
    throw new AppError('600005');
  }
  if (user.status !== 'ACTIVE') throw new AppError('710003');
  const memberships = await membershipsOf(store, user.id);
  if (!memberships.some((m) => m.org.id === session.orgId)) throw new AppError('600006');
  const secret = randomToken(32);
  const updated = await store.update(
    'session',
    { id: session.id },
    { currentTokenHash: hashToken(secret), previousTokenHash: presented, rotatedAt: now, lastUsedAt: now },
    {
      ConditionExpression: '#h = :h AND #r = :f',
      ExpressionAttributeNames: { '#h': 'currentTokenHash', '#r': 'revoked' },
      ExpressionAttributeValues: { ':h': presented, ':f': false },
    },
    '710004',
  );
  return signInObject(ctx, user, updated as Session, `${session.id}.${secret}`, memberships);
}

export async function switchSessionOrg(ctx: RequestContext, identity: Identity, orgId: number): Promise<SignIn> {
  const store = signInStore(ctx);
  const user = await loadUserState(store, identity.userId);
  const memberships = await membershipsOf(store, user.id);
  // An organization the user does not belong to answers like one that does not exist.
  if (!memberships.some((m) => m.org.id === orgId)) throw new AppError('720003');
  const secret = randomToken(32);
  const session = (await store.update(
    'session',
    { id: identity.sessionId },
    { orgId, currentTokenHash: hashToken(secret), lastUsedAt: ctx.rt.clock.now() },
    { ConditionExpression: '#r = :f', ExpressionAttributeNames: { '#r': 'revoked' }, ExpressionAttributeValues: { ':f': false } },
    '710005',
  )) as Session;
  await store.update('user', { id: user.id }, { lastOrgId: orgId });
  return signInObject(ctx, user, session, `${session.id}.${secret}`, memberships);
}

/** The permissions a user holds in one organization (whatever its status), or null when not a member. */
export async function permissionsIn(store: Store, userId: string, orgId: number): Promise<string[] | null> {
  const link = await store.get('organizationUser', { orgId, userId });
  if (!link) return null;
  return memberPermissions(store, orgId, await store.get('userRole', { orgId, id: link.roleId }), link, store.rt.clock.now());
}

/** Verifies an access token and the records it names, in one batch read. */
export async function authenticate(ctx: RequestContext, token: string, prefetch?: Prefetching['prefetch']): Promise<Identity> {
  const claims = await verifyAccessToken(ctx.rt, token);
  const extra = prefetch?.(claims.org) ?? [];
  // Only what the checks and the identity need: a whole user and an administrator role are a few hundred values.
  const found = await signInStore(ctx).getMany([
    { entity: 'user', key: { id: claims.sub }, attributes: ['username', 'securityStamp', 'status', 'loginType'] },
    { entity: 'session', key: { id: claims.sid }, attributes: ['revoked'] },
    { entity: 'organizationUser', key: { orgId: claims.org, userId: claims.sub }, attributes: ['roleId', 'delegations'] },
    { entity: 'userRole', key: { orgId: claims.org, id: claims.rol }, attributes: ['active', 'system', 'permissions'] },
    ...extra,
  ]);
  const [user, session, link, role] = found as [User | undefined, Session | undefined, OrganizationUser | undefined, UserRole | undefined];
  if (!user) throw new AppError('710001');
  if (!session || session.revoked) throw new AppError('710005');
  if (user.securityStamp !== claims.stp) throw new AppError('600005');
  if (user.status !== 'ACTIVE') throw new AppError('710003');
  if (!link) throw new AppError('600006');
  if (link.roleId !== claims.rol || !role) throw new AppError('600005');
  if (extra.length > 0) ctx.prefetched = new Map(extra.map((p, i) => [p.entity, found[4 + i]]));
  return {
    userId: user.id,
    username: user.username,
    orgId: claims.org,
    roleId: role.id,
    permissions: await memberPermissions(signInStore(ctx), claims.org, role, link, ctx.rt.clock.now()),
    sessionId: session.id,
    securityStamp: user.securityStamp,
    loginType: user.loginType,
    tokenExpiresAt: claims.exp * 1000,
  };
}
