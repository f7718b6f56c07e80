/**
 * The identity provider sends the browser back to /portalui/?code=…&state=… (a redirect address carries no
 * fragment, so it cannot name a hash route): hand those to the /sso/callback route before the router starts,
 * and take them off the address bar. main.tsx imports this module before the app, whose router reads the address
 * as it is created.
 */
export const SSO_REDIRECT_KEY = 'herald.ssoRedirect';

export function routeSsoReturn(location: Location, history: History): void {
  const back = new URLSearchParams(location.search);
  if (!back.has('state') || !(back.has('code') || back.has('error'))) return;
  const forward = new URLSearchParams();
  for (const name of ['code', 'state', 'error']) {
    const value = back.get(name);
    if (value !== null) forward.set(name, value);
  }
  history.replaceState(null, '', `${location.pathname}#/sso/callback?${forward.toString()}`);
}

if (typeof window !== 'undefined') routeSsoReturn(window.location, window.history);
