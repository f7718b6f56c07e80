import * as z from 'zod';
import { auditFields, defineEntity, idString, TENANT_KEYS } from './entity';

/**
 * The push services End User Messaging push sends through (issue 20 item 7): APNs (production), APNs sandbox and
 * FCM, each a channel of the Pinpoint application behind one of the organization's Herald applications. One
 * channel per application and type; one default per type, which devices that name no application use.
 */
export const PUSH_SERVICE_TYPES = ['APNS', 'APNS_SANDBOX', 'GCM'] as const;
export type PushServiceType = (typeof PUSH_SERVICE_TYPES)[number];
/** APNs signs with a token key (.p8) or a certificate (.p12) */
export const APNS_AUTH_METHODS = ['KEY', 'CERTIFICATE'] as const;

/**
 * The credentials are sealed (functions/platform/keys.ts) and never leave the server: an answer says only that
 * they are set, with the fields that are not secret (key id, team id, bundle id, the FCM project and account).
 */
export const pushChannelSchema = z.object({
  orgId: z.number().int(),
  id: idString,
  title: z.string().max(100),
  /** the Herald application (shared/entities/application.ts) whose Pinpoint application holds this channel */
  appId: idString,
  type: z.enum(PUSH_SERVICE_TYPES),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  /** APNs only */
  authMethod: z.enum(APNS_AUTH_METHODS).optional(),
  bundleId: z.string().max(200).optional(),
  teamId: z.string().max(10).optional(),
  keyId: z.string().max(10).optional(),
  tokenKeySealed: z.string().optional(),
  certificateSealed: z.string().optional(),
  privateKeySealed: z.string().optional(),
  /** the certificate's subject and end of validity (shown: not secret) */
  certificateSubject: z.string().max(500).optional(),
  certificateExpiresAt: z.number().int().optional(),
  /** FCM only: the service account's project and address (shown), and its JSON (sealed) */
  projectId: z.string().max(200).optional(),
  clientEmail: z.string().max(320).optional(),
  serviceJsonSealed: z.string().optional(),
  /** the Pinpoint (End User Messaging) application id the channel lives in */
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
