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
  ScanCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { ENTITIES, type EntityDef, type EntityName, tableName } from '../../shared/entities';
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
   * Reads several items of several tables in one round trip; answers in the order asked. `attributes` reads only
   * those (with the key) of an item; requests of one table read the union of what they ask.
   */
  async getMany(requests: { entity: EntityName; key: Key; attributes?: readonly string[] }[]): Promise<(Item | undefined)[]> {
    if (requests.length === 0) return [];
    type TableRead = { Keys: Key[]; ConsistentRead: boolean; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> };
    const RequestItems: Record<string, TableRead> = {};
    const projections = new Map<string, Set<string> | null>();
    for (const r of requests) {
      const t = this.table(r.entity);
      const list = (RequestItems[t] ??= { Keys: [], ConsistentRead: true }).Keys;
      if (!list.some((k) => JSON.stringify(k) === JSON.stringify(r.key))) list.push(r.key);
      const wanted = projections.has(t) ? projections.get(t) : new Set<string>();
      if (!r.attributes || wanted === null) projections.set(t, null);
      else projections.set(t, new Set([...wanted!, ...r.attributes, ...Object.keys(r.key)]));
    }
    for (const [t, attributes] of projections) {
      if (!attributes) continue;
      const names = [...attributes];
      RequestItems[t].ProjectionExpression = names.map((_, i) => `#a${i}`).join(', ');
      RequestItems[t].ExpressionAttributeNames = Object.fromEntries(names.map((n, i) => [`#a${i}`, n]));
    }
    const found: Record<string, Item[]> = {};
    let pending: typeof RequestItems | undefined = RequestItems;
    for (let attempt = 0; pending && Object.keys(pending).length > 0 && attempt < 8; attempt++) {
      const out = await this.rt.aws.doc.send(new BatchGetCommand({ RequestItems: pending }));
      for (const [t, items] of Object.entries(out.Responses ?? {})) (found[t] ??= []).push(...(items as Item[]));
      pending = out.UnprocessedKeys as typeof RequestItems | undefined;
    }
    return requests.map((r) => {
      const t = this.table(r.entity);
      return found[t]?.find((item) => Object.entries(r.key).every(([k, v]) => item[k] === v));
    });
  }

  /**
   * All items under one partition (admin-sized sets), optionally through an index; with `attributes`, only those
   * attributes of each item (a list that leaves large bodies unread).
   */
  async queryAll<E extends EntityName>(
    entity: E,
    partition: { name: string; value: string | number },
    index?: string,
    attributes?: readonly string[],
  ): Promise<RecordOf<E>[]> {
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

  async put(entity: EntityName, item: Item, condition?: ReturnType<(typeof CONDITIONS)[keyof typeof CONDITIONS]>, onFail: ErrorCode = '720007'): Promise<void> {
    try {
      await this.rt.aws.doc.send(new PutCommand({ TableName: this.table(entity), Item: item, ...condition }));
    } catch (e) {
      if (isConditionFailure(e)) throw new AppError(onFail);
      throw e;
    }
  }

  /** Unconditional puts in batches of 25 (bulk loads: seeds, imports); retries what DynamoDB leaves unprocessed. */
  async putMany(entity: EntityName, items: Item[]): Promise<void> {
    await this.writeMany(entity, items.map((Item) => ({ PutRequest: { Item } })));
  }

  /** Unconditional deletes in batches of 25 (a replaced load's leftovers). */
  async deleteMany(entity: EntityName, keys: Key[]): Promise<void> {
    await this.writeMany(entity, keys.map((Key) => ({ DeleteRequest: { Key } })));
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
    const parts = Object.entries(set).map(([k, v], i) => {
      names[`#s${i}`] = k;
      values[`:s${i}`] = v;
      return `#s${i} = :s${i}`;
    });
    try {
      const out = await this.rt.aws.doc.send(
        new UpdateCommand({
          TableName: this.table(entity),
          Key: key,
          UpdateExpression: `SET ${parts.join(', ')}`,
          ConditionExpression: condition?.ConditionExpression,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
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

  /** All-or-nothing writes; a failed condition answers `onFail` (or the code named by the failing item). */
  async transact(items: (TransactItem & { failCode?: ErrorCode })[], onFail: ErrorCode = '720007'): Promise<void> {
    try {
      await this.rt.aws.doc.send(new TransactWriteCommand({ TransactItems: items.map(({ failCode: _f, ...rest }) => rest) }));
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
    const expression = [clause('SET', Object.entries(change.set ?? {}), 's', ' = '), clause('ADD', Object.entries(change.add ?? {}), 'n', ' ')]
      .filter(Boolean)
      .join(' ');
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
 * Entities keyed by orgId first. A sharded one (accounts) is left out: an orgId-only key would miss its shards, so
 * it has its own repository that builds keys with the shard.
 */
export type TenantEntity = {
  [K in EntityName]: (typeof ENTITIES)[K]['scope'] extends 'tenant' ? ((typeof ENTITIES)[K] extends { shardedPartition: object } ? never : K) : never;
}[EntityName];

/** The only way to tenant data: every key starts with the caller's organization. */
export class TenantStore {
  constructor(
    readonly store: Store,
    readonly orgId: number,
  ) {}

  private key(entity: TenantEntity, id: string): Key {
    const def: EntityDef = ENTITIES[entity];
    return { [def.partitionKey.name]: this.orgId, [def.sortKey!.name]: id };
  }

  get<E extends TenantEntity>(entity: E, id: string): Promise<RecordOf<E> | undefined> {
    return this.store.get(entity, this.key(entity, id));
  }

  /** Like `get`, but a missing item (including one of another organization) answers 720003. */
  async require<E extends TenantEntity>(entity: E, id: string): Promise<RecordOf<E>> {
    const item = await this.get(entity, id);
    if (!item) throw new AppError('720003');
    return item;
  }

  /** The organization's records; with `attributes`, only those fields of each. */
  list<E extends TenantEntity>(entity: E): Promise<RecordOf<E>[]>;
  list<E extends TenantEntity, K extends keyof RecordOf<E> & string>(entity: E, attributes: readonly K[]): Promise<Pick<RecordOf<E>, K>[]>;
  list<E extends TenantEntity>(entity: E, attributes?: readonly string[]): Promise<RecordOf<E>[]> {
    return this.store.queryAll(entity, { name: ENTITIES[entity].partitionKey.name, value: this.orgId }, undefined, attributes);
  }

  /** Stamps orgId onto an item before writing it. */
  own<T extends Item>(item: T): T & { orgId: number } {
    return { ...item, orgId: this.orgId };
  }

  deleteItem(entity: TenantEntity, id: string): TransactItem {
    return this.store.deleteItem(entity, this.key(entity, id));
  }
}
