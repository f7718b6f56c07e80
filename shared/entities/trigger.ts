import * as z from 'zod';
import { defineEntity } from './entity';

/**
 * The trigger engine's small items, each keyed `<what>#<orgId>#…` (built only in functions/delivery/triggers.ts
 * and functions/domain/accounts.ts, from the organization of the plan or account at hand):
 *   zones#<org>                      the time zones the organization's accounts are in ('-': none given)
 *   on#<org>#<listen key>            the ACTIVE plans an app event wakes (kept as plans become and stop being ACTIVE)
 *   limit#<org>#<plan>#<account>     a recipient's limiter window: its start names the run, so the ledger sends once in it
 *   throttle#<org>#<plan>#<window>   sends of a throttled plan in one minute, hour or day
 */
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

/** The zone key of an account with no time zone of its own: the organization's default applies. */
export const NO_ZONE = '-';

/** The partition of the account index by zone: one organization's zone spread over the account shards. */
export const accountZoneKey = (orgId: number, zone: string | undefined, shard: number) => `${orgId}#${zone || NO_ZONE}#${shard}`;
