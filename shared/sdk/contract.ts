/** The app SDK API; this one list drives the server's validation, `docs/sdk/openapi.json` and the typed client. */
import * as z from 'zod';
import { ACCOUNT_LIMITS, accountSchema } from '../entities/account';
import { DEVICE_PLATFORMS, NOTIFICATION_PERMISSIONS } from '../entities/device';
import { say } from '../i18n/say';

export const SDK_BASE_PATH = '/service/sdk/v1';
export const SDK_OPENAPI_PATH = `${SDK_BASE_PATH}/openapi.json`;

export const SDK_HEADERS = {
  appKey: 'x-herald-app-key',
  timestamp: 'x-herald-timestamp',
  nonce: 'x-herald-nonce',
  signature: 'x-herald-signature',
  userToken: 'x-herald-user-token',
} as const;

/** Signed with the server key, never shipped in the app; it lets a call replace an existing account's identity (docs/sdk/README.md). */
export const SDK_USER_TOKEN = { algorithm: 'HS256', maxLifetimeSeconds: 3600 } as const;

export const SDK_LIMITS = { eventsPerCall: 100, propertiesPerEvent: 50, nonceLength: 64 } as const;

const accountFields = accountSchema.shape;
const accountId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^#\s]+$/, say('form.accountIdChars'));
const deviceId = z.string().trim().min(1).max(200);
const propertyValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

export const sdkDevice = z.object({
  deviceId,
  platform: z.enum(DEVICE_PLATFORMS),
  channel: z.enum(['APNS', 'APNS_SANDBOX', 'GCM']).optional(),
  pushToken: z.string().min(1).max(4096).optional(),
  os: z.string().max(64).optional(),
  appVersion: z.string().max(64).optional(),
  model: z.string().max(100).optional(),
  permission: z.enum(NOTIFICATION_PERMISSIONS).optional(),
});

export const sdkConsents = z.object({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  push: z.boolean().optional(),
  line: z.boolean().optional(),
});

const accountRef = z.object({ accountId });

export const identifyRequest = accountRef.extend({
  emails: accountFields.emails.unwrap().optional(),
  phones: z.array(z.string().trim().min(1).max(40)).max(ACCOUNT_LIMITS.phones).optional(),
  lineUserId: accountFields.lineUserId,
  address: accountFields.address,
  firstName: accountFields.firstName,
  lastName: accountFields.lastName,
  locale: accountFields.locale,
  timeZone: accountFields.timeZone,
  country: accountFields.country,
  consents: sdkConsents.optional(),
  vehicles: accountFields.vehicles,
  iotDevices: accountFields.iotDevices,
  /** a null value removes one */
  attributes: accountFields.attributes.unwrap().optional(),
  tags: accountFields.tags.unwrap().optional(),
  device: sdkDevice.optional(),
});

export const deviceRequest = accountRef.extend({ device: sdkDevice });

export const attributesRequest = accountRef.extend({
  vehicles: accountFields.vehicles,
  iotDevices: accountFields.iotDevices,
  attributes: accountFields.attributes.unwrap().optional(),
  addTags: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
  removeTags: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
});

export const SCROLL_BUCKETS = [25, 50, 75, 100] as const;

export const SDK_EVENT_TYPES = [
  'custom',
  'message.received',
  'message.opened',
  'message.clicked',
  'message.buttonTapped',
  'message.dismissed',
  'message.scrolled',
  'thing.track',
  'geofence.enter',
  'geofence.exit',
  'beacon.enter',
  'beacon.exit',
] as const;
export type SdkEventType = (typeof SDK_EVENT_TYPES)[number];

export const sdkEvent = z
  .object({
    type: z.enum(SDK_EVENT_TYPES),
    /** an event sent again with its id (a retried call) is recorded and counted once */
    id: z.string().trim().min(1).max(64).optional(),
    name: z.string().trim().min(1).max(100).optional(),
    at: z.number().int().positive(),
    deviceId: deviceId.optional(),
    planId: z.string().min(1).max(64).optional(),
    buttonId: z.string().min(1).max(64).optional(),
    thingId: z.string().trim().min(1).max(128).optional(),
    depth: z.number().int().min(1).max(100).optional(),
    url: z.string().url().max(2000).optional(),
    geofenceId: z.string().min(1).max(64).optional(),
    beaconId: z.string().min(1).max(64).optional(),
    properties: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'A property name starts with a letter and has up to 64 letters, digits, _ or -.'), propertyValue)
      .refine((p) => Object.keys(p).length <= SDK_LIMITS.propertiesPerEvent, `An event has at most ${SDK_LIMITS.propertiesPerEvent} properties.`)
      .optional(),
  })
  .superRefine((e, ctx) => {
    const need = (field: 'name' | 'planId' | 'buttonId' | 'depth' | 'thingId' | 'geofenceId' | 'beaconId') => {
      if (e[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: say('form.sdkEventNeeds', { type: e.type, field }) });
    };
    if (e.type === 'custom') need('name');
    if (e.type.startsWith('message.')) need('planId');
    if (e.type === 'message.buttonTapped') need('buttonId');
    if (e.type === 'message.scrolled') need('depth');
    if (e.type === 'thing.track') need('thingId');
    if (e.type.startsWith('geofence.')) need('geofenceId');
    if (e.type.startsWith('beacon.')) need('beaconId');
  });

export const eventsRequest = accountRef.extend({
  events: z.array(sdkEvent).min(1).max(SDK_LIMITS.eventsPerCall),
});

export const permissionRequest = accountRef.extend({
  deviceId,
  permission: z.enum(NOTIFICATION_PERMISSIONS),
});

export const signOutRequest = accountRef.extend({ deviceId });

export const SDK_INBOX_LIMITS = { pageSize: 100, idsPerCall: 100 } as const;
export const inboxListRequest = accountRef.extend({
  page: z.number().int().min(0).max(10_000).default(0),
  size: z.number().int().min(1).max(SDK_INBOX_LIMITS.pageSize).default(20),
  unreadOnly: z.boolean().default(false),
});
export const inboxIdsRequest = accountRef.extend({ ids: z.array(z.string().min(1).max(300)).min(1).max(SDK_INBOX_LIMITS.idsPerCall) });
export const inboxItemAnswer = z.object({
  id: z.string(),
  planId: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  body: z.string(),
  contentType: z.string(),
  url: z.string().optional(),
  html: z.string().optional(),
  buttons: z.array(z.object({ id: z.string(), text: z.string(), action: z.string(), value: z.string() })),
  media: z.object({ type: z.string(), url: z.string() }).optional(),
  extras: z.record(z.string(), z.string()),
  sentAt: z.number().int(),
  expiresAt: z.number().int(),
  read: z.boolean(),
  readAt: z.number().int().optional(),
});

const accountAnswer = z.object({ accountId: z.string(), created: z.boolean(), version: z.number().int() });

export const SDK_PROTECTED_FIELDS = [
  'emails',
  'phones',
  'lineUserId',
  'address',
  'consents.email',
  'consents.sms',
  'consents.push',
  'consents.line',
  'device',
  'device.pushToken',
] as const;
const identifyAnswer = accountAnswer.extend({
  /** an existing account's addresses, consents or push need a user token */
  ignored: z.array(z.enum(SDK_PROTECTED_FIELDS)).optional(),
});

export const SDK_OPERATIONS = {
  identify: {
    summary: 'Register or update an account, and optionally its device',
    description:
      "Creates the account on first sight. Given fields replace the stored ones; attributes are merged (null removes one). Phone numbers are stored in E.164; one without a country code is read as the organization's default country's, and one that is not a phone number is refused (400016). On an existing account, e-mail addresses, phone numbers, the LINE user id, the postal address and a new device (except the first ones of an account this app made), consents and a new push token are applied only with a valid user token; without one they are left as stored and named in `ignored`.",
    request: identifyRequest,
    response: identifyAnswer,
  },
  device: {
    summary: 'Register or update a device of an account',
    description:
      'The push token, OS, app version, model and notification permission of one device; the account must exist. A new device of an account that has devices, or a new push token, needs a user token (400018 without one).',
    request: deviceRequest,
    response: z.object({ accountId: z.string(), deviceId: z.string(), created: z.boolean() }),
  },
  attributes: {
    summary: 'Set attributes and tags of an account',
    description: 'Attributes are merged (null removes one); tags are added and removed.',
    request: attributesRequest,
    response: accountAnswer,
  },
  events: {
    summary: 'Track events',
    description:
      "Custom events; message received, opened, clicked, button tapped and dismissed; geofence and beacon enter and exit. Geofences, beacons and plans are those of the app's organization.",
    request: eventsRequest,
    response: z.object({ accepted: z.number().int() }),
  },
  permission: {
    summary: 'Report a notification-permission change',
    description: "Sets the device's permission state and adds a row to the account's permission record.",
    request: permissionRequest,
    response: z.object({ accountId: z.string(), deviceId: z.string(), permission: z.enum(NOTIFICATION_PERMISSIONS), changed: z.boolean() }),
  },
  signOut: {
    summary: 'Sign a device out of an account',
    description: "The device stops receiving the account's messages until it identifies again.",
    request: signOutRequest,
    response: z.object({ accountId: z.string(), deviceId: z.string() }),
  },
  inbox: {
    summary: "List the signed-in user's inbox",
    description:
      'The push messages sent to the account with an inbox mode (inbox only, or push and inbox) that have not expired, newest first, a page at a time, with the number unread. Needs a user token for the accountId (400018 without one).',
    request: inboxListRequest,
    response: z.object({ list: z.array(inboxItemAnswer), total: z.number().int(), unread: z.number().int(), page: z.number().int(), size: z.number().int() }),
  },
  inboxRead: {
    summary: 'Mark inbox items read',
    description: "Marks the named items of the account's inbox read (an item read before keeps its first time); ids that are not the account's are ignored. Needs a user token.",
    request: inboxIdsRequest,
    response: z.object({ accountId: z.string(), changed: z.number().int() }),
  },
  inboxDelete: {
    summary: 'Delete inbox items',
    description: "Deletes the named items of the account's inbox; ids that are not the account's are ignored. Needs a user token.",
    request: inboxIdsRequest,
    response: z.object({ accountId: z.string(), deleted: z.number().int() }),
  },
} as const;

export type SdkOperation = keyof typeof SDK_OPERATIONS;
export const SDK_OPERATION_NAMES = Object.keys(SDK_OPERATIONS) as SdkOperation[];
export type SdkRequest<O extends SdkOperation> = z.input<(typeof SDK_OPERATIONS)[O]['request']>;
export type SdkResponse<O extends SdkOperation> = z.output<(typeof SDK_OPERATIONS)[O]['response']>;

export const sdkError = z.object({ errorCode: z.string(), errorMessage: z.string() });

/** HMAC-SHA256 with the app's secret, base64url, over these lines. */
export function sdkStringToSign(p: { method: string; path: string; timestamp: string; nonce: string; bodySha256: string }): string {
  return [p.method.toUpperCase(), p.path, p.timestamp, p.nonce, p.bodySha256].join('\n');
}
