/**
 * Role delegation: a delegation record, and its grant on the delegate's membership (written in one transaction), which
 * authorization reads with the membership and weighs against the clock, so a delegation ends at its date without any
 * job having to run.
 */
import { untenantedStore } from '../../contract/untenanted';
import { type DelegationGrant, type OrganizationUser, type UserDelegate, delegationActive } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { UserDelegateView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { pageOfItems } from '../../store/paging';
import type { TransactItem } from '../../store/store';
import { assertWithinRights } from '../userRole';
import { changeWrites } from './memberListing';
import { say } from '../../../shared/i18n/say';

const membershipStore = (ctx: object) => untenantedStore(ctx, 'membership changes write the listing row and role counts, global tables keyed by the caller organization');

const grantOf = (d: UserDelegate): DelegationGrant => ({ id: d.id, fromUserId: d.fromUserId, roleId: d.roleId, startAt: d.startAt, endAt: d.endAt });

const stateAt = (d: UserDelegate, now: number): UserDelegateView['state'] => (now < d.startAt ? 'SCHEDULED' : delegationActive(d, now) ? 'ACTIVE' : 'ENDED');

async function member(ctx: AuthedContext, userId: string): Promise<OrganizationUser> {
  const link = await ctx.tenant.get('organizationUser', userId);
  if (!link) throw new AppError('720003');
  return link;
}

async function assertMayDelegateFor(ctx: AuthedContext, from: OrganizationUser): Promise<void> {
  if (from.userId === ctx.identity.userId) return;
  if (!ctx.identity.permissions.includes('NAV_PORTAL_USER')) throw new AppError('730001', say('admin.delegateOthers'));
  const role = await ctx.tenant.get('userRole', from.roleId);
  if (role) assertWithinRights(ctx, role, 'member');
}

function withGrant(ctx: AuthedContext, link: OrganizationUser, delegationId: string, grant?: DelegationGrant): TransactItem[] {
  const kept = (link.delegations ?? []).filter((g) => g.id !== delegationId && g.endAt > ctx.rt.clock.now());
  const next: OrganizationUser = { ...link, delegations: grant ? [...kept, grant] : kept, ...auditNext(link, ctx.rt.clock.now(), ctx.identity.userId) };
  return changeWrites(membershipStore(ctx), link, next);
}

async function viewsOf(ctx: AuthedContext, delegations: UserDelegate[]) {
  // only the members and roles these delegations name: a page's cost follows the delegations, not the organization's size
  const userIds = [...new Set(delegations.flatMap((d) => [d.fromUserId, d.toUserId]))];
  const roleIds = [...new Set(delegations.map((d) => d.roleId))];
  const [links, roles] = await Promise.all([ctx.tenant.getMany('organizationUser', userIds), ctx.tenant.getMany('userRole', roleIds, ['id', 'name'])]);
  const username = new Map(links.flatMap((l) => (l ? [[l.userId, l.member.username] as const] : [])));
  const roleName = new Map(roles.flatMap((r) => (r ? [[r.id, r.name] as const] : [])));
  const now = ctx.rt.clock.now();
  return delegations.map((d) => ({
    ...d,
    fromUsername: username.get(d.fromUserId) ?? '',
    toUsername: username.get(d.toUserId) ?? '',
    roleName: roleName.get(d.roleId) ?? '',
    state: stateAt(d, now),
  }));
}

export const userDelegateHandlers: AreaHandlers<'userDelegate'> = {
  async getListByPage(q, ctx) {
    const all = await ctx.tenant.list('userDelegate');
    const me = ctx.identity.userId;
    const seen = ctx.identity.permissions.includes('NAV_PORTAL_USER') ? all : all.filter((d) => d.fromUserId === me || d.toUserId === me);
    return pageOfItems(await viewsOf(ctx, seen), q, ['startAt', 'endAt', 'fromUsername', 'toUsername'], { field: 'startAt', order: 'desc' });
  },

  async save(p, ctx) {
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const existing = p.id ? await ctx.tenant.require('userDelegate', p.id) : undefined;
    if (existing) checkVersion(existing, p.version);
    const from = await member(ctx, p.fromUserId ?? existing?.fromUserId ?? actor);
    const to = await member(ctx, p.toUserId);
    await assertMayDelegateFor(ctx, from);
    if (existing && existing.fromUserId !== from.userId) await assertMayDelegateFor(ctx, await member(ctx, existing.fromUserId));
    if (from.userId === to.userId) throw new AppError('720009', say('admin.delegateSelf'));
    if (p.endAt <= now) throw new AppError('720009', say('admin.delegateEnded'));
    // the delegator's own role, never one lent to them: nobody passes on more than they hold
    const record: UserDelegate = ctx.tenant.own({
      id: existing?.id ?? crypto.randomUUID(),
      fromUserId: from.userId,
      toUserId: to.userId,
      roleId: from.roleId,
      startAt: p.startAt,
      endAt: p.endAt,
      ...(existing ? auditNext(existing, now, actor) : auditNew(now, actor)),
    });
    const writes: TransactItem[] = [existing ? membershipStore(ctx).putVersioned('userDelegate', record, existing.version) : membershipStore(ctx).putNew('userDelegate', record)];
    if (existing && existing.toUserId !== to.userId) {
      const previous = await ctx.tenant.get('organizationUser', existing.toUserId);
      if (previous) writes.push(...withGrant(ctx, previous, record.id));
    }
    writes.push(...withGrant(ctx, to, record.id, grantOf(record)));
    await membershipStore(ctx).transact(writes);
    return (await viewsOf(ctx, [record]))[0]!;
  },

  async delete({ id }, ctx) {
    const existing = await ctx.tenant.require('userDelegate', id);
    // the delegate may hand a role back; a delegator who has left is managed by an administrator
    const from = await ctx.tenant.get('organizationUser', existing.fromUserId);
    if (existing.toUserId !== ctx.identity.userId) {
      if (from) await assertMayDelegateFor(ctx, from);
      else if (!ctx.identity.permissions.includes('NAV_PORTAL_USER')) throw new AppError('730001');
    }
    const writes: TransactItem[] = [{ ...membershipStore(ctx).deleteItem('userDelegate', { orgId: ctx.tenant.orgId, id }), failCode: '720007' } as TransactItem];
    const to = await ctx.tenant.get('organizationUser', existing.toUserId);
    if (to) writes.push(...withGrant(ctx, to, id));
    await membershipStore(ctx).transact(writes);
    return { ok: true as const };
  },
};
