/**
 * The plan report: for each chosen message, the counts of its runs whose hour falls within the chosen UTC days,
 * read from the runs' counter items (one query per run, whatever the audience). A message of another
 * organization, or one that does not exist, answers 720003 like any missing id.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import type { PlanTotals } from '../../../shared/services/plan';
import { type PlanReportRow, REPORT_LINK_SECONDS } from '../../../shared/services/report';
import type { AreaHandlers } from '../../api/context';
import type { TenantStore } from '../../store/store';
import { DOCX_TYPE, planReportDocx } from './word';
import { tenantLedger } from '../../delivery';

const FIELDS = ['matched', 'sent', 'failed', 'skipped', 'uncertain', 'opens', 'clicks', 'unsubscribes', 'bounces', 'complaints', 'likes', 'dislikes'] as const;
const zero = (): PlanTotals => Object.fromEntries(FIELDS.map((f) => [f, 0])) as PlanTotals;

export async function planReport(
  tenant: TenantStore,
  { planIds, start, end }: { planIds: string[]; start: string; end: string },
): Promise<{ rows: PlanReportRow[]; total: PlanTotals }> {
  const ids = [...new Set(planIds)];
  const plans = await tenant.getMany('plan', ids);
  if (plans.some((p) => !p)) throw new AppError('720003');
  const groupIds = [...new Set(plans.map((p) => p!.groupId).filter((g): g is string => !!g))];
  const groups = groupIds.length ? await tenant.getMany('planGroup', groupIds, ['id', 'name']) : [];
  const groupName = new Map(groups.filter((g) => !!g).map((g) => [g!.id, g!.name]));
  const ledger = tenantLedger(tenant);
  const total = zero();
  const rows = await Promise.all(
    plans.map(async (plan) => {
      const p = plan!;
      const totals = zero();
      for (const run of await tenant.keyed('planRun').list(p.id)) {
        const { hours } = await ledger.totals(run);
        for (const [hour, counts] of Object.entries(hours)) {
          // hour keys are `YYYY-MM-DDTHH` in UTC and the schema admits only real days: a range compares as text
          const day = hour.slice(0, 10);
          if (day < start || day > end) continue;
          for (const f of FIELDS) totals[f] += counts[f] ?? 0;
        }
      }
      for (const f of FIELDS) total[f] += totals[f];
      return { planId: p.id, name: p.name, channel: p.channel, ...(p.groupId && groupName.has(p.groupId) ? { groupName: groupName.get(p.groupId)! } : {}), totals };
    }),
  );
  return { rows, total };
}

export const reportHandlers: AreaHandlers<'report'> = {
  plan: (p, ctx) => planReport(ctx.tenant, p),
};

export const reportExportHandlers: AreaHandlers<'reportExport'> = {
  async downloadWordReport(p, ctx) {
    const [report, org] = await Promise.all([planReport(ctx.tenant, p), ctx.platform.get('organization', { id: ctx.tenant.orgId })]);
    const now = ctx.rt.clock.now();
    const file = await planReportDocx({ ...report, organization: org?.name ?? '', start: p.start, end: p.end, madeAt: now, lang: ctx.lang });
    const key = `reports/${ctx.tenant.orgId}/${randomUUID()}.docx`;
    await ctx.rt.ports.storage.put(key, file, DOCX_TYPE);
    const fileName = `plan-report-${p.start}-${p.end}.docx`;
    return {
      url: await ctx.rt.ports.storage.signedGetUrl(key, REPORT_LINK_SECONDS, fileName),
      fileName,
      contentType: DOCX_TYPE,
      expiresAt: now + REPORT_LINK_SECONDS * 1000,
    };
  },
};

export const monthlyReportHandlers: AreaHandlers<'monthlyReport'> = {
  async list(_p, ctx) {
    const reports = await ctx.tenant.list('monthlyReport');
    return {
      rows: reports
        .sort((a, b) => b.id.localeCompare(a.id))
        .map((r) => ({ month: r.id, status: r.status, messages: r.planIds.length, sent: r.sent, opens: r.opens, clicks: r.clicks, mailedTo: r.mailedTo, madeAt: r.dateUpdated })),
    };
  },
  async download({ month }, ctx) {
    const report = await ctx.tenant.get('monthlyReport', month);
    if (!report?.fileKey || report.status !== 'DONE') throw new AppError('720003');
    const fileName = `monthly-report-${month}.docx`;
    return {
      url: await ctx.rt.ports.storage.signedGetUrl(report.fileKey, REPORT_LINK_SECONDS, fileName),
      fileName,
      contentType: DOCX_TYPE,
      expiresAt: ctx.rt.clock.now() + REPORT_LINK_SECONDS * 1000,
    };
  },
};
