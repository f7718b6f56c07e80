/**
 * One cloud-source delivery's refused rows (/library/message-console/cloud-sources/records?source=<id>&delivery=<id>)
 * in row order, with the delivery's counts above them, exported as CSV.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatCount } from '../../../../shared/format';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { NoRecordPage } from '../../components/NoRecordPage';
import { DELIVERY_COUNTS } from '../cloudSource/CloudStatusTag';
import { RefusedRowsTable } from '../cloudSource/RefusedRowsTable';
import { CLOUD_PATH } from './paths';
import '../../i18n/areas/cloudSource';
import '../../i18n/areas/messageConsole';
import { ExportButton, RecordsPage } from '../../components/list/RecordsPage';

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
  const ref = { sourceId, id: deliveryId };
  const pages = useCursorPages(
    ['consoleCloud.detail', sourceId, deliveryId],
    (afterRow: number | undefined) => call('consoleCloud.detail', { ...ref, size: PAGE, ...(afterRow ? { afterRow } : {}) }, { quiet: afterRow === undefined }),
    { items: (page): Detail['list'] => page.list, next: (page) => page.nextRow },
  );
  if (pages.first.error) return <NoDelivery text={t('messageConsole.cloud.noDelivery')} />;
  const delivery = pages.first.data?.delivery;

  return (
    <RecordsPage
      title={t('page.messageConsoleCloudSourceRecords')}
      back={CLOUD_PATH}
      backLabel={t('messageConsole.sends.back')}
      of={delivery && `${delivery.sourceTitle} / ${delivery.fileName}`}
      notes={delivery && <p className="muted">{DELIVERY_COUNTS.map((k) => `${t(`messageConsole.cloud.${k}`)} ${formatCount(delivery[k])}`).join(' · ')}</p>}
      action={<ExportButton label={t('messageConsole.cloud.export')} disabled={pages.rows.length === 0} signLink={() => call('consoleCloud.export', ref)} />}
    >
      <RefusedRowsTable
        pages={pages}
        testId="console-cloud-records"
        texts={{ loading: t('messageConsole.loading'), empty: t('messageConsole.cloud.recordsEmpty'), more: t('messageConsole.more') }}
      />
    </RecordsPage>
  );
}
