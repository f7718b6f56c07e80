import * as z from 'zod';
import { defineEntity } from './entity';

/** Trigger engine items keyed `<what>#<orgId>#…`, built only in functions/delivery/triggers.ts and functions/domain/accounts.ts. */
export const triggerStateSchema = z.looseObject({
  key: z.string(),
  expiresAt: z.number().int().optional(),
});

export const triggerStateEntity = defineEntity({
  name: 'triggerState',
  scope: 'global',
  schema: triggerStateSchema,
  partitionKey: { name: 'key', type: 'S' },
  ttlAttribute: 'expiresAt',
});

export const NO_ZONE = '-';

export const accountZoneKey = (orgId: number, zone: string | undefined, shard: number) => `${orgId}#${zone || NO_ZONE}#${shard}`;
