import * as z from 'zod';
import { auditFields, defineEntity, TENANT_KEYS } from './entity';

/** One per organization; the client secret is sealed (functions/platform/keys.ts) and never leaves the server. */
export const ssoSettingSchema = z.object({
  orgId: z.number().int(),
  id: z.literal('sso'),
  enabled: z.boolean().default(false),
  issuer: z.string().max(500),
  clientId: z.string().max(255),
  clientSecretSealed: z.string().optional(),
  defaultRoleId: z.string(),
  emailDomains: z.array(z.string()).default([]),
  ...auditFields,
});
export type SsoSetting = z.infer<typeof ssoSettingSchema>;
export const SSO_SETTING_ID = 'sso';

export const ssoSettingEntity = defineEntity({
  name: 'ssoSetting',
  scope: 'tenant',
  schema: ssoSettingSchema,
  ...TENANT_KEYS,
  privateFields: ['clientSecretSealed'],
  permissions: { read: 'NAV_PORTAL_USER', write: 'NAV_PORTAL_USER' },
});

/** Deleted when the callback spends it, so a replayed callback finds nothing. */
export const ssoStateSchema = z.object({
  id: z.string(),
  orgId: z.number().int(),
  nonce: z.string(),
  codeVerifier: z.string(),
  /** bound to the browser that started the sign-in (its HttpOnly cookie) */
  browserHash: z.string().optional(),
  expiresAt: z.number().int(),
});
export type SsoState = z.infer<typeof ssoStateSchema>;

export const ssoStateEntity = defineEntity({
  name: 'ssoState',
  scope: 'global',
  schema: ssoStateSchema,
  partitionKey: { name: 'id', type: 'S' },
  ttlAttribute: 'expiresAt',
  privateFields: ['nonce', 'codeVerifier', 'browserHash'],
});

export const ssoIdentitySchema = z.object({
  id: z.string(),
  userId: z.string(),
  issuer: z.string(),
  dateCreated: z.number().int(),
});

export const ssoIdentityEntity = defineEntity({
  name: 'ssoIdentity',
  scope: 'global',
  schema: ssoIdentitySchema,
  partitionKey: { name: 'id', type: 'S' },
});
