/**
 * Data access for every entity, in one place. Conditions are named; a failed condition becomes a catalogue
 * error. Tenant entities are reached only through `TenantStore`, whose orgId comes from the verified identity.
 * Here the store that hands out a tenant store and the tenant store, which hands its store back only to the
 * store's own modules (one file, so the two name each other without an import circle); beside it the table
 * store's reads and writes, the org-keyed tables, the conditions and the types, re-exported from here.
 */
import { ENTITIES, type EntityDef, partitionShard, shardedPartitionValue } from '../../shared/entities';
import { AppError, type ErrorCode } from '../../shared/errors';
import type { Runtime } from '../platform/runtime';
import type { Condition } from './conditions';
import { OrgKeyed } from './orgKeyed';
import type { BoundItem, Item, Key, OrgKeyedEntity, RecordOf, TenantEntity, TenantPageRead, TenantRecord, TransactItem } from './storeTypes';
import { TableStore } from './tableStore';

export { CONDITIONS, type Condition, requestItem } from './conditions';
export { OrgKeyed } from './orgKeyed';
export type { BoundItem, Item, Key, OrgKeyedEntity, OrgKeyedRecord, PageRead, RecordOf, TenantEntity, TenantPageRead, TenantRecord, TransactItem } from './storeTypes';

/** The untenanted store (the table store's reads and writes), which hands out a tenant store per organization. */
export class Store extends TableStore {
  forOrg(orgId: number): TenantStore {
    return new TenantStore(this, orgId);
  }
}

/**
 * The only way to tenant data: every key starts with the caller's organization, which the store fills in from the
 * verified identity. The untenanted store inside is private: a handler holding this can name no other organization.
 */
export class TenantStore {
  readonly #store: Store;

  constructor(
    store: Store,
    readonly orgId: number,
  ) {
    this.#store = store;
  }

  /** The runtime the store reads through (its clock, log and ports): holding it names no organization. */
  get rt(): Runtime {
    return this.#store.rt;
  }

  /** The organization's own record (its switches): the one organization record this store may read. */
  organization(): Promise<RecordOf<'organization'> | undefined> {
    return this.#store.get('organization', { id: this.orgId });
  }

  /** The partition of record `id`: the organization, or its shard of a sharded table (ShardedPartition). */
  private partitionOf(def: EntityDef, id: string): string | number {
    return def.shardedPartition ? shardedPartitionValue(this.orgId, partitionShard(id, def.shardedPartition.shards)) : this.orgId;
  }

  /** Every partition of the organization in the table: one, or each of its shards. */
  private partitions(entity: TenantEntity): { name: string; value: string | number }[] {
    const def: EntityDef = ENTITIES[entity];
    const shards = def.shardedPartition?.shards;
    const values = shards ? Array.from({ length: shards }, (_, shard) => shardedPartitionValue(this.orgId, shard)) : [this.orgId];
    return values.map((value) => ({ name: def.partitionKey.name, value }));
  }

  private key(entity: TenantEntity, id: string): Key {
    const def: EntityDef = ENTITIES[entity];
    return { [def.partitionKey.name]: this.partitionOf(def, id), [def.sortKey!.name]: id };
  }

  /** The item with the organization stamped last, so a forged `orgId` (or shard) in what a caller spread in is overwritten. */
  private owned(entity: TenantEntity, item: object): Item {
    const def: EntityDef = ENTITIES[entity];
    if (!def.shardedPartition) return { ...item, [def.partitionKey.name]: this.orgId };
    const id = String((item as Item)[def.sortKey!.name]);
    return { ...item, orgId: this.orgId, [def.partitionKey.name]: this.partitionOf(def, id) };
  }

  private bound<T extends TransactItem>(item: T & { failCode?: ErrorCode }): BoundItem {
    return item as unknown as BoundItem;
  }

  get<E extends TenantEntity>(entity: E, id: string): Promise<RecordOf<E> | undefined> {
    return this.#store.get(entity, this.key(entity, id));
  }

  /** Like `get`, but a missing item (including one of another organization) answers 720003. */
  async require<E extends TenantEntity>(entity: E, id: string): Promise<RecordOf<E>> {
    const item = await this.get(entity, id);
    if (!item) throw new AppError('720003');
    return item;
  }

  /** Several of the organization's records in one round trip, in the order asked (undefined where missing). */
  async getMany<E extends TenantEntity>(entity: E, ids: readonly string[], attributes?: readonly string[]): Promise<(RecordOf<E> | undefined)[]> {
    return (await this.#store.getMany(ids.map((id) => ({ entity, key: this.key(entity, id), attributes })))) as (RecordOf<E> | undefined)[];
  }

  /** Records of several of the organization's tables in one round trip, in the order asked (undefined where missing). */
  getEach(requests: readonly { entity: TenantEntity; id: string; attributes?: readonly string[] }[]): Promise<(Item | undefined)[]> {
    return this.#store.getMany(requests.map((r) => ({ entity: r.entity, key: this.key(r.entity, r.id), attributes: r.attributes })));
  }

  /** The organization's records (of every shard, in sort key order within each); with `attributes`, only those fields of each. */
  list<E extends TenantEntity>(entity: E): Promise<RecordOf<E>[]>;
  list<E extends TenantEntity, K extends keyof RecordOf<E> & string>(entity: E, attributes: readonly K[]): Promise<Pick<RecordOf<E>, K>[]>;
  async list<E extends TenantEntity>(entity: E, attributes?: readonly string[]): Promise<RecordOf<E>[]> {
    const shards = await Promise.all(this.partitions(entity).map((partition) => this.#store.queryAll(entity, partition, undefined, attributes)));
    return shards.flat();
  }

  /** The organization's records a page (up to 1 MB) at a time, shard after shard. */
  async *pages<E extends TenantEntity>(entity: E, attributes?: readonly string[]): AsyncGenerator<RecordOf<E>[]> {
    for (const partition of this.partitions(entity)) yield* this.#store.queryPages(entity, partition, undefined, attributes);
  }

  /**
   * One page of the organization's partition, or of an index whose partition is the organization: an index keyed
   * by anything else is refused (it could reach other organizations' items).
   */
  queryPage(entity: TenantEntity, q: TenantPageRead): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const def: EntityDef = ENTITIES[entity];
    // a page of one shard would pass the others over: a sharded table is read with `list` or `pages`
    if (def.shardedPartition) throw new Error(`queryPage: ${entity} is spread over shards`);
    const partitionName = q.index ? def.indexes?.find((i) => i.name === q.index)?.partitionKey.name : def.partitionKey.name;
    if (partitionName !== def.partitionKey.name) throw new Error(`queryPage: ${entity}.${q.index} is not partitioned by the organization`);
    return this.#store.queryPage(entity, { ...q, partition: { name: partitionName, value: this.orgId } });
  }

  /** An org-keyed table (`orgKey` in the registry) of this organization. */
  keyed<E extends OrgKeyedEntity>(entity: E): OrgKeyed<E> {
    return new OrgKeyed(this.#store, this.orgId, entity);
  }

  /** Stamps orgId onto an item before writing it. */
  own<T extends Item>(item: T): T & { orgId: number } {
    return { ...item, orgId: this.orgId };
  }

  /** Writes a record of the organization; a failed `condition` answers `onFail`. */
  put<E extends TenantEntity>(entity: E, item: TenantRecord<E>, condition?: Condition, onFail?: ErrorCode): Promise<void> {
    return this.#store.put(entity, this.owned(entity, item), condition, onFail);
  }

  /** Unconditional puts of the organization's records in batches (imports). */
  putMany<E extends TenantEntity>(entity: E, items: readonly TenantRecord<E>[]): Promise<void> {
    return this.#store.putMany(
      entity,
      items.map((item) => this.owned(entity, item)),
    );
  }

  /** A partial update of the organization's record `id`; `set` cannot move it to another organization. */
  update<E extends TenantEntity>(entity: E, id: string, set: Partial<TenantRecord<E>>, condition?: Condition, onFail?: ErrorCode): Promise<RecordOf<E>> {
    const { orgId: _forged, ...rest } = set as Item;
    return this.#store.update(entity, this.key(entity, id), rest, condition, onFail) as Promise<RecordOf<E>>;
  }

  delete(entity: TenantEntity, id: string): Promise<void> {
    return this.#store.delete(entity, this.key(entity, id));
  }

  /** Deletes the organization's record `id` only when `condition` holds; otherwise answers `onFail`. */
  deleteIf(entity: TenantEntity, id: string, condition: Condition, onFail?: ErrorCode): Promise<void> {
    return this.#store.deleteIf(entity, this.key(entity, id), condition, onFail);
  }

  /** Put of a new record inside a transaction, failing with `failCode` when it exists. */
  putNew<E extends TenantEntity>(entity: E, item: TenantRecord<E>, failCode?: ErrorCode): BoundItem {
    return this.bound(this.#store.putNew(entity, this.owned(entity, item), failCode));
  }

  /** Put replacing a record whose stored version is `version`, inside a transaction. */
  putVersioned<E extends TenantEntity>(entity: E, item: TenantRecord<E>, version: number): BoundItem {
    return this.bound(this.#store.putVersioned(entity, this.owned(entity, item), version));
  }

  /** A partial update inside a transaction (SET of `set`, ADD of `add`). */
  updateItem<E extends TenantEntity>(
    entity: E,
    id: string,
    change: { set?: Partial<TenantRecord<E>>; add?: Record<string, number> },
    condition?: Condition,
    failCode?: ErrorCode,
  ): BoundItem {
    const { orgId: _forged, ...set } = (change.set ?? {}) as Item;
    return this.bound(this.#store.updateItem(entity, this.key(entity, id), { set, add: change.add }, condition, failCode));
  }

  deleteItem(entity: TenantEntity, id: string, failCode?: ErrorCode): BoundItem {
    return this.bound({ ...this.#store.deleteItem(entity, this.key(entity, id)), ...(failCode ? { failCode } : {}) });
  }

  /** All-or-nothing writes of items this store (or a domain function given it) made. */
  transact(items: readonly BoundItem[], onFail?: ErrorCode): Promise<void> {
    return this.#store.transact([...items], onFail);
  }

  /**
   * For the store's own domain modules (unique values, the ledger, records of global tables whose keys embed the
   * organization): the untenanted store and the organization, never handed to a handler.
   */
  static internals(tenant: TenantStore): { store: Store; orgId: number; bind: (item: TransactItem & { failCode?: ErrorCode }) => BoundItem } {
    return { store: tenant.#store, orgId: tenant.orgId, bind: (item) => item as unknown as BoundItem };
  }
}
