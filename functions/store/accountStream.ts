/**
 * The account table's stream where DynamoDB gives none. On AWS the table's stream hands every account write to the
 * audience snapshot (functions/domain/audience/streamLambda.ts); locally the runtime's `accountFeed` port stands in
 * for it, and the table store tells it of each write to the account table once the write succeeded, whoever made
 * it (the account repository, a migration, a test's seed), as the stream would. Each change goes to the
 * organization of the key written, never to the caller's.
 */
import { ACCOUNT_PARTITION_KEY, accountOrgOf } from '../../shared/entities';
import type { Runtime } from '../platform/runtime';
import type { WriteRequest } from './batchWrite';
import type { Item, Key, TransactItem } from './storeTypes';

/**
 * An account item a write left: its new image, `removed`, or neither when the write did not answer the image
 * (an update inside a transaction, an unprocessed batch): then it is read back.
 */
export type AccountWrite = { key: Key; item?: Item; removed?: true };

/** The writes of a transaction's items to the account table `table`. */
export function accountWritesOf(table: string, items: readonly TransactItem[]): AccountWrite[] {
  return items.flatMap((t): AccountWrite[] => {
    if (t.Put?.TableName === table) return [{ key: t.Put.Item as Key, item: t.Put.Item }];
    if (t.Delete?.TableName === table) return [{ key: t.Delete.Key as Key, removed: true }];
    if (t.Update?.TableName === table) return [{ key: t.Update.Key as Key }];
    return [];
  });
}

/** A batch's requests as account writes; a batch that failed may have written part of itself: its items are read back. */
export function accountWritesOfBatch(batch: readonly WriteRequest[], keyOf: (item: Item) => Key, done: boolean): AccountWrite[] {
  return batch.map((r) => {
    const key = 'PutRequest' in r ? keyOf(r.PutRequest.Item) : r.DeleteRequest.Key;
    if (!done) return { key };
    return 'PutRequest' in r ? { key, item: r.PutRequest.Item } : { key, removed: true };
  });
}

/**
 * Hands the writes to the runtime's account feed, one call per organization (read from each key). `readBack`
 * reads the items of writes that carry no image. The writes stand whatever the feed answers: a failure is logged.
 */
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
