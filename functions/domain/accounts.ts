// Data access for accounts, in one place.
// Every key is built here from the tenant's organization, so no read can reach another organization's shards.
import { type Account, ACCOUNT_SHARDS, ACCOUNT_STORAGE_FIELDS, accountEmailKey, accountKey, accountPartition, accountShard, accountZoneKey, NO_ZONE } from '../../shared/entities';
import { CONDITIONS, type Item, type Store, TenantStore } from '../store/store';

type Key = { pk: string; id: string };

/** Keys per BatchGetItem request, and BatchWriteItem requests sent at once by a bulk write. */
const BATCH_GET = 100;
const WRITE_PARALLEL = 8;

/** DynamoDB orders string keys by their UTF-8 bytes; merged pages must use the same order. */
export function compareIds(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function toAccount(item: Item): Account {
  const account = { ...item };
  for (const field of ACCOUNT_STORAGE_FIELDS) delete account[field];
  return account as Account;
}

function toItem(account: Account): Item {
  const primary = account.emails[0];
  return {
    ...account,
    ...accountKey(account.orgId, account.id),
    ...(primary ? { emailKey: accountEmailKey(account.orgId, primary) } : {}),
    zoneKey: accountZoneKey(account.orgId, account.timeZone, accountShard(account.id)),
  };
}

const knownZones = new Map<string, Set<string>>();

/** Adds the accounts' zones to the organization's zone set, one write the first time this process sees a zone. */
async function noteZones(store: Store, orgId: number, accounts: readonly Account[]): Promise<void> {
  const key = `zones#${orgId}`;
  const cacheKey = `${store.table('triggerState')}|${key}`;
  const known = knownZones.get(cacheKey) ?? new Set<string>();
  knownZones.set(cacheKey, known);
  const fresh = [...new Set(accounts.map((a) => a.timeZone || NO_ZONE))].filter((z) => !known.has(z));
  if (fresh.length === 0) return;
  await store.transact([
    {
      Update: {
        TableName: store.table('triggerState'),
        Key: { key },
        UpdateExpression: 'ADD #z :z',
        ExpressionAttributeNames: { '#z': 'zones' },
        ExpressionAttributeValues: { ':z': new Set(fresh) },
      },
    },
  ]);
  for (const z of fresh) known.add(z);
}

function projection(paths: readonly string[]): { ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> } {
  const names: Record<string, string> = {};
  const parts = [...new Set(paths)].map((path) =>
    path
      .split('.')
      .map((segment) => {
        const existing = Object.entries(names).find(([, n]) => n === segment)?.[0];
        if (existing) return existing;
        const placeholder = `#n${Object.keys(names).length}`;
        names[placeholder] = segment;
        return placeholder;
      })
      .join('.'),
  );
  return { ProjectionExpression: parts.join(', '), ExpressionAttributeNames: names };
}

export interface ShardPage {
  accounts: Account[];
  next?: string;
}

/** The accounts of one organization: the only way to the account table. */
export class Accounts {
  private readonly store: Store;
  readonly orgId: number;

  constructor(tenant: TenantStore) {
    // the sharded repository builds its keys from the tenant store's organization (see the header)
    this.store = TenantStore.internals(tenant).store;
    this.orgId = tenant.orgId;
  }

  private key(id: string): Key {
    return accountKey(this.orgId, id);
  }

  async get(id: string): Promise<Account | undefined> {
    const item = await this.store.get('account', this.key(id));
    return item ? toAccount(item) : undefined;
  }

  async getMany(ids: readonly string[]): Promise<Map<string, Account>> {
    const unique = [...new Set(ids)];
    const found = new Map<string, Account>();
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += BATCH_GET) chunks.push(unique.slice(i, i + BATCH_GET));
    await Promise.all(
      chunks.map(async (chunk) => {
        let keys: Record<string, unknown>[] = chunk.map((id) => this.key(id));
        for (let attempt = 0; keys.length > 0; attempt++) {
          if (attempt === 8) throw new Error('account read left keys unprocessed');
          if (attempt > 0) await new Promise((r) => setTimeout(r, 2 ** attempt * 10));
          const out = await this.store.batchGetKeys('account', keys);
          for (const item of out.items) found.set(item.id as string, toAccount(item));
          keys = out.unprocessed;
        }
      }),
    );
    return found;
  }

  async create(account: Account): Promise<void> {
    await this.store.put('account', toItem({ ...account, orgId: this.orgId }), CONDITIONS.isNew('id'), '720001');
    await noteZones(this.store, this.orgId, [account]);
  }

  async replace(account: Account, version: number): Promise<void> {
    await this.store.put('account', toItem({ ...account, orgId: this.orgId }), CONDITIONS.versionIs(version), '720007');
    await noteZones(this.store, this.orgId, [account]);
  }

  async remove(id: string): Promise<void> {
    await this.store.deleteIf('account', this.key(id), CONDITIONS.exists('id'), '720003');
  }

  /** Whole accounts by BatchWriteItem (bulk import), unconditional: the caller read each one's version just before. */
  async putMany(accounts: readonly Account[]): Promise<void> {
    await this.store.putMany(
      'account',
      accounts.map((a) => toItem({ ...a, orgId: this.orgId })),
      WRITE_PARALLEL,
    );
    await noteZones(this.store, this.orgId, accounts);
  }

  async readZonePage(zone: string, shard: number, opts: { after?: string; limit?: number } = {}): Promise<ShardPage> {
    const zoneKey = accountZoneKey(this.orgId, zone === NO_ZONE ? undefined : zone, shard);
    const out = await this.store.query('account', {
      IndexName: 'byZone',
      KeyConditionExpression: '#z = :z',
      ExpressionAttributeNames: { '#z': 'zoneKey' },
      ExpressionAttributeValues: { ':z': zoneKey },
      ExclusiveStartKey: opts.after === undefined ? undefined : { zoneKey, ...accountKey(this.orgId, opts.after) },
      Limit: opts.limit,
    });
    return { accounts: out.items.map(toAccount), next: out.lastKey?.id as string | undefined };
  }

  async readShardPage(shard: number, opts: { after?: string; limit?: number; attributes?: readonly string[] } = {}): Promise<ShardPage> {
    const pk = accountPartition(this.orgId, shard);
    const projected = opts.attributes ? projection(['id', ...opts.attributes]) : undefined;
    const out = await this.store.query('account', {
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'pk', ...projected?.ExpressionAttributeNames },
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: projected?.ProjectionExpression,
      ExclusiveStartKey: opts.after === undefined ? undefined : { pk, id: opts.after },
      Limit: opts.limit,
    });
    return { accounts: out.items.map(toAccount), next: out.lastKey?.id as string | undefined };
  }

  async page(q: { after?: string; prefix?: string; size: number }): Promise<{ accounts: Account[]; more: boolean }> {
    const reads = await Promise.all(
      Array.from({ length: ACCOUNT_SHARDS }, async (_, shard) => {
        const pk = accountPartition(this.orgId, shard);
        const out = await this.store.query('account', {
          KeyConditionExpression: q.prefix ? '#pk = :pk AND begins_with(#id, :prefix)' : '#pk = :pk',
          ExpressionAttributeNames: { '#pk': 'pk', ...(q.prefix ? { '#id': 'id' } : {}) },
          ExpressionAttributeValues: { ':pk': pk, ...(q.prefix ? { ':prefix': q.prefix } : {}) },
          ExclusiveStartKey: q.after === undefined ? undefined : { pk, id: q.after },
          Limit: q.size,
        });
        return { items: out.items, more: Boolean(out.lastKey) };
      }),
    );
    const merged = reads.flatMap((r) => r.items).sort((a, b) => compareIds(a.id as string, b.id as string));
    return {
      accounts: merged.slice(0, q.size).map(toAccount),
      more: merged.length > q.size || reads.some((r) => r.more),
    };
  }

  async count(ms: number): Promise<{ total: number; complete: boolean }> {
    const until = Date.now() + ms;
    let complete = true;
    const counts = await Promise.all(
      Array.from({ length: ACCOUNT_SHARDS }, async (_, shard) => {
        const pk = accountPartition(this.orgId, shard);
        let total = 0;
        let start: Record<string, unknown> | undefined;
        do {
          if (Date.now() > until) {
            complete = false;
            break;
          }
          const out = await this.store.query('account', {
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': 'pk' },
            ExpressionAttributeValues: { ':pk': pk },
            Select: 'COUNT',
            ExclusiveStartKey: start,
          });
          total += out.count;
          start = out.lastKey;
        } while (start);
        return total;
      }),
    );
    return { total: counts.reduce((a, b) => a + b, 0), complete };
  }

  async byEmail(email: string, size: number): Promise<Account[]> {
    const out = await this.store.query('account', {
      IndexName: 'byEmail',
      KeyConditionExpression: '#e = :e',
      ExpressionAttributeNames: { '#e': 'emailKey' },
      ExpressionAttributeValues: { ':e': accountEmailKey(this.orgId, email) },
      Limit: size,
    });
    const found = await this.getMany(out.items.map((k) => k.id as string));
    // the index is eventually consistent: an address changed a moment ago may still point at its old account
    const wanted = email.trim().toLowerCase();
    return [...found.values()].filter((a) => a.emails[0]?.toLowerCase() === wanted).sort((a, b) => compareIds(a.id, b.id));
  }
}

export function readShardPage(store: Store, orgId: number, shard: number, after: string | undefined, limit: number): Promise<ShardPage> {
  return new Accounts(store.forOrg(orgId)).readShardPage(shard, { after, limit });
}

export function readZonePage(store: Store, orgId: number, zone: string, shard: number, after: string | undefined, limit: number): Promise<ShardPage> {
  return new Accounts(store.forOrg(orgId)).readZonePage(zone, shard, { after, limit });
}
