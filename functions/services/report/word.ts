/** The plan report as a Word document (the `docx` package). */
import type { Lang } from '../../../shared/errors';
import { formatDateTime } from '../../../shared/format';
import { MESSAGE_TYPE_KEYS, MESSAGE_TYPE_TEXTS, REPORT_TEXTS, textIn } from '../../../shared/i18n';
import { planMetrics, totalMetrics } from '../../../shared/metrics';
import type { PlanTotals } from '../../../shared/services/plan';
import type { PlanReportRow } from '../../../shared/services/report';
import { barChartPng } from './chartImage';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const WORD_COLUMNS = ['sent', 'successRate', 'failed', 'opens', 'openRate', 'clicks', 'ctr', 'unsubscribes', 'bounces'] as const;

export interface PlanReportDocument {
  rows: readonly PlanReportRow[];
  total: PlanTotals;
  organization: string;
  start: string;
  end: string;
  madeAt: number;
  lang: Lang;
  timeZone?: string;
  title?: 'planReportTitle' | 'summaryTitle';
}

export async function planReportDocx(report: PlanReportDocument): Promise<Buffer> {
  const { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } = await import('docx');
  const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
  const t = (key: keyof typeof REPORT_TEXTS, params?: Record<string, string>) => textIn(REPORT_TEXTS[key], report.lang, params);
  const zone = report.timeZone ?? 'UTC';
  const header = new TableRow({
    tableHeader: true,
    children: [t('message'), t('group'), t('channel'), t('messageType'), ...WORD_COLUMNS.map((c) => t(c))].map((h) => cell(h, true)),
  });
  const rows = report.rows.map((r) => {
    const m = planMetrics(r.channel, r.totals);
    return new TableRow({
      children: [r.name, r.groupName ?? '', t(r.channel), textIn(MESSAGE_TYPE_TEXTS[MESSAGE_TYPE_KEYS[r.messageType]], report.lang), ...WORD_COLUMNS.map((c) => m[c])].map((v) =>
        cell(v),
      ),
    });
  });
  // the total is read as the report screen reads it: each figure some channel measures
  const totals = totalMetrics(report.total);
  const totalRow = new TableRow({ children: [t('total'), '', '', '', ...WORD_COLUMNS.map((c) => totals[c])].map((v, i) => cell(v, i === 0)) });
  const chart = barChartPng(report.rows.map((r) => ({ values: [r.totals.sent, r.totals.opens, r.totals.clicks] })));
  const doc = new Document({
    creator: 'Herald',
    title: t(report.title ?? 'planReportTitle'),
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(t(report.title ?? 'planReportTitle'))] }),
          new Paragraph({ children: [new TextRun(t('organization', { name: report.organization }))] }),
          new Paragraph({ children: [new TextRun(t('range', { start: report.start, end: report.end, zone }))] }),
          new Paragraph({ children: [new TextRun(t('madeAt', { at: formatDateTime(report.madeAt, { timeZone: zone }) }))] }),
          new Paragraph({
            children: [
              new ImageRun({
                type: 'png',
                data: chart,
                transformation: { width: 640, height: 260 },
                altText: { name: 'chart', title: t('chartAlt'), description: t('chartAlt') },
              }),
            ],
          }),
          new Paragraph({ children: [new TextRun({ text: t('chartCaption'), italics: true })] }),
          new Paragraph({ children: [new TextRun({ text: t('legend'), italics: true })] }),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...rows, totalRow] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
