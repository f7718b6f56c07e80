import * as z from 'zod';
import { defineEntity } from './entity';

export const DEVICE_PLATFORMS = ['IOS', 'ANDROID', 'OTHER'] as const;
/** spec 001 3.18: notification permission states */
export const NOTIFICATION_PERMISSIONS = ['NOT_ALLOW', 'WHEN_IN_USE', 'ALWAYS', 'ONLY_ONCE'] as const;
/** The device fields a data import of kind DEVICE fills from a file's columns. */
export const DEVICE_IMPORT_FIELDS = ['deviceId', 'platform', 'channel', 'pushToken', 'os', 'appVersion', 'model', 'permission', 'active'] as const;
export type DeviceImportField = (typeof DEVICE_IMPORT_FIELDS)[number];

/**
 * A device of an account (spec 001 3.18: device type, OS, app version, push token, device id, notify settings,
 * the notification permission): kept under its account (`accountKey` = `<orgId>#<accountId>`), so one account's
 * devices are one query and an organization's millions of accounts spread over as many partitions. Written by
 * imports today and by the app SDK later; the key always starts with the caller's organization.
 */
export const deviceSchema = z.object({
  accountKey: z.string(),
  deviceId: z.string().min(1).max(200),
  orgId: z.number().int(),
  accountId: z.string(),
  platform: z.enum(DEVICE_PLATFORMS),
  /** the provider's channel: APNS, APNS_SANDBOX, GCM (FCM), BAIDU, ADM */
  channel: z.string().max(32),
  pushToken: z.string().max(4096).optional(),
  os: z.string().max(64).optional(),
  appVersion: z.string().max(64).optional(),
  model: z.string().max(100).optional(),
  permission: z.enum(NOTIFICATION_PERMISSIONS),
  active: z.boolean(),
  source: z.enum(['IMPORT', 'SDK']),
  /** the Herald application that registered the device (SDK): its push channels send to it */
  appId: z.string().max(64).optional(),
  dateUpdated: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceKeyOf = (orgId: number, accountId: string) => `${orgId}#${accountId}`;

export const deviceEntity = defineEntity({
  name: 'device',
  scope: 'tenant',
  // organization first, spread over its accounts, run shards or files (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: deviceSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'deviceId', type: 'S' },
  // a push service's "dead token" answer names the token only: this finds its device (filtered by organization)
  indexes: [{ name: 'byToken', partitionKey: { name: 'pushToken', type: 'S' }, projection: 'KEYS_ONLY' }],
  permissions: { read: 'NAV_ACCOUNT', write: 'NAV_ACCOUNT' },
});
