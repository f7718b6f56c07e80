/** The untenanted store's reads and writes: every entity's table, by full key. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ENTITIES, type EntityName, tableName } from '../../shared/entities';
import { AppError, type ErrorCode } from '../../shared/errors';
import type { Runtime } from '../platform/runtime';
import { type AccountWrite, accountWritesOf, accountWritesOfBatch, streamAccountWrites } from './accountStream';
import { type WriteRequest, writeInBatches } from './batchWrite';
import { CONDITIONS, type Condition, isConditionFailure, requestItem } from './conditions';
import type { Item, Key, PageRead, RecordOf, TransactItem } from './storeTypes';

/** Keys one BatchGetItem call reads at most. */
const BATCH_GET_MAX = 100;

export class TableStore {
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

  /** Reads several items of several tables, in one round trip per 100 of them (BatchGetItem's limit). */
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

  /** One page of a query: at most `limit` items evaluated (DynamoDB filters after `limit`), in index order or reversed. */
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

  async query(entity: EntityName, input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: Item[]; count: number; lastKey?: Item }> {
    const out = await this.rt.aws.doc.send(new QueryCommand({ ...input, TableName: this.table(entity) }));
    return { items: (out.Items ?? []) as Item[], count: out.Count ?? 0, lastKey: out.LastEvaluatedKey };
  }

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

  private async streamed(entity: EntityName, writes: () => AccountWrite[]): Promise<void> {
    if (entity !== 'account' || !this.rt.ports.accountFeed) return;
    await streamAccountWrites(this.rt, writes(), (keys) => this.getMany(keys.map((key) => ({ entity, key }))));
  }

  async put(entity: EntityName, item: Item, condition?: Condition, onFail: ErrorCode = '720007'): Promise<void> {
    try {
      await this.rt.aws.doc.send(new PutCommand({ TableName: this.table(entity), Item: item, ...condition }));
    } catch (e) {
      if (isConditionFailure(e)) throw new AppError(onFail);
      throw e;
    }
    await this.streamed(entity, () => [{ key: this.keyOf(entity, item), item }]);
  }

  /** Unconditional puts in batches of 25, `parallel` requests at once (bulk loads: seeds, imports); retries what DynamoDB leaves unprocessed. */
  async putMany(entity: EntityName, items: readonly Item[], parallel = 1): Promise<void> {
    await this.writeMany(
      entity,
      items.map((Item) => ({ PutRequest: { Item } })),
      parallel,
    );
  }

  async deleteMany(entity: EntityName, keys: Key[]): Promise<void> {
    await this.writeMany(
      entity,
      keys.map((Key) => ({ DeleteRequest: { Key } })),
    );
  }

  private async writeMany(entity: EntityName, requests: WriteRequest[], parallel = 1): Promise<void> {
    const { begun, failed, error } = await writeInBatches(this.rt.aws.doc, this.table(entity), requests, parallel);
    // one stream call for the whole write, once every batch begun has ended
    await this.streamed(entity, () => begun.flatMap((b) => accountWritesOfBatch(b, (item) => this.keyOf(entity, item), !failed.has(b))));
    if (error !== undefined) throw error;
  }

  async delete(entity: EntityName, key: Key): Promise<void> {
    await this.rt.aws.doc.send(new DeleteCommand({ TableName: this.table(entity), Key: key }));
    await this.streamed(entity, () => [{ key, removed: true }]);
  }

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
    await this.streamed(entity, () => [{ key, removed: true }]);
  }

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
      await this.streamed(entity, () => [{ key, item: out.Attributes as Item }]);
      return out.Attributes as Item;
    } catch (e) {
      if (isConditionFailure(e)) throw new AppError(onFail);
      throw e;
    }
  }

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
      await this.streamed(entity, () => [{ key }]);
      return Number(out.Attributes?.count ?? 0);
    } catch (e) {
      if (condition && isConditionFailure(e)) throw new AppError('720007');
      throw e;
    }
  }

  async transact(items: (TransactItem & { failCode?: ErrorCode })[], onFail: ErrorCode = '720007'): Promise<void> {
    try {
      await this.rt.aws.doc.send(new TransactWriteCommand({ TransactItems: items.map(requestItem) }));
      await this.streamed('account', () => accountWritesOf(this.table('account'), items));
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

  putNew(entity: EntityName, item: Item, failCode: ErrorCode = '720001'): TransactItem & { failCode: ErrorCode } {
    const def = ENTITIES[entity];
    return { Put: { TableName: this.table(entity), Item: item, ...CONDITIONS.isNew(def.partitionKey.name) }, failCode };
  }

  putVersioned(entity: EntityName, item: Item, version: number): TransactItem & { failCode: ErrorCode } {
    return { Put: { TableName: this.table(entity), Item: item, ...CONDITIONS.versionIs(version) }, failCode: '720007' };
  }

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
}
