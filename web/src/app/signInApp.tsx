/**
 * The sign-in page as the portal opens on it: a fresh load of /login renders the form with React alone, without
 * the router, the route table or the signed-in shell. Those load (`leave`, main.tsx) once the page moves on: after
 * a sign-in, or when the address names another route (the forgotten-password link, the back button).
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguageHeader } from '../api/transport';
import { currentLang } from '../i18n';
import { SignInPage } from '../pages/auth/SignInPage';
import { LazyToastHost } from '../ui/toastArea';
import { showError } from '../ui/toastBus';
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
  const moveOn = useCallback(async () => {
    if (left.current) return;
    left.current = true;
    markHandedOver();
    try {
      await leave();
    } catch (e) {
      left.current = false;
      throw e;
    }
  }, [leave]);
  const nav = useMemo<SignInNav>(
    () => ({
      params: new URLSearchParams(search),
      // what the router keeps as a location's state (a reload of /login keeps it)
      state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
      // the router and the portal's wiring have no effect on import (App.tsx, which creates the router, has)
      prepare: () => {
        void import('../router').catch(() => undefined);
        void import('./wiring').catch(() => undefined);
      },
      go: (to, opts) => {
        const address = `${window.location.pathname}${window.location.search}#${to}`;
        if (opts?.replace) window.history.replaceState(null, '', address);
        else window.history.pushState(null, '', address);
        return moveOn();
      },
    }),
    [search, moveOn],
  );

  const elsewhere = path !== SIGN_IN_PATH;
  useEffect(() => {
    if (elsewhere) moveOn().catch(() => showError(t('problem.chunkFailed')));
  }, [elsewhere, moveOn, t]);
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
