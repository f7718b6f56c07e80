import * as z from 'zod';
import { LANGS } from '../errors';
import { REQUEST_TEXTS } from '../i18n/requestTexts';
import { emailSchema, passwordSchema } from '../validation';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { signInView } from './auth';
import { say } from '../i18n/say';

export const userView = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'INVITED']),
  roleId: z.string(),
  roleName: z.string(),
  language: z.enum(['en', 'zh', 'ja']),
  timeZone: z.string(),
  defaultLandingPage: z.string(),
  version: z.number().int(),
  dateCreated: z.number(),
  dateUpdated: z.number(),
});
export type UserView = z.infer<typeof userView>;

export const profileView = userView.extend({
  alertEmails: z.array(z.string()),
  alertTypes: z.array(z.string()),
});
export type ProfileView = z.infer<typeof profileView>;

const name = z.string().trim().max(64);
export const usernameSchema = z
  .string()
  .trim()
  .min(1, say('validation.usernameRequired'))
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, say('form.usernameChars'));

const RESERVED_KEYS = new Set(['constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']);

export const invitationView = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  roleName: z.string(),
  invitedBy: z.string(),
  dateCreated: z.number(),
  expiresAt: z.number(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** The same whether or not the address has an account elsewhere, so it reveals nothing. */
export const pendingInvitationView = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  dateCreated: z.number(),
  dateSent: z.number(),
  expiresAt: z.number(),
});
export type PendingInvitationView = z.infer<typeof pendingInvitationView>;

const userIdPayload = z.object({ userId: z.string().min(1).max(64) });

const orgIdPayload = z.object({ orgId: z.number().int().positive() });

const INVITE_REFUSAL_TEXTS = { member: REQUEST_TEXTS.inviteMember, invited: REQUEST_TEXTS.inviteInvited } as const;
export type InviteRefusal = keyof typeof INVITE_REFUSAL_TEXTS;
export const INVITE_REFUSALS: Readonly<Record<InviteRefusal, string>> = { member: say('request.inviteMember'), invited: say('request.inviteInvited') };

/** Any server language: the portal's language may have changed while the call was under way. */
export function inviteRefusalOf(message: string | null | undefined): InviteRefusal | undefined {
  if (!message) return undefined;
  return (Object.keys(INVITE_REFUSAL_TEXTS) as InviteRefusal[]).find((k) => LANGS.some((lang) => message.endsWith(INVITE_REFUSAL_TEXTS[k][lang])));
}

export const userServices = {
  getListByPage: operation({
    access: 'NAV_PORTAL_USER',
    payload: z.object({
      ...pageRequest,
      keyword: z.string().max(100).optional(),
      roleId: z.string().max(64).optional(),
      status: z.enum(['ACTIVE', 'INACTIVE', 'INVITED']).optional(),
    }),
    response: pageOf(userView),
  }),
  save: operation({
    access: 'NAV_PORTAL_USER',
    payload: z.object({
      id: z.string().max(64).optional(),
      username: usernameSchema,
      firstName: name.default(''),
      lastName: name.default(''),
      email: emailSchema,
      roleId: z.string().min(1).max(64),
      status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
      password: passwordSchema.optional(),
      version: z.number().int().optional(),
    }),
    response: userView,
  }),
  delete: operation({ access: 'NAV_PORTAL_USER', payload: idPayload, response: ok }),
  invited: operation({
    access: 'NAV_PORTAL_USER',
    payload: z.object({
      email: emailSchema,
      roleId: z.string().min(1).max(64),
      username: usernameSchema.optional(),
      firstName: name.default(''),
      lastName: name.default(''),
    }),
    response: userView,
  }),
  pendingInvitations: operation({
    access: 'NAV_PORTAL_USER',
    payload: z.object({}).default({}),
    response: z.object({ rows: z.array(pendingInvitationView), more: z.boolean() }),
  }),
  /** earlier links stop working */
  resendInvitation: operation({ access: 'NAV_PORTAL_USER', payload: userIdPayload, response: ok }),
  cancelInvitation: operation({ access: 'NAV_PORTAL_USER', payload: userIdPayload, response: ok }),
  getAll: operation({
    access: 'NAV_PORTAL_USER',
    payload: z.object({}).default({}),
    response: z.array(z.object({ id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() })),
  }),
  switchOrganization: operation({
    access: 'authenticated',
    payload: z.object({ orgId: z.number().int().positive() }),
    response: signInView,
  }),
  updateUsageGuide: operation({
    access: 'authenticated',
    payload: z.object({
      key: z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9._-]{0,63}$/, 'Use a letter, then letters, digits, . _ and - only.')
        .refine((k) => !RESERVED_KEYS.has(k), 'This key is reserved.'),
      done: z.boolean(),
    }),
    response: z.object({ usageGuide: z.record(z.string(), z.boolean()) }),
  }),
  profile: operation({ access: 'authenticated', payload: z.object({}).default({}), response: profileView }),
  saveProfile: operation({
    access: 'authenticated',
    payload: z.object({
      firstName: name.optional(),
      lastName: name.optional(),
      language: z.enum(['en', 'zh', 'ja']).optional(),
      timeZone: z.string().max(64).optional(),
      defaultLandingPage: z.string().max(200).regex(/^\//).optional(),
      alertEmails: z.array(emailSchema).max(20).optional(),
      alertTypes: z.array(z.string().max(64)).max(50).optional(),
    }),
    response: profileView,
  }),
  /** Takes effect only when the link mailed to the new address is opened; the old address is told. */
  changeEmail: operation({
    access: 'authenticated',
    payload: z.object({ email: emailSchema, password: z.string().min(1, say('validation.passwordRequired')).max(64) }),
    response: z.object({ ok: z.literal(true), pendingEmail: z.string() }),
  }),
  confirmEmail: operation({
    access: 'optional',
    payload: z.object({ token: z.string().min(16).max(200) }),
    response: z.object({ ok: z.literal(true), email: z.string() }),
  }),
  myInvitations: operation({ access: 'authenticated', payload: z.object({}).default({}), response: z.array(invitationView) }),
  acceptInvitation: operation({ access: 'authenticated', payload: orgIdPayload, response: ok }),
  declineInvitation: operation({ access: 'authenticated', payload: orgIdPayload, response: ok }),
} as const;
