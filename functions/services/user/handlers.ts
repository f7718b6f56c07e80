import type { OrganizationUser, User, UserRole } from '../../../shared/entities';
import { AppError, type ErrorCode } from '../../../shared/errors';
import type { TransactItem } from '../../store/store';
import type { AreaHandlers, AuthedContext } from '../../api/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { sendPasswordLink } from '../auth/handlers';
import { hashPassword } from '../auth/passwords';
import { membershipsOf, revokeUserSessions, switchSessionOrg } from '../auth/session';
import { buildUser, emailKeyOf, findUserBy, newSecurityStamp, snapshotOf, snapshotWrites, toUserView, usernameGuard } from './users';

const SORTABLE = ['username', 'firstName', 'lastName', 'email', 'roleName', 'status', 'dateCreated', 'dateUpdated'];

/** The organization's members with their users and role names. */
async function members(ctx: AuthedContext) {
  const [links, roles] = await Promise.all([
    ctx.tenant.list<OrganizationUser>('organizationUser'),
    ctx.tenant.list<UserRole>('userRole'),
  ]);
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  return links.map((link) => toUserView(link, roleName.get(link.roleId) ?? ''));
}

async function requireRole(ctx: AuthedContext, roleId: string): Promise<UserRole> {
  return ctx.tenant.require<UserRole>('userRole', roleId);
}

/** A member of the caller's organization; anyone else answers exactly like an id that does not exist. */
async function requireMember(ctx: AuthedContext, userId: string): Promise<{ user: User; link: OrganizationUser }> {
  const link = await ctx.tenant.get<OrganizationUser>('organizationUser', userId);
  const user = link ? await ctx.store.get<User>('user', { id: userId }) : undefined;
  if (!link || !user) throw new AppError('720003');
  return { user, link };
}

function newUser(ctx: AuthedContext, fields: { username: string; email: string; firstName: string; lastName: string }, status: User['status']): User {
  return buildUser({ ...fields, status, orgId: ctx.identity.orgId, actor: ctx.identity.userId, now: ctx.rt.clock.now() });
}

function newLink(ctx: AuthedContext, user: User, roleId: string): OrganizationUser {
  return ctx.tenant.own({ userId: user.id, roleId, member: snapshotOf(user), ...auditNew(ctx.rt.clock.now(), ctx.identity.userId) });
}

export const userHandlers: AreaHandlers<'user'> = {
  async getListByPage(q, ctx) {
    const all = (await members(ctx)).filter(
      (u) =>
        (!q.keyword || [u.username, u.email, u.firstName, u.lastName].some((v) => matchesText(v, q.keyword))) &&
        (!q.roleId || u.roleId === q.roleId) &&
        (!q.status || u.status === q.status),
    );
    return pageOfItems(all, q, SORTABLE, { field: 'dateCreated', order: 'desc' });
  },

  async save(p, ctx) {
    const { store } = ctx;
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const role = await requireRole(ctx, p.roleId);
    if (!p.id) {
      if (!p.password) throw new AppError('720006', 'payload.password: a new user needs a password (or invite them instead).');
      const user: User = {
        ...newUser(ctx, p, p.status),
        passwordHash: await hashPassword(p.password),
      };
      const link = newLink(ctx, user, role.id);
      await store.transact([
        store.putNew('uniqueKey', { id: usernameGuard(user.usernameKey), owner: user.id }, '720001'),
        store.putNew('user', user),
        store.putNew('organizationUser', link),
      ]);
      return toUserView(link, role.name);
    }
    const { user, link } = await requireMember(ctx, p.id);
    checkVersion(user, p.version);
    if (p.id === actor && p.status === 'INACTIVE') throw new AppError('720009', 'You cannot deactivate your own account.');
    const usernameKey = p.username.toLowerCase();
    const emailChanged = emailKeyOf(p.email) !== user.emailKey;
    const roleChanged = link.roleId !== role.id;
    const next: User = {
      ...user,
      ...auditNext(user, now, actor),
      username: p.username,
      usernameKey,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      emailKey: emailKeyOf(p.email),
      status: user.status === 'INVITED' ? 'INVITED' : p.status,
      ...(p.password ? { passwordHash: await hashPassword(p.password) } : {}),
    };
    // Password, role or email changed: the user's sessions end (600005).
    if (emailChanged || roleChanged || p.password) next.securityStamp = newSecurityStamp();
    const nextLink: OrganizationUser = { ...link, ...auditNext(link, now, actor), roleId: role.id, member: snapshotOf(next) };
    const writes: (TransactItem & { failCode?: ErrorCode })[] = [
      store.putVersioned('user', next, user.version),
      store.putVersioned('organizationUser', nextLink, link.version),
    ];
    writes.push(...(await snapshotWrites(store, next, ctx.identity.orgId)));
    if (usernameKey !== user.usernameKey) {
      writes.push(store.putNew('uniqueKey', { id: usernameGuard(usernameKey), owner: user.id }, '720001'));
      writes.push({ ...store.deleteItem('uniqueKey', { id: usernameGuard(user.usernameKey) }), failCode: '720007' });
    }
    await store.transact(writes);
    return toUserView(nextLink, role.name);
  },

  async delete({ id }, ctx) {
    if (id === ctx.identity.userId) throw new AppError('720009', 'You cannot delete your own account.');
    const { user } = await requireMember(ctx, id);
    const { store } = ctx;
    const others = (await membershipsOf(store, id)).filter((m) => m.org.id !== ctx.identity.orgId);
    const writes = [ctx.tenant.deleteItem('organizationUser', id)];
    if (others.length === 0) {
      writes.push(store.deleteItem('user', { id }), store.deleteItem('uniqueKey', { id: usernameGuard(user.usernameKey) }));
    }
    await store.transact(writes);
    if (others.length === 0) await revokeUserSessions(store, id, 'deleted');
    return { ok: true };
  },

  async invited(p, ctx) {
    const { store } = ctx;
    const role = await requireRole(ctx, p.roleId);
    const username = p.username ?? p.email;
    const existing = await findUserBy(store, 'usernameKey', username.toLowerCase());
    if (existing) {
      // An existing account joins this organization too.
      const already = await ctx.tenant.get<OrganizationUser>('organizationUser', existing.id);
      if (already) throw new AppError('720001', 'This user is already a member of the organization.');
      const link = newLink(ctx, existing, role.id);
      await store.transact([store.putNew('organizationUser', link)]);
      await ctx.rt.mailer.send({
        to: existing.email,
        subject: 'You were added to an organization in Herald',
        text: `Your Herald account ${existing.username} now has access to another organization. Sign in and switch to it from the organization menu.`,
      });
      return toUserView(link, role.name);
    }
    const user = newUser(ctx, { ...p, username }, 'INVITED');
    const link = newLink(ctx, user, role.id);
    await store.transact([
      store.putNew('uniqueKey', { id: usernameGuard(user.usernameKey), owner: user.id }, '720001'),
      store.putNew('user', user),
      store.putNew('organizationUser', link),
    ]);
    await sendPasswordLink(ctx, user, 'invite');
    return toUserView(link, role.name);
  },

  async getAll(_p, ctx) {
    return (await members(ctx))
      .map(({ id, username, firstName, lastName }) => ({ id, username, firstName, lastName }))
      .sort((a, b) => a.username.localeCompare(b.username));
  },

  async switchOrganization({ orgId }, ctx) {
    return switchSessionOrg(ctx, ctx.identity, orgId);
  },

  async updateUsageGuide({ key, done }, ctx) {
    const user = await ctx.store.get<User>('user', { id: ctx.identity.userId });
    if (!user) throw new AppError('710001');
    const usageGuide = { ...user.usageGuide, [key]: done };
    await ctx.store.update('user', { id: user.id }, { usageGuide });
    return { usageGuide };
  },

  async profile(_p, ctx) {
    const { user, link } = await requireMember(ctx, ctx.identity.userId);
    const role = await ctx.tenant.get<UserRole>('userRole', link.roleId);
    return { ...toUserView(link, role?.name ?? ''), alertEmails: user.alertEmails, alertTypes: user.alertTypes };
  },

  async saveProfile(p, ctx) {
    const { user, link } = await requireMember(ctx, ctx.identity.userId);
    const next: User = { ...user, ...auditNext(user, ctx.rt.clock.now(), user.id) };
    for (const key of ['firstName', 'lastName', 'language', 'timeZone', 'defaultLandingPage', 'alertEmails', 'alertTypes'] as const) {
      if (p[key] !== undefined) Object.assign(next, { [key]: p[key] });
    }
    if (p.email !== undefined && emailKeyOf(p.email) !== user.emailKey) {
      Object.assign(next, { email: p.email, emailKey: emailKeyOf(p.email), securityStamp: newSecurityStamp() });
    }
    await ctx.store.transact([ctx.store.putVersioned('user', next, user.version), ...(await snapshotWrites(ctx.store, next))]);
    const role = await ctx.tenant.get<UserRole>('userRole', link.roleId);
    return { ...toUserView({ ...link, member: snapshotOf(next) }, role?.name ?? ''), alertEmails: next.alertEmails, alertTypes: next.alertTypes };
  },
};
