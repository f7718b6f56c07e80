/**
 * Monthly reports (/monthly-reports): made by the scheduler on the first of each month for the month before and
 * mailed to the report mails of the messages they cover; each downloads as its Word file.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../shared/format';
import { call } from '../../api/client';
import { downloadUrl } from '../../api/fileTransfer';
import { useCall } from '../../api/hooks';
import { useOrgTimeZone } from '../../app/locale';
import '../../i18n/areas/report';
import { ColumnHeads } from '../../components/list/ColumnHeads';
import { Page } from '../../components/Page';

export default function MonthlyReportsPage() {
  const { t, i18n } = useTranslation();
  const reports = useCall(['monthlyReport.list', {}]);
  const [fetching, setFetching] = useState<string | null>(null);

  async function download(month: string) {
    setFetching(month);
    try {
      const file = await call('monthlyReport.download', { month });
      downloadUrl(file.url, file.fileName);
    } catch {
      // the client's toast says why
    } finally {
      setFetching(null);
    }
  }

  const rows = reports.data?.rows ?? [];
  // a month is the organization's: its days are those of its zone
  const zone = useOrgTimeZone();
  const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <Page title={t('page.monthlyReports')} intro={t('report.monthly.intro')}>
      <div className="card" style={{ overflowX: 'auto' }}>
        {reports.error ? (
          <p role="alert">{t('report.monthly.failed')}</p>
        ) : reports.isLoading ? (
          <p role="status">{t('report.plan.loading')}</p>
        ) : rows.length === 0 ? (
          <p data-testid="monthly-empty">{t('report.monthly.empty')}</p>
        ) : (
          <table className="plain-table" data-testid="monthly-reports">
            <caption className="sr-only">{t('page.monthlyReports')}</caption>
            <ColumnHeads labels={(['month', 'messages', 'sent', 'opens', 'clicks', 'mailedTo', 'file'] as const).map((c) => t(`report.monthly.${c}`, { zone }))} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.month}>
                  <th scope="row">{monthName(r.month)}</th>
                  <td>{formatCount(r.messages)}</td>
                  <td>{formatCount(r.sent)}</td>
                  <td>{formatCount(r.opens)}</td>
                  <td>{formatCount(r.clicks)}</td>
                  <td>{r.mailedTo.length > 0 ? r.mailedTo.join(', ') : '--'}</td>
                  <td>
                    {r.status === 'DONE' ? (
                      <Button
                        type="button"
                        icon="pi pi-file-word"
                        label={t('report.plan.word')}
                        aria-label={`${t('report.plan.word')}: ${monthName(r.month)}`}
                        outlined
                        size="small"
                        loading={fetching === r.month}
                        onClick={() => void download(r.month)}
                      />
                    ) : (
                      t('report.monthly.making')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Page>
  );
}
