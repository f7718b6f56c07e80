/**
 * Push channel settings (spec 000 `pushChannelSetting`, spec 001 3.9, route /push-channel; issue 20 item 7): the
 * APNs (a .p8 token key with its key id, team id and bundle id, or a .p12 certificate with its password; sandbox
 * or production) and FCM v1 (a service account JSON) credentials of each Herald application, saved to its End
 * User Messaging (Pinpoint) application. One channel per application and push service; one default per service.
 * Credentials are write-only: an answer says that they are set and shows only what is not secret. Leaving one
 * out on an edit keeps the stored one.
 */
import * as z from 'zod';
import { APNS_AUTH_METHODS, idString, PUSH_SERVICE_TYPES } from '../entities';
import { idPayload, ok, operation } from './operation';

export const PUSH_CHANNEL_LIMITS = { title: 100, tokenKey: 5000, certificate: 40_000, password: 200, serviceJson: 20_000, testTitle: 100, testBody: 500 } as const;

/** The English forms of the settings' refusals (shared/i18n/pushTexts.ts has them in zh and ja). */
export const PUSH_CHANNEL_MESSAGES = {
  title: 'Please input the title!',
  app: 'Please select the application!',
  type: 'Please select the push service (APNs, APNs sandbox or FCM)!',
  authMethod: 'Please choose a token key (.p8) or a certificate (.p12) for APNs.',
  bundleId: 'Please enter a bundle id such as com.example.app.',
  teamId: 'The team ID is the 10 letters and digits shown in your Apple developer account.',
  keyId: 'The key ID is the 10 letters and digits shown beside the key in your Apple developer account.',
  tokenKey: 'The token key is the whole .p8 file Apple gave you, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.',
  tokenKeyMissing: 'Please add the .p8 token key file.',
  certificate: 'The certificate is a .p12 file (base64).',
  certificateMissing: 'Please add the .p12 certificate file and its password.',
  certificateUnreadable: 'The .p12 file cannot be opened with this password, or holds no certificate and private key.',
  certificateExpired: 'The certificate has expired: export a current one from Keychain Access.',
  serviceJson:
    'The service account JSON is the file Firebase gives you (Project settings, Service accounts): it names type service_account, project_id, client_email and private_key.',
  serviceJsonMissing: 'Please add the FCM service account JSON file.',
  taken: 'This application already has a channel for this push service.',
  appMissing: 'The application does not exist.',
  refused: 'End User Messaging refused the credentials ({detail}).',
  certificateLegacy: 'The .p12 file uses an old encryption (RC2) that cannot be opened: export it again from Keychain Access, or convert it with openssl pkcs12 without -legacy.',
  unreachable: 'End User Messaging cannot be reached; nothing was saved. Try again later.',
  testNoDevice: 'The account has no active device on this push service.',
  testDisabled: 'The channel is disabled: enable it before a test send.',
} as const;

const TEN = /^[A-Z0-9]{10}$/;
const BUNDLE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/;

const optionalText = (max: number, pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => v === '' || pattern.test(v), message)
    .optional();

export const pushChannelSavePayload = z
  .object({
    /** absent: a new channel */
    id: idString.optional(),
    version: z.number().int().nonnegative().optional(),
    title: z.string({ error: PUSH_CHANNEL_MESSAGES.title }).trim().min(1, PUSH_CHANNEL_MESSAGES.title).max(PUSH_CHANNEL_LIMITS.title),
    appId: z.string({ error: PUSH_CHANNEL_MESSAGES.app }).trim().min(1, PUSH_CHANNEL_MESSAGES.app).max(64),
    type: z.enum(PUSH_SERVICE_TYPES, { error: PUSH_CHANNEL_MESSAGES.type }),
    isDefault: z.boolean().default(false),
    enabled: z.boolean().default(true),
    authMethod: z.enum(APNS_AUTH_METHODS, { error: PUSH_CHANNEL_MESSAGES.authMethod }).optional(),
    bundleId: optionalText(200, BUNDLE, PUSH_CHANNEL_MESSAGES.bundleId),
    teamId: optionalText(10, TEN, PUSH_CHANNEL_MESSAGES.teamId),
    keyId: optionalText(10, TEN, PUSH_CHANNEL_MESSAGES.keyId),
    /** the .p8 file's text */
    tokenKey: optionalText(PUSH_CHANNEL_LIMITS.tokenKey, /^\s*-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----\s*$/, PUSH_CHANNEL_MESSAGES.tokenKey),
    /** the .p12 file, base64 */
    certificate: optionalText(PUSH_CHANNEL_LIMITS.certificate, /^[A-Za-z0-9+/=\s]+$/, PUSH_CHANNEL_MESSAGES.certificate),
    certificatePassword: z.string().max(PUSH_CHANNEL_LIMITS.password).optional(),
    serviceJson: z.string().max(PUSH_CHANNEL_LIMITS.serviceJson, PUSH_CHANNEL_MESSAGES.serviceJson).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.type === 'GCM') return;
    if (!p.authMethod) ctx.addIssue({ code: 'custom', path: ['authMethod'], message: PUSH_CHANNEL_MESSAGES.authMethod });
    if (!p.bundleId) ctx.addIssue({ code: 'custom', path: ['bundleId'], message: PUSH_CHANNEL_MESSAGES.bundleId });
    if (p.authMethod === 'KEY') {
      if (!p.teamId) ctx.addIssue({ code: 'custom', path: ['teamId'], message: PUSH_CHANNEL_MESSAGES.teamId });
      if (!p.keyId) ctx.addIssue({ code: 'custom', path: ['keyId'], message: PUSH_CHANNEL_MESSAGES.keyId });
    }
  });
export type PushChannelSavePayload = z.input<typeof pushChannelSavePayload>;

export const pushChannelView = z.object({
  id: z.string(),
  title: z.string(),
  appId: z.string(),
  /** the application's name, when it still exists */
  appName: z.string().optional(),
  type: z.enum(PUSH_SERVICE_TYPES),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  authMethod: z.enum(APNS_AUTH_METHODS).optional(),
  bundleId: z.string().optional(),
  teamId: z.string().optional(),
  keyId: z.string().optional(),
  certificateSubject: z.string().optional(),
  certificateExpiresAt: z.number().int().optional(),
  projectId: z.string().optional(),
  clientEmail: z.string().optional(),
  /** whether the credential the channel needs is stored (it never leaves the server) */
  credentialSet: z.boolean(),
  pinpointAppId: z.string().optional(),
  version: z.number().int(),
  dateCreated: z.number().int(),
  dateUpdated: z.number().int(),
  updatedBy: z.string(),
});
export type PushChannelView = z.infer<typeof pushChannelView>;

export const pushTestResult = z.object({
  deviceId: z.string(),
  /** SENT, FAILED (with why), DEAD (the device is deactivated) or THROTTLED (try again) */
  status: z.enum(['SENT', 'FAILED', 'DEAD', 'THROTTLED']),
  detail: z.string().optional(),
  providerId: z.string().optional(),
});

export const pushChannelSettingServices = {
  list: operation({ access: 'NAV_PUSH_CHANNEL', payload: z.object({}).default({}), response: z.object({ list: z.array(pushChannelView) }) }),
  /** the organization's applications a channel can belong to (the screen's choice; no secret of theirs) */
  applications: operation({
    access: 'NAV_PUSH_CHANNEL',
    payload: z.object({}).default({}),
    response: z.object({ list: z.array(z.object({ id: z.string(), name: z.string(), appType: z.string() })) }),
  }),
  detail: operation({ access: 'NAV_PUSH_CHANNEL', payload: idPayload, response: pushChannelView }),
  save: operation({ access: 'NAV_PUSH_CHANNEL', payload: pushChannelSavePayload, response: pushChannelView }),
  delete: operation({ access: 'NAV_PUSH_CHANNEL', payload: idPayload.extend({ version: z.number().int().positive().optional() }), response: ok }),
  /** a test notification to the devices of one of the organization's accounts (a test account) on this channel's service */
  testSend: operation({
    access: 'NAV_PUSH_CHANNEL',
    payload: idPayload.extend({
      accountId: z.string().trim().min(1, 'Please input the account!').max(128),
      title: z.string().trim().max(PUSH_CHANNEL_LIMITS.testTitle).optional(),
      body: z.string().trim().max(PUSH_CHANNEL_LIMITS.testBody).optional(),
    }),
    response: z.object({ results: z.array(pushTestResult) }),
  }),
} as const;

/** `templateMessage.getPushChannels`: the push channels a template's messages can go out on. */
export const templateMessagePushServices = {
  getPushChannels: operation({
    access: ['NAV_TEMPLATE_MESSAGE', 'NAV_CREATE_NOTIFICATION'],
    payload: idPayload,
    response: z.object({
      list: z.array(z.object({ id: z.string(), title: z.string(), type: z.enum(PUSH_SERVICE_TYPES), appId: z.string(), appName: z.string().optional(), isDefault: z.boolean() })),
    }),
  }),
} as const;
