/** The store's types: items, keys, page reads, and the tenant-bound forms a handler names. */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import type { ENTITIES, EntityName } from '../../shared/entities';
import type { ErrorCode } from '../../shared/errors';

export type Item = Record<string, unknown>;
export type RecordOf<E extends EntityName> = z.output<(typeof ENTITIES)[E]['schema']>;
export type Key = Record<string, string | number>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface PageRead {
  index?: string;
  partition: { name: string; value: string | number };
  sortPrefix?: { name: string; value: string };
  forward?: boolean;
  filter?: { expression: string; names?: Record<string, string>; values?: Item };
  attributes?: readonly string[];
  limit?: number;
  startKey?: Item;
  count?: boolean;
}

/** Entities keyed `orgId` + `id`, or the organization's shard + `id` (the tenant store builds the shard). */
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

/** A record of a tenant entity as a handler writes it: without `orgId`, which the tenant store fills in. */
export type TenantRecord<E extends TenantEntity> = Omit<RecordOf<E>, 'orgId'>;

declare const BOUND: unique symbol;
/** Only the tenant store makes one, so a transaction a handler runs cannot name another organization's item. */
export type BoundItem = TransactItem & { failCode?: ErrorCode; readonly [BOUND]: true };

export type TenantPageRead = Omit<PageRead, 'partition'>;

/** Tenant tables keyed otherwise than `orgId` + `id` (`orgKey` in the registry, see OrgKeyForm). */
export type OrgKeyedEntity = { [K in EntityName]: (typeof ENTITIES)[K] extends { orgKey: object } ? K : never }[EntityName];
type RestAttribute<E extends OrgKeyedEntity> = (typeof ENTITIES)[E] extends { orgKey: { restKey: infer R extends string } } ? R : (typeof ENTITIES)[E]['partitionKey']['name'];
export type OrgKeyedRecord<E extends OrgKeyedEntity> = Omit<RecordOf<E>, RestAttribute<E> | 'orgId' | 'sk'> & { orgId?: number };
