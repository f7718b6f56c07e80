/**
 * Where a run's DynamoDB traffic lands, partition by partition: every request the client makes is charged, per
 * table (and index) and partition key value, the write and read units AWS would bill for it. `report(n, rate)`
 * scales a run of `n` recipients to `rate` recipients a second and prints, per table, the hottest partitions
 * against DynamoDB's per-partition limits (1,000 write units and 3,000 read units a second). A partition key value
 * is the unit that limit binds: adaptive capacity splits a hot partition by sort key, never one key value.
 *
 * Units as AWS bills them: a write one per KB of the item (an update or delete, whose size the request does not
 * show, one), a transaction's items twice, a strongly consistent read one per 4 KB (a query as DynamoDB Local
 * reports it). Index writes are charged where the item written names the index's partition key (puts); an update
 * that moves an item on an index is not seen here, so indexes are a floor.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ENTITY_LIST, type EntityDef, tableName } from '../shared/entities';

/** DynamoDB's throughput limit of one partition, per second. */
export const PARTITION_LIMIT = { write: 1000, read: 3000 } as const;

type Item = Record<string, unknown>;

/** An attribute's value as text: as the document client passes it, or marshalled (`{ S: … }`, `{ N: … }`). */
const keyText = (v: unknown): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object' && !Array.isArray(v)) {
    const [type, inner] = Object.entries(v)[0] ?? [];
    if (type === 'S' || type === 'N' || type === 'B') return String(inner);
  }
  return String(v);
};
const kb = (item: Item, per: number) => Math.max(1, Math.ceil(JSON.stringify(item).length / per));

export function partitionRecorder(client: DynamoDBClient, prefix: string) {
  const defs = new Map<string, EntityDef>(ENTITY_LIST.map((def) => [tableName(prefix, def), def]));
  const charged = new Map<string, { write: number; read: number }>();
  const charge = (table: string, index: string | undefined, key: string | undefined, kind: 'write' | 'read', units: number) => {
    const name = `${table.slice(prefix.length)}${index ? `.${index}` : ''}\u0000${key ?? '?'}`;
    const c = charged.get(name) ?? { write: 0, read: 0 };
    c[kind] += units;
    charged.set(name, c);
  };
  /** A written item: its table's partition, and each index whose partition key it holds (the index's copy). */
  const written = (table: string, item: Item, units: number) => {
    const def = defs.get(table);
    if (!def) return;
    charge(table, undefined, keyText(item[def.partitionKey.name]), 'write', units);
    for (const ix of def.indexes ?? []) {
      const at = keyText(item[ix.partitionKey.name]);
      if (at !== undefined) charge(table, ix.name, at, 'write', ix.projection === 'KEYS_ONLY' ? 1 : units);
    }
  };
  const keyed = (table: string, key: Item, kind: 'write' | 'read', units: number) => {
    const def = defs.get(table);
    if (def) charge(table, undefined, keyText(key[def.partitionKey.name]), kind, units);
  };
  /** The value a query's key condition gives the partition attribute (of the table or the index it names). */
  const queried = (input: {
    TableName: string;
    IndexName?: string;
    KeyConditionExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Item;
  }) => {
    const def = defs.get(input.TableName);
    const attribute = input.IndexName ? def?.indexes?.find((i) => i.name === input.IndexName)?.partitionKey.name : def?.partitionKey.name;
    for (const [, name, value] of (input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
      const resolved = name!.startsWith('#') ? input.ExpressionAttributeNames?.[name!] : name;
      if (resolved === attribute) return keyText(input.ExpressionAttributeValues?.[value!]);
    }
    return undefined;
  };

  client.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const op = String(context.commandName).replace(/Command$/, '');
      const input = args.input as Record<string, any>;
      switch (op) {
        case 'PutItem':
          written(input.TableName, input.Item, kb(input.Item, 1024));
          break;
        case 'UpdateItem':
        case 'DeleteItem':
          keyed(input.TableName, input.Key, 'write', 1);
          break;
        case 'GetItem':
          keyed(input.TableName, input.Key, 'read', 1);
          break;
        case 'BatchWriteItem':
          for (const [table, requests] of Object.entries(input.RequestItems as Record<string, any[]>))
            for (const r of requests) r.PutRequest ? written(table, r.PutRequest.Item, kb(r.PutRequest.Item, 1024)) : keyed(table, r.DeleteRequest.Key, 'write', 1);
          break;
        case 'BatchGetItem':
          for (const [table, request] of Object.entries(input.RequestItems as Record<string, { Keys: Item[] }>)) for (const key of request.Keys) keyed(table, key, 'read', 1);
          break;
        case 'TransactWriteItems':
          for (const t of input.TransactItems as any[]) {
            if (t.Put) written(t.Put.TableName, t.Put.Item, 2 * kb(t.Put.Item, 1024));
            else {
              const part = t.Update ?? t.Delete ?? t.ConditionCheck;
              keyed(part.TableName, part.Key, 'write', 2);
            }
          }
          break;
        case 'TransactGetItems':
          for (const t of input.TransactItems as any[]) keyed(t.Get.TableName, t.Get.Key, 'read', 2);
          break;
        case 'Query': {
          const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity?.CapacityUnits;
          charge(input.TableName, input.IndexName, queried(input as Parameters<typeof queried>[0]), 'read', consumed ?? 1);
          break;
        }
      }
      return out;
    },
    { step: 'initialize', name: 'benchPartitions' },
  );

  return {
    reset: () => charged.clear(),
    /** The hottest partitions of each table at `rate` recipients a second, from a run of `n`. */
    report(n: number, rate: number, top = 1): string[] {
      const scale = rate / n;
      const tables = new Map<string, { key: string; write: number; read: number }[]>();
      for (const [name, units] of charged) {
        const [table, key] = name.split('\u0000') as [string, string];
        tables.set(table, [...(tables.get(table) ?? []), { key, write: units.write * scale, read: units.read * scale }]);
      }
      const share = (p: { write: number; read: number }) => Math.max(p.write / PARTITION_LIMIT.write, p.read / PARTITION_LIMIT.read);
      const lines: string[] = [];
      const rows = [...tables].map(([table, parts]) => ({ table, parts: parts.sort((a, b) => share(b) - share(a)) })).sort((a, b) => share(b.parts[0]!) - share(a.parts[0]!));
      for (const { table, parts } of rows)
        for (const p of parts.slice(0, top))
          lines.push(
            `${table.padEnd(28)} ${p.key.slice(0, 60).padEnd(60)} ${p.write.toFixed(0).padStart(7)} WCU/s ${p.read.toFixed(0).padStart(7)} RCU/s  ${(share(p) * 100).toFixed(0).padStart(5)}% of the limit (${parts.length} partitions)`,
          );
      return lines;
    },
  };
}
