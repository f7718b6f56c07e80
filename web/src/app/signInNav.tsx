/**
 * Where the sign-in page is and how it moves on, without the router: the portal's router provides it on the /login
 * route (pages/auth/LoginPage), and the sign-in entry (app/signInApp) from the address bar before the router and
 * the signed-in shell are loaded.
 */
import { createContext, type MouseEvent, type ReactNode, useContext } from 'react';

export interface SignInNav {
  /** the query of the hash route (`#/login?redirect=…`) */
  params: URLSearchParams;
  /** the state the page was navigated to with (the username after a password was set) */
  state: unknown;
  go(to: string, opts?: { replace?: boolean }): void | Promise<void>;
  /** a sign-in is under way: start loading what comes after it */
  prepare?(): void;
}

const SignInNavContext = createContext<SignInNav | null>(null);
export const SignInNavProvider = SignInNavContext.Provider;

export function useSignInNav(): SignInNav {
  const nav = useContext(SignInNavContext);
  if (!nav) throw new Error('useSignInNav outside a SignInNavProvider');
  return nav;
}

let handedOver = false;

/** The sign-in entry moves on to the portal: the portal's first page is then a navigation, not a fresh load. */
export function markHandedOver(): void {
  handedOver = true;
}

/** Whether the portal started from the sign-in entry (its first page then takes the focus as any navigation's). */
export function wasHandedOver(): boolean {
  return handedOver;
}

/** The path the sign-in entry renders; any other is the portal's. */
export const SIGN_IN_PATH = '/login';

/** The hash route in the address bar: `#/login?redirect=x` gives `/login` and `redirect=x`. */
export function hashRoute(hash = window.location.hash): { path: string; search: string } {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  return { path: path || '/', search };
}

/** A link to another hash route, as the router's Link renders it: the address, and a navigation on a plain click. */
export function SignInLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const nav = useSignInNav();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void nav.go(to);
  };
  return (
    <a href={`#${to}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
