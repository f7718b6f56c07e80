// The browser that starts a single sign-on is the only one that can finish it.
// A code and state carried to another client (a leaked callback, a login CSRF) lack the cookie and are refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { SSO_MESSAGES } from '../../../shared/services';
import type { RequestContext } from '../../contract/context';
import { hashToken, randomToken } from '../../platform/randomTokens';

const cookieNameOf = (state: string) =>
  `herald_sso_${hashToken(state)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)}`;

const bindingOf = (state: string, secret: string) => createHash('sha256').update(`sso-browser\n${state}\n${secret}`).digest('base64url');

function cookie(ctx: RequestContext, name: string, value: string, maxAge: number): string {
  const secure = ctx.rt.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  // Lax, not Strict: the callback page is opened by the provider's cross-site redirect
  return `${name}=${value}; Max-Age=${maxAge}; Path=/service/; HttpOnly; SameSite=Lax${secure}`;
}

/** Sets this browser's secret for the sign-in of `state`; answers what the stored sign-in keeps. */
export function bindToBrowser(ctx: RequestContext, state: string, seconds: number): string {
  const secret = randomToken(32);
  ctx.setCookie(cookie(ctx, cookieNameOf(state), secret, seconds));
  return bindingOf(state, secret);
}

/** Refuses a callback whose browser did not start the sign-in of `state`. */
export function assertSameBrowser(ctx: RequestContext, state: string, stored: string | undefined): void {
  const secret = ctx.cookies[cookieNameOf(state)];
  const expected = Buffer.from(stored ?? '');
  const given = Buffer.from(secret ? bindingOf(state, secret) : '');
  if (!stored || !secret || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('400017', SSO_MESSAGES.otherBrowser);
  }
}

export function forgetBrowser(ctx: RequestContext, state: string): void {
  ctx.setCookie(cookie(ctx, cookieNameOf(state), '', 0));
}
