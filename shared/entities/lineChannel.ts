import * as z from 'zod';
import { auditFields, defineEntity, TENANT_KEYS } from './entity';

/** One per organization; its token and secret are sealed (functions/platform/keys.ts) and never leave the server. */
export const lineChannelSchema = z.object({
  orgId: z.number().int(),
  id: z.literal('line'),
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
