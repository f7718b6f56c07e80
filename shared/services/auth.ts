import * as z from 'zod';
import { AUTH_TYPES } from '../envelopeFormat';
import { MESSAGES, passwordSchema } from '../validation';
import { empty, ok, operation } from './operation';
import { SSO_MESSAGES } from './ssoSetting';
import { say } from '../i18n/say';

export { APP_VERSION } from '../version';

export const organizationMembershipView = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  icon: z.string(),
  isSelected: z.boolean(),
  onboardingPending: z.boolean().optional(),
  role: z.object({ id: z.string(), name: z.string(), code: z.string() }),
});

/** Spec 000 section 3. */
export const signInView = z.object({
  tokenType: z.literal('Bearer'),
  accessToken: z.string(),
  expiresIn: z.number().int(),
  refreshToken: z.string(),
  userdetails: z.object({
    id: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    language: z.enum(['en', 'zh', 'ja']),
    timeZone: z.string(),
    defaultLandingPage: z.string(),
    usageGuide: z.record(z.string(), z.boolean()),
    organizations: z.array(organizationMembershipView),
    rolePermissions: z.array(z.string()),
  }),
  loginType: z.enum(['NATIVE', 'SSO']),
  loginUrl: z.string().nullable(),
  logoutUrl: z.string().nullable(),
});
export type SignIn = z.infer<typeof signInView>;

/** Spec 000 section 3. */
export const configurationView = z.object({
  orgId: z.number().int(),
  orgIconUrl: z.string(),
  nativeTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  systemSetting: z.record(z.string(), z.unknown()),
  systemBaseSetting: z.record(z.string(), z.unknown()),
  emailBuilderInfo: z.record(z.string(), z.unknown()),
  htmlBuilderInfo: z.record(z.string(), z.unknown()),
  pushChannelTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  sendTestTargets: z.array(z.object({ code: z.string(), name: z.string() })),
  notificationButtonActions: z.array(z.object({ code: z.string(), name: z.string() })),
  queryType: z.array(z.object({ code: z.string(), name: z.string() })),
  pushSettingInfo: z.record(z.string(), z.unknown()),
});
export type Configuration = z.infer<typeof configurationView>;

export const authServices = {
  init: operation({
    access: 'public',
    payload: empty,
    response: z.object({
      authType: z.enum(AUTH_TYPES as ['NONE', 'AES256']),
      version: z.string(),
      loginType: z.enum(['NATIVE', 'SSO']),
      loginUrl: z.string().nullable(),
    }),
  }),
  login: operation({
    access: 'public',
    payload: z.object({
      username: z.string().trim().min(1, MESSAGES.usernameRequired).max(256),
      password: z.string().min(1, MESSAGES.passwordRequired).max(256),
    }),
    response: signInView,
  }),
  getToken: operation({
    access: 'authenticated',
    payload: empty,
    response: z.object({ tokenType: z.literal('Bearer'), accessToken: z.string(), expiresIn: z.number().int() }),
  }),
  refreshToken: operation({
    access: 'public',
    payload: z.object({ refreshToken: z.string().min(1).max(512) }),
    response: signInView,
  }),
  logout: operation({
    access: 'optional',
    payload: z.object({ refreshToken: z.string().max(512).optional() }).default({}),
    response: z.object({ ok: z.literal(true), logoutUrl: z.string().nullable() }),
  }),
  validToken: operation({
    access: 'authenticated',
    payload: empty,
    response: z.object({ valid: z.literal(true), userId: z.string(), orgId: z.number().int(), expiresAt: z.number() }),
  }),
  configuration: operation({ access: 'authenticated', payload: empty, response: configurationView }),
  checkVersion: operation({
    access: 'public',
    payload: z.object({ version: z.string().max(32).optional() }).default({}),
    response: z.object({ version: z.string(), upToDate: z.boolean() }),
  }),
  /** OIDC with PKCE: an organization code asks for the provider's address; `code` and `state` finish the sign-in. */
  checkSsoUserLoginState: operation({
    access: 'public',
    payload: z
      .object({
        orgCode: z.string().trim().min(1).max(50).optional(),
        code: z.string().min(1).max(4096).optional(),
        state: z.string().min(1).max(256).optional(),
      })
      .default({})
      .refine((p) => (p.code === undefined && p.state === undefined) || (p.code !== undefined && p.state !== undefined && p.orgCode === undefined), {
        message: SSO_MESSAGES.callback,
        path: ['state'],
      }),
    response: z.object({ enabled: z.boolean(), loginUrl: z.string().nullable(), signIn: signInView.nullable() }),
  }),
  passwordEmail: operation({
    access: 'public',
    payload: z.object({ email: z.string().trim().min(3).max(254) }),
    response: ok,
  }),
  resetPassword: operation({
    access: 'optional',
    payload: z
      .object({
        token: z.string().min(1).max(256).optional(),
        oldPassword: z.string().min(1).max(256).optional(),
        password: passwordSchema,
        confirmPassword: z.string().max(256),
      })
      .refine((p) => Boolean(p.token) !== Boolean(p.oldPassword), {
        message: say('form.tokenOrPassword'),
        path: ['token'],
      }),
    response: z.object({ ok: z.literal(true), username: z.string().optional() }),
  }),
} as const;
