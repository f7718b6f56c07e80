/**
 * /notification: the caller's notifications in this organization, newest first, with the unread ones marked;
 * mark one read or unread, mark all read, and show only the unread.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NotificationView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate, useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useDateTime } from '../../app/locale';
import { detailPath } from '../campaign/paths';
import { historyPath } from '../cloudSource/paths';
import '../../i18n/areas/approval';
import '../../i18n/areas/userAlert';
import styles from './Notification.module.css';
import { LoadError } from '../../components/LoadError';
import { Page } from '../../components/Page';

const PAGE = 20;
/** "Show more" grows the one page read, up to what one call answers */
const MOST = 100;

export default function NotificationPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [size, setSize] = useState(PAGE);
  const list = useCall(keys.list('notification.getListByPage', { unread: unreadOnly, size }), { keepPreviousData: true });
  const [busy, setBusy] = useState(false);
  const items = list.data?.list ?? [];

  async function change(work: () => Promise<unknown>) {
    setBusy(true);
    try {
      await work();
      await invalidate('notification.getListByPage', 'notification.unreadCount');
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  }

  const textOf = (n: NotificationView) =>
    t(`notification.kind.${n.kind}`, {
      by: n.by === 'system' ? t('notification.system') : n.byName || t('approval.unknown'),
      name: n.name,
      reason: n.reason ?? '',
      sent: n.sent ?? 0,
      failed: n.failed ?? 0,
    });

  return (
    <Page title={t('notification.title')} titleId="notification-title" intro={t('notification.intro')}>
      <div className="card">
        <div className={styles.toolbar}>
          <div className="checkbox-row">
            <Checkbox
              inputId="notification-unread-only"
              checked={unreadOnly}
              onChange={(e) => {
                setUnreadOnly(Boolean(e.checked));
                setSize(PAGE);
              }}
            />
            <label htmlFor="notification-unread-only">{t('notification.unreadOnly')}</label>
          </div>
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-check-square"
            label={t('notification.readAll')}
            disabled={busy || items.every((n) => n.read)}
            onClick={() => void change(() => call('notification.readAll', {}))}
            data-testid="notification-read-all"
          />
        </div>
        {list.error ? (
          <LoadError text={t('list.error')} onRetry={() => void list.mutate()} />
        ) : !list.data ? (
          <p className="muted">{t('notification.loading')}</p>
        ) : items.length === 0 ? (
          <p className="muted" data-testid="notification-empty">
            {t('notification.empty')}
          </p>
        ) : (
          <ul className={`plain-list ${styles.list}`} data-testid="notification-list">
            {items.map((n) => (
              <li key={n.id} className={`${styles.item} ${n.read ? '' : styles.unread}`} data-read={n.read} data-kind={n.kind}>
                <div className={styles.text}>
                  <span>
                    {!n.read && <Tag value={t('notification.unread')} severity="info" className="mr-2" />}
                    {textOf(n)}
                  </span>
                  <span className="muted small">
                    {dateTime(n.at)}
                    {n.subject === 'PLAN' && (
                      <>
                        {' · '}
                        <Link to={detailPath(n.subjectId, n.kind === 'SEND_FINISHED' || n.kind === 'ALERT_FAILURE_RATE' ? 'analytics' : 'approval')} className="cell-link">
                          {t('notification.open')}
                          <span className="sr-only"> {n.name}</span>
                        </Link>
                      </>
                    )}
                    {n.subject === 'CLOUD_SOURCE' && (
                      <>
                        {' · '}
                        <Link to={historyPath(n.subjectId)} className="cell-link">
                          {t('notification.open')}
                          <span className="sr-only"> {n.name}</span>
                        </Link>
                      </>
                    )}
                  </span>
                </div>
                <Button
                  type="button"
                  size="small"
                  text
                  icon={n.read ? 'pi pi-envelope' : 'pi pi-check'}
                  label={n.read ? t('notification.markUnread') : t('notification.markRead')}
                  disabled={busy}
                  onClick={() => void change(() => call(n.read ? 'notification.unread' : 'notification.read', { id: n.id }))}
                />
              </li>
            ))}
          </ul>
        )}
        {list.data?.cursor && size < MOST && (
          <Button type="button" size="small" text icon="pi pi-angle-down" label={t('notification.more')} onClick={() => setSize(Math.min(MOST, size + PAGE))} />
        )}
      </div>
    </Page>
  );
}
