import * as z from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

/**
 * An organization's mobile app (spec 001 3.7) as the app SDK API knows it: its key names the app in every call
 * (`hk.<orgId>.<id>`, so a call finds its organization with one read) and its signing secret, sealed at rest,
 * signs them. The secret is shown once when issued and never again. Because the signing secret ships inside the
 * app, anyone can extract it; the server key (issued beside it, sealed too, kept on the organization's own back
 * end) signs the user tokens that prove an account's owner (docs/sdk/README.md).
 */
/** Mobile apps and the API client types of spec 001 3.7. */
export const APP_TYPES = ['IOS', 'Android', 'WEB', 'OAuth', 'ApiKey', 'BearerToken', 'BasicAuth'] as const;

/** The app form's refusals, by their English text (the server's translator knows each). */
export const APPLICATION_MESSAGES = {
  headerName: say('admin.headerName'),
  headerValue: say('admin.headerValue'),
  clientId: say('admin.clientId'),
  clientSecret: say('admin.clientSecret'),
  bearerToken: say('admin.bearerToken'),
  username: say('admin.username'),
  password: say('admin.password'),
  apiKeyHeader: say('admin.apiKeyHeader'),
  tokenUrl: say('admin.tokenUrl'),
  webAddress: say('admin.webAddress'),
  httpsOnly: say('admin.httpsOnly'),
} as const;

/** The application types whose devices are pushed to by an HTTPS call to the application's own endpoint. */
export const API_APP_TYPES = ['OAuth', 'ApiKey', 'BearerToken', 'BasicAuth'] as const;
export type ApiAppType = (typeof API_APP_TYPES)[number];
export const isApiAppType = (t: string): t is ApiAppType => (API_APP_TYPES as readonly string[]).includes(t);

/** An endpoint of an API application: http(s) here; the server holds it to https on AWS (handlers.ts). */
const endpointUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^(https?:\/\/[^\s/?#]+[^\s]*)?$/i, APPLICATION_MESSAGES.webAddress)
  .default('');

/** A value the form sends and the server seals: never stored in the clear, never in an answer. */
const secretInput = z.string().max(4096).optional();

/** A header or query entry sent with the app's API calls; its value is sealed at rest and never shown again. */
export const customHeaderSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/, APPLICATION_MESSAGES.headerName),
  /** empty on an edit: the stored value of the same key stays */
  value: z.string().max(4096).default(''),
  place: z.enum(['header', 'query']).default('header'),
});

export const applicationSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
  /** WEB: a site's web snippet, whose secret is public; its calls are held to its allowed origins (docs/sdk/README.md) */
  appType: z.enum(APP_TYPES),
  authType: z.enum(['NONE', 'AES256']).default('NONE'),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  stage: z.enum(['DEV', 'PROD']).default('DEV'),
  /** iOS bundle id or Android package name */
  bundleId: z
    .string()
    .trim()
    .max(200)
    .regex(/^([A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+)?$/, 'Please enter a bundle id or package name such as com.example.app.')
    .default(''),
  /** a mobile app's (Firebase) database URL, as spec 001 3.7 lists it; an API application's endpoint is `apiUrl` */
  databaseUrl: z.string().trim().max(2048).default(''),
  /**
   * An API application's push endpoint: each push to one of its devices is an HTTPS POST of the rendered message
   * here (functions/channels/push/apiApp.ts). Spec 001 3.7 lists the API types and their credentials but no
   * endpoint (its "database url" is the mobile apps' Firebase database), so it has a field of its own.
   */
  apiUrl: endpointUrl,
  /** an OAuth application's token endpoint, where the client credentials grant gets the access token */
  tokenUrl: endpointUrl,
  certVersion: z.string().trim().max(50).default(''),
  /** calls a minute before 400014; 0 is the deployment's default */
  rateLimitPerMinute: z.number().int().min(0).max(100_000).default(0),
  clientId: z.string().trim().max(200).default(''),
  username: z.string().trim().max(200).default(''),
  customHeaders: z.array(customHeaderSchema).max(20).default([]),
  apiSendRepeat: z.boolean().default(false),
  apiSendNotificationShowInbox: z.boolean().default(false),
  clientSecret: secretInput,
  bearerToken: secretInput,
  password: secretInput,
  clientSecretSealed: z.string().optional(),
  bearerTokenSealed: z.string().optional(),
  passwordSealed: z.string().optional(),
  /** the sealed value of each custom header, by its key */
  headerValuesSealed: z.record(z.string(), z.string()).optional(),
  clientSecretSet: z.boolean().default(false),
  bearerTokenSet: z.boolean().default(false),
  passwordSet: z.boolean().default(false),
  /** a web app's sites, one origin a line (https://shop.example.com; a path is ignored): its calls come from these pages only */
  allowedOrigins: z
    .string()
    .trim()
    .max(2000)
    .regex(/^(https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/\S*)?\s*)*$/, say('insight.origins'))
    .default(''),
  appKey: z.string().optional(),
  secretSealed: z.string().optional(),
  secretIssuedAt: z.number().int().optional(),
  serverKeySealed: z.string().optional(),
  serverKeyIssuedAt: z.number().int().optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const APP_KEY_PATTERN = /^hk\.([0-9]{1,9})\.([A-Za-z0-9-]{1,64})$/;
export const appKeyOf = (orgId: number, id: string) => `hk.${orgId}.${id}`;

export const applicationEntity = defineEntity({
  name: 'application',
  scope: 'tenant',
  schema: applicationSchema,
  ...TENANT_KEYS,
  privateFields: ['secretSealed', 'serverKeySealed', 'clientSecret', 'bearerToken', 'password', 'clientSecretSealed', 'bearerTokenSealed', 'passwordSealed', 'headerValuesSealed'],
  listColumns: [
    { field: 'name', label: 'entity.application.name', sortable: true, filter: 'text' },
    { field: 'appType', label: 'entity.application.appType', sortable: true, filter: 'select', format: 'option' },
    { field: 'status', label: 'entity.application.status', filter: 'select', format: 'option' },
    { field: 'stage', label: 'entity.application.stage', filter: 'select', format: 'option' },
    { field: 'appKey', label: 'entity.application.appKey' },
    { field: 'secretIssuedAt', label: 'entity.application.secretIssuedAt', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_APP', write: 'NAV_APP' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'appType', kind: 'select', options: APP_TYPES },
      { field: 'authType', kind: 'select', options: ['NONE', 'AES256'] },
      { field: 'bundleId', kind: 'text', when: { field: 'appType', values: ['IOS', 'Android'] } },
      { field: 'certVersion', kind: 'text', when: { field: 'appType', values: ['IOS', 'Android'] } },
      { field: 'databaseUrl', kind: 'url' },
      { field: 'stage', kind: 'select', options: ['DEV', 'PROD'] },
      { field: 'status', kind: 'select', options: ['ACTIVE', 'INACTIVE'] },
      { field: 'rateLimitPerMinute', kind: 'number' },
      { field: 'apiUrl', kind: 'url', wide: true, when: { field: 'appType', values: API_APP_TYPES } },
      { field: 'tokenUrl', kind: 'url', wide: true, when: { field: 'appType', values: ['OAuth'] } },
      { field: 'clientId', kind: 'text', when: { field: 'appType', values: ['OAuth'] } },
      { field: 'clientSecret', kind: 'secret', when: { field: 'appType', values: ['OAuth'] } },
      { field: 'bearerToken', kind: 'secret', when: { field: 'appType', values: ['BearerToken'] } },
      { field: 'username', kind: 'text', when: { field: 'appType', values: ['BasicAuth'] } },
      { field: 'password', kind: 'secret', when: { field: 'appType', values: ['BasicAuth'] } },
      { field: 'customHeaders', kind: 'headers', wide: true },
      { field: 'apiSendRepeat', kind: 'boolean' },
      { field: 'apiSendNotificationShowInbox', kind: 'boolean' },
      { field: 'allowedOrigins', kind: 'url', wide: true, when: { field: 'appType', values: ['WEB'] } },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: say('entity.appName') }],
  },
});

/**
 * What an account's apps reported: events (custom, message, geofence and beacon), kept under the account's own
 * key (`<orgId>#<accountId>`) in time order, so one account's history is one query and no organization is one
 * hot partition. Old events expire.
 */
export const accountEventSchema = z.object({
  accountKey: z.string(),
  /** `<at, 13 digits>#<digest of the app's event id, or random>`: time order; an event sent again with its id has the same key */
  eventKey: z.string(),
  orgId: z.number().int(),
  accountId: z.string(),
  appId: z.string(),
  type: z.string(),
  name: z.string().optional(),
  at: z.number().int(),
  receivedAt: z.number().int(),
  deviceId: z.string().optional(),
  planId: z.string().optional(),
  buttonId: z.string().optional(),
  /** thing.track: the vehicle's VIN or IoT device's id */
  thingId: z.string().optional(),
  /** message.scrolled: the depth reached, in percent */
  depth: z.number().int().optional(),
  url: z.string().optional(),
  geofenceId: z.string().optional(),
  beaconId: z.string().optional(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  /** WEB for a web app's events (the snippet); APP (or none, before web apps) for an iOS or Android app's */
  source: z.enum(['APP', 'WEB']).optional(),
  expiresAt: z.number().int(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

export const accountEventEntity = defineEntity({
  name: 'accountEvent',
  scope: 'tenant',
  // organization first, spread over its accounts, run shards or files (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: accountEventSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'eventKey', type: 'S' },
  ttlAttribute: 'expiresAt',
});

/** The account permission record (spec 001 3.18): each notification-permission change a device reported. */
export const permissionRecordSchema = z.object({
  accountKey: z.string(),
  /** `<at, 13 digits>#<deviceId>` */
  recordKey: z.string(),
  orgId: z.number().int(),
  accountId: z.string(),
  deviceId: z.string(),
  from: z.string().optional(),
  to: z.string(),
  at: z.number().int(),
  appId: z.string(),
});
export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

export const permissionRecordEntity = defineEntity({
  name: 'permissionRecord',
  scope: 'tenant',
  // organization first, spread over its accounts, run shards or files (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: permissionRecordSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'recordKey', type: 'S' },
});

/** Nonces of signed SDK calls, kept while their timestamp could still pass: a second use is a replay. */
export const sdkNonceSchema = z.object({ id: z.string(), expiresAt: z.number().int() });

export const sdkNonceEntity = defineEntity({
  name: 'sdkNonce',
  scope: 'global',
  schema: sdkNonceSchema,
  partitionKey: { name: 'id', type: 'S' },
  ttlAttribute: 'expiresAt',
});
