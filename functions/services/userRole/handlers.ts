import { permissionsOf, type RoleDirectory, type UserRole } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '../../../shared/permissions';
import type { RoleView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion, newId } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import type { BoundItem } from '../../store/store';
import { assertMayGrant, assertNotOwnRole, assertWithinRights } from './rights';
import { roleTablesOf } from './roles';
import { say } from '../../../shared/i18n/say';

const SORTABLE = ['name', 'code', 'active', 'userCount', 'dateCreated', 'dateUpdated'];

function toRoleView(role: UserRole, userCount: number): RoleView {
  const { id, name, code, description, active, system, version, dateCreated, dateUpdated } = role;
  return { id, name, code, description, active, permissions: [...permissionsOf(role)], system, userCount, version, dateCreated, dateUpdated };
}

async function countsOf(ctx: AuthedContext): Promise<RoleDirectory['counts']> {
  return (await roleTablesOf(ctx.tenant).directory())?.counts ?? {};
}

async function rolesWithCounts(ctx: AuthedContext): Promise<RoleView[]> {
  const [roles, counts] = await Promise.all([ctx.tenant.list('userRole'), countsOf(ctx)]);
  return roles.map((r) => toRoleView(r, counts[r.id] ?? 0));
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
    const all = (await rolesWithCounts(ctx)).filter((r) => matchesText(r.name, q.name) && matchesText(r.code, q.code) && (q.active === undefined || r.active === q.active));
    return pageOfItems(all, q, SORTABLE, { field: 'dateCreated', order: 'asc' });
  },

  async detail({ id }, ctx) {
    const role = await ctx.tenant.require('userRole', id);
    return toRoleView(role, (await countsOf(ctx))[id] ?? 0);
  },

  async save(p, ctx) {
    const { tenant } = ctx;
    const roleWrites = roleTablesOf(tenant);
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
      await tenant.transact([roleWrites.claimCode(role.id, role.code), tenant.putNew('userRole', role), roleWrites.directoryName(role)]);
      return toRoleView(role, 0);
    }
    const role = await tenant.require('userRole', p.id);
    checkVersion(role, p.version);
    if (role.system && (!p.active || ALL_PERMISSIONS.some((c) => !permissions.includes(c)))) {
      throw new AppError('720009', say('request.adminRole'));
    }
    assertWithinRights(ctx, role, 'role');
    const [held, wanted]: (readonly string[])[] = [permissionsOf(role), permissions];
    const changed = wanted.some((c) => !held.includes(c)) || held.some((c) => !wanted.includes(c));
    if (changed || p.active !== role.active) assertNotOwnRole(ctx, role.id);
    const stored = role.system ? [] : permissions;
    const next: UserRole = { ...role, ...auditNext(role, now, actor), name: p.name, code: p.code, description: p.description, active: p.active, permissions: stored };
    const writes: BoundItem[] = [tenant.putVersioned('userRole', next, role.version), roleWrites.directoryName(next)];
    if (p.code.toUpperCase() !== role.code.toUpperCase()) {
      writes.push(roleWrites.claimCode(role.id, p.code));
      writes.push(roleWrites.releaseCode(role.code, '720007'));
    }
    await tenant.transact(writes);
    return toRoleView(next, (await countsOf(ctx))[role.id] ?? 0);
  },

  async delete({ id }, ctx) {
    const role = await ctx.tenant.require('userRole', id);
    if (role.system) throw new AppError('730010', say('request.adminRoleDelete'));
    assertWithinRights(ctx, role, 'role');
    if (((await countsOf(ctx))[id] ?? 0) > 0) throw new AppError('711002');
    const roleWrites = roleTablesOf(ctx.tenant);
    await ctx.tenant.transact([ctx.tenant.deleteItem('userRole', id), roleWrites.directoryRemoval(id), roleWrites.releaseCode(role.code)]);
    return { ok: true };
  },
};
