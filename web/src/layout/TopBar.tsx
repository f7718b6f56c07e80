/** The top bar: menu toggle, brand, organization switcher, language, notifications, profile menu. */
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { logout, switchOrganization } from '../api/auth';
import type { Session } from '../api/session';
import { landingPath, mayOpen } from '../app/access';
import { PRODUCT_NAME } from '../app/constants';
import { BrandMark } from '../components/AuthCard';
import { chooseLanguage, LanguageSwitcher } from '../components/LanguageSwitcher';
import { currentLang, LANGUAGE_NAMES, LANGUAGES } from '../i18n';
import { Select } from '../components/Select';
import { routeFor } from '../routes';
import { showSuccess } from '../ui/toastBus';
import { NotificationBell } from '../components/NotificationBell';
import { shownName } from '../i18n/seededNames';
import { avatarInitials, displayName } from '../../../shared/format';

/** Switches the selected organization, staying on the page when the new role may open it. */
function useOrganizationChange(session: Session) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  async function change(orgId: number) {
    if (orgId === session.userdetails.organizations.find((o) => o.isSelected)?.id) return;
    setBusy(true);
    try {
      const next = await switchOrganization(orgId);
      const here = routeFor(location.pathname);
      const stay = here && mayOpen(here, next) ? location.pathname + location.search : landingPath(next);
      await navigate(stay, { replace: true });
      const org = next.userdetails.organizations.find((o) => o.isSelected);
      if (org) showSuccess(t('layout.switchedTo', { name: shownName(org.name) }));
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  }
  return { busy, change };
}

function OrganizationSwitcher({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { busy, change } = useOrganizationChange(session);
  const orgs = session.userdetails.organizations;
  const selected = orgs.find((o) => o.isSelected) ?? orgs[0];
  if (!selected) return null;
  if (orgs.length < 2) {
    return (
      <span className="org-static" title={t('layout.organization')}>
        <i className="pi pi-building" aria-hidden="true" />
        <span>{shownName(selected.name)}</span>
      </span>
    );
  }

  return (
    <Select
      inputId="organization-switcher"
      label={t('layout.organization')}
      className="org-switcher"
      value={selected.id}
      options={orgs.map((o) => ({ label: shownName(o.name), value: o.id, role: shownName(o.role.name) }))}
      onChange={(e) => void change(e.value as number)}
      disabled={busy}
      itemTemplate={(o: { label: string; role: string }) => (
        <div className="org-option">
          <span>{o.label}</span>
          <small className="muted">{o.role}</small>
        </div>
      )}
      dropdownIcon={busy ? 'pi pi-spin pi-spinner' : 'pi pi-chevron-down'}
    />
  );
}

export function TopBar({ session, onToggleMenu, menuOpen }: { session: Session; onToggleMenu: () => void; menuOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const profileMenu = useRef<Menu>(null);
  const { username, firstName, lastName } = session.userdetails;
  const role = shownName(session.userdetails.organizations.find((o) => o.isSelected)?.role.name ?? '');
  const { change: changeOrganization } = useOrganizationChange(session);
  const orgs = session.userdetails.organizations;
  // On a phone the organization and the language leave the top bar for this menu (narrow-only items).
  const narrow = 'narrow-only';
  const items: MenuItem[] = [
    {
      label: t('layout.organization'),
      className: narrow,
      items: orgs.map((o) => ({
        label: shownName(o.name),
        icon: o.isSelected ? 'pi pi-check' : 'pi pi-building',
        className: `${narrow} menu-organization`,
        disabled: orgs.length < 2,
        command: () => void changeOrganization(o.id),
      })),
    },
    {
      label: t('layout.language'),
      className: narrow,
      items: LANGUAGES.map((l) => ({
        label: LANGUAGE_NAMES[l],
        icon: l === currentLang() ? 'pi pi-check' : 'pi pi-globe',
        className: `${narrow} menu-language`,
        command: () => void chooseLanguage(l, { saveToProfile: true }),
      })),
    },
    { separator: true, className: narrow },
    { label: t('layout.profile'), icon: 'pi pi-user', command: () => void navigate('/settings'), className: 'menu-profile' },
    { label: t('layout.changePassword'), icon: 'pi pi-key', command: () => void navigate('/password-edit') },
    { separator: true },
    { label: t('layout.logout'), icon: 'pi pi-sign-out', command: () => void logout(), className: 'menu-logout' },
  ];
  return (
    <header className="topbar">
      <Button
        icon="pi pi-bars"
        text
        rounded
        className="topbar-toggle"
        aria-label={t('layout.toggleMenu')}
        aria-expanded={menuOpen}
        aria-controls="layout-sidebar"
        onClick={onToggleMenu}
      />
      <Link to="/dashboard" className="topbar-brand">
        <BrandMark size={28} />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <div className="topbar-spacer" />
      <OrganizationSwitcher session={session} />
      <LanguageSwitcher compact />
      <NotificationBell />
      {/* Named by what it shows (the name and role, so speech input can say them) plus what it opens. */}
      <button type="button" className="profile-button" aria-haspopup="menu" onClick={(e) => profileMenu.current?.toggle(e)}>
        <span className="avatar" aria-hidden="true">
          {avatarInitials(session.userdetails.firstName, session.userdetails.lastName, session.userdetails.username)}
        </span>
        <span className="profile-text">
          <span className="profile-name">{displayName(firstName, lastName, i18n.language) || username}</span>
          <span className="profile-role">{role}</span>
        </span>
        <span className="sr-only">{t('layout.profileMenu')}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <Menu model={items} popup ref={profileMenu} id="profile-menu" popupAlignment="right" />
    </header>
  );
}
