/** The message's sent-records, by status, a page at a time with "Load more" (a run can hold millions). */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag, type TagProps } from 'primereact/tag';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SENT_STATES, type SentState } from '../../../../../shared/delivery';
import { useDateTime, useDisplayTimeZone } from '../../../app/locale';
import type { Result } from '../../../../../shared/services';
import { call } from '../../../api/client';
import { Select } from '../../../components/Select';
import filterStyles from '../../../components/list/FilterBar.module.css';
import styles from './SentRecordsTab.module.css';
import toolbarStyles from '../../../components/list/ListToolbar.module.css';

type Row = Result<'sentRecord.getListByPage'>['list'][number];
const PAGE = 50;
const SEVERITY: Record<SentState, TagProps['severity']> = { CLAIMED: 'info', SENT: 'success', FAILED: 'danger', SKIPPED: 'secondary', UNCERTAIN: 'warning' };

export function SentRecordsTab({ planId }: { planId: string }) {
  const { t } = useTranslation();
  // a push record by its device (model and platform, else its id): a token says nothing to a person
  const addressOf = (r: Row) => {
    if (!r.device) return r.address;
    const name = [r.device.model, r.device.platform].filter(Boolean).join(' · ');
    return name ? t('campaign.sent.device', { name }) : t('campaign.sent.deviceUnnamed', { id: r.device.id });
  };
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const [status, setStatus] = useState<SentState | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const load = useCallback(
    async (from: string | undefined, append: boolean) => {
      setState('loading');
      try {
        const page = await call('sentRecord.getListByPage', { planId, size: PAGE, ...(status ? { status } : {}), ...(from ? { cursor: from } : {}) }, { quiet: true });
        setRows((r) => (append ? [...r, ...page.list] : page.list));
        setCursor(page.cursor);
        setState('ready');
      } catch {
        setState('failed');
      }
    },
    [planId, status],
  );

  useEffect(() => {
    setRows([]);
    setCursor(undefined);
    void load(undefined, false);
  }, [load]);

  return (
    <div data-testid="sent-records">
      <div className={`${toolbarStyles.listToolbar} list-toolbar`}>
        <div className={filterStyles.filterBar}>
          <Select
            inputId="sent-status"
            label={t('campaign.sent.status')}
            className={filterStyles.filterSelect}
            value={status}
            options={SENT_STATES.map((s) => ({ value: s, label: t(`campaign.sentState.${s}`) }))}
            placeholder={t('campaign.sent.allStates')}
            showClear
            onChange={(e) => setStatus((e.value as SentState) ?? null)}
          />
        </div>
        <div className={toolbarStyles.listActions}>
          <Button type="button" icon="pi pi-refresh" text rounded aria-label={t('common.refresh')} onClick={() => void load(undefined, false)} />
        </div>
      </div>
      {state === 'failed' && (
        <div className="state-error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>{t('list.error')}</span>
          <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('common.retry')} onClick={() => void load(rows.length ? cursor : undefined, rows.length > 0)} />
        </div>
      )}
      <DataTable
        value={rows}
        dataKey="accountId"
        loading={state === 'loading' && rows.length === 0}
        emptyMessage={state === 'loading' ? t('campaign.loading') : t('campaign.sent.empty')}
        className="list-table"
        size="small"
        stripedRows
      >
        <Column field="accountId" header={t('campaign.sent.account')} />
        <Column header={t('campaign.sent.address')} body={(r: Row) => addressOf(r)} />
        <Column header={t('campaign.sent.status')} body={(r: Row) => <Tag value={t(`campaign.sentState.${r.status}`)} severity={SEVERITY[r.status]} rounded />} />
        <Column
          header={t('campaign.sent.reason')}
          body={(r: Row) => [r.reason ? t(`campaign.reason.${r.reason}`, { defaultValue: r.reason }) : '', r.detail ?? ''].filter(Boolean).join(': ') || '--'}
        />
        <Column header={t('campaign.sent.claimedAt', { zone })} body={(r: Row) => dateTime(r.claimedAt)} />
        <Column header={t('campaign.sent.doneAt', { zone })} body={(r: Row) => dateTime(r.doneAt)} />
      </DataTable>
      <div className={styles.loadMore}>
        <span className="muted small" role="status">
          {t('campaign.sent.shown', { n: rows.length })}
        </span>
        {cursor && rows.length > 0 && (
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-angle-down"
            label={t('campaign.sent.loadMore')}
            loading={state === 'loading'}
            onClick={() => void load(cursor, true)}
          />
        )}
      </div>
    </div>
  );
}
