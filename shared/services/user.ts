import { z } from 'zod';
import { emailSchema, passwordSchema } from '../validation';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { signInView } from './auth';

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

/** The signed-in user's own view: the list view plus personal alert settings. */
export const profileView = userView.extend({
  alertEmails: z.array(z.string()),
  alertTypes: z.array(z.string()),
});
export type ProfileView = z.infer<typeof profileView>;

const name = z.string().trim().max(64);
const username = z
  .string()
  .trim()
  .min(1, 'Please enter your username!')
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only.');

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
      username,
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
      username: username.optional(),
      firstName: name.default(''),
      lastName: name.default(''),
    }),
    response: userView,
  }),
  getAll: operation({
    access: 'authenticated',
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
    payload: z.object({ key: z.string().min(1).max(64), done: z.boolean() }),
    response: z.object({ usageGuide: z.record(z.string(), z.boolean()) }),
  }),
  /** The signed-in user's own record and preferences (the settings page). */
  profile: operation({ access: 'authenticated', payload: z.object({}).default({}), response: profileView }),
  saveProfile: operation({
    access: 'authenticated',
    payload: z.object({
      firstName: name.optional(),
      lastName: name.optional(),
      email: emailSchema.optional(),
      language: z.enum(['en', 'zh', 'ja']).optional(),
      timeZone: z.string().max(64).optional(),
      defaultLandingPage: z.string().max(200).regex(/^\//).optional(),
      alertEmails: z.array(emailSchema).max(20).optional(),
      alertTypes: z.array(z.string().max(64)).max(50).optional(),
    }),
    response: profileView,
  }),
} as const;
