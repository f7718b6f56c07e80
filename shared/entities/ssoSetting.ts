import * as z from 'zod';
import { auditFields, defineEntity, TENANT_KEYS } from './entity';

/**
 * An organization's OpenID Connect provider for single sign-on: one record per organization (`id` is always
 * `sso`). The client secret is kept sealed (functions/platform/keys.ts) and never leaves the server.
 */
export const ssoSettingSchema = z.object({
  orgId: z.number().int(),
  id: z.literal('sso'),
  enabled: z.boolean().default(false),
  issuer: z.string().max(500),
  clientId: z.string().max(255),
  clientSecretSealed: z.string().optional(),
  /** the role a person gets on their first sign-in (just-in-time account) */
  defaultRoleId: z.string(),
  /** the e-mail domains sign-in is limited to; empty: every person the provider vouches for */
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

/**
 * One sign-in through the provider under way: found by the hash of its `state`, deleted when the callback spends
 * it, so a replayed callback finds nothing. Holds the nonce and the PKCE verifier the callback needs.
 */
export const ssoStateSchema = z.object({
  id: z.string(),
  orgId: z.number().int(),
  nonce: z.string(),
  codeVerifier: z.string(),
  /** the hash of the state with the secret of the browser that started the sign-in (its HttpOnly cookie) */
  browserHash: z.string().optional(),
  /** epoch seconds; DynamoDB TTL removes sign-ins never finished */
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

/** A person of a provider (the hash of issuer and subject) and their Herald account. */
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
