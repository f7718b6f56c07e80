// Data import: the browser creates an import with its plan (header, mappings, key column). Each page is applied once:
// a page sent again (a retry after a lost answer) finds the import past it and answers the import as it is.
import { type DataImport, IMPORT_FAILURES_KEPT } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { textsIn } from '../../../shared/i18n';
import type { AreaHandlers } from '../../contract/context';
import { auditNew, newId } from '../../store/audit';
import { pageOfItems } from '../../store/paging';
import { CONDITIONS } from '../../store/store';
import { expectsRow, failuresAfter, refuse, requireImport, saveFailures, stillRunning, updateImport } from './imports';
import { importRows } from './importRows';
import { say } from '../../../shared/i18n/say';

export const dataImportHandlers: AreaHandlers<'dataImport'> = {
  async create(p, ctx) {
    const record: DataImport = ctx.tenant.own({
      id: newId(),
      ...p,
      status: 'RUNNING',
      nextRow: 2,
      bytesRead: 0,
      rowsRead: 0,
      created: 0,
      updated: 0,
      failed: 0,
      ...auditNew(ctx.rt.clock.now(), ctx.identity.userId),
    });
    await ctx.tenant.put('dataImport', record, CONDITIONS.isNew('id'));
    return record;
  },

  async appendRows({ id, fromRow, rows, bytesRead }, ctx) {
    const record = await requireImport(ctx.tenant, id);
    const end = fromRow + rows.length;
    if (record.nextRow >= end && fromRow < record.nextRow) return record; // applied already
    if (record.status !== 'RUNNING') refuse(say('request.importEnded'));
    if (fromRow !== record.nextRow) refuse(say('request.importNextRow', { row: record.nextRow }));

    const now = ctx.rt.clock.now();
    const page = await importRows(ctx.tenant, record, fromRow, rows, { now, actor: ctx.identity.userId });
    // failed rows and rows imported with a warning share the report (one entry a row), in row order
    const room = Math.max(0, IMPORT_FAILURES_KEPT - record.failed - (record.warned ?? 0));
    await saveFailures(ctx.tenant, id, [...page.failures, ...page.warnings].sort((a, b) => a.row - b.row).slice(0, room));
    const change: Partial<DataImport> = {
      nextRow: end,
      bytesRead: Math.max(record.bytesRead, Math.min(bytesRead, record.totalBytes || bytesRead)),
      rowsRead: record.rowsRead + rows.length,
      created: record.created + page.created,
      updated: record.updated + page.updated,
      failed: record.failed + page.failures.length,
      ...(page.warnings.length > 0 ? { warned: (record.warned ?? 0) + page.warnings.length } : {}),
      dateUpdated: now,
      updatedBy: ctx.identity.userId,
    };
    try {
      return await updateImport(ctx.tenant, record, change, expectsRow(fromRow));
    } catch (e) {
      // The same page, sent twice at once: the other copy moved the import on.
      const current = await requireImport(ctx.tenant, id);
      if (e instanceof AppError && current.nextRow >= end) return current;
      throw e;
    }
  },

  async finish({ id }, ctx) {
    const record = await requireImport(ctx.tenant, id);
    if (record.status !== 'RUNNING') return record;
    const now = ctx.rt.clock.now();
    return updateImport(ctx.tenant, record, { status: 'DONE', finishedAt: now, dateUpdated: now, bytesRead: record.totalBytes }, stillRunning);
  },

  async cancel({ id }, ctx) {
    const record = await requireImport(ctx.tenant, id);
    if (record.status !== 'RUNNING') return record;
    const now = ctx.rt.clock.now();
    return updateImport(ctx.tenant, record, { status: 'CANCELLED', finishedAt: now, dateUpdated: now }, stillRunning);
  },

  async detail({ id }, ctx) {
    return requireImport(ctx.tenant, id);
  },

  async getListByPage(q, ctx) {
    return pageOfItems(await ctx.tenant.list('dataImport'), q, ['dateCreated'], { field: 'dateCreated', order: 'desc' });
  },

  async getFailures({ id, afterRow = 0, size }, ctx) {
    await requireImport(ctx.tenant, id);
    const page = await failuresAfter(ctx.tenant, id, afterRow, size);
    // reasons are stored in English: the reader gets them in their language
    return { ...page, list: page.list.map((f) => ({ ...f, reason: textsIn(f.reason, ctx.lang) })) };
  },
};
