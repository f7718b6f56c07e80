import type { Organization, OrganizationUser, WhiteList } from '../../../shared/entities';
import { untenantedStore } from '../../contract/untenanted';
import { AppError } from '../../../shared/errors';
import { ALL_PERMISSIONS, notHeld } from '../../../shared/permissions';
import { type OrganizationView, whiteListEntries } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { joinWrites, snapshotOf } from '../user';
import { administratorRole, approverRole, newDirectory, roleCodeGuard } from '../userRole';
import { nextOrganizationId, orgCodeGuard } from './organizations';
import { say } from '../../../shared/i18n/say';

const crossOrg = (ctx: AuthedContext) => untenantedStore(ctx, 'organization administration: organization records by id across organizations');

function toOrganizationView(org: Organization): OrganizationView {
  const { id, name, code, shortCode, intro, icon, status, supportSendMultiDevicesPerUser, appFeatureJson, version, dateCreated, dateUpdated } = org;
  const onboardingPending = org.onboarding === 'PENDING';
  return {
    id,
    name,
    code,
    shortCode,
    intro,
    icon,
    status,
    supportSendMultiDevicesPerUser,
    appFeatureJson,
    ownerUserId: ownerOf(org),
    onboardingPending,
    version,
    dateCreated,
    dateUpdated,
  };
}

function ownerOf(org: Organization): string | undefined {
  return org.transferredUserId ?? (org.createdBy === 'system' ? undefined : org.createdBy);
}

async function requireSignedIn(ctx: AuthedContext, id: number): Promise<Organization> {
  if (id !== ctx.tenant.orgId) throw new AppError('720003');
  const org = await crossOrg(ctx).get('organization', { id });
  if (!org) throw new AppError('720003');
  return org;
}

const whiteListView = (list: WhiteList | undefined) => ({ entries: list?.entries ?? [], bytes: list?.bytes ?? 0, dateUpdated: list?.dateUpdated });

/** An organization the caller belongs to, active or not; any other answers exactly like one that does not exist. */
async function requireOwnOrganization(ctx: AuthedContext, id: number): Promise<Organization> {
  const memberships = await ctx.users.memberships(ctx.identity.userId, true);
  const m = memberships.find((x) => x.org.id === id);
  if (!m) throw new AppError('720003');
  return m.org;
}

export const organizationHandlers: AreaHandlers<'organization'> = {
  async list(q, ctx) {
    // Inactive organizations stay listed for their members, so an administrator can find and restore one.
    const memberships = await ctx.users.memberships(ctx.identity.userId, true);
    const all = memberships
      .filter((m) => matchesText(m.org.name, q.keyword) || matchesText(m.org.code, q.keyword))
      .map((m) => ({ ...toOrganizationView(m.org), isSelected: m.org.id === ctx.identity.orgId, roleName: m.role.name }));
    return pageOfItems(all, q, ['id', 'name', 'code', 'dateUpdated'], { field: 'id', order: 'asc' });
  },

  async detail({ id }, ctx) {
    return toOrganizationView(await requireOwnOrganization(ctx, id));
  },

  async save(p, ctx) {
    const store = crossOrg(ctx);
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    if (!p.id) {
      if (!ctx.identity.permissions.includes('ORGANIZATION_CREATE')) throw new AppError('730001', say('request.createOrgs'));
      const id = await nextOrganizationId(store);
      // its first administrator is led through onboarding at their next sign-in into it
      const org: Organization = { ...p, id, onboarding: 'PENDING', ...auditNew(now, actor) };
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
      throw new AppError('720009', say('request.orgDeactivate'));
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

  async transfer({ id, userId, version }, ctx) {
    const org = await requireSignedIn(ctx, id);
    checkVersion(org, version);
    const owner = ownerOf(org);
    // an organization nobody owns yet (the seeded one) is handed on by a holder of every permission only
    const mayTransfer = owner === undefined ? notHeld(ctx.identity.permissions, ALL_PERMISSIONS).length === 0 : owner === ctx.identity.userId;
    if (!mayTransfer) throw new AppError('730001', say('admin.notOwner'));
    if (owner === userId) throw new AppError('720009', say('admin.alreadyOwner'));
    const [link, user] = await Promise.all([ctx.tenant.get('organizationUser', userId), ctx.users.get(userId)]);
    if (!link || !user) throw new AppError('720003');
    if (user.status !== 'ACTIVE') throw new AppError('720009', say('admin.transferToMember'));
    const next: Organization = { ...org, transferredUserId: userId, ...auditNext(org, ctx.rt.clock.now(), ctx.identity.userId) };
    await crossOrg(ctx).transact([crossOrg(ctx).putVersioned('organization', next, org.version)]);
    return toOrganizationView(next);
  },

  async completeOnboarding({ id }, ctx) {
    const org = await requireSignedIn(ctx, id);
    if (org.onboarding !== 'PENDING') return toOrganizationView(org);
    const next: Organization = { ...org, onboarding: 'DONE', ...auditNext(org, ctx.rt.clock.now(), ctx.identity.userId) };
    await crossOrg(ctx).transact([crossOrg(ctx).putVersioned('organization', next, org.version)]);
    return toOrganizationView(next);
  },

  async whiteList({ id }, ctx) {
    await requireSignedIn(ctx, id);
    return whiteListView(await ctx.tenant.get('whiteList', 'whiteList'));
  },

  async saveWhiteList({ id, content }, ctx) {
    await requireSignedIn(ctx, id);
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const entries = whiteListEntries(content);
    const existing = await ctx.tenant.get('whiteList', 'whiteList');
    const list: WhiteList = ctx.tenant.own({
      id: 'whiteList',
      entries,
      bytes: new TextEncoder().encode(entries.join('\n')).byteLength,
      ...(existing ? auditNext(existing, now, actor) : auditNew(now, actor)),
    });
    await ctx.tenant.put('whiteList', list);
    return whiteListView(list);
  },

  async actionList({ id }, ctx) {
    await requireSignedIn(ctx, id);
    const actions = await ctx.tenant.list('actionList');
    return actions.map(({ id: actionId, name, code, type }) => ({ id: actionId, name, code, type })).sort((a, b) => a.name.localeCompare(b.name));
  },
};
