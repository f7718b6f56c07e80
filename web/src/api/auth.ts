/** Sign-in, sign-out and organization switching: the session-changing actions. */
import { mutate, preload } from 'swr';
import type { SignIn } from '../../../shared/services';
import { navigateTo } from './navigation';
import { currentLang, setLanguage, takeSignInPick } from '../i18n';
import { call } from './client';
import { storeConfiguration } from './configurationStore';
import { keys } from './keys';
import { announceSignOut, getSession, patchUserDetails, type Session, startSession } from './session';
import { forgetSession, redirectAfterLogout } from './signOut';

async function loadConfiguration(): Promise<void> {
  const [service, payload] = keys.configuration();
  const config = await preload(keys.configuration(), () => call(service, payload));
  storeConfiguration(config);
}

/**
 * Stores the sign-in object, takes the user's language (or keeps the one they chose on the sign-in page, and
 * stores it in their profile), and loads the configuration in the background.
 */
export async function completeSignIn(signIn: SignIn): Promise<Session> {
  const session = startSession(signIn);
  const picked = takeSignInPick();
  if (picked && picked !== signIn.userdetails.language) {
    patchUserDetails({ language: picked });
    call('user.saveProfile', { language: picked }, { quiet: true }).catch(() => undefined);
  }
  const lang = picked ?? signIn.userdetails.language;
  if (lang !== currentLang()) await setLanguage(lang);
  loadConfiguration().catch(() => undefined);
  return session;
}

/** Ends the session on the server (best effort) and in the browser, without redirecting. */
export async function endSession(): Promise<{ was: Session | null; logoutUrl: string | null }> {
  const was = getSession();
  let logoutUrl: string | null = null;
  if (was) {
    try {
      logoutUrl = (await call('auth.logout', { refreshToken: was.refreshToken }, { quiet: true })).logoutUrl;
    } catch {
      // the browser forgets the session either way
    }
  }
  forgetSession();
  if (was) announceSignOut(was);
  return { was, logoutUrl };
}

export async function logout(): Promise<void> {
  const { was, logoutUrl } = await endSession();
  await redirectAfterLogout(was, logoutUrl);
}

/** New tokens for another organization; every cached answer belonged to the old one. */
export async function switchOrganization(orgId: number): Promise<Session> {
  const signIn = await call('user.switchOrganization', { orgId });
  // Same session, new refresh token: the other tabs of the session must take it too.
  const session = startSession(signIn, { share: true });
  await mutate(() => true, undefined, { revalidate: false });
  loadConfiguration().catch(() => undefined);
  return session;
}

/**
 * Another tab of this session switched organization, and this tab has taken its tokens: follow it there, to
 * where `target` (the app's access rules, handed in by app/wiring.ts) says the session may be.
 */
export async function followRemoteOrgChange(session: Session, target: (here: string, session: Session) => string): Promise<void> {
  await mutate(() => true, undefined, { revalidate: false });
  loadConfiguration().catch(() => undefined);
  await navigateTo(target(window.location.hash.replace(/^#/, ''), session), { replace: true });
}
