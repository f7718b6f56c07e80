/** Data export: runs started here go on in the job worker after the answer. */
import { EXPORT_MESSAGES } from '../../../shared/export/csv';
import { AppError } from '../../../shared/errors';
import { EXPORT_LINK_SECONDS } from '../../../shared/services/dataExport';
import type { ExportSetting } from '../../../shared/entities';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { pageOfItems } from '../../store/paging';
import { applyLoop, newRun, nextRun, scheduleName } from './loops';
import { say } from '../../../shared/i18n/say';

async function requireRun(ctx: AuthedContext, id: string) {
  return ctx.tenant.require('dataExport', id);
}

export const dataExportHandlers: AreaHandlers<'dataExport'> = {
  async create(p, ctx) {
    if (p.segmentId && !(await ctx.tenant.get('segment', p.segmentId))) throw new AppError('720009', say('request.segmentMissing'));
    const run = newRun(ctx.tenant.orgId, ctx.rt.clock.now(), ctx.identity.userId, p);
    await // newRun leaves the audit fields of a run without an actor unset, which the record's type does not say
    await ctx.tenant.put('dataExport', run as never);
    ctx.afterCommit(() => ctx.rt.jobs.post({ kind: 'dataExport', orgId: ctx.tenant.orgId, id: run.id }));
    return run;
  },

  async detail({ id }, ctx) {
    return requireRun(ctx, id);
  },

  async getListByPage(q, ctx) {
    return pageOfItems(await ctx.tenant.list('dataExport'), q, ['title', 'exportType', 'state', 'rows', 'dateCreated'], { field: 'dateCreated', order: 'desc' });
  },

  async download({ id }, ctx) {
    const run = await requireRun(ctx, id);
    if (run.state === 'EMPTY') throw new AppError('720003', EXPORT_MESSAGES.noData);
    if (run.state !== 'DONE' || !run.fileKey) throw new AppError('720009', say('request.exportNoFile'));
    const fileName = run.fileName ?? 'export.csv';
    const url = await ctx.rt.ports.storage.signedGetUrl(run.fileKey, EXPORT_LINK_SECONDS, fileName);
    return { url, fileName, expiresAt: ctx.rt.clock.now() + EXPORT_LINK_SECONDS * 1000 };
  },

  async delete({ id }, ctx) {
    const run = await requireRun(ctx, id);
    await ctx.tenant.transact([ctx.tenant.deleteItem('dataExport', id, '720007')]);
    if (run.fileKey) await ctx.rt.ports.storage.delete(run.fileKey);
    return { ok: true };
  },
};

/** The export settings' own steps around the generic save and delete. */
export function exportSettingOverrides(generic: AreaHandlers<'exportSetting'>): AreaHandlers<'exportSetting'> {
  return {
    ...generic,
    async save(p, ctx) {
      const saved = (await generic.save(p, ctx)) as unknown as ExportSetting;
      const now = ctx.rt.clock.now();
      const orgId = ctx.tenant.orgId;
      const next = nextRun(saved, now);
      const startDate = saved.startDate ?? now;
      const updated = await ctx.tenant.update('exportSetting', saved.id, { startDate, ...(next !== undefined ? { nextExecutionDate: next } : {}) });
      ctx.afterCommit(async () => {
        await applyLoop(ctx.rt, orgId, saved);
        if (saved.state === 'ACTIVE' && saved.loopType === 'ONCE') await ctx.rt.jobs.post({ kind: 'exportSetting', orgId, id: saved.id });
      });
      return { ...saved, ...updated } as never;
    },
    async delete(p, ctx) {
      const result = await generic.delete(p, ctx);
      const orgId = ctx.tenant.orgId;
      ctx.afterCommit(() => ctx.rt.ports.scheduler.cancel(scheduleName(orgId, p.id)));
      return result;
    },
  };
}
