import * as z from 'zod';
import { auditFields, defineEntity, idString, TENANT_KEYS } from './entity';

/** Issue 20 item 7: one channel per application and type; one default per type for devices that name no application. */
export const PUSH_SERVICE_TYPES = ['APNS', 'APNS_SANDBOX', 'GCM'] as const;
export type PushServiceType = (typeof PUSH_SERVICE_TYPES)[number];
export const APNS_AUTH_METHODS = ['KEY', 'CERTIFICATE'] as const;

/** Credentials are sealed (functions/platform/keys.ts) and never leave the server. */
export const pushChannelSchema = z.object({
  orgId: z.number().int(),
  id: idString,
  title: z.string().max(100),
  appId: idString,
  type: z.enum(PUSH_SERVICE_TYPES),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  authMethod: z.enum(APNS_AUTH_METHODS).optional(),
  bundleId: z.string().max(200).optional(),
  teamId: z.string().max(10).optional(),
  keyId: z.string().max(10).optional(),
  tokenKeySealed: z.string().optional(),
  certificateSealed: z.string().optional(),
  privateKeySealed: z.string().optional(),
  certificateSubject: z.string().max(500).optional(),
  certificateExpiresAt: z.number().int().optional(),
  projectId: z.string().max(200).optional(),
  clientEmail: z.string().max(320).optional(),
  serviceJsonSealed: z.string().optional(),
  pinpointAppId: z.string().max(64).optional(),
  ...auditFields,
});
export type PushChannel = z.infer<typeof pushChannelSchema>;

export const pushChannelEntity = defineEntity({
  name: 'pushChannel',
  scope: 'tenant',
  schema: pushChannelSchema,
  ...TENANT_KEYS,
  privateFields: ['tokenKeySealed', 'certificateSealed', 'privateKeySealed', 'serviceJsonSealed'],
  permissions: { read: 'NAV_PUSH_CHANNEL', write: 'NAV_PUSH_CHANNEL' },
});
