/**
 * Invitations of the signed-in account to other organizations. Joining is the owner's choice: nothing changes
 * until they accept here; after accepting, a session refresh brings the new organization into the switcher.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationView } from '../../../shared/services';
import { call } from '../api/client';
import { useMyInvitations } from '../api/hooks';
import { refreshSession } from '../api/session';
import { showSuccess } from '../ui/toastBus';
import { shownName } from '../i18n/seededNames';
import styles from './InvitationsBar.module.css';

export function InvitationsBar() {
  const { t } = useTranslation();
  const { data, mutate } = useMyInvitations();
  const [busy, setBusy] = useState<number>();
  if (!data || data.length === 0) return null;

  async function answer(invitation: InvitationView, accept: boolean) {
    setBusy(invitation.orgId);
    try {
      await call(accept ? 'user.acceptInvitation' : 'user.declineInvitation', { orgId: invitation.orgId });
      if (accept) await refreshSession();
      showSuccess(t(accept ? 'invitations.accepted' : 'invitations.declined', { org: shownName(invitation.orgName) }));
    } catch {
      // the client's error toast says why
    } finally {
      setBusy(undefined);
      await mutate();
    }
  }

  return (
    <section className={styles.invitationsBar} aria-label={t('invitations.title')}>
      {data.map((i) => (
        <div key={i.orgId} className={`${styles.invitationRow} notice notice-info`} data-testid="invitation">
          <i className="pi pi-envelope" aria-hidden="true" />
          <span>{t('invitations.text', { inviter: i.invitedBy, org: shownName(i.orgName), role: shownName(i.roleName) })}</span>
          <span className={styles.invitationActions}>
            <Button label={t('invitations.accept')} icon="pi pi-check" size="small" loading={busy === i.orgId} onClick={() => void answer(i, true)} />
            <Button label={t('invitations.decline')} severity="secondary" outlined size="small" disabled={busy === i.orgId} onClick={() => void answer(i, false)} />
          </span>
        </div>
      ))}
    </section>
  );
}
