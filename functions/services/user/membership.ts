/** What the user operations share about members: finding one in reach, the account writes, a member's leaving. */
import type { OrganizationUser, User, UserRole } from '../../../shared/entities';
import { untenantedStore } from '../../contract/untenanted';
import { AppError } from '../../../shared/errors';
import type { AuthedContext } from '../../contract/context';
import { auditNew } from '../../store/audit';
import { revokeUserSessions } from '../auth';
import { assertWithinRights } from '../userRole';
import { joinWrites, leaveWrites } from './memberListing';
import { buildUser, emailGuard, emailKeyOf, linksOf, snapshotOf, toUserView, usernameGuard } from './users';
import { say } from '../../../shared/i18n/say';

/** Accounts and memberships: the user directory, its unique guards and invitations answered from any organization: the untenanted store's door. */
export const accounts = (ctx: object) => untenantedStore(ctx, 'accounts and memberships: the user directory, its unique guards and invitations answered from any organization');

export async function members(ctx: AuthedContext) {
  const [links, roles] = await Promise.all([ctx.tenant.list('organizationUser'), ctx.tenant.list('userRole')]);
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  return links.map((link) => toUserView(link, roleName.get(link.roleId) ?? ''));
}

export async function requireRole(ctx: AuthedContext, roleId: string): Promise<UserRole> {
  return ctx.tenant.require('userRole', roleId);
}

/** A member of the caller's organization; anyone else answers exactly like an id that does not exist. */
export async function requireMember(ctx: AuthedContext, userId: string): Promise<{ user: User; link: OrganizationUser }> {
  const link = await ctx.tenant.get('organizationUser', userId);
  const user = link ? await ctx.users.get(userId) : undefined;
  if (!link || !user) throw new AppError('720003');
  return { user, link };
}

export async function assertMayManageMember(ctx: AuthedContext, link: OrganizationUser): Promise<void> {
  const role = await ctx.tenant.get('userRole', link.roleId);
  if (role) assertWithinRights(ctx, role, 'member');
}

export async function assertEmailFree(ctx: AuthedContext, email: string): Promise<void> {
  if (await ctx.users.findBy('emailKey', emailKeyOf(email))) {
    throw new AppError('720001', say('request.emailTaken'));
  }
}

export function newUser(
  ctx: AuthedContext,
  fields: { username: string; email: string; firstName: string; lastName: string },
  status: User['status'],
  language: User['language'],
): User {
  return buildUser({ ...fields, status, orgId: ctx.identity.orgId, actor: ctx.identity.userId, now: ctx.rt.clock.now(), language });
}

export function newLink(ctx: AuthedContext, user: User, roleId: string): OrganizationUser {
  return ctx.tenant.own({ userId: user.id, roleId, member: snapshotOf(user), ...auditNew(ctx.rt.clock.now(), ctx.identity.userId) });
}

/** The writes that create an account with its unique guards, and its first membership when it has one. */
export function accountWrites(ctx: AuthedContext, user: User, link?: OrganizationUser) {
  const store = accounts(ctx);
  return [
    store.putNew('uniqueKey', { id: usernameGuard(user.usernameKey), owner: user.id }, '720001'),
    store.putNew('uniqueKey', { id: emailGuard(user.emailKey), owner: user.id }, '720001'),
    store.putNew('user', user),
    ...(link ? joinWrites(store, link) : []),
  ];
}

/** A member's leaving; an account that belongs nowhere else goes with it (its sessions end). */
export async function removeMember(ctx: AuthedContext, user: User, link: OrganizationUser): Promise<void> {
  const store = accounts(ctx);
  const others = (await linksOf(store, user.id)).filter((l) => l.orgId !== ctx.identity.orgId);
  const writes = leaveWrites(store, link);
  if (others.length === 0) {
    writes.push(
      store.deleteItem('user', { id: user.id }),
      store.deleteItem('uniqueKey', { id: usernameGuard(user.usernameKey) }),
      store.deleteItem('uniqueKey', { id: emailGuard(user.emailKey) }),
    );
  }
  await store.transact(writes);
  if (others.length === 0) await revokeUserSessions(store, user.id, 'deleted');
}

/** Shows a new address to its old owner without spelling it out: j***@example.com. */
export function masked(email: string): string {
  const [local, domain] = [email.slice(0, email.lastIndexOf('@')), email.slice(email.lastIndexOf('@') + 1)];
  return `${local.slice(0, 1)}***@${domain}`;
}
