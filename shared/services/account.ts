/**
 * Accounts (spec 001 3.18), the recipients of an organization: millions per organization, so the list pages by
 * an opaque cursor instead of page numbers, and searches only what an index answers (an id prefix, or an exact
 * primary address). Saves are versioned; the id is the organization's own key for the person.
 */
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

/** What the portal may set; the organization, version and audit fields are the server's. */
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
    /**
     * as typed: international (`+81 90 1234 5678`) or national (`090-1234-5678`, read with the organization's
     * default country); the server stores them in E.164
     */
    phones: z.array(z.string().trim().max(40)).max(ACCOUNT_LIMITS.phones).optional(),
    /** the version read: an update; without it, a new account */
    version: z.number().int().optional(),
  });
export type AccountSavePayload = z.input<typeof accountSavePayload>;

export const accountServices = {
  /**
   * A page of accounts in id order. `search` with an `@` finds the accounts whose primary address it is (any
   * case); otherwise the accounts whose id starts with it. `cursor` is the previous page's, for the same search.
   */
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({
      search: z.string().trim().max(254).optional(),
      cursor: z.string().max(1000).optional(),
      size: z.number().int().min(1).max(ACCOUNT_PAGE_MAX).default(20),
    }),
    response: z.object({ list: z.array(accountView), cursor: z.string().optional() }),
  }),
  /** How many accounts the organization has; `complete: false` when counting stopped at its time cap (a lower bound). */
  count: operation({
    access: ACCESS,
    payload: z.object({}).default({}),
    response: z.object({ total: z.number().int(), complete: z.boolean() }),
  }),
  detail: operation({ access: ACCESS, payload: idPayload, response: accountView }),
  /** The account's devices (spec 001 3.18), with their notification permission, newest first. */
  devices: operation({ access: ACCESS, payload: idPayload, response: z.array(deviceSchema.omit({ accountKey: true, orgId: true })) }),
  /** The account's permission record (spec 001 3.18): each notification-permission change, newest first. */
  permissionRecords: operation({ access: ACCESS, payload: idPayload, response: z.array(permissionRecordSchema.omit({ accountKey: true, orgId: true })) }),
  /** What the account's apps reported, newest first: a page of events, then a cursor for the next. */
  events: operation({
    access: ACCESS,
    payload: idPayload.extend({ cursor: z.string().max(200).optional(), size: z.number().int().min(1).max(100).default(50) }),
    response: z.object({ list: z.array(accountEventSchema.omit({ accountKey: true, orgId: true, expiresAt: true })), cursor: z.string().optional() }),
  }),
  /**
   * The account's track data (spec 000: account track data): the points its vehicles and IoT devices reported
   * through the app SDK (`thing.track` events, their place and readings in `properties`), newest first, a page at
   * a time; `thingId` keeps one vehicle's (its VIN) or device's.
   */
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
