/**
 * A message's or template's approval sheet: its revision, deadline and each participant's status and date,
 * reminders for those who have not answered (PLAN_CREATE), the organization's approval tips, and the sheet's
 * history (who did what, when, in which revision). The message's Approval tab and the template's sheet show it.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { ApprovalSubject } from '../../../../shared/entities/approvalSheet';
import type { ReviewStatus } from '../../../../shared/plan/stateMachine';
import type { SheetHistoryItem, SheetView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall, usePagedList, useSession } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useDateTime } from '../../app/locale';
import '../../i18n/areas/approval';
import styles from './SheetPanel.module.css';

export const SEVERITY: Record<ReviewStatus, 'info' | 'warning' | 'danger' | 'success'> = { NEW: 'info', PROCESS: 'warning', REJECT: 'danger', PASS: 'success' };

export interface SheetPanelProps {
  subject: ApprovalSubject;
  id: string;
  /** the subject still takes answers (a message: still pending approval) */
  underReview: boolean;
  /** a participant's name where the sheet has none (a former member) */
  nameOf: (userId: string) => string;
  /** what shows before the sheet is first shared */
  noneText: string;
  /** shown under the participants: the caller's own answer, a new revision */
  children?: (sheet: SheetView | undefined, reload: () => Promise<unknown>) => ReactNode;
}

export function SheetPanel({ subject, id, underReview, nameOf, noneText, children }: SheetPanelProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const mayRemind = useSession()?.userdetails.rolePermissions.includes('PLAN_CREATE') ?? false;
  const ref = { subject, id };
  const detail = useCall(keys.list('approvalSheet.detail', ref));
  const [page, setPage] = useState({ page: 0, size: 10 });
  const history = usePagedList('approvalSheet.history', { ...ref, ...page });
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const sheet = detail.data?.sheet;
  const open = sheet && !sheet.expired && (sheet.status === 'NEW' || sheet.status === 'PROCESS') && underReview;
  const reload = () => Promise.all([detail.mutate(), history.mutate()]);
  const who = (userId: string, name?: string) => name || nameOf(userId);

  async function remind(userId?: string) {
    setBusy(true);
    try {
      await (userId ? call('approvalSheet.resend', { ...ref, userId }) : call('approvalSheet.resendAll', ref));
      setSaid(t('approval.reminded'));
      await reload();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  }

  const detailOf = (e: SheetHistoryItem) => [e.to ? t('approval.to', { name: who(e.to, e.toName) }) : '', e.reason ?? ''].filter(Boolean).join(' — ') || '--';

  return (
    <div data-testid="approval-tab" className={styles.tab}>
      {detail.data?.tips && (
        <aside className="notice" aria-labelledby="approval-tips-title">
          <h3 id="approval-tips-title" className={styles.subtitle}>
            {t('approval.tips')}
          </h3>
          <p className={styles.tips}>{detail.data.tips}</p>
        </aside>
      )}
      {!detail.data ? (
        <p className="muted">{t('campaign.loading')}</p>
      ) : !sheet ? (
        <p className="muted" data-testid="approval-none">
          {noneText}
        </p>
      ) : (
        <section aria-labelledby="approval-sheet-title">
          <h3 id="approval-sheet-title" className={styles.subtitle}>
            {t('approval.title')} · {t('approval.revision', { revision: sheet.revision })}{' '}
            <Tag value={t(`approval.status.${sheet.status}`)} severity={SEVERITY[sheet.status]} data-status={sheet.status} />
          </h3>
          <p className="muted small">
            {t('approval.requestedBy', { name: who(sheet.requestedBy, sheet.requestedByName) })} · {t('approval.deadline', { time: dateTime(sheet.deadline) })}
          </p>
          {sheet.expired && (
            <p className="notice notice-warn" role="status">
              {t('approval.expired')}
            </p>
          )}
          <h4 className={styles.subtitle}>{t('approval.participants')}</h4>
          <ul className={`plain-list ${styles.participants}`}>
            {sheet.participants.map((p) => (
              <li key={p.userId} className={styles.participant} data-participant={p.userId}>
                <span>{who(p.userId, p.name)}</span>
                <Tag value={t(`approval.status.${p.status}`)} severity={SEVERITY[p.status]} data-status={p.status} />
                <span className="muted small">{dateTime(p.date)}</span>
                {mayRemind && open && (p.status === 'NEW' || p.status === 'PROCESS') && (
                  <Button
                    type="button"
                    size="small"
                    text
                    icon="pi pi-bell"
                    label={t('approval.remind')}
                    aria-label={t('approval.remindName', { name: who(p.userId, p.name) })}
                    disabled={busy}
                    onClick={() => void remind(p.userId)}
                  />
                )}
              </li>
            ))}
          </ul>
          {mayRemind && open && <Button type="button" size="small" outlined icon="pi pi-send" label={t('approval.remindAll')} disabled={busy} onClick={() => void remind()} />}
          <span role="status" className="muted small">
            {said}
          </span>
        </section>
      )}
      {detail.data && children?.(sheet, reload)}
      <h3 className={styles.subtitle}>{t('approval.history')}</h3>
      <DataTable
        value={history.data?.list ?? []}
        lazy
        paginator
        first={page.page * page.size}
        rows={page.size}
        totalRecords={history.data?.total ?? 0}
        onPage={(e) => setPage({ page: e.page ?? 0, size: e.rows })}
        loading={history.isLoading}
        emptyMessage={history.error ? t('list.errorShort') : t('approval.noHistory')}
        currentPageReportTemplate={t('list.report')}
        paginatorTemplate="PrevPageLink PageLinks NextPageLink CurrentPageReport"
        className="list-table"
        size="small"
        stripedRows
        data-testid="approval-history"
      >
        <Column header={t('approval.col.at')} body={(e: SheetHistoryItem) => dateTime(e.at)} />
        <Column header={t('approval.col.event')} body={(e: SheetHistoryItem) => t(`approval.event.${e.event}`)} />
        <Column header={t('approval.col.by')} body={(e: SheetHistoryItem) => who(e.by, e.byName)} />
        <Column header={t('approval.col.revision')} body={(e: SheetHistoryItem) => e.revision} />
        <Column header={t('approval.col.detail')} body={detailOf} />
      </DataTable>
    </div>
  );
}
