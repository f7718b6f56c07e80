/**
 * Invitations nobody has answered yet, under the users list, shown alike whether or not the address has an account
 * elsewhere. Each can be sent again (a new link; the earlier one stops working) or withdrawn after a confirmation
 * that starts on Cancel.
 */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime, useDisplayTimeZone } from '../../app/locale';
import type { PendingInvitationView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useConfirm } from '../../components/useConfirm';
import { showSuccess } from '../../ui/toastBus';
import { shownName } from '../../i18n/seededNames';
import { RowAction } from '../../components/list/RowAction';

const PAGE_SIZE = 10;

export function PendingInvitations({ onWithdrawn }: { onWithdrawn: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const { data, error, isLoading, mutate } = useCall(keys.pendingInvitations());
  const [confirmElement, ask] = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const rows = data?.rows ?? [];
  const addressOf = (row: PendingInvitationView) => row.email || row.username;

  async function act(row: PendingInvitationView, run: () => Promise<unknown>, done: string) {
    setBusy(row.userId);
    try {
      await run();
      showSuccess(done);
    } catch {
      // the client's error toast has said why
    } finally {
      setBusy(null);
      await mutate();
    }
  }

  function resend(row: PendingInvitationView) {
    return act(row, () => call('user.resendInvitation', { userId: row.userId }), t('invitation.resent', { email: addressOf(row) }));
  }

  async function withdraw(row: PendingInvitationView) {
    const yes = await ask({
      header: t('invitation.withdrawTitle'),
      message: t('invitation.withdrawConfirm', { email: addressOf(row) }),
      acceptLabel: t('invitation.withdraw'),
      danger: true,
    });
    if (!yes) return;
    await act(row, () => call('user.cancelInvitation', { userId: row.userId }), t('invitation.withdrawn', { email: addressOf(row) }));
    onWithdrawn();
  }

  return (
    <section className="card pending-invitations" aria-labelledby="pending-invitations-title" data-testid="pending-invitations">
      <h2 id="pending-invitations-title" className="card-title">
        {t('invitation.title')}
        {rows.length > 0 && <Tag value={String(rows.length)} severity="info" rounded className="ml-2" />}
      </h2>
      <p className="muted">{t('invitation.intro')}</p>
      <DataTable
        value={rows}
        dataKey="userId"
        size="small"
        stripedRows
        loading={isLoading}
        paginator={rows.length > PAGE_SIZE}
        rows={PAGE_SIZE}
        sortField="dateSent"
        sortOrder={-1}
        removableSort
        emptyMessage={error ? t('invitation.loadFailed') : t('invitation.empty')}
        footer={data?.more ? t('invitation.more', { count: rows.length }) : undefined}
      >
        <Column field="email" header={t('user.email')} sortable body={(r: PendingInvitationView) => addressOf(r)} />
        {/* the username the inviter typed */}
        <Column field="username" header={t('user.username')} sortable body={(r: PendingInvitationView) => r.username || '—'} />
        <Column field="roleName" header={t('user.role')} sortable body={(r: PendingInvitationView) => shownName(r.roleName)} />
        <Column field="dateSent" header={t('invitation.dateSent', { zone })} sortable body={(r: PendingInvitationView) => dateTime(r.dateSent)} />
        <Column field="expiresAt" header={t('invitation.expiresAt', { zone })} sortable body={(r: PendingInvitationView) => dateTime(r.expiresAt)} />
        <Column
          header={t('common.actions')}
          className="actions-column"
          headerClassName="actions-column"
          body={(r: PendingInvitationView) => (
            <div className="row-actions">
              <RowAction
                icon="pi pi-send"
                label={t('invitation.resendItem', { email: addressOf(r) })}
                loading={busy === r.userId}
                disabled={busy !== null}
                tooltip={t('invitation.resend')}
                tooltipOptions={{ position: 'top' }}
                onClick={() => void resend(r)}
              />
              <RowAction
                icon="pi pi-times"
                label={t('invitation.withdrawItem', { email: addressOf(r) })}
                severity="danger"
                disabled={busy !== null}
                tooltip={t('invitation.withdraw')}
                tooltipOptions={{ position: 'top' }}
                onClick={() => void withdraw(r)}
              />
            </div>
          )}
        />
      </DataTable>
      {confirmElement}
    </section>
  );
}
