/**
 * Data access for every entity, in one place. Conditions are named; a failed condition becomes a catalogue
 * error. Tenant entities are reached only through `TenantStore`, whose orgId comes from the verified identity.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { composedSortKey, ENTITIES, type EntityDef, type EntityName, tableName } from '../../shared/entities';
import { AppError, type ErrorCode } from '../../shared/errors';
import type { Runtime } from '../platform/runtime';

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

/** A condition piece (see CONDITIONS): it names attributes, never the key. */
export type Condition = { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item };

/** Named condition pieces. */
export const CONDITIONS = {
  isNew: (key: string) => ({ ConditionExpression: 'attribute_not_exists(#k)', ExpressionAttributeNames: { '#k': key } }),
  exists: (key: string) => ({ ConditionExpression: 'attribute_exists(#k)', ExpressionAttributeNames: { '#k': key } }),
  versionIs: (version: number) => ({
    ConditionExpression: '#v = :v',
    ExpressionAttributeNames: { '#v': 'version' },
    ExpressionAttributeValues: { ':v': version },
  }),
};

function isConditionFailure(e: unknown): boolean {
  return e instanceof ConditionalCheckFailedException || e instanceof TransactionCanceledException;
}

/** Keys one BatchGetItem call reads at most. */
const BATCH_GET_MAX = 100;

export class Store {
  constructor(readonly rt: Runtime) {}

  table(entity: EntityName): string {
    return tableName(this.rt.config.tablePrefix, entity);
  }

  keyOf(entity: EntityName, item: Item): Key {
    const def = ENTITIES[entity];
    const key: Key = { [def.partitionKey.name]: item[def.partitionKey.name] as string | number };
    if ('sortKey' in def && def.sortKey) key[def.sortKey.name] = item[def.sortKey.name] as string | number;
    return key;
  }

  async get<E extends EntityName>(entity: E, key: Key): Promise<RecordOf<E> | undefined> {
    const out = await this.rt.aws.doc.send(new GetCommand({ TableName: this.table(entity), Key: key, ConsistentRead: true }));
    return out.Item as RecordOf<E> | undefined;
  }

  /**
   * Reads several items of several tables, in one round trip per 100 of them (BatchGetItem's limit); answers in
   * the order asked. `attributes` reads only those (with the key) of an item; requests of one table read the
   * union of what they ask.
   */
  async getMany(requests: readonly { entity: EntityName; key: Key; attributes?: readonly string[] }[]): Promise<(Item | undefined)[]> {
    if (requests.length === 0) return [];
    type TableRead = { Keys: Key[]; ConsistentRead: boolean; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> };
    const projections = new Map<string, Set<string> | null>();
    // a key's place: its table and its values in the order of the table's key names (the same for every key of a table)
    const keyNames = new Map<string, string[]>();
    const placeOf = (t: string, key: Key | Item) => `${t}\u0000${JSON.stringify(keyNames.get(t)!.map((n) => key[n]))}`;
    const unique = new Map<string, { table: string; key: Key }>();
    for (const r of requests) {
      const t = this.table(r.entity);
      if (!keyNames.has(t)) keyNames.set(t, Object.keys(r.key));
      unique.set(placeOf(t, r.key), { table: t, key: r.key });
      const wanted = projections.has(t) ? projections.get(t) : new Set<string>();
      if (!r.attributes || wanted === null) projections.set(t, null);
      else projections.set(t, new Set([...wanted!, ...r.attributes, ...Object.keys(r.key)]));
    }
    const readOf = (t: string): TableRead => {
      const attributes = projections.get(t);
      if (!attributes) return { Keys: [], ConsistentRead: true };
      const names = [...attributes];
      return {
        Keys: [],
        ConsistentRead: true,
        ProjectionExpression: names.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
      };
    };
    const found = new Map<string, Item>();
    const all = [...unique.values()];
    for (let i = 0; i < all.length; i += BATCH_GET_MAX) {
      const RequestItems: Record<string, TableRead> = {};
      for (const { table, key } of all.slice(i, i + BATCH_GET_MAX)) (RequestItems[table] ??= readOf(table)).Keys.push(key);
      let pending: typeof RequestItems | undefined = RequestItems;
      for (let attempt = 0; pending && Object.keys(pending).length > 0 && attempt < 8; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 2 ** attempt * 10));
        const out = await this.rt.aws.doc.send(new BatchGetCommand({ RequestItems: pending }));
        for (const [t, items] of Object.entries(out.Responses ?? {})) for (const item of items as Item[]) found.set(placeOf(t, item), item);
        pending = out.UnprocessedKeys as typeof RequestItems | undefined;
      }
    }
    return requests.map((r) => found.get(placeOf(this.table(r.entity), r.key)));
  }

  /**
   * All items under one partition (admin-sized sets), optionally through an index; with `attributes`, only those
   * attributes of each item (a list that leaves large bodies unread).
   */
  async queryAll<E extends EntityName>(entity: E, partition: { name: string; value: string | number }, index?: string, attributes?: readonly string[]): Promise<RecordOf<E>[]> {
    const items: RecordOf<E>[] = [];
    for await (const page of this.queryPages(entity, partition, index, attributes)) items.push(...page);
    return items;
  }

  /** The items under one partition as DynamoDB answers them, a page (up to 1 MB) at a time: a large partition is never held whole. */
  async *queryPages<E extends EntityName>(
    entity: E,
    partition: { name: string; value: string | number },
    index?: string,
    attributes?: readonly string[],
  ): AsyncGenerator<RecordOf<E>[]> {
    const projected = Object.fromEntries((attributes ?? []).map((a, i) => [`#a${i}`, a]));
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await this.rt.aws.doc.send(
        new QueryCommand({
          TableName: this.table(entity),
          IndexName: index,
          KeyConditionExpression: '#p = :p',
          ProjectionExpression: attributes ? Object.keys(projected).join(', ') : undefined,
          ExpressionAttributeNames: { '#p': partition.name, ...projected },
          ExpressionAttributeValues: { ':p': partition.value },
          ExclusiveStartKey,
        }),
      );
      yield (out.Items ?? []) as RecordOf<E>[];
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }

  /**
   * One page of a query: at most `limit` items evaluated from `startKey` on (DynamoDB applies `filter` after
   * `limit`), in index order or reversed. `count` answers only how many matched, without the items.
   */
  async queryPage(entity: EntityName, q: PageRead): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const names: Record<string, string> = { '#p': q.partition.name, ...q.filter?.names, ...(q.sortPrefix ? { '#sp': q.sortPrefix.name } : {}) };
    const projection = q.attributes?.map((a, i) => {
      names[`#r${i}`] = a;
      return `#r${i}`;
    });
    const out = await this.rt.aws.doc.send(
      new QueryCommand({
        TableName: this.table(entity),
        IndexName: q.index,
        KeyConditionExpression: q.sortPrefix ? '#p = :p AND begins_with(#sp, :sp)' : '#p = :p',
        FilterExpression: q.filter?.expression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':p': q.partition.value, ...q.filter?.values, ...(q.sortPrefix ? { ':sp': q.sortPrefix.value } : {}) },
        ProjectionExpression: q.count ? undefined : projection?.join(', '),
        Select: q.count ? 'COUNT' : undefined,
        ScanIndexForward: q.forward ?? true,
        Limit: q.limit,
        ExclusiveStartKey: q.startKey,
      }),
    );
    return { items: (out.Items ?? []) as Item[], count: out.Count ?? 0, lastKey: out.LastEvaluatedKey };
  }

  /**
   * A query as DynamoDB takes it, on the entity's table: for a repository in the store's domain whose key
   * conditions the helpers above do not state (a sort-key range, nested projections). Answers one page.
   */
  async query(entity: EntityName, input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const out = await this.rt.aws.doc.send(new QueryCommand({ ...input, TableName: this.table(entity) }));
    return { items: (out.Items ?? []) as Item[], count: out.Count ?? 0, lastKey: out.LastEvaluatedKey };
  }

  /** One BatchGetItem of up to 100 keys of one table: what it found and the keys DynamoDB left unprocessed. */
  async batchGetKeys(entity: EntityName, keys: readonly Item[]): Promise<{ items: Item[]; unprocessed: Item[] }> {
    const TableName = this.table(entity);
    const out = await this.rt.aws.doc.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [...keys], ConsistentRead: true } } }));
    return { items: (out.Responses?.[TableName] ?? []) as Item[], unprocessed: (out.UnprocessedKeys?.[TableName]?.Keys ?? []) as Item[] };
  }

  /** Every item of a table: for the local stand-ins' own state and one-time upgrades, never on a request path. */
  async scanAll<E extends EntityName>(entity: E): Promise<RecordOf<E>[]> {
    const items: RecordOf<E>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await this.rt.aws.doc.send(new ScanCommand({ TableName: this.table(entity), ExclusiveStartKey }));
      items.push(...((out.Items ?? []) as RecordOf<E>[]));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  async put(entity: EntityName, item: Item, condition?: Condition, onFail: ErrorCode = '720007'): Promise<void> {
    try {
      await this.rt.aws.doc.send(new PutCommand({ TableName: this.table(entity), Item: item, ...condition }));
    } catch (e) {
      if (isConditionFailure(e)) throw new AppError(onFail);
      throw e;
    }
  }

  /** Unconditional puts in batches of 25 (bulk loads: seeds, imports); retries what DynamoDB leaves unprocessed. */
  async putMany(entity: EntityName, items: Item[]): Promise<void> {
    await this.writeMany(
      entity,
      items.map((Item) => ({ PutRequest: { Item } })),
    );
  }

  /** Unconditional deletes in batches of 25 (a replaced load's leftovers). */
  async deleteMany(entity: EntityName, keys: Key[]): Promise<void> {
    await this.writeMany(
      entity,
      keys.map((Key) => ({ DeleteRequest: { Key } })),
    );
  }

  private async writeMany(entity: EntityName, requests: ({ PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } })[]): Promise<void> {
    const TableName = this.table(entity);
    for (let i = 0; i < requests.length; i += 25) {
      let pending: Record<string, typeof requests> | undefined = { [TableName]: requests.slice(i, i + 25) };
      for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
        if (attempt === 8) throw new Error(`writeMany: ${TableName} left items unprocessed`);
        if (attempt > 0) await new Promise((r) => setTimeout(r, 2 ** attempt * 10));
        const out: BatchWriteCommandOutput = await this.rt.aws.doc.send(new BatchWriteCommand({ RequestItems: pending }));
        pending = out.UnprocessedItems as typeof pending;
      }
    }
  }

  async delete(entity: EntityName, key: Key): Promise<void> {
    await this.rt.aws.doc.send(new DeleteCommand({ TableName: this.table(entity), Key: key }));
  }

  /** Deletes only when `condition` holds; otherwise answers `onFail`. */
  async deleteIf(
    entity: EntityName,
    key: Key,
    condition: { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item },
    onFail: ErrorCode = '720007',
  ): Promise<void> {
    try {
      await this.rt.aws.doc.send(new DeleteCommand({ TableName: this.table(entity), Key: key, ...condition }));
    } catch (e) {
      if (isConditionFailure(e)) throw new AppError(onFail);
      throw e;
    }
  }

  /** Conditional partial update; `condition` is a named piece. */
  async update(
    entity: EntityName,
    key: Key,
    set: Item,
    condition?: { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item },
    onFail: ErrorCode = '720007',
  ): Promise<Item> {
    const names: Record<string, string> = { ...condition?.ExpressionAttributeNames };
    const values: Item = { ...condition?.ExpressionAttributeValues };
    // a field set to undefined is removed, as a put of the record without it would leave it
    const parts: string[] = [];
    const removed: string[] = [];
    Object.entries(set).forEach(([k, v], i) => {
      names[`#s${i}`] = k;
      if (v === undefined) removed.push(`#s${i}`);
      else {
        values[`:s${i}`] = v;
        parts.push(`#s${i} = :s${i}`);
      }
    });
    const expression = [parts.length ? `SET ${parts.join(', ')}` : '', removed.length ? `REMOVE ${removed.join(', ')}` : ''].filter(Boolean).join(' ');
    try {
      const out = await this.rt.aws.doc.send(
        new UpdateCommand({
          TableName: this.table(entity),
          Key: key,
          UpdateExpression: expression,
          ConditionExpression: condition?.ConditionExpression,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as Item;
    } catch (e) {
      if (isConditionFailure(e)) throw new AppError(onFail);
      throw e;
    }
  }

  /**
   * Atomically adds to a counter and answers the new value; `ttl` (epoch s) lets DynamoDB remove it. With a
   * `condition`, a counter that fails it answers 720007 and is left as it was.
   */
  async increment(
    entity: EntityName,
    key: Key,
    by = 1,
    ttl?: number,
    condition?: { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item },
  ): Promise<number> {
    try {
      const out = await this.rt.aws.doc.send(
        new UpdateCommand({
          TableName: this.table(entity),
          Key: key,
          UpdateExpression: ttl ? 'ADD #c :by SET #e = if_not_exists(#e, :ttl)' : 'ADD #c :by',
          ConditionExpression: condition?.ConditionExpression,
          ExpressionAttributeNames: { '#c': 'count', ...(ttl ? { '#e': 'expiresAt' } : {}), ...condition?.ExpressionAttributeNames },
          ExpressionAttributeValues: { ':by': by, ...(ttl ? { ':ttl': ttl } : {}), ...condition?.ExpressionAttributeValues },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.count ?? 0);
    } catch (e) {
      if (condition && isConditionFailure(e)) throw new AppError('720007');
      throw e;
    }
  }

  /** All-or-nothing writes (see requestItem for callers that send their own); a failed condition answers `onFail` (or the code named by the failing item). */
  async transact(items: (TransactItem & { failCode?: ErrorCode })[], onFail: ErrorCode = '720007'): Promise<void> {
    try {
      await this.rt.aws.doc.send(new TransactWriteCommand({ TransactItems: items.map(requestItem) }));
    } catch (e) {
      if (e instanceof TransactionCanceledException) {
        const reasons = e.CancellationReasons ?? [];
        const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
        throw new AppError((failed >= 0 && items[failed]?.failCode) || onFail);
      }
      if (isConditionFailure(e)) throw new AppError(onFail);
      throw e;
    }
  }

  /** Put of a new item inside a transaction, failing with `failCode` when the key exists. */
  putNew(entity: EntityName, item: Item, failCode: ErrorCode = '720001'): TransactItem & { failCode: ErrorCode } {
    const def = ENTITIES[entity];
    return { Put: { TableName: this.table(entity), Item: item, ...CONDITIONS.isNew(def.partitionKey.name) }, failCode };
  }

  /** Put replacing an item whose stored version is `version`. */
  putVersioned(entity: EntityName, item: Item, version: number): TransactItem & { failCode: ErrorCode } {
    return { Put: { TableName: this.table(entity), Item: item, ...CONDITIONS.versionIs(version) }, failCode: '720007' };
  }

  /** A partial update inside a transaction (SET of `set`, ADD of `add`), failing with `failCode` when `condition` does not hold. */
  updateItem(
    entity: EntityName,
    key: Key,
    change: { set?: Item; add?: Record<string, number> },
    condition?: { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item },
    failCode: ErrorCode = '720007',
  ): TransactItem & { failCode: ErrorCode } {
    const names: Record<string, string> = { ...condition?.ExpressionAttributeNames };
    const values: Item = { ...condition?.ExpressionAttributeValues };
    const clause = (verb: string, entries: [string, unknown][], prefix: string, join: string) => {
      if (entries.length === 0) return '';
      return `${verb} ${entries
        .map(([k, v], i) => {
          names[`#${prefix}${i}`] = k;
          values[`:${prefix}${i}`] = v;
          return `#${prefix}${i}${join}:${prefix}${i}`;
        })
        .join(', ')}`;
    };
    const expression = [clause('SET', Object.entries(change.set ?? {}), 's', ' = '), clause('ADD', Object.entries(change.add ?? {}), 'n', ' ')].filter(Boolean).join(' ');
    return {
      Update: {
        TableName: this.table(entity),
        Key: key,
        UpdateExpression: expression,
        ConditionExpression: condition?.ConditionExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
      failCode,
    };
  }

  deleteItem(entity: EntityName, key: Key): TransactItem {
    return { Delete: { TableName: this.table(entity), Key: key } };
  }

  forOrg(orgId: number): TenantStore {
    return new TenantStore(this, orgId);
  }
}

/**
 * Entities keyed `orgId` + `id`. Left out: a sharded one (accounts), whose keys need the shard (its own
 * repository builds them); the org-keyed ones (OrgKeyedEntity, reached through `tenant.keyed`); and one item an
 * organization without an id (the role directory, kept by the role domain code).
 */
export type TenantEntity = {
  [K in EntityName]: (typeof ENTITIES)[K]['scope'] extends 'tenant'
    ? (typeof ENTITIES)[K] extends { shardedPartition: object } | { orgKey: object }
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

/** The registry's org-key form of `entity`, with the attribute that holds `<orgId>#<rest>`. */
function orgKeyOf(entity: OrgKeyedEntity): { def: EntityDef; restAttribute: string; composed?: { sort: string } } {
  const def: EntityDef = ENTITIES[entity];
  const form = def.orgKey!;
  if (form.form === 'composed') return { def, restAttribute: form.restKey, composed: { sort: form.sort.name } };
  return { def, restAttribute: def.partitionKey.name };
}

/** One org-keyed table seen from one organization: every key it builds is in its organization. */
export class OrgKeyed<E extends OrgKeyedEntity> {
  readonly #store: Store;
  readonly #orgId: number;
  readonly #form: ReturnType<typeof orgKeyOf>;

  constructor(
    store: Store,
    orgId: number,
    readonly entity: E,
  ) {
    this.#store = store;
    this.#orgId = orgId;
    this.#form = orgKeyOf(entity);
  }

  /** `<orgId>#<rest>`: the partition of `rest` (prefixed), or its `restKey` attribute (composed). */
  partition(rest: string): string {
    return `${this.#orgId}#${rest}`;
  }

  key(rest: string, sort?: string | number): Key {
    const { def, composed } = this.#form;
    if (composed) return { orgId: this.#orgId, sk: composedSortKey(rest, sort) };
    return { [def.partitionKey.name]: this.partition(rest), ...(def.sortKey && sort !== undefined ? { [def.sortKey.name]: sort } : {}) };
  }

  /** The item's own sort value in a key this table answered (a page's `lastKey`): a cursor's position. */
  sortOf(rest: string, key: Item): string | number | undefined {
    const { def, composed } = this.#form;
    if (!composed) return def.sortKey ? (key[def.sortKey.name] as string | number | undefined) : undefined;
    const sk = key.sk as string | undefined;
    const head = composedSortKey(rest);
    if (!sk?.startsWith(head)) return undefined;
    const form = def.orgKey as { sort: { type: 'S' | 'N' } };
    return form.sort.type === 'N' ? Number(sk.slice(head.length)) : sk.slice(head.length);
  }

  /**
   * The item as stored: its keys built here, over whatever the caller spread in. For the store's own modules (a
   * transaction item of a domain function, the key migration); a handler writes with `put`.
   */
  place(rest: string, item: object): Item {
    const { def, restAttribute, composed } = this.#form;
    const placed: Item = { ...item, [restAttribute]: this.partition(rest) };
    if (composed) return { ...placed, orgId: this.#orgId, sk: composedSortKey(rest, (item as Item)[composed.sort] as string | number) };
    // a record that names its organization names the store's
    if ('orgId' in def.schema.shape) placed.orgId = this.#orgId;
    return placed;
  }

  /** The key condition of one rest: its partition (prefixed), or the organization's items whose `sk` starts with it. */
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

  /** A page of one rest; a `sortPrefix` names the item's own sort attribute. */
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

  /**
   * The organization's items on an index partitioned by a value another system gives, not prefixed (a push
   * token): every organization's items may share it, so only this one's are kept, each with its rest and sort.
   */
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

  private key(entity: TenantEntity, id: string): Key {
    const def: EntityDef = ENTITIES[entity];
    return { [def.partitionKey.name]: this.orgId, [def.sortKey!.name]: id };
  }

  /** The item with the organization stamped last, so a forged `orgId` in what a caller spread in is overwritten. */
  private owned(entity: TenantEntity, item: object): Item {
    return { ...item, [ENTITIES[entity].partitionKey.name]: this.orgId };
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

  /** The organization's records; with `attributes`, only those fields of each. */
  list<E extends TenantEntity>(entity: E): Promise<RecordOf<E>[]>;
  list<E extends TenantEntity, K extends keyof RecordOf<E> & string>(entity: E, attributes: readonly K[]): Promise<Pick<RecordOf<E>, K>[]>;
  list<E extends TenantEntity>(entity: E, attributes?: readonly string[]): Promise<RecordOf<E>[]> {
    return this.#store.queryAll(entity, { name: ENTITIES[entity].partitionKey.name, value: this.orgId }, undefined, attributes);
  }

  /** The organization's records a page (up to 1 MB) at a time. */
  pages<E extends TenantEntity>(entity: E, attributes?: readonly string[]): AsyncGenerator<RecordOf<E>[]> {
    return this.#store.queryPages(entity, { name: ENTITIES[entity].partitionKey.name, value: this.orgId }, undefined, attributes);
  }

  /**
   * One page of the organization's partition, or of an index whose partition is the organization: an index keyed
   * by anything else is refused (it could reach other organizations' items).
   */
  queryPage(entity: TenantEntity, q: TenantPageRead): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const def: EntityDef = ENTITIES[entity];
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

/** A transaction item as DynamoDB takes it: without the error code Herald answers when its condition fails. */
export const requestItem = ({ failCode: _f, ...item }: TransactItem & { failCode?: ErrorCode }): TransactItem => item;
