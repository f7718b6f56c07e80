/** The organization's approval sheet tips (system setting), shown where a requester sends a message to review. */
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import '../../i18n/areas/approval';
import styles from './ApprovalTips.module.css';

export function ApprovalTips() {
  const { t } = useTranslation();
  const settings = useCall(keys.list('approvalSheet.settings', {}), { dedupingInterval: 60_000 });
  const tips = settings.data?.tips;
  if (!tips) return null;
  return (
    <aside className={`notice ${styles.tips}`} aria-label={t('approval.tips')} data-testid="approval-tips">
      <strong>{t('approval.tips')}</strong>
      <p className={styles.text}>{tips}</p>
    </aside>
  );
}
