import * as z from 'zod';
import { auditFields, defineEntity, TENANT_KEYS } from './entity';

/**
 * An organization's LINE Official Account channel (the Messaging API channel it sends from): one record per
 * organization (`id` is always `line`). The channel access token and channel secret are kept sealed
 * (functions/platform/keys.ts) and never leave the server.
 */
export const lineChannelSchema = z.object({
  orgId: z.number().int(),
  id: z.literal('line'),
  /** the channel id of the LINE Developers console (digits) */
  channelId: z.string().max(32).default(''),
  accessTokenSealed: z.string().optional(),
  channelSecretSealed: z.string().optional(),
  ...auditFields,
});
export type LineChannel = z.infer<typeof lineChannelSchema>;
export const LINE_CHANNEL_ID = 'line';

export const lineChannelEntity = defineEntity({
  name: 'lineChannel',
  scope: 'tenant',
  schema: lineChannelSchema,
  ...TENANT_KEYS,
  privateFields: ['accessTokenSealed', 'channelSecretSealed'],
  permissions: { read: 'NAV_PUSH_CHANNEL', write: 'NAV_PUSH_CHANNEL' },
});
