import * as z from 'zod';
import { isPermission } from '../permissions';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

export const roleView = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  active: z.boolean(),
  permissions: z.array(z.string()),
  system: z.boolean(),
  userCount: z.number().int(),
  version: z.number().int(),
  dateCreated: z.number(),
  dateUpdated: z.number(),
});
export type RoleView = z.infer<typeof roleView>;

export const userRoleServices = {
  getAll: operation({
    access: ['NAV_PORTAL_USER', 'NAV_PORTAL_USER_ROLE'],
    payload: z.object({ activeOnly: z.boolean().default(false) }).default({ activeOnly: false }),
    response: z.array(z.object({ id: z.string(), name: z.string(), code: z.string(), active: z.boolean() })),
  }),
  getRolePermissions: operation({
    access: 'authenticated',
    payload: z.object({}).default({}),
    response: z.object({
      groups: z.record(z.string(), z.array(z.string())),
      held: z.array(z.string()),
    }),
  }),
  getListByPage: operation({
    access: 'NAV_PORTAL_USER_ROLE',
    payload: z.object({
      ...pageRequest,
      name: z.string().max(100).optional(),
      code: z.string().max(50).optional(),
      active: z.boolean().optional(),
    }),
    response: pageOf(roleView),
  }),
  detail: operation({ access: 'NAV_PORTAL_USER_ROLE', payload: idPayload, response: roleView }),
  save: operation({
    access: 'NAV_PORTAL_USER_ROLE',
    payload: z.object({
      id: z.string().max(64).optional(),
      name: z.string().trim().min(1).max(100),
      code: z
        .string()
        .trim()
        .min(1)
        .max(50)
        .regex(/^[A-Za-z0-9_-]+$/, say('form.codeChars')),
      description: z.string().max(500).default(''),
      active: z.boolean().default(true),
      permissions: z
        .array(
          z
            .string()
            .max(64)
            .refine(isPermission, { message: say('form.unknownPermission') }),
        )
        .max(200)
        .default([]),
      version: z.number().int().optional(),
    }),
    response: roleView,
  }),
  delete: operation({ access: 'NAV_PORTAL_USER_ROLE', payload: idPayload, response: ok }),
} as const;
