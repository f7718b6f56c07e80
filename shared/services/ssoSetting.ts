/** Single sign-on (OpenID Connect, issue 25 item 2); the client secret is write-only, a save without it keeps it. */
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

export const MAX_SSO_EMAIL_DOMAINS = 20;
export const EMAIL_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function inEmailDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  return at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

/** Never a `javascript:` or `data:` scheme, nor credentials; http only on loopback, for local runs and tests. */
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
  clientSecretSet: z.boolean(),
  defaultRoleId: z.string(),
  emailDomains: z.array(z.string()),
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
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
  remove: operation({ access: 'NAV_PORTAL_USER', payload: z.object({ version: z.number().int().positive() }), response: ssoSettingView }),
} as const;
