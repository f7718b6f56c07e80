/**
 * SNS records (/library/sns-records, spec 000's `snsRecord` group): the two-way SMS the organization received,
 * newest first, searched by number and text, filtered by how it arrived and by opt-out; each one's details
 * (snsRecord.detail) in a dialog.
 */
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SNS_RECORD_SOURCES, snsRecordEntity } from '../../../../shared/entities/snsRecord';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useDateTime } from '../../app/locale';
import { usePhoneText } from '../../app/phone';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { useEntityList } from '../../components/list/useEntityList';
import '../../i18n/areas/snsRecord';
import partStyles from '../campaign/planParts.module.css';

const INITIAL_FILTERS: { fromNumber?: string; body?: string; source?: string; optOut?: boolean } = {};

function Details({ id, onHide }: { id: string; onHide: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const phone = usePhoneText();
  const record = useCall(keys.snsRecord(id));
  const r = record.data;
  const rows: [string, string | undefined][] = r
    ? [
        ['receivedAt', dateTime(r.receivedAt)],
        ['fromNumber', phone(r.fromNumber)],
        ['toNumber', r.toNumber],
        ['source', t(`snsRecord.option.source.${r.source}`)],
        ['keyword', r.keyword],
        ['optOut', r.optOut ? t('common.yes') : t('common.no')],
        ['providerMessageId', r.providerMessageId],
        ['body', r.body],
      ]
    : [];
  return (
    <Dialog visible header={t('snsRecord.details')} onHide={onHide} style={{ width: 'min(40rem, 95vw)' }}>
      <dl className={partStyles.summaryList} data-testid="sns-record-detail">
        {rows.map(([field, value]) => (
          <div key={field} className={partStyles.summaryRow}>
            <dt>{t(`snsRecord.${field}`)}</dt>
            <dd className="break-all">{value || '--'}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

export default function SnsRecordsPage() {
  const { t } = useTranslation();
  const phone = usePhoneText();
  const list = useEntityList('snsRecord.getListByPage', { filters: INITIAL_FILTERS, size: 10, persistKey: 'snsRecords' });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ListPage
      title={t('page.snsRecords')}
      texts="snsRecord"
      list={list}
      columns={snsRecordEntity.listColumns}
      filters={[
        { name: 'fromNumber', type: 'text', label: t('snsRecord.searchNumber') },
        { name: 'body', type: 'text', label: t('snsRecord.searchBody') },
        { name: 'source', type: 'select', label: t('snsRecord.source'), options: SNS_RECORD_SOURCES.map((s) => ({ value: s, label: t(`snsRecord.option.source.${s}`) })) },
        { name: 'optOut', type: 'boolean', label: t('snsRecord.optOut') },
      ]}
      cells={{
        fromNumber: (row) => phone(String(row.fromNumber)),
        source: (row) => <Tag value={t(`snsRecord.option.source.${String(row.source)}`)} severity="info" rounded />,
      }}
      rowActions={(row) => <RowAction icon="pi pi-eye" label={t('snsRecord.detailOf', { number: phone(String(row.fromNumber)) })} onClick={() => setOpen(String(row.id))} />}
    >
      {open && <Details id={open} onHide={() => setOpen(null)} />}
    </ListPage>
  );
}
