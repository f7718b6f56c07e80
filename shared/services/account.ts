/** Accounts (spec 001 3.18): millions per organization, so lists page by cursor and search only what an index answers. */
import * as z from 'zod';
import { accountEventSchema, permissionRecordSchema } from '../entities/application';
import { deviceSchema } from '../entities/device';
import { ACCOUNT_LIMITS, accountSchema } from '../entities/account';
import { requiredText } from '../entities/entity';
import { idPayload, ok, operation } from './operation';

const ACCESS = 'NAV_ACCOUNT';
export const ACCOUNT_PAGE_MAX = 100;

export const accountView = accountSchema.omit({ orgId: true, createdBy: true, updatedBy: true });
export type AccountView = z.infer<typeof accountView>;

export const accountSavePayload = accountSchema
  .pick({
    emails: true,
    phones: true,
    lineUserId: true,
    address: true,
    firstName: true,
    lastName: true,
    locale: true,
    timeZone: true,
    country: true,
    tags: true,
    attributes: true,
    emailConsent: true,
    smsConsent: true,
    pushConsent: true,
    lineConsent: true,
    vehicles: true,
    iotDevices: true,
  })
  .extend({
    id: requiredText('id', 64),
    /** as typed (national numbers read with the organization's default country); stored in E.164 */
    phones: z.array(z.string().trim().max(40)).max(ACCOUNT_LIMITS.phones).optional(),
    version: z.number().int().optional(),
  });
export type AccountSavePayload = z.input<typeof accountSavePayload>;

export const accountServices = {
  /** `search` with an `@` is an exact primary address (any case), else an id prefix. */
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({
      search: z.string().trim().max(254).optional(),
      cursor: z.string().max(1000).optional(),
      size: z.number().int().min(1).max(ACCOUNT_PAGE_MAX).default(20),
    }),
    response: z.object({ list: z.array(accountView), cursor: z.string().optional() }),
  }),
  /** `complete: false`: counting stopped at its time cap (a lower bound). */
  count: operation({
    access: ACCESS,
    payload: z.object({}).default({}),
    response: z.object({ total: z.number().int(), complete: z.boolean() }),
  }),
  detail: operation({ access: ACCESS, payload: idPayload, response: accountView }),
  devices: operation({ access: ACCESS, payload: idPayload, response: z.array(deviceSchema.omit({ accountKey: true, orgId: true })) }),
  permissionRecords: operation({ access: ACCESS, payload: idPayload, response: z.array(permissionRecordSchema.omit({ accountKey: true, orgId: true })) }),
  events: operation({
    access: ACCESS,
    payload: idPayload.extend({ cursor: z.string().max(200).optional(), size: z.number().int().min(1).max(100).default(50) }),
    response: z.object({ list: z.array(accountEventSchema.omit({ accountKey: true, orgId: true, expiresAt: true })), cursor: z.string().optional() }),
  }),
  /** Spec 000 account track data: `thing.track` events, newest first; `thingId` keeps one vehicle's or device's. */
  tracks: operation({
    access: ACCESS,
    payload: idPayload.extend({
      thingId: z.string().trim().min(1).max(128).optional(),
      cursor: z.string().max(200).optional(),
      size: z.number().int().min(1).max(100).default(50),
    }),
    response: z.object({
      list: z.array(z.object({ eventKey: z.string(), at: z.number(), thingId: z.string(), properties: accountEventSchema.shape.properties })),
      cursor: z.string().optional(),
    }),
  }),
  save: operation({ access: ACCESS, payload: accountSavePayload, response: accountView }),
  delete: operation({ access: ACCESS, payload: idPayload, response: ok }),
} as const;
