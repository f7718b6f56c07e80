/** The store's types: items, keys, page reads, and the tenant-bound forms a handler names. */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import type { ENTITIES, EntityName } from '../../shared/entities';
import type { ErrorCode } from '../../shared/errors';

export type Item = Record<string, unknown>;
/** A stored record of an entity, as its registry schema describes it: the entity name decides the type. */
export type RecordOf<E extends EntityName> = z.output<(typeof ENTITIES)[E]['schema']>;
export type Key = Record<string, string | number>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What `Store.queryPage` reads. */
export interface PageRead {
  index?: string;
  partition: { name: string; value: string | number };
  /** only the items whose sort key starts with `value` (a key condition: what it passes over is not read) */
  sortPrefix?: { name: string; value: string };
  /** ascending index order (default) or descending */
  forward?: boolean;
  filter?: { expression: string; names?: Record<string, string>; values?: Item };
  /** read only these attributes */
  attributes?: readonly string[];
  limit?: number;
  startKey?: Item;
  count?: boolean;
}

/**
 * Entities keyed `orgId` + `id`, or by the organization's shard + `id` where the tenant store builds the shard
 * (ShardedPartition `tenantStore`). Left out: a sharded one read shard by shard (accounts: its own repository
 * builds its keys); the org-keyed ones (OrgKeyedEntity, reached through `tenant.keyed`); and one item an
 * organization without an id (the role directory, kept by the role domain code).
 */
export type TenantEntity = {
  [K in EntityName]: (typeof ENTITIES)[K]['scope'] extends 'tenant'
    ? (typeof ENTITIES)[K] extends { shardedPartition: { tenantStore: true } }
      ? K
      : (typeof ENTITIES)[K] extends { shardedPartition: object } | { orgKey: object }
        ? never
        : (typeof ENTITIES)[K] extends { sortKey: object }
          ? K
          : never
    : never;
}[EntityName];

/**
 * A record of a tenant entity as a handler writes it: without `orgId`, which the tenant store fills in. An object
 * literal naming `orgId` does not compile; one spread from a stored record may carry it, and the store overwrites it.
 */
export type TenantRecord<E extends TenantEntity> = Omit<RecordOf<E>, 'orgId'>;

declare const BOUND: unique symbol;
/**
 * A transaction item bound to one organization: only the tenant store (and the store's domain functions that take
 * it) make one, so a transaction a handler runs cannot name another organization's item.
 */
export type BoundItem = TransactItem & { failCode?: ErrorCode; readonly [BOUND]: true };

/** What `TenantStore.queryPage` reads: a page of the organization's partition (or of an index partitioned by orgId). */
export type TenantPageRead = Omit<PageRead, 'partition'>;

/**
 * Tenant tables keyed otherwise than `orgId` + `id` (`orgKey` in the registry, see OrgKeyForm): the tenant store
 * builds their keys from its organization; a caller names only the rest (an account, a plan, a run shard).
 */
export type OrgKeyedEntity = { [K in EntityName]: (typeof ENTITIES)[K] extends { orgKey: object } ? K : never }[EntityName];
/** The attribute holding `<orgId>#<rest>`: the partition key (prefixed) or the `restKey` (composed). */
type RestAttribute<E extends OrgKeyedEntity> = (typeof ENTITIES)[E] extends { orgKey: { restKey: infer R extends string } } ? R : (typeof ENTITIES)[E]['partitionKey']['name'];
/**
 * A record of an org-keyed table as a caller writes it: its keys are the store's to build, and an `orgId` it
 * names is overwritten with the store's own.
 */
export type OrgKeyedRecord<E extends OrgKeyedEntity> = Omit<RecordOf<E>, RestAttribute<E> | 'orgId' | 'sk'> & { orgId?: number };
