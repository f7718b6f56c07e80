/** Screens a later release builds: a clear notice inside the layout, not a 404. */
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router-dom';
import type { RouteDef } from '../../routes';
import styles from './notAvailable.module.css';
import linkStyles from '../../components/links.module.css';
import { Page } from '../../components/Page';

export default function NotAvailablePage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const route = (matches[matches.length - 1]?.handle as { route?: RouteDef } | undefined)?.route;
  const title = route ? t(route.titleKey) : '';
  return (
    <Page title={title}>
      <div className={`${styles.notAvailable} card`} data-testid="not-available">
        <i className={`${styles.notAvailableIcon} pi pi-wrench`} aria-hidden="true" />
        <h2>{t('notAvailable.title', { page: title })}</h2>
        <p className="muted">{t('notAvailable.text')}</p>
        <Link to="/dashboard" className={linkStyles.quietLink}>
          {t('notAvailable.back')}
        </Link>
      </div>
    </Page>
  );
}
