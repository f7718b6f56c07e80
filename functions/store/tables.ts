/** Creates the registry's tables in a DynamoDB endpoint (DynamoDB Local, tests). */
import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { ENTITY_LIST, type EntityDef, tableName } from '../../shared/entities';

export function keySchemaOf(def: EntityDef) {
  const attrs = new Map<string, AttributeDefinition>();
  const add = (a: { name: string; type: 'S' | 'N' }) => attrs.set(a.name, { AttributeName: a.name, AttributeType: a.type });
  add(def.partitionKey);
  if (def.sortKey) add(def.sortKey);
  for (const idx of def.indexes ?? []) {
    add(idx.partitionKey);
    if (idx.sortKey) add(idx.sortKey);
  }
  const keys = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    AttributeDefinitions: [...attrs.values()],
    KeySchema: keys(def.partitionKey, def.sortKey),
    GlobalSecondaryIndexes: def.indexes?.length
      ? def.indexes.map((i) => ({ IndexName: i.name, KeySchema: keys(i.partitionKey, i.sortKey), Projection: { ProjectionType: i.projection ?? 'ALL' } }))
      : undefined,
  };
}

/** `expire: false` leaves the tables' TTL off. */
export async function ensureTables(client: DynamoDBClient, prefix: string, opts: { expire?: boolean } = {}): Promise<void> {
  await Promise.all(ENTITY_LIST.map((def) => ensureTable(client, tableName(prefix, def), opts.expire === false ? { ...def, ttlAttribute: undefined } : def)));
}

export async function ensureTable(client: DynamoDBClient, TableName: string, def: EntityDef): Promise<void> {
  try {
    await client.send(new CreateTableCommand({ TableName, BillingMode: 'PAY_PER_REQUEST', ...keySchemaOf(def) }));
  } catch (e) {
    if (e instanceof ResourceInUseException) {
      await addMissingIndexes(client, TableName, def);
      return enableTtl(client, TableName, def, true);
    }
    throw e;
  }
  await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName });
  await enableTtl(client, TableName, def, false);
}

async function enableTtl(client: DynamoDBClient, TableName: string, def: EntityDef, existing: boolean): Promise<void> {
  if (!def.ttlAttribute) return;
  if (existing) {
    const { TimeToLiveDescription: ttl } = await client.send(new DescribeTimeToLiveCommand({ TableName }));
    if (ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING') return;
  }
  await client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true } }));
}

async function addMissingIndexes(client: DynamoDBClient, TableName: string, def: EntityDef): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const schema = keySchemaOf(def);
  for (const index of schema.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: schema.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName });
  }
}
