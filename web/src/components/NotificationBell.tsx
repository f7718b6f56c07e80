/** The header's bell: the caller's unread count (looked at every 30 s), opening /notification. */
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatCount } from '../../../shared/format';
import { useCall } from '../api/hooks';
import { UNREAD_REFRESH_MS } from '../app/constants';
import { keys } from '../api/keys';
import '../i18n/areas/approval';
import styles from './NotificationBell.module.css';

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useCall(keys.list('notification.unreadCount', {}), { refreshInterval: UNREAD_REFRESH_MS }).data?.count ?? 0;
  const label = unread > 0 ? t('notification.bellUnread', { count: unread }) : t('notification.bell');
  return (
    <span className={styles.bell}>
      <Button
        icon="pi pi-bell"
        text
        rounded
        className="topbar-icon"
        aria-label={label}
        tooltip={label}
        tooltipOptions={{ position: 'bottom' }}
        onClick={() => void navigate('/notification')}
        data-testid="notification-bell"
      />
      {unread > 0 && <Badge value={unread > 99 ? '99+' : formatCount(unread)} severity="danger" className={styles.badge} aria-hidden="true" data-testid="notification-unread" />}
    </span>
  );
}
