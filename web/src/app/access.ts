/**
 * Permission checks against the stored user details (spec 000 section 6), and where a user may land. Reads only
 * data (the route table and the session object), so the guard, the menu and the pages may all use it.
 */
import { holdsAll } from '../../../shared/permissions';
import type { Session } from '../api/sessionTypes';
import { ADMIN_PAGE, MENU_GROUPS, type MenuGroup, ROUTES, type RouteDef, routeFor } from '../routes';

export function mayOpen(route: RouteDef, session: Session | null): boolean {
  if (route.access === 'public') return true;
  if (!session) return false;
  return holdsAll(session.userdetails.rolePermissions, route.permissions);
}

/** The side menu: the permitted entries of each group, groups without any left out. */
export function menuFor(session: Session | null): { group: MenuGroup; items: RouteDef[] }[] {
  const loginType = session?.loginType ?? 'NATIVE';
  return MENU_GROUPS.map((group) => ({
    group,
    items: ROUTES.filter((r) => r.menu?.group === group && (!r.menu.loginType || r.menu.loginType === loginType) && mayOpen(r, session)),
  })).filter((g) => g.items.length > 0);
}

export function adminPageFor(session: Session): string {
  return ADMIN_PAGE[session.loginType];
}

/** The first page the user may open: the wanted one, the default landing page, the dashboard, any menu entry. */
export function landingPath(session: Session | null, wanted?: string | null): string {
  if (!session) return '/login';
  const candidates = [wanted, session.userdetails.defaultLandingPage, '/dashboard'];
  for (const path of candidates) {
    if (!path) continue;
    const route = routeFor(path.split('?')[0]);
    if (route && route.access === 'signedIn' && mayOpen(route, session)) return path;
  }
  const first = menuFor(session)[0]?.items[0];
  return first ? first.path : '/not-authorize';
}

/** Where a tab goes once its session changed organization: it stays `here` (path and query) if it may open it. */
export function stayOrLand(here: string, session: Session): string {
  const route = routeFor(here.split('?')[0] || '/');
  return route && mayOpen(route, session) ? here : landingPath(session);
}

/** Where a sign-in lands: onboarding while the selected organization's is pending and the user administers it. */
export function landingAfterSignIn(session: Session | null, wanted?: string | null): string {
  const selected = session?.userdetails.organizations.find((o) => o.isSelected);
  const onboarding = routeFor('/onboarding/welcome');
  if (!wanted && selected?.onboardingPending && onboarding && mayOpen(onboarding, session)) return onboarding.path;
  return landingPath(session, wanted);
}
