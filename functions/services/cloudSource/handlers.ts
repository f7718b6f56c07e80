/**
 * Cloud sources: versioned saves whose credentials are sealed (and only said to be set, never shown), the loop on the
 * scheduler port, "run now", upload links, and the deliveries' history (confirm or skip a held one) and records
 * (paged, exported as CSV).
 */
import { randomBytes } from 'node:crypto';
import { CLOUD_MESSAGES, type CloudSource, type CloudSourceHistory, cloudSourceSchema } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { textsIn } from '../../../shared/i18n';
import { csvLine } from '../../../shared/export/csv';
import { importPlanSchema } from '../../../shared/import/accountImport';
import { CLOUD_SAVE_TEXTS } from '../../../shared/services/cloudSource';
import { EXPORT_LINK_SECONDS } from '../../../shared/services/dataExport';
import type { AuthedContext } from '../../contract/context';
import type { AreaHandlers } from '../../contract/context';
import { badField as bad, firstIssue, issueDetail } from '../../contract/problems';
import { seal } from '../../platform/keys';
import { auditNew, auditNext, checkVersion, newId } from '../../store/audit';
import { importUploadLink } from '../dataImport';
import { partitionPage } from '../../store/orgCursor';
import { matchesText, pageOfItems } from '../../store/paging';
import { CONDITIONS } from '../../store/store';
import { removeDelivery } from './deliveries';
import { patternProblem } from './patterns';
import { planOf } from './deliveryRead';
import { applyCloudLoop, cloudScheduleName } from './run';
import { roleAccountOf, uploadFolder } from './sources';
import { say } from '../../../shared/i18n/say';

function view(source: CloudSource, ctx: AuthedContext) {
  const { passwordSealed, privateKeySealed, secretKeySealed, ...rest } = source;
  const trustPrincipal = ctx.rt.config.cloudSources.jobRoleArn;
  return {
    ...rest,
    hasPassword: Boolean(passwordSealed),
    hasPrivateKey: Boolean(privateKeySealed),
    hasSecretKey: Boolean(secretKeySealed),
    ...(trustPrincipal && source.sourceType === 'S3' ? { trustPrincipal } : {}),
  };
}

/** What a save keeps of the stored source that the form cannot set: the external id, and the host key for the same server. */
function carried(stored: CloudSource | undefined, fields: { host: string; port: number }): Partial<CloudSource> {
  if (!stored) return {};
  const { hostKey, pendingHostKey, externalId } = stored;
  const sameServer = stored.host === fields.host && stored.port === fields.port;
  return { ...(externalId ? { externalId } : {}), ...(sameServer && hostKey ? { hostKey } : {}), ...(sameServer && pendingHostKey ? { pendingHostKey } : {}) };
}

async function requireSource(ctx: AuthedContext, id: string): Promise<CloudSource> {
  return (await ctx.tenant.require('cloudSource', id)) as CloudSource;
}

async function requireHistory(ctx: AuthedContext, sourceId: string, id: string): Promise<CloudSourceHistory> {
  await requireSource(ctx, sourceId);
  const history = await ctx.tenant.keyed('cloudSourceHistory').get(sourceId, id);
  if (!history) throw new AppError('720003');
  return history as CloudSourceHistory;
}

export const cloudSourceHandlers: AreaHandlers<'cloudSource'> = {
  async getAll(_p, ctx) {
    const all = (await ctx.tenant.list('cloudSource')) as CloudSource[];
    return all.map((s) => view(s, ctx)).sort((a, b) => a.title.localeCompare(b.title));
  },

  async getListByPage(q, ctx) {
    const rows = ((await ctx.tenant.list('cloudSource')) as CloudSource[])
      .filter((s) => (!q.title || matchesText(s.title, q.title)) && (!q.sourceType || s.sourceType === q.sourceType))
      .map((s) => view(s, ctx));
    return pageOfItems(rows, q, ['title', 'sourceType', 'dateUpdated', 'nextExecuteTime', 'lastExecuteTime'], { field: 'title', order: 'asc' });
  },

  async detail({ id }, ctx) {
    return view(await requireSource(ctx, id), ctx);
  },

  async save({ id, version, password, privateKey, secretKey, ...fields }, ctx) {
    const plan = importPlanSchema.safeParse(planOf(fields as CloudSource));
    if (!plan.success) bad('fileColumns', firstIssue(plan.error).replace(/^payload\./, ''));
    const pattern = await patternProblem(fields.fileColumns);
    if (pattern) bad(`fileColumns.${pattern.index}.regex`, pattern.problem);
    const stored = id ? await requireSource(ctx, id) : undefined;
    if (stored) checkVersion(stored, version);
    const sealed = {
      passwordSealed: password ? seal(ctx.rt.keys, password) : stored?.passwordSealed,
      privateKeySealed: privateKey ? seal(ctx.rt.keys, privateKey) : stored?.privateKeySealed,
      secretKeySealed: secretKey ? seal(ctx.rt.keys, secretKey) : stored?.secretKeySealed,
    };
    // a copy's stored secrets are none; its save must bring them (a role needs none)
    if (stored?.credentialsNeeded && !password && !privateKey && !secretKey && !(fields.sourceType === 'S3' && fields.roleArn) && fields.sourceType !== 'UPLOAD') {
      bad(fields.sourceType === 'S3' ? 'secretKey' : 'password', CLOUD_SAVE_TEXTS.credentialsAgain[ctx.lang]);
    }
    if (fields.sourceType === 'SFTP' && !sealed.passwordSealed && !sealed.privateKeySealed) bad('password', CLOUD_MESSAGES.credential);
    if (fields.sourceType === 'S3' && !fields.roleArn && !(fields.accessKey && sealed.secretKeySealed)) bad('accessKey', CLOUD_MESSAGES.s3Credential);
    const ownAccount = ctx.rt.config.cloudSources.awsAccountId;
    if (fields.sourceType === 'S3' && fields.roleArn && ownAccount && roleAccountOf(fields.roleArn) === ownAccount) bad('roleArn', CLOUD_SAVE_TEXTS.ownAccountRole[ctx.lang]);
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const { hostKey: _h, pendingHostKey: _ph, externalId: _e, credentialsNeeded: _c, ...unchanged } = stored ?? ({} as Partial<CloudSource>);
    const base = stored ? { ...unchanged, ...auditNext(stored, now, actor) } : ctx.tenant.own({ id: newId(), ...auditNew(now, actor) });
    const kept = carried(stored, { host: fields.host ?? '', port: fields.port ?? 22 });
    // made once per source, by Herald: the customer's trust policy names it, so a caller can never choose it
    const externalId = kept.externalId ?? (fields.sourceType === 'S3' && fields.roleArn ? `herald-${randomBytes(16).toString('hex')}` : undefined);
    const input = {
      ...base,
      ...fields,
      ...kept,
      ...(externalId ? { externalId } : {}),
      credentialsNeeded: false,
      ...Object.fromEntries(Object.entries(sealed).filter(([, v]) => v !== undefined)),
    };
    const parsed = cloudSourceSchema.safeParse(input);
    if (!parsed.success) throw new AppError('400016', issueDetail(cloudSourceSchema, input, parsed.error));
    const next = parsed.data;
    if (stored) await ctx.tenant.transact([ctx.tenant.putVersioned('cloudSource', next, stored.version)]);
    else await ctx.tenant.put('cloudSource', next, CONDITIONS.isNew('id'));
    ctx.afterCommit(async () => {
      await applyCloudLoop(ctx.rt, next);
      if (next.status === 'ACTIVE' && next.loopType === 'ONCE') await ctx.rt.jobs.post({ kind: 'cloudSource', orgId: next.orgId, id: next.id, trigger: 'MANUAL' });
    });
    return view(next, ctx);
  },

  async delete({ id }, ctx) {
    await requireSource(ctx, id);
    await ctx.tenant.transact([ctx.tenant.deleteItem('cloudSource', id, '720007')]);
    const orgId = ctx.tenant.orgId;
    ctx.afterCommit(async () => {
      await ctx.rt.ports.scheduler.cancel(cloudScheduleName(orgId, id));
      // its deliveries and their records go with it (nothing can reach them once the source is gone)
      await ctx.rt.jobs.post({ kind: 'cloudSourceRemove', orgId, id });
    });
    return { ok: true as const };
  },

  async duplicate({ id }, ctx) {
    const stored = await requireSource(ctx, id);
    const now = ctx.rt.clock.now();
    // no secret and no external id go with the copy (a role copied would answer to the original's trust policy)
    const { passwordSealed: _p, privateKeySealed: _k, secretKeySealed: _s, externalId: _e, pendingHostKey: _ph, nextExecuteTime: _n, lastExecuteTime: _l, ...rest } = stored;
    const copy: CloudSource = {
      ...rest,
      id: newId(),
      title: `${stored.title} (copy)`.slice(0, 100),
      status: 'INACTIVE',
      credentialsNeeded: stored.sourceType !== 'UPLOAD',
      ...auditNew(now, ctx.identity.userId),
    };
    await ctx.tenant.put('cloudSource', copy, CONDITIONS.isNew('id'));
    return view(copy, ctx);
  },

  async runNow({ id }, ctx) {
    const source = await requireSource(ctx, id);
    ctx.afterCommit(() => ctx.rt.jobs.post({ kind: 'cloudSource', orgId: source.orgId, id, trigger: 'MANUAL' }));
    return { ok: true as const };
  },

  async uploadUrl({ id, fileName, size }, ctx) {
    const source = await requireSource(ctx, id);
    if (source.sourceType !== 'UPLOAD') throw new AppError('720009', say('request.uploadSource'));
    return importUploadLink(ctx.rt, `${uploadFolder(source.orgId, id)}${fileName}`, size);
  },

  async confirmHostKey({ id, fingerprint }, ctx) {
    const stored = await requireSource(ctx, id);
    if (stored.sourceType !== 'SFTP') throw new AppError('720009', say('request.hostKeySftp'));
    const { pendingHostKey: _p, ...rest } = stored;
    const next: CloudSource = { ...rest, hostKey: fingerprint, ...auditNext(stored, ctx.rt.clock.now(), ctx.identity.userId) };
    await ctx.tenant.transact([ctx.tenant.putVersioned('cloudSource', next, stored.version)]);
    return view(next, ctx);
  },

  async deleteHistoryRecord({ sourceId, id }, ctx) {
    const history = await requireHistory(ctx, sourceId, id);
    if (history.status === 'CHECKING' || history.status === 'IMPORTING') throw new AppError('720009', say('request.deliveryReading'));
    await removeDelivery(ctx.tenant, sourceId, id);
    return { ok: true as const };
  },
};

async function decide(ctx: AuthedContext, sourceId: string, id: string, status: 'IMPORTING' | 'SKIPPED') {
  await requireHistory(ctx, sourceId, id);
  const now = ctx.rt.clock.now();
  const change = { status, decidedBy: ctx.identity.userId, dateUpdated: now, ...(status === 'SKIPPED' ? { finishedAt: now } : {}) };
  const updated = await ctx.tenant
    .keyed('cloudSourceHistory')
    .update(sourceId, id, change, { ConditionExpression: '#s = :held', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':held': 'HELD' } }, '720009')
    .catch((e: unknown) => {
      if (e instanceof AppError && e.code === '720009') throw new AppError('720009', say('request.deliveryConfirm'));
      throw e;
    });
  return updated as CloudSourceHistory;
}

export const cloudSourceHistoryHandlers: AreaHandlers<'cloudSourceHistory'> = {
  async getListByPage({ sourceId, cursor, size, status = '' }, ctx) {
    await requireSource(ctx, sourceId);
    const page = await partitionPage({ tenant: ctx.tenant, keys: ctx.rt.keys }, 'cloudSourceHistory', {
      purpose: 'cloudSourceHistory.list',
      list: { sourceId, status },
      cursor,
      rest: sourceId,
      forward: false,
      limit: size,
      ...(status ? { filter: { expression: '#st = :st', names: { '#st': 'status' }, values: { ':st': status } } } : {}),
    });
    // a run's reason is stored in English: the reader gets it in their language
    const list = (page.items as CloudSourceHistory[]).map((h) => (h.error ? { ...h, error: textsIn(h.error, ctx.lang) } : h));
    return { list: list as never, cursor: page.cursor };
  },

  async confirm({ sourceId, id }, ctx) {
    const updated = await decide(ctx, sourceId, id, 'IMPORTING');
    const orgId = ctx.tenant.orgId;
    ctx.afterCommit(() => ctx.rt.jobs.post({ kind: 'cloudSourceImport', orgId, sourceId, historyId: id }));
    return updated as never;
  },

  async skip({ sourceId, id }, ctx) {
    return (await decide(ctx, sourceId, id, 'SKIPPED')) as never;
  },
};

export const cloudSourceRecordHandlers: AreaHandlers<'cloudSourceRecord'> = {
  async getListByPage({ sourceId, id, afterRow, size }, ctx) {
    await requireHistory(ctx, sourceId, id);
    const records = ctx.tenant.keyed('cloudSourceRecord');
    const page = await records.queryPage(`${sourceId}#${id}`, { limit: size, startKey: afterRow > 0 ? records.key(`${sourceId}#${id}`, afterRow) : undefined });
    const list = page.items.map(({ recordKey: _k, ...r }) => ({ ...r, reason: textsIn(String(r.reason), ctx.lang) })) as never[];
    return { list, nextRow: page.lastKey ? (page.lastKey.row as number) : undefined };
  },

  async export({ sourceId, id }, ctx) {
    const history = await requireHistory(ctx, sourceId, id);
    const records = await ctx.tenant.keyed('cloudSourceRecord').list(`${sourceId}#${id}`);
    const lines = ['\uFEFF' + csvLine(['row', 'stage', 'key', 'reason']), ...records.map((r) => csvLine([r.row, r.stage, r.key ?? '', textsIn(r.reason, ctx.lang)]))];
    const key = `exports/${ctx.tenant.orgId}/cloud-source-${sourceId}-${id}.csv`;
    await ctx.rt.ports.storage.put(key, lines.join(''), 'text/csv; charset=utf-8');
    const fileName = `${history.fileName.replace(/\.[^.]*$/, '') || 'delivery'}-records.csv`;
    const url = await ctx.rt.ports.storage.signedGetUrl(key, EXPORT_LINK_SECONDS, fileName);
    return { url, fileName, expiresAt: ctx.rt.clock.now() + EXPORT_LINK_SECONDS * 1000, rows: records.length };
  },
};
