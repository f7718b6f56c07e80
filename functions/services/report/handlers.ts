/**
 * The report areas' handlers: the plan report (./planReport), its Word file, monthly reports (made by the job in
 * ./monthly) and requested reports (./requested).
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { REPORT_LINK_SECONDS } from '../../../shared/services/report';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { planReport } from './planReport';
import { DOCX_TYPE, planReportDocx } from './word';

export { requestedReportHandlers } from './requested';

export const reportZoneOf = (ctx: AuthedContext) => ctx.organization.zone(ctx.rt.clock.now());

export const reportHandlers: AreaHandlers<'report'> = {
  plan: async (p, ctx) => planReport(ctx.tenant, p, await reportZoneOf(ctx)),
};

export const reportExportHandlers: AreaHandlers<'reportExport'> = {
  async downloadWordReport(p, ctx) {
    const [report, org] = await Promise.all([reportZoneOf(ctx).then((zone) => planReport(ctx.tenant, p, zone)), ctx.organization.get()]);
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
