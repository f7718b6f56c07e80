/**
 * The organization's single sign-on provider (OpenID Connect, issue 25 item 2), set on /admin-pennel-sso. The
 * client secret is write-only: an answer says whether one is set, never what it is; leaving it out (or empty)
 * on a save keeps the stored one.
 */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { operation } from './operation';
import { say } from '../i18n/say';

export const SSO_MESSAGES = {
  issuer: say('sso.issuer'),
  clientId: say('sso.clientId'),
  clientSecret: say('sso.clientSecret'),
  callback: say('sso.callback'),
  stateSpent: say('sso.stateSpent'),
  notConfigured: say('sso.notConfigured'),
  providerUnreachable: say('sso.providerUnreachable'),
  idToken: say('sso.idToken'),
  emailTaken: say('sso.emailTaken'),
  roleMissing: say('sso.roleMissing'),
  otherBrowser: say('sso.otherBrowser'),
  providerAddress: say('sso.providerAddress'),
  idTokenFuture: say('sso.idTokenFuture'),
  idTokenOld: say('sso.idTokenOld'),
  idTokenLarge: say('sso.idTokenLarge'),
  emailDomain: say('sso.emailDomain'),
  emailDomains: say('sso.emailDomains'),
} as const;

/** At most this many e-mail domains limit an organization's sign-in. */
export const MAX_SSO_EMAIL_DOMAINS = 20;
/** A domain name as an e-mail address ends (lower case). */
export const EMAIL_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Whether the address is at one of `domains` (the part after the last @, lower case). */
export function inEmailDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  return at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

/**
 * Whether a provider's address may reach the browser or be called: https, or plain http on the loopback
 * interface when `loopbackHttp` (a deployment that is itself on loopback, as in local runs and tests).
 * Never a `javascript:`, `data:` or other scheme, and no credentials in it.
 */
export function isProviderAddress(value: unknown, loopbackHttp: boolean): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    if (url.username || url.password || url.hash) return false;
    if (url.protocol === 'https:') return true;
    return loopbackHttp && url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** https, or http on the loopback interface (a provider on the same machine, as in local runs and tests). */
export function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

export const ssoSettingView = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  /** whether a client secret is stored (the secret itself never leaves the server) */
  clientSecretSet: z.boolean(),
  defaultRoleId: z.string(),
  /** e-mail domains the organization's sign-in is limited to (none: every person of the provider) */
  emailDomains: z.array(z.string()),
  /** the addresses to register at the provider for Herald's client */
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
  /** 0 while the organization has none */
  version: z.number().int(),
  dateUpdated: z.number().int().optional(),
  updatedBy: z.string().optional(),
});
export type SsoSettingView = z.infer<typeof ssoSettingView>;

export const ssoSettingServices = {
  detail: operation({ access: 'NAV_PORTAL_USER', payload: z.object({}).default({}), response: ssoSettingView }),
  save: operation({
    access: 'NAV_PORTAL_USER',
    payload: z.object({
      enabled: z.boolean().default(false),
      issuer: z
        .string()
        .trim()
        .max(500, SSO_MESSAGES.issuer)
        .refine((v) => isIssuerUrl(v), SSO_MESSAGES.issuer),
      clientId: z.string().trim().min(1, SSO_MESSAGES.clientId).max(255, SSO_MESSAGES.clientId),
      clientSecret: z.string().trim().max(1000, SSO_MESSAGES.clientSecret).optional(),
      defaultRoleId: idString,
      emailDomains: z
        .array(z.string().trim().toLowerCase().regex(EMAIL_DOMAIN, SSO_MESSAGES.emailDomains))
        .max(MAX_SSO_EMAIL_DOMAINS, SSO_MESSAGES.emailDomains)
        .default([])
        .transform((list) => [...new Set(list)]),
      version: z.number().int().nonnegative(),
    }),
    response: ssoSettingView,
  }),
  /** forgets the provider: sign-in through it stops */
  remove: operation({ access: 'NAV_PORTAL_USER', payload: z.object({ version: z.number().int().positive() }), response: ssoSettingView }),
} as const;
