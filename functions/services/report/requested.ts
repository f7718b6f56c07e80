/**
 * Requested reports (/requested): asked for on the screen, made by a job (messages read ten at a time, the progress
 * saved after each ten), then downloaded behind a link.
 */
import { randomUUID } from 'node:crypto';
import type { RequestedReport, RequestedReportKind } from '../../../shared/entities';
import { AppError, type Lang } from '../../../shared/errors';
import { csvLine } from '../../../shared/export/csv';
import { formatRate } from '../../../shared/format';
import { MESSAGE_TYPE_KEYS, MESSAGE_TYPE_TEXTS, REPORT_TEXTS, textIn } from '../../../shared/i18n';
import { planMetrics } from '../../../shared/metrics';
import type { Permission } from '../../../shared/permissions';
import type { PlanTotals } from '../../../shared/services/plan';
import { type PlanReportRow, REPORT_LINK_SECONDS, REQUESTED_REPORT_PERMISSION, type RequestedReportView } from '../../../shared/services/report';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import type { Runtime } from '../../platform/runtime';
import type { Store } from '../../store/store';
import { planReport, zeroTotals } from './planReport';
import { plansSentIn } from './monthly';
import { organizationZoneOf } from '../../domain/organizationSetting';
import { DOCX_TYPE, planReportDocx } from './word';
import { say } from '../../../shared/i18n/say';

const STEP = 10;
const STALE_MS = 15 * 60_000;
const CSV_TYPE = 'text/csv;charset=utf-8';

function mayRead(ctx: AuthedContext, kind: RequestedReportKind): boolean {
  return ctx.identity.permissions.includes(REQUESTED_REPORT_PERMISSION[kind] satisfies Permission);
}

function viewOf(r: RequestedReport): RequestedReportView {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    planIds: r.planIds,
    columns: r.columns,
    start: r.start,
    end: r.end,
    status: r.status,
    progress: r.progress,
    ...(r.fileName ? { fileName: r.fileName } : {}),
    ...(r.error ? { error: r.error } : {}),
    createdBy: r.createdBy,
    dateCreated: r.dateCreated,
  };
}

async function readable(ctx: AuthedContext, id: string): Promise<RequestedReport> {
  const report = await ctx.tenant.get('requestedReport', id);
  if (!report || !mayRead(ctx, report.kind)) throw new AppError('720003');
  return report;
}

export const requestedReportHandlers: AreaHandlers<'requestedReport'> = {
  async create(p, ctx) {
    if (!mayRead(ctx, p.kind)) throw new AppError('730001');
    const planIds = [...new Set(p.planIds)];
    if (planIds.length > 0 && (await ctx.tenant.getMany('plan', planIds, ['id'])).some((plan) => !plan)) throw new AppError('720003');
    const now = ctx.rt.clock.now();
    const report: RequestedReport = {
      orgId: ctx.tenant.orgId,
      id: randomUUID(),
      kind: p.kind,
      name: p.name,
      planIds: p.kind === 'SUMMARY' ? [] : planIds,
      columns: p.kind === 'CUSTOM' ? [...new Set(p.columns)] : [],
      start: p.start,
      end: p.end,
      status: 'QUEUED',
      progress: 0,
      lang: ctx.lang,
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: ctx.identity.userId,
      updatedBy: ctx.identity.userId,
    };
    await ctx.tenant.transact([ctx.tenant.putNew('requestedReport', report)]);
    ctx.afterCommit(() => ctx.rt.jobs.post({ kind: 'requestedReport', orgId: ctx.tenant.orgId, id: report.id }));
    return viewOf(report);
  },
  async getListByPage({ kind, page, size }, ctx) {
    if (!mayRead(ctx, kind)) throw new AppError('730001');
    // newest first; a page reads the organization's requests of every kind (a few hundred at most)
    const all = (await ctx.tenant.list('requestedReport')).filter((r) => r.kind === kind).sort((a, b) => b.dateCreated - a.dateCreated);
    return { list: all.slice(page * size, (page + 1) * size).map(viewOf), total: all.length, page, size };
  },
  async detail({ id }, ctx) {
    return viewOf(await readable(ctx, id));
  },
  async download({ id }, ctx) {
    const report = await readable(ctx, id);
    if (report.status !== 'DONE' || !report.fileKey || !report.fileName) throw new AppError('720009', say('form.reportNotMade'));
    return {
      url: await ctx.rt.ports.storage.signedGetUrl(report.fileKey, REPORT_LINK_SECONDS, report.fileName),
      fileName: report.fileName,
      contentType: report.fileName.endsWith('.csv') ? CSV_TYPE : DOCX_TYPE,
      expiresAt: ctx.rt.clock.now() + REPORT_LINK_SECONDS * 1000,
    };
  },
  async delete({ id }, ctx) {
    const report = await readable(ctx, id);
    await ctx.tenant.delete('requestedReport', id);
    if (report.fileKey) await ctx.rt.ports.storage.delete(report.fileKey);
    return { ok: true as const };
  },
};

type Period = { start: string; end: string; timeZone: string };
const periodCell = (p: Period) => `${p.start} – ${p.end}`;

function surveyCsv(rows: readonly PlanReportRow[], lang: Lang, period: Period): string {
  const t = (key: keyof typeof REPORT_TEXTS, params?: Record<string, string>) => textIn(REPORT_TEXTS[key], lang, params);
  const lines = [csvLine([t('period', { zone: period.timeZone }), t('message'), t('channel'), t('sent'), t('answers'), t('likes'), t('dislikes'), t('likeRate')])];
  for (const r of rows) {
    const answers = r.totals.likes + r.totals.dislikes;
    lines.push(
      csvLine([periodCell(period), r.name, t(r.channel), r.totals.sent, answers, r.totals.likes, r.totals.dislikes, formatRate(answers > 0 ? r.totals.likes / answers : null)]),
    );
  }
  return `\uFEFF${lines.join('')}`;
}

function customCsv(rows: readonly PlanReportRow[], columns: RequestedReport['columns'], lang: Lang, period: Period): string {
  const t = (key: keyof typeof REPORT_TEXTS, params?: Record<string, string>) => textIn(REPORT_TEXTS[key], lang, params);
  const lines = [csvLine([t('period', { zone: period.timeZone }), t('message'), t('group'), t('channel'), t('messageType'), ...columns.map((c) => t(c))])];
  for (const r of rows) {
    const m = planMetrics(r.channel, r.totals);
    lines.push(
      csvLine([periodCell(period), r.name, r.groupName ?? '', t(r.channel), textIn(MESSAGE_TYPE_TEXTS[MESSAGE_TYPE_KEYS[r.messageType]], lang), ...columns.map((c) => m[c])]),
    );
  }
  return `\uFEFF${lines.join('')}`;
}

/** The job: makes the report `id` once (a redelivery finds it DONE, or RUNNING under a live job, and leaves it). */
export async function makeRequestedReport(deps: { rt: Runtime; store: Store }, orgId: number, id: string): Promise<void> {
  const tenant = deps.store.forOrg(orgId);
  const now = () => deps.rt.clock.now();
  const report = await tenant.get('requestedReport', id);
  if (!report || report.status === 'DONE' || report.status === 'FAILED') return;
  if (report.status === 'RUNNING' && report.dateUpdated > now() - STALE_MS) return;
  const save = (set: Partial<RequestedReport>) => tenant.transact([tenant.updateItem('requestedReport', id, { set: { ...set, dateUpdated: now() } })]);
  await save({ status: 'RUNNING', progress: 0 });
  try {
    const timeZone = await organizationZoneOf(deps.store, orgId, now());
    const period = { start: report.start, end: report.end, timeZone };
    const planIds = report.kind === 'SUMMARY' ? (await plansSentIn(tenant, period, now())).map((p) => p.id) : report.planIds;
    const rows: PlanReportRow[] = [];
    const total = zeroTotals();
    for (let i = 0; i < planIds.length; i += STEP) {
      const part = await planReport(tenant, { planIds: planIds.slice(i, i + STEP), start: report.start, end: report.end }, timeZone);
      rows.push(...part.rows);
      for (const [k, v] of Object.entries(part.total)) total[k as keyof PlanTotals] += v;
      await save({ progress: Math.floor((Math.min(i + STEP, planIds.length) / Math.max(1, planIds.length)) * 99) });
    }
    const base = `${report.kind.toLowerCase()}-report-${report.start}-${report.end}`;
    const file =
      report.kind === 'SURVEY'
        ? { name: `${base}.csv`, type: CSV_TYPE, body: surveyCsv(rows, report.lang, period) }
        : report.kind === 'CUSTOM'
          ? { name: `${base}.csv`, type: CSV_TYPE, body: customCsv(rows, report.columns, report.lang, period) }
          : {
              name: `${base}.docx`,
              type: DOCX_TYPE,
              body: await planReportDocx({
                rows,
                total,
                organization: (await deps.store.get('organization', { id: orgId }))?.name ?? '',
                start: report.start,
                end: report.end,
                madeAt: now(),
                lang: report.lang,
                timeZone,
                title: report.kind === 'SUMMARY' ? 'summaryTitle' : 'planReportTitle',
              }),
            };
    const fileKey = `reports/${orgId}/requested-${id}-${file.name}`;
    await deps.rt.ports.storage.put(fileKey, file.body, file.type);
    await save({ status: 'DONE', progress: 100, fileKey, fileName: file.name });
  } catch (e) {
    // a message deleted since the request: the report says so instead of failing forever
    const reason = e instanceof AppError && e.code === '720003' ? 'A message of the report no longer exists.' : 'The report could not be made.';
    deps.rt.log.warn('requested report failed', { orgId, id, error: (e as Error).name });
    await save({ status: 'FAILED', error: reason });
  }
}
