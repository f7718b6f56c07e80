/**
 * A delivery's failed rows (/library/cloud-source/history/record?source=<id>&delivery=<id>) in row order, a page
 * at a time: the row number in the file, the stage that refused it (check or import), the unique id and why;
 * exported as a CSV file behind a link that works for 15 minutes.
 */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { NoSource } from './CloudSourceHistoryPage';
import { historyPath } from './paths';
import { RefusedRowsTable } from './RefusedRowsTable';
import '../../i18n/areas/cloudSource';
import { useLinkDownload } from '../../components/useLinkDownload';

const PAGE = 100;
type RecordRow = Result<'cloudSourceRecord.getListByPage'>['list'][number];

export default function CloudSourceRecordsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sourceId = params.get('source') ?? '';
  const deliveryId = params.get('delivery') ?? '';
  return sourceId && deliveryId ? (
    <Records sourceId={sourceId} deliveryId={deliveryId} key={`${sourceId}/${deliveryId}`} />
  ) : (
    <NoSource title={t('page.cloudSourceRecords')} text={t('cloudRecords.noDelivery')} />
  );
}

function Records({ sourceId, deliveryId }: { sourceId: string; deliveryId: string }) {
  const { t } = useTranslation();
  const [exporting, download] = useLinkDownload();
  const ref = { sourceId, id: deliveryId };
  const source = useSWR(['cloudSource.detail', sourceId], () => call('cloudSource.detail', { id: sourceId }, { quiet: true }));
  const pages = useCursorPages(
    ['cloudSourceRecord.getListByPage', sourceId, deliveryId],
    (afterRow: number | undefined) => call('cloudSourceRecord.getListByPage', { ...ref, size: PAGE, ...(afterRow ? { afterRow } : {}) }, { quiet: afterRow === undefined }),
    { items: (page): RecordRow[] => page.list, next: (page) => page.nextRow },
  );

  if (source.error || pages.first.error) return <NoSource title={t('page.cloudSourceRecords')} text={t('cloudRecords.noDelivery')} />;

  const exportCsv = () => download(() => call('cloudSourceRecord.export', ref));

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>{t('page.cloudSourceRecords')}</h1>
          <p className="muted">
            <Link to={historyPath(sourceId)}>{t('cloudRecords.back')}</Link>
            {source.data && <> / {source.data.title}</>}
          </p>
          <p className="muted">{t('cloudRecords.intro')}</p>
        </div>
        <Button type="button" icon="pi pi-download" label={t('cloudRecords.export')} loading={exporting} disabled={pages.rows.length === 0} onClick={() => void exportCsv()} />
      </header>
      <div className="card">
        <RefusedRowsTable pages={pages} testId="cloud-records" texts={{ loading: t('cloudRecords.loading'), empty: t('cloudRecords.empty'), more: t('cloudRecords.more') }} />
      </div>
    </section>
  );
}
