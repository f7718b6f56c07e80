/** Segments: list, picker, detail, saves with the name unique in the organization, delete, and the live size. */
import type { Segment } from '../../../shared/entities';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion, newId } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { releaseUnique, uniqueWrites } from '../../store/unique';
import { segmentSize } from './count';

const SORTABLE = ['name', 'dateCreated', 'dateUpdated'];

const nameChange = (ctx: AuthedContext, owner: string, next: string, old?: string) =>
  uniqueWrites(ctx.tenant, { entity: 'segment', field: 'name', owner, next, old, code: '720001' });

export const segmentHandlers: AreaHandlers<'segment'> = {
  async getListByPage(q, ctx) {
    const rows = (await ctx.tenant.list('segment')).filter((s) => matchesText(s.name, q.name));
    return pageOfItems(rows, q, SORTABLE, { field: 'name', order: 'asc' });
  },

  async getAll(_p, ctx) {
    return (await ctx.tenant.list('segment', ['id', 'name'])).sort((a, b) => a.name.localeCompare(b.name));
  },

  async detail({ id }, ctx) {
    return ctx.tenant.require('segment', id);
  },

  async save(p, ctx) {
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const stored = p.id ? await ctx.tenant.require('segment', p.id) : undefined;
    if (stored) checkVersion(stored, p.version);
    const fields = { name: p.name, description: p.description, rule: p.rule, includeIds: p.includeIds, excludeIds: p.excludeIds };
    const id = stored?.id ?? newId();
    const next: Segment = stored ? { ...stored, ...fields, ...auditNext(stored, now, actor) } : ctx.tenant.own({ id, ...fields, ...auditNew(now, actor) });
    await ctx.tenant.transact([
      stored ? ctx.tenant.putVersioned('segment', next, stored.version) : ctx.tenant.putNew('segment', next),
      ...(await nameChange(ctx, id, next.name, stored?.name)),
    ]);
    return next;
  },

  async delete({ id }, ctx) {
    const stored = await ctx.tenant.require('segment', id);
    await ctx.tenant.transact([ctx.tenant.deleteItem('segment', id, '720007'), releaseUnique(ctx.tenant, 'segment', 'name', stored.name)]);
    return { ok: true };
  },

  async count(p, ctx) {
    const audience = p.rule ? { rule: p.rule, includeIds: p.includeIds, excludeIds: p.excludeIds } : await ctx.tenant.require('segment', p.id!);
    return segmentSize(ctx.tenant, audience, ctx.rt.clock.now(), p.channel);
  },
};
