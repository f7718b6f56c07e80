import * as z from 'zod';
import { ACTION_TYPES } from '../entities/actionList';
import { ORGANIZATION_LIST_MAX_BYTES } from '../entities/organization';
import { idString } from '../entities/entity';
import { operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

export const ORGANIZATION_MESSAGES = {
  appFeatureJson: say('admin.appFeatureJson'),
  whiteListTooLarge: say('admin.whiteListTooLarge'),
  whiteListEntry: say('admin.whiteListEntry'),
} as const;

export const appFeatureJson = z
  .string()
  .max(ORGANIZATION_LIST_MAX_BYTES)
  .default('')
  .refine((text) => {
    if (!text.trim()) return true;
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  }, ORGANIZATION_MESSAGES.appFeatureJson);

export const whiteListText = z.string().refine((text) => new TextEncoder().encode(text).byteLength <= ORGANIZATION_LIST_MAX_BYTES, ORGANIZATION_MESSAGES.whiteListTooLarge);

export function whiteListEntries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\r\n,]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
}

/** any other organization answers as missing */
const ownOrganization = z.object({ id: z.number().int().positive() });

export const organizationView = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  shortCode: z.string(),
  intro: z.string(),
  icon: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  supportSendMultiDevicesPerUser: z.boolean(),
  appFeatureJson: z.string(),
  ownerUserId: z.string().optional(),
  onboardingPending: z.boolean(),
  version: z.number().int(),
  dateCreated: z.number(),
  dateUpdated: z.number(),
});
export type OrganizationView = z.infer<typeof organizationView>;

export const organizationServices = {
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
  /** Checked with the caller's role in the organization edited. */
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
      appFeatureJson,
      version: z.number().int().optional(),
    }),
    response: organizationView,
  }),
  /** Only its owner may (or, where nobody owns it yet, an administrator). */
  transfer: operation({
    access: 'NAV_ORGANIZATION',
    payload: ownOrganization.extend({ userId: idString, version: z.number().int().optional() }),
    response: organizationView,
  }),
  whiteList: operation({
    access: 'NAV_WHITE_LIST',
    payload: ownOrganization,
    response: z.object({ entries: z.array(z.string()), bytes: z.number().int(), dateUpdated: z.number().optional() }),
  }),
  saveWhiteList: operation({
    access: 'NAV_WHITE_LIST',
    payload: ownOrganization.extend({ content: whiteListText }).superRefine((p, ctx) => {
      if (whiteListEntries(p.content).some((e) => e.length > 254)) ctx.addIssue({ code: 'custom', path: ['content'], message: ORGANIZATION_MESSAGES.whiteListEntry });
    }),
    response: z.object({ entries: z.array(z.string()), bytes: z.number().int(), dateUpdated: z.number().optional() }),
  }),
  completeOnboarding: operation({
    access: 'NAV_ORGANIZATION',
    payload: ownOrganization,
    response: organizationView,
  }),
  /** spec 001 3.11 */
  actionList: operation({
    access: ['NAV_ORGANIZATION', 'NAV_ACTION'],
    payload: ownOrganization,
    response: z.array(z.object({ id: z.string(), name: z.string(), code: z.string(), type: z.enum(ACTION_TYPES) })),
  }),
} as const;
