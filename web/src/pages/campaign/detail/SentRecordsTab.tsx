/**
 * The message's sent-records of one run (the latest unless another is chosen; a journey's per message step), by
 * status, a page at a time with "Load more" (a run can hold millions).
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag, type TagProps } from 'primereact/tag';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SENT_STATES, type SentState } from '../../../../../shared/delivery';
import { useDateTime, useDisplayTimeZone } from '../../../app/locale';
import type { Journey } from '../../../../../shared/plan/journey';
import type { Result } from '../../../../../shared/services';
import { call } from '../../../api/client';
import { Select } from '../../../components/Select';
import filterStyles from '../../../components/list/FilterBar.module.css';
import styles from './SentRecordsTab.module.css';
import { stepLabelOf } from './JourneySummary';
import { recordRuns } from './recordRuns';
import { LetterDownload, LetterFiles, mayDownloadLetterFiles } from './LetterFiles';
import toolbarStyles from '../../../components/list/ListToolbar.module.css';
import { LoadError } from '../../../components/LoadError';

type Row = Result<'sentRecord.getListByPage'>['list'][number];
const PAGE = 50;
const SEVERITY: Record<SentState, TagProps['severity']> = { CLAIMED: 'info', SENT: 'success', FAILED: 'danger', SKIPPED: 'secondary', UNCERTAIN: 'warning' };

export function SentRecordsTab({
  planId,
  journey,
  runs,
  letters = false,
}: {
  planId: string;
  journey?: Journey;
  runs?: readonly { runId: string; startedAt: number }[];
  /** a direct-mail message: its run's letters download here */
  letters?: boolean;
}) {
  const { t } = useTranslation();
  // a direct-mail message's files, for a member who may download them (directMail.downloadPdf's permission)
  const mayDownloadLetters = letters && mayDownloadLetterFiles();
  // a push record by its device (model and platform, else its id): a token says nothing to a person
  const addressOf = (r: Row) => {
    if (!r.device) return r.address;
    const name = [r.device.model, r.device.platform].filter(Boolean).join(' · ');
    return name ? t('campaign.sent.device', { name }) : t('campaign.sent.deviceUnnamed', { id: r.device.id });
  };
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const [status, setStatus] = useState<SentState | null>(null);
  // undefined: the latest run (a journey's: its first message step), as the server reads it too
  const [runId, setRunId] = useState<string | undefined>();
  const runChoices = useMemo(() => {
    const stepLabel = journey ? stepLabelOf(journey, t) : undefined;
    return recordRuns(runs ?? [], journey).map((r) => ({
      value: r.value,
      label:
        r.stepId && stepLabel ? t('campaign.sent.stepRun', { time: dateTime(r.startedAt), step: stepLabel(r.stepId) }) : t('campaign.sent.run', { time: dateTime(r.startedAt) }),
    }));
  }, [runs, journey, t, dateTime]);
  const [rows, setRows] = useState<Row[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const load = useCallback(
    async (from: string | undefined, append: boolean) => {
      setState('loading');
      try {
        const page = await call(
          'sentRecord.getListByPage',
          { planId, size: PAGE, ...(runId ? { runId } : {}), ...(status ? { status } : {}), ...(from ? { cursor: from } : {}) },
          { quiet: true },
        );
        setRows((r) => (append ? [...r, ...page.list] : page.list));
        setCursor(page.cursor);
        setState('ready');
      } catch {
        setState('failed');
      }
    },
    [planId, runId, status],
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
            inputId="sent-run"
            label={t('campaign.sent.runChoice')}
            className={filterStyles.filterSelect}
            value={runId ?? runChoices[0]?.value ?? null}
            options={runChoices}
            placeholder={t('campaign.sent.noRun')}
            disabled={runChoices.length === 0}
            onChange={(e) => setRunId((e.value as string) ?? undefined)}
          />
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
      {mayDownloadLetters && runChoices.length > 0 && <LetterFiles planId={planId} runId={runId} />}
      {state === 'failed' && <LoadError text={t('list.error')} onRetry={() => void load(rows.length ? cursor : undefined, rows.length > 0)} />}
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
        {mayDownloadLetters && (
          <Column header={t('campaign.sent.letter')} body={(r: Row) => (r.status === 'SENT' ? <LetterDownload planId={planId} runId={runId} accountId={r.accountId} /> : '--')} />
        )}
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
