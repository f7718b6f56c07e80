import * as z from 'zod';
import { defineEntity } from './entity';

/**
 * A sign-in session: one refresh-token family. Only the hash of the current refresh token is kept; a token of
 * the family that is not the current one is a replay and revokes the family.
 */
export const sessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  orgId: z.number().int(),
  currentTokenHash: z.string(),
  /** the token the last rotation replaced, and when: a refresh that lost a race presents it moments later */
  previousTokenHash: z.string().optional(),
  rotatedAt: z.number().int().optional(),
  securityStamp: z.string(),
  revoked: z.boolean(),
  revokedReason: z.string().optional(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int(),
  /** epoch seconds; DynamoDB TTL removes ended sessions */
  expiresAt: z.number().int(),
  sourceIp: z.string().optional(),
  /** a session begun through single sign-on: where to sign in again, and the provider's logout address */
  loginUrl: z.string().optional(),
  logoutUrl: z.string().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionEntity = defineEntity({
  name: 'session',
  scope: 'global',
  schema: sessionSchema,
  partitionKey: { name: 'id', type: 'S' },
  indexes: [{ name: 'byUser', partitionKey: { name: 'userId', type: 'S' } }],
  ttlAttribute: 'expiresAt',
  privateFields: ['currentTokenHash', 'previousTokenHash', 'securityStamp'],
});

/**
 * A single-use, expiring link sent by mail; only its hash is stored. `reset` and `invite` set a password,
 * `email` confirms a new sign-in address asked for with the password, `address` one the account did not ask for
 * that way (its own, for an invitation; one an identity provider named unverified), which only a person signed in
 * as the account may confirm. A newer link of the same purpose supersedes the older ones.
 */
export const passwordResetSchema = z.object({
  id: z.string(),
  userId: z.string(),
  purpose: z.enum(['reset', 'invite', 'email', 'address']).default('reset'),
  /** the address an `email` or `address` link confirms */
  newEmail: z.string().optional(),
  securityStamp: z.string(),
  used: z.boolean(),
  expiresAt: z.number().int(),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const passwordResetEntity = defineEntity({
  name: 'passwordReset',
  scope: 'global',
  schema: passwordResetSchema,
  partitionKey: { name: 'id', type: 'S' },
  indexes: [{ name: 'byUser', partitionKey: { name: 'userId', type: 'S' } }],
  ttlAttribute: 'expiresAt',
});

/** Counters (login attempts in rolling windows, SDK calls per minute) that hold across Lambda instances. */
export const rateLimitSchema = z.object({
  id: z.string(),
  count: z.number().int(),
  /** When a rolling window opened (epoch s); absent on fixed per-minute counters. */
  startedAt: z.number().int().optional(),
  expiresAt: z.number().int(),
});

export const rateLimitEntity = defineEntity({
  name: 'rateLimit',
  scope: 'global',
  schema: rateLimitSchema,
  partitionKey: { name: 'id', type: 'S' },
  ttlAttribute: 'expiresAt',
});

/** Guards for unique values (usernames, role codes) written in the same transaction as their owner. */
export const uniqueKeySchema = z.object({ id: z.string(), owner: z.string() });

export const uniqueKeyEntity = defineEntity({
  name: 'uniqueKey',
  scope: 'global',
  schema: uniqueKeySchema,
  partitionKey: { name: 'id', type: 'S' },
});
