/** Push channel settings (spec 001 3.9, issue 20 item 7); credentials are write-only and an edit without one keeps it. */
import * as z from 'zod';
import { APNS_AUTH_METHODS, idString, PUSH_SERVICE_TYPES } from '../entities';
import { idPayload, ok, operation } from './operation';
import { say } from '../i18n/say';

export const PUSH_CHANNEL_LIMITS = { title: 100, tokenKey: 5000, certificate: 40_000, password: 200, serviceJson: 20_000, testTitle: 100, testBody: 500 } as const;

export const PUSH_CHANNEL_MESSAGES = {
  title: say('validation.inputRequired', { param: say('field.title') }),
  app: say('push.app'),
  type: say('push.type'),
  authMethod: say('push.authMethod'),
  bundleId: say('push.bundleId'),
  teamId: say('push.teamId'),
  keyId: say('push.keyId'),
  tokenKey: say('push.tokenKey'),
  tokenKeyMissing: say('push.tokenKeyMissing'),
  certificate: say('push.certificate'),
  certificateMissing: say('push.certificateMissing'),
  certificateUnreadable: say('push.certificateUnreadable'),
  certificateExpired: say('push.certificateExpired'),
  serviceJson: say('push.serviceJson'),
  serviceJsonMissing: say('push.serviceJsonMissing'),
  taken: say('form.pushChannelTaken'),
  appMissing: say('push.appMissing'),
  refused: say('push.refused'),
  certificateLegacy: say('push.certificateLegacy'),
  unreachable: say('push.unreachable'),
  testNoDevice: say('push.testNoDevice'),
  testDisabled: say('push.testDisabled'),
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
    tokenKey: optionalText(PUSH_CHANNEL_LIMITS.tokenKey, /^\s*-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----\s*$/, PUSH_CHANNEL_MESSAGES.tokenKey),
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
  status: z.enum(['SENT', 'FAILED', 'DEAD', 'THROTTLED']),
  detail: z.string().optional(),
  providerId: z.string().optional(),
});

export const pushChannelSettingServices = {
  list: operation({ access: 'NAV_PUSH_CHANNEL', payload: z.object({}).default({}), response: z.object({ list: z.array(pushChannelView) }) }),
  applications: operation({
    access: 'NAV_PUSH_CHANNEL',
    payload: z.object({}).default({}),
    response: z.object({ list: z.array(z.object({ id: z.string(), name: z.string(), appType: z.string() })) }),
  }),
  detail: operation({ access: 'NAV_PUSH_CHANNEL', payload: idPayload, response: pushChannelView }),
  save: operation({ access: 'NAV_PUSH_CHANNEL', payload: pushChannelSavePayload, response: pushChannelView }),
  delete: operation({ access: 'NAV_PUSH_CHANNEL', payload: idPayload.extend({ version: z.number().int().positive().optional() }), response: ok }),
  testSend: operation({
    access: 'NAV_PUSH_CHANNEL',
    payload: idPayload.extend({
      accountId: z
        .string()
        .trim()
        .min(1, say('validation.inputRequired', { param: say('field.account') }))
        .max(128),
      title: z.string().trim().max(PUSH_CHANNEL_LIMITS.testTitle).optional(),
      body: z.string().trim().max(PUSH_CHANNEL_LIMITS.testBody).optional(),
    }),
    response: z.object({ results: z.array(pushTestResult) }),
  }),
} as const;

export const templateMessagePushServices = {
  getPushChannels: operation({
    access: ['NAV_TEMPLATE_MESSAGE', 'NAV_CREATE_NOTIFICATION'],
    payload: idPayload,
    response: z.object({
      list: z.array(z.object({ id: z.string(), title: z.string(), type: z.enum(PUSH_SERVICE_TYPES), appId: z.string(), appName: z.string().optional(), isDefault: z.boolean() })),
    }),
  }),
} as const;
