/** Every transition of the message: when, what, from which state to which, who, and the reason given. */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../app/locale';
import { usePagedList } from '../../../api/hooks';
import { SYSTEM_ACTOR, useUserNames } from '../userNames';
import { LoadError } from '../../../components/LoadError';

type Row = { id: string; action: string; from: string; to: string; by: string; byName: string; at: number; reason?: string; rejectType?: string };

export function OperationRecordTab({ planId }: { planId: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { nameOf, me } = useUserNames();
  const [page, setPage] = useState({ page: 0, size: 10 });
  const records = usePagedList('operationRecord.getListByPage', { planId, ...page });
  const state = (s: string) => (s === 'DELETED' ? t('campaign.state.DELETED') : t(`campaign.state.${s}`, { defaultValue: s }));

  return (
    <div data-testid="operation-records">
      {records.error && <LoadError text={t('list.error')} onRetry={() => void records.mutate()} />}
      <DataTable
        value={(records.data?.list ?? []) as Row[]}
        dataKey="id"
        lazy
        paginator
        first={page.page * page.size}
        rows={page.size}
        totalRecords={records.data?.total ?? 0}
        onPage={(e) => setPage({ page: e.page ?? 0, size: e.rows })}
        loading={records.isLoading}
        emptyMessage={records.error ? t('list.errorShort') : t('campaign.detail.noRecords')}
        currentPageReportTemplate={t('list.report')}
        paginatorTemplate="PrevPageLink PageLinks NextPageLink CurrentPageReport"
        className="list-table"
        size="small"
        stripedRows
      >
        <Column header={t('campaign.record.at')} body={(r: Row) => dateTime(r.at)} />
        <Column header={t('campaign.record.action')} body={(r: Row) => t(`campaign.recordAction.${r.action}`, { defaultValue: r.action })} />
        <Column header={t('campaign.record.change')} body={(r: Row) => (r.from === r.to ? state(r.to) : `${state(r.from)} → ${state(r.to)}`)} />
        <Column header={t('campaign.record.by')} body={(r: Row) => (r.by === SYSTEM_ACTOR || r.by === me ? nameOf(r.by) : r.byName || nameOf(r.by))} />
        <Column header={t('campaign.record.reason')} body={(r: Row) => (r.reason ? `${r.rejectType ? `${t(`campaign.rejectType.${r.rejectType}`)}: ` : ''}${r.reason}` : '--')} />
      </DataTable>
    </div>
  );
}
