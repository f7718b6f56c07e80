/** The client's reaction to a failed call (spec 000 section 8). */
import { createElement } from 'react';
import { mutate } from 'swr';
import { ERROR_CATALOGUE, isErrorCode, type Lang } from '../../../shared/errors';
import { leaveFor } from './externalAddress';
import { navigateTo } from './navigation';
import i18n, { currentLang } from '../i18n';
import { closeAllDialogs } from '../ui/dialogBus';
import { clearToasts, showError } from '../ui/toastBus';
import { ApiError, CLIENT_CODES } from './apiError';
import { getSession, markSessionEnded } from './session';
import { forgetSession, redirectAfterLogout } from './signOut';
import toastStyles from './toastAction.module.css';

/**
 * Codes whose toast shows the server's own text instead of the catalogue's: it says what to do (400017: e.g.
 * confirm your address before accepting an invitation, sign in again from this browser).
 */
const SERVER_TEXT_CODES = new Set(['400017', '720005', '720006', '720007', '720009']);
/** Codes that mean the session cannot go on. */
const SESSION_GONE = new Set(['710004', '710005', '400018', '600006']);

export function messageFor(error: unknown, lang: Lang = currentLang()): string {
  const e = error instanceof ApiError ? error : new ApiError(CLIENT_CODES.badAnswer);
  if (SERVER_TEXT_CODES.has(e.code) && (e.serverMessage || e.serverError)) return (e.serverMessage || e.serverError)!;
  // throttled: say how long to wait, in whole minutes rounded up
  if (e.code === '400014' && e.retryAfterSeconds) return i18n.t('common.tryAgainIn', { lng: lang, minutes: Math.ceil(e.retryAfterSeconds / 60) });
  if (isErrorCode(e.code)) return ERROR_CATALOGUE[e.code][lang];
  return e.serverMessage || e.serverError || ERROR_CATALOGUE['400000'][lang];
}

/**
 * The edit conflict (720007): someone else changed or deleted the item. The toast offers to load the latest: every
 * list and record on screen is read again and the open edit dialog closes, so the next edit starts from it.
 */
function showConflict(text: string): void {
  const loadLatest = () => {
    closeAllDialogs();
    clearToasts();
    void mutate(() => true);
  };
  showError(
    createElement(
      'span',
      { className: 'toast-with-action' },
      text,
      ' ',
      createElement('button', { type: 'button', className: toastStyles.toastAction, onClick: loadLatest }, i18n.t('common.loadLatest')),
    ),
    { sticky: true },
  );
}

/** Toasts after a redirect, so the guard's closing of toasts does not swallow them. */
async function thenShow(redirect: Promise<void>, text: string) {
  await redirect;
  showError(text);
}

export function handleApiError(error: unknown): void {
  const e = error instanceof ApiError ? error : new ApiError(CLIENT_CODES.badAnswer);
  const text = messageFor(e);
  switch (e.code) {
    case '600005': {
      // a screen's calls in flight all answer 600005 at once: one sticky message, not one per call
      const alreadyEnded = Boolean(getSession()?.ended);
      markSessionEnded(e.code);
      if (!alreadyEnded) showError(text, { sticky: true });
      return;
    }
    case '600003': {
      const s = getSession();
      if (s?.loginType === 'SSO' && s.loginUrl && leaveFor(s.loginUrl)) return;
      forgetSession();
      void thenShow(navigateTo('/', { replace: true }), text);
      return;
    }
    case '710001': {
      const was = forgetSession();
      void thenShow(redirectAfterLogout(was), text);
      return;
    }
    case '710003':
      void thenShow(navigateTo('/not-authorize', { replace: true }), text);
      return;
    case '720007':
      showConflict(text);
      return;
    default:
      if (SESSION_GONE.has(e.code) && getSession()) {
        // The session expired or was revoked: back to the root, whose guard leads to sign-in.
        forgetSession();
        clearToasts();
        void thenShow(navigateTo('/', { replace: true }), text);
        return;
      }
      showError(text);
  }
}
