/**
 * Data access for every entity, in one place. Conditions are named; a failed condition becomes a catalogue
 * error. Tenant entities are reached only through `TenantStore`, whose orgId comes from the verified identity.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { ENTITIES, type EntityDef, type EntityName, tableName } from '../../shared/entities';
import { AppError, type ErrorCode } from '../../shared/errors';
import type { Runtime } from '../platform/runtime';

export type Item = Record<string, unknown>;
/** A stored record of an entity, as its registry schema describes it: the entity name decides the type. */
export type RecordOf<E extends EntityName> = z.output<(typeof ENTITIES)[E]['schema']>;
export type Key = Record<string, string | number>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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

  /** Reads several items of several tables in one round trip; answers in the order asked. */
  async getMany(requests: { entity: EntityName; key: Key }[]): Promise<(Item | undefined)[]> {
    if (requests.length === 0) return [];
    const RequestItems: Record<string, { Keys: Key[]; ConsistentRead: boolean }> = {};
    for (const r of requests) {
      const t = this.table(r.entity);
      const list = (RequestItems[t] ??= { Keys: [], ConsistentRead: true }).Keys;
      if (!list.some((k) => JSON.stringify(k) === JSON.stringify(r.key))) list.push(r.key);
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

  /** All items under one partition (admin-sized sets), optionally through an index. */
  async queryAll<E extends EntityName>(entity: E, partition: { name: string; value: string | number }, index?: string): Promise<RecordOf<E>[]> {
    const items: RecordOf<E>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await this.rt.aws.doc.send(
        new QueryCommand({
          TableName: this.table(entity),
          IndexName: index,
          KeyConditionExpression: '#p = :p',
          ExpressionAttributeNames: { '#p': partition.name },
          ExpressionAttributeValues: { ':p': partition.value },
          ExclusiveStartKey,
        }),
      );
      items.push(...((out.Items ?? []) as RecordOf<E>[]));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  /** Every item of a table: for the local stand-ins' own state only, never on a request path. */
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

  /** Atomically adds to a counter and answers the new value; `ttl` (epoch s) lets DynamoDB remove it. */
  async increment(entity: EntityName, key: Key, by = 1, ttl?: number): Promise<number> {
    const out = await this.rt.aws.doc.send(
      new UpdateCommand({
        TableName: this.table(entity),
        Key: key,
        UpdateExpression: ttl ? 'ADD #c :by SET #e = if_not_exists(#e, :ttl)' : 'ADD #c :by',
        ExpressionAttributeNames: ttl ? { '#c': 'count', '#e': 'expiresAt' } : { '#c': 'count' },
        ExpressionAttributeValues: ttl ? { ':by': by, ':ttl': ttl } : { ':by': by },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.count ?? 0);
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

  deleteItem(entity: EntityName, key: Key): TransactItem {
    return { Delete: { TableName: this.table(entity), Key: key } };
  }

  forOrg(orgId: number): TenantStore {
    return new TenantStore(this, orgId);
  }
}

export type TenantEntity = { [K in EntityName]: (typeof ENTITIES)[K]['scope'] extends 'tenant' ? K : never }[EntityName];

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

  list<E extends TenantEntity>(entity: E): Promise<RecordOf<E>[]> {
    return this.store.queryAll(entity, { name: ENTITIES[entity].partitionKey.name, value: this.orgId });
  }

  /** Stamps orgId onto an item before writing it. */
  own<T extends Item>(item: T): T & { orgId: number } {
    return { ...item, orgId: this.orgId };
  }

  deleteItem(entity: TenantEntity, id: string): TransactItem {
    return this.store.deleteItem(entity, this.key(entity, id));
  }
}
