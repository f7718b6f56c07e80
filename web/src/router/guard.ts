/**
 * The route guard of spec 000 section 2, run before every navigation (as each route's loader, so the previous
 * page stays on screen until it passes):
 * 1. close toasts and dialogs; 2. check and refresh the token; 3. no valid login: the SSO callback page;
 * 4. missing permissions: ask to switch account or go back; 5. admin pages by login type. (6, scrolling to the
 * top, happens when the new page renders.)
 */
import { type LoaderFunctionArgs, replace } from 'react-router-dom';
import { holdsAll } from '../../../shared/permissions';
import { endSession } from '../api/auth';
import { freshAccessToken, getSession, hasLogin, sessionFromOtherTabs } from '../api/session';
import { forgetSession } from '../api/signOut';
import { adminPageFor, landingPath } from '../app/access';
import { leaveFor } from '../api/externalAddress';
import type { RouteDef } from '../routes';
import { closeAllDialogs } from '../ui/dialogBus';
import { askSwitchAccount } from '../ui/guardConfirm';
import { clearToasts } from '../ui/toastBus';

type CurrentLocation = () => { pathname: string; search: string } | null;
let currentLocation: CurrentLocation = () => null;

/** The page on screen while a navigation runs (the router's state before it commits). */
export function setCurrentLocationSource(source: CurrentLocation): void {
  currentLocation = source;
}

function toSignIn(target: string): Response {
  return replace(`/sso/callback?redirect=${encodeURIComponent(target)}`);
}

export function guard(route: RouteDef) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    clearToasts();
    closeAllDialogs();
    if (route.access === 'public') return null;

    const url = new URL(request.url);
    const target = url.pathname + url.search;
    if (!hasLogin()) await sessionFromOtherTabs();
    if (!hasLogin()) {
      if (getSession()) forgetSession();
      throw toSignIn(target);
    }
    try {
      await freshAccessToken();
    } catch {
      forgetSession();
      throw toSignIn(target);
    }

    const session = getSession()!;
    if (!holdsAll(session.userdetails.rolePermissions, route.permissions)) {
      const choice = await askSwitchAccount(route.titleKey, request.signal);
      if (choice === 'switch') {
        const { was, logoutUrl } = await endSession();
        const ssoLogout = was?.loginType === 'SSO' ? (logoutUrl ?? was.logoutUrl) : null;
        if (ssoLogout) leaveFor(ssoLogout, 'replace');
        throw replace('/login');
      }
      const previous = currentLocation();
      const back = previous && previous.pathname !== url.pathname ? previous.pathname + previous.search : landingPath(session);
      throw replace(back === url.pathname ? '/not-authorize' : back);
    }

    if (route.adminPage) {
      const wanted = adminPageFor(session);
      if (url.pathname !== wanted) throw replace(wanted);
    }
    return null;
  };
}
