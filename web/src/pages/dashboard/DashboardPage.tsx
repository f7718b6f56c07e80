/** The dashboard: who you are and where you can go, then the organization's numbers (./DashboardMetrics.tsx). */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { displayName, formatCount } from '../../../../shared/format';
import { useConfiguration, useSession } from '../../api/hooks';
import { menuFor } from '../../app/access';
import { APP_VERSION } from '../../app/constants';
import '../../i18n/areas/dashboard';
import { shownName } from '../../i18n/seededNames';
import { DASHBOARD_LINKS, isComingSoon } from '../../routes';
import { DashboardMetrics } from './DashboardMetrics';
import { GroupChooser } from './GroupChooser';
import styles from './DashboardPage.module.css';
import statStyles from '../../components/stat.module.css';
import { Page } from '../../components/Page';

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { data: configuration } = useConfiguration();
  if (!session) return null;
  const { userdetails } = session;
  const name = displayName(userdetails.firstName, userdetails.lastName, i18n.language) || userdetails.username;
  const selected = userdetails.organizations.find((o) => o.isSelected);
  const rank = (path: string) => DASHBOARD_LINKS.indexOf(path);
  // only screens that work, the ones a new user needs first
  const areas = menuFor(session)
    .map((g) => ({ group: g.group, items: g.items.filter((r) => rank(r.path) >= 0 && !isComingSoon(r)).sort((a, b) => rank(a.path) - rank(b.path)) }))
    .filter((g) => g.items.length > 0);

  return (
    <Page title={t('dashboard.welcome', { name })} intro={t('dashboard.intro')}>
      <div className={statStyles.statRow}>
        <div className={`card ${statStyles.stat}`}>
          <span className={statStyles.statLabel}>{t('dashboard.organization')}</span>
          <span className={statStyles.statValue} data-testid="current-org">
            {selected ? shownName(selected.name) : '--'}
          </span>
        </div>
        <div className={`card ${statStyles.stat}`}>
          <span className={statStyles.statLabel}>{t('dashboard.role')}</span>
          <span className={statStyles.statValue} data-testid="current-role">
            {selected ? shownName(selected.role.name) : '--'}
          </span>
        </div>
        <div className={`card ${statStyles.stat}`}>
          <span className={statStyles.statLabel}>{t('dashboard.permissions')}</span>
          <span className={statStyles.statValue}>{formatCount(userdetails.rolePermissions.length)}</span>
        </div>
        <div className={`card ${statStyles.stat}`}>
          <span className={statStyles.statLabel}>{t('dashboard.channels')}</span>
          <span className={statStyles.statValue}>{configuration ? formatCount(configuration.pushChannelTypes.length) : '--'}</span>
        </div>
      </div>

      <div className="grid-2">
        <div className="card">
          <h2 className="card-title">{t('dashboard.yourOrganizations')}</h2>
          <ul className="plain-list">
            {userdetails.organizations.map((o) => (
              <li key={o.id} className={styles.orgRow}>
                <span className={styles.orgIcon} aria-hidden="true">
                  {o.icon ? <img src={o.icon} alt="" /> : <i className="pi pi-building" />}
                </span>
                <span className={styles.orgText}>
                  <strong>{shownName(o.name)}</strong>
                  <small className="muted">
                    {o.code} · {shownName(o.role.name)}
                  </small>
                </span>
                {o.isSelected && <Tag value={t('dashboard.current')} severity="success" rounded />}
              </li>
            ))}
          </ul>
        </div>
        <div className="card">
          <h2 className="card-title">{t('dashboard.quickLinks')}</h2>
          {areas.length === 0 ? (
            <p className="muted">{t('dashboard.noAreas')}</p>
          ) : (
            <div className={styles.quickLinks} data-testid="quick-links">
              {areas.map((g) => (
                <div key={g.group} className={styles.quickGroup}>
                  <div className="menu-group-title">{t(`menu.group.${g.group}`)}</div>
                  {g.items.map((item) => (
                    <Link key={item.path} to={item.path} className={styles.quickLink}>
                      <i className={item.menu!.icon} aria-hidden="true" /> {t(item.titleKey)}
                    </Link>
                  ))}
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
      <GroupChooser />
      <DashboardMetrics />
      <p className={`muted ${styles.pageFoot}`}>{t('app.version', { version: APP_VERSION })}</p>
    </Page>
  );
}
