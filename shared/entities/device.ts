import * as z from 'zod';
import { defineEntity } from './entity';

export const DEVICE_PLATFORMS = ['IOS', 'ANDROID', 'OTHER'] as const;
export const NOTIFICATION_PERMISSIONS = ['NOT_ALLOW', 'WHEN_IN_USE', 'ALWAYS', 'ONLY_ONCE'] as const;
export const DEVICE_IMPORT_FIELDS = ['deviceId', 'platform', 'channel', 'pushToken', 'os', 'appVersion', 'model', 'permission', 'active'] as const;
export type DeviceImportField = (typeof DEVICE_IMPORT_FIELDS)[number];

/** A device (spec 001 3.18), kept under `<orgId>#<accountId>`: one query per account, no hot partition per organization. */
export const deviceSchema = z.object({
  accountKey: z.string(),
  deviceId: z.string().min(1).max(200),
  orgId: z.number().int(),
  accountId: z.string(),
  platform: z.enum(DEVICE_PLATFORMS),
  channel: z.string().max(32),
  pushToken: z.string().max(4096).optional(),
  os: z.string().max(64).optional(),
  appVersion: z.string().max(64).optional(),
  model: z.string().max(100).optional(),
  permission: z.enum(NOTIFICATION_PERMISSIONS),
  active: z.boolean(),
  source: z.enum(['IMPORT', 'SDK']),
  appId: z.string().max(64).optional(),
  dateUpdated: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceKeyOf = (orgId: number, accountId: string) => `${orgId}#${accountId}`;

export const deviceEntity = defineEntity({
  name: 'device',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: deviceSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'deviceId', type: 'S' },
  // a push service's "dead token" answer names the token only
  indexes: [{ name: 'byToken', partitionKey: { name: 'pushToken', type: 'S' }, projection: 'KEYS_ONLY' }],
  permissions: { read: 'NAV_ACCOUNT', write: 'NAV_ACCOUNT' },
});
