/**
 * A delivery's failed rows (/library/cloud-source/history/record?source=<id>&delivery=<id>) in row order, a page
 * at a time: the row number in the file, the stage that refused it (check or import), the unique id and why;
 * exported as a CSV file behind a link that works for 15 minutes. A model's run has the same screen
 * (/library/model/history/record?model=<id>&delivery=<id>) over modelRecord, without the export.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { NoSource, useOwnerDetail } from './CloudSourceHistoryPage';
import { RefusedRowsTable } from './RefusedRowsTable';
import { listRecords, ownerHistoryPath, ownerOf, type RunOwner, runTexts } from './runOwner';
import '../../i18n/areas/cloudSource';
import '../../i18n/areas/model';
import { ExportButton, RecordsPage as RecordsFrame } from '../../components/list/RecordsPage';

const PAGE = 100;
type RecordRow = Result<'cloudSourceRecord.getListByPage'>['list'][number];

export default function CloudSourceRecordsPage() {
  return <RecordsPage kind="source" />;
}

/** The failed rows of the delivery of the source or model the query names. */
export function RecordsPage({ kind }: { kind: RunOwner['kind'] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const owner = ownerOf(kind, params);
  const deliveryId = params.get('delivery') ?? '';
  return owner && deliveryId ? (
    <Records owner={owner} deliveryId={deliveryId} key={`${owner.id}/${deliveryId}`} />
  ) : (
    <NoSource kind={kind} title={t(runTexts({ kind }).records)} text={t('cloudRecords.noDelivery')} />
  );
}

function Records({ owner, deliveryId }: { owner: RunOwner; deliveryId: string }) {
  const { t } = useTranslation();
  const texts = runTexts(owner);
  const detail = useOwnerDetail(owner);
  const pages = useCursorPages(
    [owner.kind === 'source' ? 'cloudSourceRecord.getListByPage' : 'modelRecord.getListByPage', owner.id, deliveryId],
    (afterRow: number | undefined) => listRecords(owner, { id: deliveryId, size: PAGE, ...(afterRow ? { afterRow } : {}) }, afterRow === undefined),
    { items: (page): RecordRow[] => page.list, next: (page) => page.nextRow },
  );

  if (detail.error || pages.first.error) return <NoSource kind={owner.kind} title={t(texts.records)} text={t('cloudRecords.noDelivery')} />;

  return (
    <RecordsFrame
      title={t(texts.records)}
      back={ownerHistoryPath(owner)}
      backLabel={t('cloudRecords.back')}
      of={String(detail.title)}
      notes={<p className="muted">{t('cloudRecords.intro')}</p>}
      action={
        // modelRecord has no export
        owner.kind === 'source' && (
          <ExportButton
            label={t('cloudRecords.export')}
            disabled={pages.rows.length === 0}
            signLink={() => call('cloudSourceRecord.export', { sourceId: owner.id, id: deliveryId })}
          />
        )
      }
    >
      <RefusedRowsTable pages={pages} testId="cloud-records" texts={{ loading: t('cloudRecords.loading'), empty: t('cloudRecords.empty'), more: t('cloudRecords.more') }} />
    </RecordsFrame>
  );
}
