/**
 * Preset parameters: the generic operations with the rule that spans fields (the data rows' order), the upload link,
 * the load (a background job) and the records, read by key a page at a time and edited one by one.
 */
import { type PresetParameter, PRESET_MESSAGES, presetEntryOf, presetRecordKeyOf } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { textsIn } from '../../../shared/i18n';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { badField as bad } from '../../contract/problems';
import { auditNext } from '../../store/audit';
import { partitionPage } from '../../store/orgCursor';
import { importUploadLink } from '../dataImport';
import { presetFolder } from './load';
import { say } from '../../../shared/i18n/say';

async function requireParameter(ctx: AuthedContext, id: string): Promise<PresetParameter> {
  return (await ctx.tenant.require('presetParameter', id)) as PresetParameter;
}

function assertMayUseSources(ctx: AuthedContext): void {
  if (!ctx.identity.permissions.includes('NAV_CLOUD_SOURCE')) throw new AppError('730001', say('request.presetCloudPermission'));
}

type Generic = Omit<AreaHandlers<'presetParameter'>, 'uploadUrl' | 'load'>;

export function presetParameterHandlers(generic: Generic): AreaHandlers<'presetParameter'> {
  return {
    ...generic,

    async save(payload, ctx) {
      // the generic payload is typed loosely; these fields come from the registry's form
      const p = payload as typeof payload & Partial<Pick<PresetParameter, 'type' | 'cloudSourceId' | 'fileFirstDataRow' | 'fileLastDataRow'>>;
      if (p.type === 'CLOUD_SOURCE' || p.cloudSourceId) assertMayUseSources(ctx);
      if (p.fileLastDataRow !== undefined && p.fileLastDataRow < (p.fileFirstDataRow ?? 2)) bad('fileLastDataRow', PRESET_MESSAGES.lastRow);
      return generic.save(payload, ctx);
    },

    async detail(p, ctx) {
      const param = await generic.detail(p, ctx);
      // a failed load's reason is kept in English; the reader reads it in their language
      return param.loadError ? { ...param, loadError: textsIn(String(param.loadError), ctx.lang) } : param;
    },

    async delete(p, ctx) {
      const answer = await generic.delete(p, ctx);
      const orgId = ctx.tenant.orgId;
      // up to a million values: removed by a job, not while the delete is answered
      ctx.afterCommit(() => ctx.rt.jobs.post({ kind: 'presetRecordsRemove', orgId, id: p.id }));
      return answer;
    },

    async uploadUrl({ id, fileName, size }, ctx) {
      const param = await requireParameter(ctx, id);
      if (param.type !== 'UPLOAD') throw new AppError('720009', say('request.presetCloud'));
      return importUploadLink(ctx.rt, `${presetFolder(ctx.tenant.orgId, id)}${fileName}`, size);
    },

    async load({ id, fileName }, ctx) {
      const param = await requireParameter(ctx, id);
      if (param.type === 'UPLOAD' && !fileName) bad('fileName', say('form.uploadNone'));
      if (param.type === 'CLOUD_SOURCE') assertMayUseSources(ctx);
      // a cloud source parameter may be saved unfinished; it loads once it names its source and file
      if (param.type === 'CLOUD_SOURCE' && !param.cloudSourceId) bad('cloudSourceId', PRESET_MESSAGES.cloudSource);
      if (param.type === 'CLOUD_SOURCE' && !param.fileName && !fileName) bad('fileName', PRESET_MESSAGES.fileName);
      if (param.loadState === 'LOADING' && param.dateUpdated > ctx.rt.clock.now() - 15 * 60_000) throw new AppError('720009', say('request.presetLoading'));
      await ctx.tenant.transact([
        ctx.tenant.putVersioned('presetParameter', { ...param, loadState: 'LOADING', loadError: '', ...auditNext(param, ctx.rt.clock.now(), ctx.identity.userId) }, param.version),
      ]);
      const orgId = ctx.tenant.orgId;
      ctx.afterCommit(() => ctx.rt.jobs.post({ kind: 'presetLoad', orgId, id, ...(fileName ? { fileName } : {}) }));
      return { ok: true as const };
    },
  };
}

const view = ({ recordKey: _r, entry: _e, loadId: _l, ...r }: Record<string, unknown>) => r as never;

export const presetRecordHandlers: AreaHandlers<'presetRecord'> = {
  async getListByPage({ parameterId, key = '', cursor, size }, ctx) {
    await requireParameter(ctx, parameterId);
    const page = await partitionPage({ tenant: ctx.tenant, keys: ctx.rt.keys }, 'presetRecord', {
      purpose: 'presetRecord.list',
      list: { parameterId, key },
      cursor,
      rest: parameterId,
      limit: size,
      // entries sort by key, then alias: the keys that start with the text are one range
      ...(key ? { sortPrefix: { name: 'entry', value: key } } : {}),
    });
    return { list: page.items.map(view), cursor: page.cursor };
  },

  async save({ parameterId, key, alias, value }, ctx) {
    await requireParameter(ctx, parameterId);
    const record = { recordKey: presetRecordKeyOf(ctx.tenant.orgId, parameterId), entry: presetEntryOf(key, alias), key, alias, value, dateUpdated: ctx.rt.clock.now() };
    // a record typed here belongs to no load: the next load of the file decides whether it stays
    await ctx.tenant.keyed('presetRecord').put(parameterId, record);
    return view(record);
  },

  async delete({ parameterId, key, alias }, ctx) {
    await requireParameter(ctx, parameterId);
    await ctx.tenant
      .keyed('presetRecord')
      .deleteIf(parameterId, presetEntryOf(key, alias), { ConditionExpression: 'attribute_exists(#e)', ExpressionAttributeNames: { '#e': 'entry' } }, '720007');
    return { ok: true as const };
  },
};
