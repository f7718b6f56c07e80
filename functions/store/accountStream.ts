// The account table's stream where DynamoDB gives none.
// Each change goes to the organization of the key written, never to the caller's.
import { ACCOUNT_PARTITION_KEY, accountOrgOf } from '../../shared/entities';
import type { Runtime } from '../platform/runtime';
import type { WriteRequest } from './batchWrite';
import type { Item, Key, TransactItem } from './storeTypes';

export type AccountWrite = { key: Key; item?: Item; removed?: true };

export function accountWritesOf(table: string, items: readonly TransactItem[]): AccountWrite[] {
  return items.flatMap((t): AccountWrite[] => {
    if (t.Put?.TableName === table) return [{ key: t.Put.Item as Key, item: t.Put.Item }];
    if (t.Delete?.TableName === table) return [{ key: t.Delete.Key as Key, removed: true }];
    if (t.Update?.TableName === table) return [{ key: t.Update.Key as Key }];
    return [];
  });
}

export function accountWritesOfBatch(batch: readonly WriteRequest[], keyOf: (item: Item) => Key, done: boolean): AccountWrite[] {
  return batch.map((r) => {
    const key = 'PutRequest' in r ? keyOf(r.PutRequest.Item) : r.DeleteRequest.Key;
    if (!done) return { key };
    return 'PutRequest' in r ? { key, item: r.PutRequest.Item } : { key, removed: true };
  });
}

export async function streamAccountWrites(rt: Runtime, writes: readonly AccountWrite[], readBack: (keys: Key[]) => Promise<(Item | undefined)[]>): Promise<void> {
  const feed = rt.ports.accountFeed;
  if (!feed || writes.length === 0) return;
  try {
    const unknown = writes.filter((w) => !w.item && !w.removed);
    const read = unknown.length ? await readBack(unknown.map((w) => w.key)) : [];
    const images = new Map(unknown.map((w, i) => [w, read[i]]));
    const byOrg = new Map<number, { id: string; account?: Item }[]>();
    for (const w of writes) {
      const orgId = accountOrgOf(w.key[ACCOUNT_PARTITION_KEY]);
      if (orgId === undefined) continue;
      const item = images.has(w) ? images.get(w) : w.item;
      const changes = byOrg.get(orgId) ?? [];
      changes.push({ id: String(w.key.id), ...(item ? { account: item } : {}) });
      byOrg.set(orgId, changes);
    }
    await Promise.all([...byOrg].map(([orgId, changes]) => feed(orgId, changes)));
  } catch (e) {
    // the write stands: the snapshot misses this change until it is next built from the table
    rt.log.warn('account changes not recorded for the audience snapshot', { error: String(e) });
  }
}
