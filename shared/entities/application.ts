import * as z from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

/** The signing secret ships inside the app, so anyone can extract it: the server key, kept on the organization's back end, signs user tokens (docs/sdk/README.md). */
/** Mobile apps and the API client types of spec 001 3.7. */
export const APP_TYPES = ['IOS', 'Android', 'WEB', 'OAuth', 'ApiKey', 'BearerToken', 'BasicAuth'] as const;

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

export const API_APP_TYPES = ['OAuth', 'ApiKey', 'BearerToken', 'BasicAuth'] as const;
export type ApiAppType = (typeof API_APP_TYPES)[number];
export const isApiAppType = (t: string): t is ApiAppType => (API_APP_TYPES as readonly string[]).includes(t);

/** http(s) here; the server holds it to https on AWS (handlers.ts) */
const endpointUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^(https?:\/\/[^\s/?#]+[^\s]*)?$/i, APPLICATION_MESSAGES.webAddress)
  .default('');

const secretInput = z.string().max(4096).optional();

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
  appType: z.enum(APP_TYPES),
  authType: z.enum(['NONE', 'AES256']).default('NONE'),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  stage: z.enum(['DEV', 'PROD']).default('DEV'),
  bundleId: z
    .string()
    .trim()
    .max(200)
    .regex(/^([A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+)?$/, 'Please enter a bundle id or package name such as com.example.app.')
    .default(''),
  databaseUrl: z.string().trim().max(2048).default(''),
  /** Spec 001 3.7 names no push endpoint for API types (its "database url" is Firebase's), hence a field of its own. */
  apiUrl: endpointUrl,
  tokenUrl: endpointUrl,
  certVersion: z.string().trim().max(50).default(''),
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
  headerValuesSealed: z.record(z.string(), z.string()).optional(),
  clientSecretSet: z.boolean().default(false),
  bearerTokenSet: z.boolean().default(false),
  passwordSet: z.boolean().default(false),
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

/** Kept under `<orgId>#<accountId>`: one account's history is one query and no organization is one hot partition. */
export const accountEventSchema = z.object({
  accountKey: z.string(),
  /** an event sent again with its id gets the same key */
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
  thingId: z.string().optional(),
  depth: z.number().int().optional(),
  url: z.string().optional(),
  geofenceId: z.string().optional(),
  beaconId: z.string().optional(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  source: z.enum(['APP', 'WEB']).optional(),
  expiresAt: z.number().int(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

export const accountEventEntity = defineEntity({
  name: 'accountEvent',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: accountEventSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'eventKey', type: 'S' },
  ttlAttribute: 'expiresAt',
});

/** Spec 001 3.18. */
export const permissionRecordSchema = z.object({
  accountKey: z.string(),
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
  orgKey: { form: 'prefixed' },
  schema: permissionRecordSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'recordKey', type: 'S' },
});

export const sdkNonceSchema = z.object({ id: z.string(), expiresAt: z.number().int() });

export const sdkNonceEntity = defineEntity({
  name: 'sdkNonce',
  scope: 'global',
  schema: sdkNonceSchema,
  partitionKey: { name: 'id', type: 'S' },
  ttlAttribute: 'expiresAt',
});
