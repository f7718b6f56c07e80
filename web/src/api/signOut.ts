/** Ending the session in the browser: stored auth, cached data and configuration go; then the redirect. */
import { mutate } from 'swr';
import { leaveFor } from './externalAddress';
import { navigateTo } from './navigation';
import { clearConfiguration } from './configurationStore';
import { clearSession, getSession, type Session } from './session';

export function forgetSession(): Session | null {
  const was = getSession();
  clearSession();
  clearConfiguration();
  void mutate(() => true, undefined, { revalidate: false });
  return was;
}

/** Logout and redirect (spec 000 section 4): /login, or the provider's logout URL for SSO users. */
export async function redirectAfterLogout(was: Session | null, logoutUrl?: string | null): Promise<void> {
  const ssoUrl = was?.loginType === 'SSO' ? (logoutUrl ?? was.logoutUrl) : null;
  if (ssoUrl && leaveFor(ssoUrl, 'replace')) return;
  await navigateTo('/login', { replace: true });
}

/** Another tab of this session logged out: the session is over here too. */
export function followRemoteSignOut(): void {
  forgetSession();
  void navigateTo('/login', { replace: true });
}
