/**
 * The late-bound hooks between the layers, all set here, once, by the app root: the lower layers (the session
 * store, the transport, the navigation helper, the guard) call back into higher ones without importing them.
 */
import { followRemoteOrgChange } from '../api/auth';
import { ApiError } from '../api/apiError';
import { handleApiError } from '../api/errorHandler';
import { setBackgroundFailureHandler, setRemoteOrgChangeHandler, setRemoteSignOutHandler } from '../api/session';
import { followRemoteSignOut } from '../api/signOut';
import { setLanguageHeader } from '../api/transport';
import { currentLang } from '../i18n';
import type { AppRouter } from '../router';
import { setCurrentLocationSource } from '../router/guard';
import { stayOrLand } from './access';
import { setNavigator } from '../api/navigation';

export function wireApp(router: AppRouter): void {
  setNavigator((to, opts) => router.navigate(to, { replace: opts?.replace ?? true }));
  setCurrentLocationSource(() => router.state.location);
  setLanguageHeader(currentLang);
  // A timed refresh that failed without an answer counts as a refused refresh token.
  setBackgroundFailureHandler((e) => handleApiError(e instanceof ApiError ? e : new ApiError('710004')));
  setRemoteSignOutHandler(followRemoteSignOut);
  setRemoteOrgChangeHandler((session) => followRemoteOrgChange(session, stayOrLand));
}
