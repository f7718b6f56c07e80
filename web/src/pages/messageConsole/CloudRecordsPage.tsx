/**
 * One cloud-source delivery's refused rows (/library/message-console/cloud-sources/records?source=<id>&delivery=<id>)
 * in row order, with the delivery's counts above them, exported as CSV.
 */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatCount } from '../../../../shared/format';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { NoRecordPage } from '../../components/NoRecordPage';
import { RefusedRowsTable } from '../cloudSource/RefusedRowsTable';
import { CLOUD_PATH } from './paths';
import '../../i18n/areas/cloudSource';
import '../../i18n/areas/messageConsole';
import { useLinkDownload } from '../../components/useLinkDownload';

const PAGE = 100;
type Detail = Result<'consoleCloud.detail'>;

export default function CloudRecordsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sourceId = params.get('source') ?? '';
  const deliveryId = params.get('delivery') ?? '';
  if (!sourceId || !deliveryId) return <NoDelivery text={t('messageConsole.cloud.noDelivery')} />;
  return <Records sourceId={sourceId} deliveryId={deliveryId} key={`${sourceId}/${deliveryId}`} />;
}

function NoDelivery({ text }: { text: string }) {
  const { t } = useTranslation();
  return <NoRecordPage title={t('page.messageConsoleCloudSourceRecords')} text={text} back={CLOUD_PATH} backLabel={t('messageConsole.sends.back')} />;
}

function Records({ sourceId, deliveryId }: { sourceId: string; deliveryId: string }) {
  const { t } = useTranslation();
  const [exporting, download] = useLinkDownload();
  const ref = { sourceId, id: deliveryId };
  const pages = useCursorPages(
    ['consoleCloud.detail', sourceId, deliveryId],
    (afterRow: number | undefined) => call('consoleCloud.detail', { ...ref, size: PAGE, ...(afterRow ? { afterRow } : {}) }, { quiet: afterRow === undefined }),
    { items: (page): Detail['list'] => page.list, next: (page) => page.nextRow },
  );
  if (pages.first.error) return <NoDelivery text={t('messageConsole.cloud.noDelivery')} />;
  const delivery = pages.first.data?.delivery;

  const exportCsv = () => download(() => call('consoleCloud.export', ref));

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>{t('page.messageConsoleCloudSourceRecords')}</h1>
          <p className="muted">
            <Link to={CLOUD_PATH}>{t('messageConsole.sends.back')}</Link>
            {delivery && (
              <>
                {' '}
                / {delivery.sourceTitle} / {delivery.fileName}
              </>
            )}
          </p>
          {delivery && (
            <p className="muted">
              {t('messageConsole.cloud.rows')} {formatCount(delivery.rows)} · {t('messageConsole.cloud.valid')} {formatCount(delivery.valid)} · {t('messageConsole.cloud.invalid')}{' '}
              {formatCount(delivery.invalid)} · {t('messageConsole.cloud.created')} {formatCount(delivery.created)} · {t('messageConsole.cloud.updated')}{' '}
              {formatCount(delivery.updated)}
            </p>
          )}
        </div>
        <Button
          type="button"
          icon="pi pi-download"
          label={t('messageConsole.cloud.export')}
          loading={exporting}
          disabled={pages.rows.length === 0}
          onClick={() => void exportCsv()}
        />
      </header>
      <div className="card">
        <RefusedRowsTable
          pages={pages}
          testId="console-cloud-records"
          texts={{ loading: t('messageConsole.loading'), empty: t('messageConsole.cloud.recordsEmpty'), more: t('messageConsole.more') }}
        />
      </div>
    </section>
  );
}
