/**
 * The sign-in page as the portal opens on it: a fresh load of /login renders the form with React alone, without
 * the router, the route table or the signed-in shell. Those load (`leave`, main.tsx) once the page moves on: after
 * a sign-in, or when the address names another route (the forgotten-password link, the back button).
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguageHeader } from '../api/transport';
import { currentLang } from '../i18n';
import { SignInPage } from '../pages/auth/SignInPage';
import { LazyToastHost } from '../ui/LazyToastHost';
import { PRODUCT_NAME } from './constants';
import { hashRoute, markHandedOver, SIGN_IN_PATH, type SignInNav, SignInNavProvider } from './signInNav';

const subscribeAddress = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
  };
};

export function SignInApp({ leave }: { leave: () => Promise<void> }) {
  const { t } = useTranslation();
  const hash = useSyncExternalStore(subscribeAddress, () => window.location.hash);
  const { path, search } = hashRoute(hash);
  const left = useRef(false);
  const nav = useMemo<SignInNav>(() => {
    const moveOn = () => {
      if (left.current) return;
      left.current = true;
      markHandedOver();
      return leave();
    };
    return {
      params: new URLSearchParams(search),
      // what the router keeps as a location's state (a reload of /login keeps it)
      state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
      go: (to, opts) => {
        const address = `${window.location.pathname}${window.location.search}#${to}`;
        if (opts?.replace) window.history.replaceState(null, '', address);
        else window.history.pushState(null, '', address);
        return moveOn();
      },
    };
  }, [search, leave]);

  const elsewhere = path !== SIGN_IN_PATH;
  useEffect(() => {
    if (elsewhere && !left.current) {
      left.current = true;
      markHandedOver();
      void leave();
    }
  }, [elsewhere, leave]);
  const title = t('page.login');
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);

  return (
    <SignInNavProvider value={nav}>
      {!elsewhere && <SignInPage />}
      <LazyToastHost />
    </SignInNavProvider>
  );
}

// the server's error texts in the chosen language, as the portal's wiring sets it
setLanguageHeader(currentLang);
