import * as z from 'zod';
import { operation, pageOf, pageRequest } from './operation';

export const organizationView = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  shortCode: z.string(),
  intro: z.string(),
  icon: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  supportSendMultiDevicesPerUser: z.boolean(),
  version: z.number().int(),
  dateCreated: z.number(),
  dateUpdated: z.number(),
});
export type OrganizationView = z.infer<typeof organizationView>;

export const organizationServices = {
  /** The caller's organizations, with paging and a name filter. */
  list: operation({
    access: 'authenticated',
    payload: z.object({ ...pageRequest, keyword: z.string().max(100).optional() }).default({ page: 0, size: 20 }),
    response: pageOf(organizationView.extend({ isSelected: z.boolean(), roleName: z.string() })),
  }),
  detail: operation({
    access: 'authenticated',
    payload: z.object({ id: z.number().int().positive() }),
    response: organizationView,
  }),
  /** Edits are checked with the caller's role in the organization edited; creating one needs ORGANIZATION_CREATE. */
  save: operation({
    access: 'NAV_ORGANIZATION',
    orgOf: (p) => p.id,
    payload: z.object({
      id: z.number().int().positive().optional(),
      name: z.string().trim().min(1).max(100),
      code: z.string().trim().min(1).max(50),
      shortCode: z.string().trim().max(20).default(''),
      intro: z.string().max(1000).default(''),
      icon: z.string().max(2048).default(''),
      status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
      supportSendMultiDevicesPerUser: z.boolean().default(false),
      version: z.number().int().optional(),
    }),
    response: organizationView,
  }),
} as const;
