/**
 * Message unsubscriptions (/library/unsubscription, spec 001 3.17): the addresses no message goes to on a channel,
 * by the recipient's own unsubscribe, a bounce or a complaint. Search by address, filter by channel and source
 * kind, and delete (the address may then be sent to again) after a confirmation.
 */
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '../../../../shared/delivery';
import { messageUnsubscriptionEntity, type UNSUBSCRIPTION_SOURCES } from '../../../../shared/entities/messageUnsubscription';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { ListPage } from '../../components/list/ListPage';
import { useConfirmedDelete } from '../../components/list/useConfirmedDelete';
import { useEntityList } from '../../components/list/useEntityList';
import { showError } from '../../ui/toastBus';
import '../../i18n/areas/campaign';
import '../../i18n/areas/entity';

type Row = Result<'messageUnsubscription.getListByPage'>['list'][number];
const INITIAL_FILTERS: { target?: string; channelName?: string } = {};
const SOURCE_SEVERITY = { UNSUBSCRIBE: 'info', BOUNCE: 'danger', COMPLAINT: 'warning', MANUAL: 'secondary' } as const;

export default function UnsubscriptionsPage() {
  const { t } = useTranslation();
  const list = useEntityList('messageUnsubscription.getListByPage', { filters: INITIAL_FILTERS, size: 10, persistKey: 'unsubscriptions' });
  const [confirmElement, confirmDelete] = useConfirmedDelete(list);
  const [selected, setSelected] = useState<Row[]>([]);

  function removeSelected() {
    if (selected.length === 0) {
      showError(t('unsubscription.noneSelected'));
      return;
    }
    const ids = selected.map((r) => r.id);
    return confirmDelete({
      header: t('unsubscription.deleteSelectedTitle', { count: ids.length }),
      message: t('unsubscription.deleteSelectedConfirm', { count: ids.length }),
      run: () => call('messageUnsubscription.delete', { ids }),
      done: t('unsubscription.deletedSelected', { count: ids.length }),
      count: ids.length,
      after: () => setSelected([]),
    });
  }

  return (
    <ListPage
      title={t('page.unsubscription')}
      texts="unsubscription"
      list={list}
      columns={messageUnsubscriptionEntity.listColumns}
      filters={[
        { name: 'target', type: 'text', label: t('unsubscription.search') },
        {
          name: 'channelName',
          type: 'select',
          label: t('entity.messageUnsubscription.channelName'),
          options: CHANNELS.map((c) => ({ value: c, label: t(`campaign.channel.${c}`) })),
        },
      ]}
      cells={{
        channelName: (row) => t(`campaign.channel.${String(row.channelName)}`),
        source: (row) => {
          const s = row.source as (typeof UNSUBSCRIPTION_SOURCES)[number];
          return <Tag value={t(`unsubscription.source.${s}`)} severity={SOURCE_SEVERITY[s]} rounded />;
        },
      }}
      selection={selected as unknown as Record<string, unknown>[]}
      onSelectionChange={(rows) => setSelected(rows as unknown as Row[])}
      selectLabel="target"
      toolbar={
        <Button
          type="button"
          icon="pi pi-trash"
          outlined
          severity="danger"
          label={t('unsubscription.deleteSelected', { count: selected.length })}
          onClick={() => void removeSelected()}
        />
      }
      nameOf={(row) => String(row.target)}
      onDelete={(raw) => {
        const row = raw as unknown as Row;
        return { vars: { target: row.target, channel: t(`campaign.channel.${row.channelName}`) }, run: () => call('messageUnsubscription.delete', { id: row.id }) };
      }}
    >
      {confirmElement}
    </ListPage>
  );
}
