/** The guard's confirm box: switch account (sign out, then sign in again) or cancel back to the previous page. */
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { answerGuardConfirm } from './guardConfirm';

export default function GuardConfirmDialog({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible
      className="guard-confirm"
      header={t('guard.title')}
      message={t('guard.message', { page: t(titleKey) })}
      icon="pi pi-lock"
      acceptLabel={t('guard.switchAccount')}
      rejectLabel={t('common.cancel')}
      accept={() => answerGuardConfirm('switch')}
      reject={() => answerGuardConfirm('cancel')}
      onHide={() => answerGuardConfirm('cancel')}
      closable
    />
  );
}
