import { type OrganizationUser, permissionsOf, type UserRole } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '../../../shared/permissions';
import type { RoleView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../api/context';
import { auditNew, auditNext, checkVersion, newId } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { assertMayGrant, assertNotOwnRole, assertWithinRights } from './rights';
import { roleCodeGuard } from './roles';

const SORTABLE = ['name', 'code', 'active', 'userCount', 'dateCreated', 'dateUpdated'];

function toRoleView(role: UserRole, userCount: number): RoleView {
  const { id, name, code, description, active, system, version, dateCreated, dateUpdated } = role;
  return { id, name, code, description, active, permissions: [...permissionsOf(role)], system, userCount, version, dateCreated, dateUpdated };
}

async function rolesWithCounts(ctx: AuthedContext): Promise<RoleView[]> {
  const [roles, links] = await Promise.all([
    ctx.tenant.list('userRole'),
    ctx.tenant.list('organizationUser'),
  ]);
  const counts = new Map<string, number>();
  for (const l of links) counts.set(l.roleId, (counts.get(l.roleId) ?? 0) + 1);
  return roles.map((r) => toRoleView(r, counts.get(r.id) ?? 0));
}

async function usersOfRole(ctx: AuthedContext, roleId: string): Promise<number> {
  const links = await ctx.tenant.list('organizationUser');
  return links.filter((l) => l.roleId === roleId).length;
}

export const userRoleHandlers: AreaHandlers<'userRole'> = {
  async getAll({ activeOnly }, ctx) {
    const roles = await ctx.tenant.list('userRole');
    return roles
      .filter((r) => !activeOnly || r.active)
      .map(({ id, name, code, active }) => ({ id, name, code, active }))
      .sort((a, b) => a.name.localeCompare(b.name));
  },

  async getRolePermissions(_p, ctx) {
    return {
      groups: Object.fromEntries(Object.entries(PERMISSION_GROUPS).map(([g, codes]) => [g, [...codes]])),
      held: [...ctx.identity.permissions],
    };
  },

  async getListByPage(q, ctx) {
    const all = (await rolesWithCounts(ctx)).filter(
      (r) => matchesText(r.name, q.name) && matchesText(r.code, q.code) && (q.active === undefined || r.active === q.active),
    );
    return pageOfItems(all, q, SORTABLE, { field: 'dateCreated', order: 'asc' });
  },

  async detail({ id }, ctx) {
    const role = await ctx.tenant.require('userRole', id);
    return toRoleView(role, await usersOfRole(ctx, id));
  },

  async save(p, ctx) {
    const { store, tenant } = ctx;
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const permissions = [...new Set(p.permissions)];
    assertMayGrant(ctx, permissions);
    if (!p.id) {
      const role: UserRole = tenant.own({
        id: newId(),
        name: p.name,
        code: p.code,
        description: p.description,
        active: p.active,
        permissions,
        system: false,
        ...auditNew(now, actor),
      });
      await store.transact([
        store.putNew('uniqueKey', { id: roleCodeGuard(tenant.orgId, role.code), owner: role.id }, '711001'),
        store.putNew('userRole', role),
      ]);
      return toRoleView(role, 0);
    }
    const role = await tenant.require('userRole', p.id);
    checkVersion(role, p.version);
    if (role.system && (!p.active || ALL_PERMISSIONS.some((c) => !permissions.includes(c)))) {
      throw new AppError('720009', 'The administrator role keeps every permission and stays active.');
    }
    assertWithinRights(ctx, role, 'role');
    const [held, wanted]: (readonly string[])[] = [permissionsOf(role), permissions];
    const changed = wanted.some((c) => !held.includes(c)) || held.some((c) => !wanted.includes(c));
    if (changed || p.active !== role.active) assertNotOwnRole(ctx, role.id);
    const next: UserRole = { ...role, ...auditNext(role, now, actor), name: p.name, code: p.code, description: p.description, active: p.active, permissions };
    const writes = [store.putVersioned('userRole', next, role.version)];
    if (p.code.toUpperCase() !== role.code.toUpperCase()) {
      writes.push(store.putNew('uniqueKey', { id: roleCodeGuard(tenant.orgId, p.code), owner: role.id }, '711001'));
      writes.push({ ...store.deleteItem('uniqueKey', { id: roleCodeGuard(tenant.orgId, role.code) }), failCode: '720007' });
    }
    await store.transact(writes);
    return toRoleView(next, await usersOfRole(ctx, role.id));
  },

  async delete({ id }, ctx) {
    const role = await ctx.tenant.require('userRole', id);
    if (role.system) throw new AppError('730010', 'The administrator role cannot be deleted.');
    assertWithinRights(ctx, role, 'role');
    if ((await usersOfRole(ctx, id)) > 0) throw new AppError('711002');
    await ctx.store.transact([
      ctx.tenant.deleteItem('userRole', id),
      ctx.store.deleteItem('uniqueKey', { id: roleCodeGuard(ctx.tenant.orgId, role.code) }),
    ]);
    return { ok: true };
  },
};
