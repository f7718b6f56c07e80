// The account index by time zone (issue 23's recurring triggers in each recipient's zone) for accounts saved before
// it existed. Safe to run again at any point: a key is set only where none is (an account saved since keeps its own),
// and adding a zone to a set twice is harmless.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { accountZoneKey, NO_ZONE } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../platform/logger';
import type { Item, Store } from '../store';

export const ZONE_BACKFILL_DONE = 'upgrade#accountZones';
const PROGRESS = `${ZONE_BACKFILL_DONE}#scan`;
const SCAN_PAGE = 500;
const PARALLEL_UPDATES = 25;

export interface ZoneBackfillResult {
  skipped: boolean;
  finished: boolean;
  indexed: number;
}

export async function zoneBackfillDone(store: Store): Promise<boolean> {
  return (await store.get('uniqueKey', { id: ZONE_BACKFILL_DONE })) !== undefined;
}

/** Indexes the accounts without a zone key (see the module's note); with a `deadline`, stops after the page it passes. */
export async function backfillAccountZones(store: Store, opts: { log?: Logger; deadline?: number } = {}): Promise<ZoneBackfillResult> {
  const result: ZoneBackfillResult = { skipped: false, finished: true, indexed: 0 };
  if (await zoneBackfillDone(store)) return { ...result, skipped: true };
  const saved = (await store.get('uniqueKey', { id: PROGRESS })) as { after?: string } | undefined;
  let ExclusiveStartKey: Item | undefined = saved?.after ? (JSON.parse(saved.after) as Item) : undefined;
  const doc = store.rt.aws.doc;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: store.table('account'),
        ExclusiveStartKey,
        Limit: SCAN_PAGE,
        FilterExpression: 'attribute_not_exists(#z)',
        ProjectionExpression: '#pk, #id, #org, #tz',
        ExpressionAttributeNames: { '#z': 'zoneKey', '#pk': 'pk', '#id': 'id', '#org': 'orgId', '#tz': 'timeZone' },
      }),
    );
    const items = page.Items ?? [];
    const zones = new Map<number, Set<string>>();
    for (let i = 0; i < items.length; i += PARALLEL_UPDATES) {
      await Promise.all(
        items.slice(i, i + PARALLEL_UPDATES).map(async (item) => {
          const orgId = Number(item.orgId);
          const pk = String(item.pk);
          // the shard is the partition's last part: `<orgId>#<shard>`
          const shard = Number(pk.slice(pk.lastIndexOf('#') + 1));
          if (!Number.isInteger(orgId) || !Number.isInteger(shard)) return;
          const zone = typeof item.timeZone === 'string' && item.timeZone ? item.timeZone : undefined;
          try {
            await store.update(
              'account',
              { pk, id: item.id },
              { zoneKey: accountZoneKey(orgId, zone, shard) },
              { ConditionExpression: 'attribute_exists(#id) AND attribute_not_exists(#z)', ExpressionAttributeNames: { '#z': 'zoneKey', '#id': 'id' } },
            );
            result.indexed++;
          } catch (e) {
            // deleted, or given its key by a save, since the scan read it
            if (!(e instanceof AppError)) throw e;
          }
          const set = zones.get(orgId) ?? new Set<string>();
          set.add(zone ?? NO_ZONE);
          zones.set(orgId, set);
        }),
      );
    }
    for (const [orgId, set] of zones) {
      await store.transact([
        {
          Update: {
            TableName: store.table('triggerState'),
            Key: { key: `zones#${orgId}` },
            UpdateExpression: 'ADD #z :z',
            ExpressionAttributeNames: { '#z': 'zones' },
            ExpressionAttributeValues: { ':z': set },
          },
        },
      ]);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
    await store.put('uniqueKey', { id: PROGRESS, owner: 'system', ...(ExclusiveStartKey ? { after: JSON.stringify(ExclusiveStartKey) } : {}) });
    if (ExclusiveStartKey && opts.deadline !== undefined && Date.now() >= opts.deadline) return { ...result, finished: false };
  } while (ExclusiveStartKey);
  await store.put('uniqueKey', { id: ZONE_BACKFILL_DONE, owner: 'system' });
  if (result.indexed > 0) opts.log?.info('indexed accounts by time zone', { indexed: result.indexed });
  return result;
}
