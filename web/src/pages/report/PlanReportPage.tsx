/**
 * The plan report (/plan-report): chosen messages compared over a range of the organization's days (its zone,
 * named), with the rows of spec 001 section 3.20, the totals, and a CSV of what is shown. Messages and both dates
 * are required, the start before the end; over 10 messages a warning says the report may take long (spec 001
 * section 9).
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { csvLine } from '../../../../shared/export/csv';
import { PLAN_REPORT_LIMITS, type PlanReportRow } from '../../../../shared/services/report';
import type { Result } from '../../../../shared/services';
import { localDateOf } from '../../../../shared/plan/zonedTime';
import { useOrgTimeZone } from '../../app/locale';
import { call } from '../../api/client';
import { downloadBlob, downloadUrl } from '../../api/fileTransfer';
import { showFigure, totalFigures } from '../campaign/metrics';
import { DayField, MessagesField } from './ReportFields';
import { detailPath } from '../campaign/paths';
import '../../i18n/areas/campaign';
import '../../i18n/areas/report';
import '../../i18n/areas/rates';
import { Page } from '../../components/Page';

const DAY = 86_400_000;
const COLUMNS = ['sent', 'successRate', 'deliveryRate', 'failed', 'opens', 'openRate', 'clicks', 'ctr', 'unsubscribes', 'bounces'] as const;

export default function PlanReportPage() {
  const { t } = useTranslation();
  // the report counts the organization's days; the answer names the zone it counted in
  const zone = useOrgTimeZone();
  const [planIds, setPlanIds] = useState<string[]>([]);
  const [start, setStart] = useState(() => localDateOf(Date.now() - 29 * DAY, zone));
  const [end, setEnd] = useState(() => localDateOf(Date.now(), zone));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Result<'report.plan'> | null>(null);
  /** what the shown report answers: the Word file is made for the same messages and days */
  const [asked, setAsked] = useState<{ planIds: string[]; start: string; end: string } | null>(null);
  const [making, setMaking] = useState(false);

  const errors = {
    planIds:
      planIds.length === 0
        ? t('report.plan.chooseMessages')
        : planIds.length > PLAN_REPORT_LIMITS.maxMessages
          ? t('report.plan.tooMany', { max: PLAN_REPORT_LIMITS.maxMessages })
          : undefined,
    start: !start ? t('report.plan.dateRequired') : undefined,
    end: !end ? t('report.plan.dateRequired') : start && end < start ? t('report.plan.startBeforeEnd') : undefined,
  };
  const shown = (field: keyof typeof errors) => (tried ? errors[field] : undefined);

  async function run() {
    setTried(true);
    if (errors.planIds || errors.start || errors.end) return;
    setBusy(true);
    try {
      setReport(await call('report.plan', { planIds, start, end }));
      setAsked({ planIds, start, end });
    } catch {
      // the client's toast says why
    } finally {
      setBusy(false);
    }
  }

  const headings = [t('report.plan.message'), t('report.plan.group'), t('plan.channel'), t('campaign.settingsTab.messageType'), ...COLUMNS.map((c) => t(`campaign.metric.${c}`))];
  const cellsOf = (row: Pick<PlanReportRow, 'figures'>) => COLUMNS.map((c) => showFigure(c, row.figures[c]));

  async function downloadWord() {
    if (!asked) return;
    setMaking(true);
    try {
      const file = await call('reportExport.downloadWordReport', asked);
      downloadUrl(file.url, file.fileName);
    } catch {
      // the client's toast says why
    } finally {
      setMaking(false);
    }
  }

  function download() {
    if (!report || !asked) return;
    // each row's period, in the zone the report counted (named in its heading); csvLine ends every line
    const period = `${asked.start} – ${asked.end}`;
    const lines = [
      csvLine([t('report.requested.period', { zone: report.timeZone }), ...headings]),
      ...report.rows.map((r) =>
        csvLine([period, r.name, r.groupName ?? '', t(`campaign.channel.${r.channel}`), t(`campaign.settingsTab.messageTypes.${r.messageType}`), ...cellsOf(r)]),
      ),
    ];
    downloadBlob(new Blob([`\uFEFF${lines.join('')}`], { type: 'text/csv;charset=utf-8' }), `plan-report-${asked.start}-${asked.end}.csv`);
  }

  return (
    <Page title={t('page.planReport')} intro={t('report.plan.intro', { zone })}>
      <form
        className="card form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <MessagesField id="report-plans" wide value={planIds} onChange={setPlanIds} error={shown('planIds')} />
        <DayField id="report-start" label={t('report.plan.start', { zone })} value={start} onChange={setStart} error={shown('start')} />
        <DayField id="report-end" label={t('report.plan.end', { zone })} value={end} onChange={setEnd} error={shown('end')} />
        <div className="span-2 form-actions">
          <Button type="submit" icon="pi pi-chart-bar" label={t('report.plan.run')} loading={busy} />
          <Button type="button" icon="pi pi-download" label={t('report.plan.csv')} outlined disabled={!report || report.rows.length === 0} onClick={download} />
          <Button
            type="button"
            icon="pi pi-file-word"
            label={t('report.plan.word')}
            outlined
            loading={making}
            disabled={!report || report.rows.length === 0}
            onClick={() => void downloadWord()}
          />
        </div>
      </form>
      {report && (
        <div className="card" style={{ overflowX: 'auto' }}>
          <table className="plain-table" data-testid="plan-report">
            <caption className="sr-only">{t('report.plan.caption', { start: asked?.start ?? start, end: asked?.end ?? end })}</caption>
            <thead>
              <tr>
                {headings.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.planId}>
                  <th scope="row">
                    <Link to={detailPath(r.planId)}>{r.name}</Link>
                  </th>
                  <td>{r.groupName ?? '--'}</td>
                  <td>{t(`campaign.channel.${r.channel}`)}</td>
                  <td data-testid="report-message-type">{t(`campaign.settingsTab.messageTypes.${r.messageType}`)}</td>
                  {cellsOf(r).map((v, i) => (
                    <td key={COLUMNS[i]} data-metric={COLUMNS[i]}>
                      {v}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('report.plan.total')}
                </th>
                {/* a figure applies to the total when some channel measures it */}
                {cellsOf({ figures: totalFigures(report.total) }).map((v, i) => (
                  <td key={COLUMNS[i]}>{v}</td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Page>
  );
}
