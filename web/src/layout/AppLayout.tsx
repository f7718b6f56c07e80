/** The signed-in shell: top bar, side menu (static on wide screens, an overlay below 1024 px), the page. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../api/hooks';
import { PageSpinner } from '../components/PageSpinner';
import { InvitationsBar } from './InvitationsBar';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { usePrimeLocale } from './usePrimeLocale';

const NARROW = '(max-width: 1023px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const mq = window.matchMedia(NARROW);
    const update = () => setNarrow(mq.matches);
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return narrow;
}

/** The first stop of the Tab key: straight to the page, past the top bar and the menu. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link by convention; the click only keeps the router's hash
    <a
      className="skip-link"
      href="#main-content"
      onClick={(e) => {
        // the hash is the router's: move the focus instead of following the link
        e.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
    >
      {t('layout.skipToContent')}
    </a>
  );
}

export default function AppLayout() {
  const session = useSession();
  usePrimeLocale();
  const narrow = useNarrow();
  const location = useLocation();
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const open = narrow ? narrowOpen : wideOpen;
  const toggle = useCallback(() => (narrow ? setNarrowOpen((v) => !v) : setWideOpen((v) => !v)), [narrow]);
  const closeOverlay = useCallback(() => setNarrowOpen(false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies(location.pathname): each new path closes the narrow menu
  useEffect(() => {
    setNarrowOpen(false);
  }, [location.pathname]);

  if (!session) return <PageSpinner />;
  return (
    <div className={`layout ${narrow ? 'layout-narrow' : 'layout-wide'} ${open ? 'menu-open' : 'menu-closed'}`}>
      <SkipLink />
      <TopBar session={session} onToggleMenu={toggle} menuOpen={open} />
      <aside id="layout-sidebar" className="layout-sidebar" aria-hidden={!open}>
        <SideMenu session={session} onNavigate={narrow ? closeOverlay : undefined} />
      </aside>
      {narrow && open && <div className="layout-mask" onClick={closeOverlay} aria-hidden="true" />}
      <main id="main-content" className="layout-content" tabIndex={-1}>
        <InvitationsBar />
        <Outlet />
      </main>
    </div>
  );
}
