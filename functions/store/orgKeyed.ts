/** Org-keyed tables (accounts' own records, a plan's runs and shards) seen from one organization. */
import { composedSortKey, ENTITIES, type EntityDef } from '../../shared/entities';
import type { ErrorCode } from '../../shared/errors';
import type { TableStore } from './tableStore';
import type { Condition } from './conditions';
import type { BoundItem, Item, Key, OrgKeyedEntity, OrgKeyedRecord, PageRead, RecordOf, TenantPageRead } from './storeTypes';

function orgKeyOf(entity: OrgKeyedEntity): { def: EntityDef; restAttribute: string; composed?: { sort: string } } {
  const def: EntityDef = ENTITIES[entity];
  const form = def.orgKey!;
  if (form.form === 'composed') return { def, restAttribute: form.restKey, composed: { sort: form.sort.name } };
  return { def, restAttribute: def.partitionKey.name };
}

export class OrgKeyed<E extends OrgKeyedEntity> {
  readonly #store: TableStore;
  readonly #orgId: number;
  readonly #form: ReturnType<typeof orgKeyOf>;

  constructor(
    store: TableStore,
    orgId: number,
    readonly entity: E,
  ) {
    this.#store = store;
    this.#orgId = orgId;
    this.#form = orgKeyOf(entity);
  }

  partition(rest: string): string {
    return `${this.#orgId}#${rest}`;
  }

  key(rest: string, sort?: string | number): Key {
    const { def, composed } = this.#form;
    if (composed) return { orgId: this.#orgId, sk: composedSortKey(rest, sort) };
    return { [def.partitionKey.name]: this.partition(rest), ...(def.sortKey && sort !== undefined ? { [def.sortKey.name]: sort } : {}) };
  }

  sortOf(rest: string, key: Item): string | number | undefined {
    const { def, composed } = this.#form;
    if (!composed) return def.sortKey ? (key[def.sortKey.name] as string | number | undefined) : undefined;
    const sk = key.sk as string | undefined;
    const head = composedSortKey(rest);
    if (!sk?.startsWith(head)) return undefined;
    const form = def.orgKey as { sort: { type: 'S' | 'N' } };
    return form.sort.type === 'N' ? Number(sk.slice(head.length)) : sk.slice(head.length);
  }

  place(rest: string, item: object): Item {
    const { def, restAttribute, composed } = this.#form;
    const placed: Item = { ...item, [restAttribute]: this.partition(rest) };
    if (composed) return { ...placed, orgId: this.#orgId, sk: composedSortKey(rest, (item as Item)[composed.sort] as string | number) };
    // a record that names its organization names the store's
    if ('orgId' in def.schema.shape) placed.orgId = this.#orgId;
    return placed;
  }

  private read(rest: string, sortPrefix?: PageRead['sortPrefix']): Pick<PageRead, 'partition' | 'sortPrefix'> {
    const { composed, restAttribute } = this.#form;
    if (!composed) return { partition: { name: restAttribute, value: this.partition(rest) }, sortPrefix };
    if (sortPrefix && sortPrefix.name !== composed.sort) throw new Error(`queryPage: ${this.entity} reads a sort prefix of ${composed.sort} only`);
    return { partition: { name: 'orgId', value: this.#orgId }, sortPrefix: { name: 'sk', value: composedSortKey(rest) + (sortPrefix?.value ?? '') } };
  }

  get(rest: string, sort?: string | number): Promise<RecordOf<E> | undefined> {
    return this.#store.get(this.entity, this.key(rest, sort));
  }

  async getMany(keys: readonly { rest: string; sort?: string | number }[], attributes?: readonly string[]): Promise<(RecordOf<E> | undefined)[]> {
    return (await this.#store.getMany(keys.map((k) => ({ entity: this.entity, key: this.key(k.rest, k.sort), attributes })))) as (RecordOf<E> | undefined)[];
  }

  put(rest: string, item: OrgKeyedRecord<E>, condition?: Condition, onFail?: ErrorCode): Promise<void> {
    return this.#store.put(this.entity, this.place(rest, item), condition, onFail);
  }

  putMany(items: readonly { rest: string; item: OrgKeyedRecord<E> }[]): Promise<void> {
    return this.#store.putMany(
      this.entity,
      items.map((i) => this.place(i.rest, i.item)),
    );
  }

  delete(rest: string, sort?: string | number): Promise<void> {
    return this.#store.delete(this.entity, this.key(rest, sort));
  }

  deleteIf(rest: string, sort: string | number | undefined, condition: Condition, onFail?: ErrorCode): Promise<void> {
    return this.#store.deleteIf(this.entity, this.key(rest, sort), condition, onFail);
  }

  deleteMany(keys: readonly { rest: string; sort?: string | number }[]): Promise<void> {
    return this.#store.deleteMany(
      this.entity,
      keys.map((k) => this.key(k.rest, k.sort)),
    );
  }

  async list(rest: string, attributes?: readonly string[]): Promise<RecordOf<E>[]> {
    const items: RecordOf<E>[] = [];
    for await (const page of this.pages(rest, attributes)) items.push(...page);
    return items;
  }

  async *pages(rest: string, attributes?: readonly string[]): AsyncGenerator<RecordOf<E>[]> {
    let startKey: Item | undefined;
    do {
      const page = await this.#store.queryPage(this.entity, { ...this.read(rest), attributes, startKey });
      yield page.items as RecordOf<E>[];
      startKey = page.lastKey;
    } while (startKey);
  }

  queryPage(rest: string, q: TenantPageRead): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    if (q.index) throw new Error(`queryPage: ${this.entity}.${q.index} is not partitioned by the organization`);
    return this.#store.queryPage(this.entity, { ...q, ...this.read(rest, q.sortPrefix) });
  }

  /** A page of an index whose partition is the organization itself (`orgId`): never another organization's. */
  orgIndexPage(index: string, q: Omit<TenantPageRead, 'index'>): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const def = (ENTITIES[this.entity] as EntityDef).indexes?.find((i) => i.name === index);
    if (def?.partitionKey.name !== 'orgId') throw new Error(`orgIndexPage: ${this.entity}.${index} is not partitioned by orgId`);
    return this.#store.queryPage(this.entity, { ...q, index, partition: { name: 'orgId', value: this.#orgId } });
  }

  /**
   * A page of an index partitioned by an attribute the records hold as `<orgId>#<rest>` (a sent record's address):
   * the partition is built from the store's organization, never another's.
   */
  prefixedIndexPage(index: string, rest: string, q: Omit<TenantPageRead, 'index'>): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const def = (ENTITIES[this.entity] as EntityDef).indexes?.find((i) => i.name === index);
    if (!def || def.partitionKey.name === 'orgId') throw new Error(`prefixedIndexPage: ${this.entity}.${index} is not partitioned by an organization-prefixed attribute`);
    return this.#store.queryPage(this.entity, { ...q, index, partition: { name: def.partitionKey.name, value: this.partition(rest) } });
  }

  async ownOnIndex(index: string, value: string): Promise<{ rest: string; sort?: string | number; item: Item }[]> {
    const { def, restAttribute, composed } = this.#form;
    const indexDef = def.indexes?.find((i) => i.name === index);
    if (!indexDef || composed) throw new Error(`ownOnIndex: ${this.entity}.${index} is not an index of a prefixed table`);
    const head = this.partition('');
    const { items } = await this.#store.queryPage(this.entity, { index, partition: { name: indexDef.partitionKey.name, value } });
    return items
      .filter((item) => String(item[restAttribute]).startsWith(head))
      .map((item) => ({ rest: String(item[restAttribute]).slice(head.length), sort: def.sortKey ? (item[def.sortKey.name] as string | number) : undefined, item }));
  }

  update(rest: string, sort: string | number | undefined, set: Item, condition?: Condition, onFail?: ErrorCode): Promise<RecordOf<E>> {
    // keys and the organization are the store's: a `set` naming them is ignored there
    const { [this.#form.restAttribute]: _rest, orgId: _org, sk: _sk, ...kept } = set;
    return this.#store.update(this.entity, this.key(rest, sort), kept, condition, onFail) as Promise<RecordOf<E>>;
  }

  putNew(rest: string, item: OrgKeyedRecord<E>, failCode?: ErrorCode): BoundItem {
    return this.#store.putNew(this.entity, this.place(rest, item), failCode) as unknown as BoundItem;
  }

  deleteItem(rest: string, sort?: string | number): BoundItem {
    return this.#store.deleteItem(this.entity, this.key(rest, sort)) as unknown as BoundItem;
  }
}
