/** Data access for every entity, in one place. */
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

export class Store extends TableStore {
  forOrg(orgId: number): TenantStore {
    return new TenantStore(this, orgId);
  }
}

/** The only way to tenant data: every key starts with the caller's organization. */
export class TenantStore {
  readonly #store: Store;

  constructor(
    store: Store,
    readonly orgId: number,
  ) {
    this.#store = store;
  }

  get rt(): Runtime {
    return this.#store.rt;
  }

  organization(): Promise<RecordOf<'organization'> | undefined> {
    return this.#store.get('organization', { id: this.orgId });
  }

  private partitionOf(def: EntityDef, id: string): string | number {
    return def.shardedPartition ? shardedPartitionValue(this.orgId, partitionShard(id, def.shardedPartition.shards)) : this.orgId;
  }

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

  async require<E extends TenantEntity>(entity: E, id: string): Promise<RecordOf<E>> {
    const item = await this.get(entity, id);
    if (!item) throw new AppError('720003');
    return item;
  }

  async getMany<E extends TenantEntity>(entity: E, ids: readonly string[], attributes?: readonly string[]): Promise<(RecordOf<E> | undefined)[]> {
    return (await this.#store.getMany(ids.map((id) => ({ entity, key: this.key(entity, id), attributes })))) as (RecordOf<E> | undefined)[];
  }

  getEach(requests: readonly { entity: TenantEntity; id: string; attributes?: readonly string[] }[]): Promise<(Item | undefined)[]> {
    return this.#store.getMany(requests.map((r) => ({ entity: r.entity, key: this.key(r.entity, r.id), attributes: r.attributes })));
  }

  list<E extends TenantEntity>(entity: E): Promise<RecordOf<E>[]>;
  list<E extends TenantEntity, K extends keyof RecordOf<E> & string>(entity: E, attributes: readonly K[]): Promise<Pick<RecordOf<E>, K>[]>;
  async list<E extends TenantEntity>(entity: E, attributes?: readonly string[]): Promise<RecordOf<E>[]> {
    const shards = await Promise.all(this.partitions(entity).map((partition) => this.#store.queryAll(entity, partition, undefined, attributes)));
    return shards.flat();
  }

  /** The organization's records whose id starts with `prefix` (a channel's opt-outs): read by key, not filtered. */
  async listPrefixed<E extends TenantEntity, K extends keyof RecordOf<E> & string>(entity: E, prefix: string, attributes: readonly K[]): Promise<Pick<RecordOf<E>, K>[]> {
    const sortKey = (ENTITIES[entity] as EntityDef).sortKey?.name;
    if (!sortKey) throw new Error(`listPrefixed: ${entity} has no sort key`);
    const shards = await Promise.all(
      this.partitions(entity).map(async (partition) => {
        const items: Item[] = [];
        let startKey: Item | undefined;
        do {
          const page = await this.#store.queryPage(entity, { partition, sortPrefix: { name: sortKey, value: prefix }, attributes, startKey });
          items.push(...page.items);
          startKey = page.lastKey;
        } while (startKey);
        return items;
      }),
    );
    return shards.flat() as Pick<RecordOf<E>, K>[];
  }

  async *pages<E extends TenantEntity>(entity: E, attributes?: readonly string[]): AsyncGenerator<RecordOf<E>[]> {
    for (const partition of this.partitions(entity)) yield* this.#store.queryPages(entity, partition, undefined, attributes);
  }

  queryPage(entity: TenantEntity, q: TenantPageRead): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const def: EntityDef = ENTITIES[entity];
    // a page of one shard would pass the others over: a sharded table is read with `list` or `pages`
    if (def.shardedPartition) throw new Error(`queryPage: ${entity} is spread over shards`);
    const partitionName = q.index ? def.indexes?.find((i) => i.name === q.index)?.partitionKey.name : def.partitionKey.name;
    if (partitionName !== def.partitionKey.name) throw new Error(`queryPage: ${entity}.${q.index} is not partitioned by the organization`);
    return this.#store.queryPage(entity, { ...q, partition: { name: partitionName, value: this.orgId } });
  }

  keyed<E extends OrgKeyedEntity>(entity: E): OrgKeyed<E> {
    return new OrgKeyed(this.#store, this.orgId, entity);
  }

  own<T extends Item>(item: T): T & { orgId: number } {
    return { ...item, orgId: this.orgId };
  }

  put<E extends TenantEntity>(entity: E, item: TenantRecord<E>, condition?: Condition, onFail?: ErrorCode): Promise<void> {
    return this.#store.put(entity, this.owned(entity, item), condition, onFail);
  }

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

  deleteIf(entity: TenantEntity, id: string, condition: Condition, onFail?: ErrorCode): Promise<void> {
    return this.#store.deleteIf(entity, this.key(entity, id), condition, onFail);
  }

  putNew<E extends TenantEntity>(entity: E, item: TenantRecord<E>, failCode?: ErrorCode): BoundItem {
    return this.bound(this.#store.putNew(entity, this.owned(entity, item), failCode));
  }

  putVersioned<E extends TenantEntity>(entity: E, item: TenantRecord<E>, version: number): BoundItem {
    return this.bound(this.#store.putVersioned(entity, this.owned(entity, item), version));
  }

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
