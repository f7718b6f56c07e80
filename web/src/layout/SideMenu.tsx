/**
 * The side navigation: groups Dashboard, Library, Campaigns, Reports, Insights, Admin, permitted entries only;
 * entries whose screen a later release builds carry a "soon" tag.
 */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { Session } from '../api/session';
import { menuFor } from '../app/access';
import { isComingSoon } from '../routes';

export function SideMenu({ session, onNavigate }: { session: Session; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const groups = menuFor(session);
  return (
    <nav className="side-menu" aria-label={t('layout.mainMenu')}>
      {groups.map(({ group, items }) => (
        <div className="menu-group" key={group} data-group={group}>
          <div className="menu-group-title">{t(`menu.group.${group}`)}</div>
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === '/dashboard'} className="menu-item" onClick={onNavigate}>
                  <i className={item.menu!.icon} aria-hidden="true" />
                  <span className="menu-label">{t(item.titleKey)}</span>
                  {isComingSoon(item) && (
                    <span className="menu-soon" data-testid="menu-soon">
                      <span aria-hidden="true">{t('menu.soon')}</span>
                      <span className="sr-only"> {t('menu.soonLabel')}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {groups.length === 0 && <p className="menu-empty">{t('layout.noMenu')}</p>}
    </nav>
  );
}
