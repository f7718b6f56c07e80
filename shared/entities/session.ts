import * as z from 'zod';
import { defineEntity } from './entity';

/** One refresh-token family; a token that is not the current one is a replay and revokes the family. */
export const sessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  orgId: z.number().int(),
  currentTokenHash: z.string(),
  /** a refresh that lost a race presents it moments later */
  previousTokenHash: z.string().optional(),
  rotatedAt: z.number().int().optional(),
  securityStamp: z.string(),
  revoked: z.boolean(),
  revokedReason: z.string().optional(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int(),
  expiresAt: z.number().int(),
  sourceIp: z.string().optional(),
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

/** Single-use, only its hash stored; `address` links may be confirmed only by a person signed in as the account. */
export const passwordResetSchema = z.object({
  id: z.string(),
  userId: z.string(),
  purpose: z.enum(['reset', 'invite', 'email', 'address']).default('reset'),
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

/** Held across Lambda instances. */
export const rateLimitSchema = z.object({
  id: z.string(),
  count: z.number().int(),
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

/** Written in the same transaction as their owner. */
export const uniqueKeySchema = z.object({ id: z.string(), owner: z.string() });

export const uniqueKeyEntity = defineEntity({
  name: 'uniqueKey',
  scope: 'global',
  schema: uniqueKeySchema,
  partitionKey: { name: 'id', type: 'S' },
});
