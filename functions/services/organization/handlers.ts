import type { Organization, OrganizationUser } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { OrganizationView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../api/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { membershipsOf } from '../auth';
import { joinWrites, snapshotOf } from '../user';
import { administratorRole, approverRole, newDirectory, roleCodeGuard } from '../userRole';
import { nextOrganizationId, orgCodeGuard } from './organizations';

function toOrganizationView(org: Organization): OrganizationView {
  const { id, name, code, shortCode, intro, icon, status, supportSendMultiDevicesPerUser, version, dateCreated, dateUpdated } = org;
  return { id, name, code, shortCode, intro, icon, status, supportSendMultiDevicesPerUser, version, dateCreated, dateUpdated };
}

/** An organization the caller belongs to, active or not; any other answers exactly like one that does not exist. */
async function requireOwnOrganization(ctx: AuthedContext, id: number): Promise<Organization> {
  const memberships = await membershipsOf(ctx.platform, ctx.identity.userId, true);
  const m = memberships.find((x) => x.org.id === id);
  if (!m) throw new AppError('720003');
  return m.org;
}

export const organizationHandlers: AreaHandlers<'organization'> = {
  async list(q, ctx) {
    // Inactive organizations stay listed for their members, so an administrator can find and restore one.
    const memberships = await membershipsOf(ctx.platform, ctx.identity.userId, true);
    const all = memberships
      .filter((m) => matchesText(m.org.name, q.keyword) || matchesText(m.org.code, q.keyword))
      .map((m) => ({ ...toOrganizationView(m.org), isSelected: m.org.id === ctx.identity.orgId, roleName: m.role.name }));
    return pageOfItems(all, q, ['id', 'name', 'code', 'dateUpdated'], { field: 'id', order: 'asc' });
  },

  async detail({ id }, ctx) {
    return toOrganizationView(await requireOwnOrganization(ctx, id));
  },

  async save(p, ctx) {
    const { platform: store } = ctx;
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    if (!p.id) {
      if (!ctx.identity.permissions.includes('ORGANIZATION_CREATE')) throw new AppError('730001', 'Creating organizations needs its own permission.');
      const id = await nextOrganizationId(store);
      const org: Organization = { ...p, id, appFeatureJson: '', ...auditNew(now, actor) };
      const role = administratorRole(id, now, actor);
      const approver = approverRole(id, now, actor);
      const creator = await store.get('user', { id: actor });
      if (!creator) throw new AppError('710001');
      const link: OrganizationUser = { orgId: id, userId: actor, roleId: role.id, member: snapshotOf(creator), ...auditNew(now, actor) };
      await store.transact([
        store.putNew('uniqueKey', { id: orgCodeGuard(org.code), owner: String(id) }, '720001'),
        store.putNew('organization', org),
        store.putNew('userRole', role),
        store.putNew('uniqueKey', { id: roleCodeGuard(id, approver.code), owner: approver.id }),
        store.putNew('userRole', approver),
        store.putNew('roleDirectory', newDirectory(role, 1, approver)),
        ...joinWrites(store, link, { roleCounted: true }),
      ]);
      return toOrganizationView(org);
    }
    // The router checked NAV_ORGANIZATION with the caller's role in organization p.id.
    const org = await requireOwnOrganization(ctx, p.id);
    checkVersion(org, p.version);
    if (p.status === 'INACTIVE' && p.id === ctx.identity.orgId) {
      throw new AppError('720009', 'You cannot deactivate the organization you are signed in to; switch to another one first.');
    }
    const next: Organization = { ...org, ...p, id: org.id, ...auditNext(org, now, actor) };
    const writes = [store.putVersioned('organization', next, org.version)];
    if (p.code.toUpperCase() !== org.code.toUpperCase()) {
      writes.push(store.putNew('uniqueKey', { id: orgCodeGuard(p.code), owner: String(org.id) }, '720001'));
      writes.push({ ...store.deleteItem('uniqueKey', { id: orgCodeGuard(org.code) }), failCode: '720007' });
    }
    await store.transact(writes);
    return toOrganizationView(next);
  },
};
