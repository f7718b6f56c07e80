// The move to organization-first keys (issue 22). Safe to run again at any point: an item is written only where its
// new key is free, so a re-run, or one after a crash mid-way, neither loses nor doubles anything, nor overwrites what
// the new layout has written since.
import { ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ENTITIES, type EntityDef, type KeyAttribute } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../platform/logger';
import { CONDITIONS, type Item, type OrgKeyedEntity, type Store } from '../store';
import { ensureTable } from '../tables';

export interface LegacyTable {
  entity: OrgKeyedEntity;
  table: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  locate(item: Item): { orgId: number; rest: string };
}

const fromPrefixed =
  (attribute: string) =>
  (item: Item): { orgId: number; rest: string } => {
    const value = String(item[attribute] ?? '');
    const at = value.indexOf('#');
    return { orgId: at > 0 ? Number(value.slice(0, at)) : Number.NaN, rest: value.slice(at + 1) };
  };

export const LEGACY_TABLES: readonly LegacyTable[] = [
  { entity: 'planRun', table: 'planRun', partitionKey: { name: 'planKey', type: 'S' }, sortKey: { name: 'runId', type: 'S' }, locate: fromPrefixed('planKey') },
  { entity: 'operationRecord', table: 'operationRecord', partitionKey: { name: 'planKey', type: 'S' }, sortKey: { name: 'id', type: 'S' }, locate: fromPrefixed('planKey') },
  {
    entity: 'cloudSourceHistory',
    table: 'cloudSourceHistory',
    partitionKey: { name: 'historyKey', type: 'S' },
    sortKey: { name: 'id', type: 'S' },
    locate: fromPrefixed('historyKey'),
  },
  {
    entity: 'smsContact',
    table: 'smsContact',
    partitionKey: { name: 'phone', type: 'S' },
    sortKey: { name: 'orgId', type: 'N' },
    locate: (item) => ({ orgId: Number(item.orgId), rest: String(item.phone) }),
  },
];

/** The marker of a finished move (in `uniqueKey`, as the other once-only upgrades). */
export const KEY_MIGRATION_DONE = 'upgrade#orgFirstKeys';
export const keyMigrationProgressId = (table: string) => `${KEY_MIGRATION_DONE}#${table}`;
export const KEY_MIGRATION_JOB_CLAIM = `${KEY_MIGRATION_DONE}#job`;

/** Items written at once: a page is copied in rounds of this many conditional puts. */
const PARALLEL_PUTS = 25;
/** Items a scan page reads: the unit of saved progress (a crash repeats at most this many conditional puts). */
const SCAN_PAGE = 500;

export interface KeyMigrationResult {
  skipped: boolean;
  finished: boolean;
  copied: number;
  present: number;
  unplaced: number;
}

export async function keyMigrationDone(store: Store): Promise<boolean> {
  return (await store.get('uniqueKey', { id: KEY_MIGRATION_DONE })) !== undefined;
}

/** Longer than a job may run with its retries' wait (the job queue's visibility timeout, infra/workQueues.ts). */
const JOB_CLAIM_MS = 30 * 60_000;

/**
 * Claims posting the `keyMigration` job: true for the one caller that should post it now (none posted, or the last
 * one posted longer ago than a job can run, so it died), false while one is under way.
 */
export async function claimKeyMigrationJob(store: Store, now: number): Promise<boolean> {
  try {
    await store.put(
      'uniqueKey',
      { id: KEY_MIGRATION_JOB_CLAIM, owner: 'system', postedAt: now },
      {
        ConditionExpression: 'attribute_not_exists(#id) OR #at < :stale',
        ExpressionAttributeNames: { '#id': 'id', '#at': 'postedAt' },
        ExpressionAttributeValues: { ':stale': now - JOB_CLAIM_MS },
      },
    );
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

export async function migrateOrgFirstKeys(store: Store, opts: { log?: Logger; deadline?: number } = {}): Promise<KeyMigrationResult> {
  const result: KeyMigrationResult = { skipped: false, finished: true, copied: 0, present: 0, unplaced: 0 };
  if (await keyMigrationDone(store)) return { ...result, skipped: true };
  for (const legacy of LEGACY_TABLES) {
    if (!(await copyTable(store, legacy, result, opts))) {
      // the job that goes on is posted now: keep the seed step from posting another meanwhile
      await store.put('uniqueKey', { id: KEY_MIGRATION_JOB_CLAIM, owner: 'system', postedAt: store.rt.clock.now() });
      return { ...result, finished: false };
    }
  }
  await store.put('uniqueKey', { id: KEY_MIGRATION_DONE, owner: 'system' });
  if (result.copied + result.unplaced > 0) opts.log?.info('moved tables to organization-first keys', { ...result });
  return result;
}

async function copyTable(store: Store, legacy: LegacyTable, result: KeyMigrationResult, opts: { log?: Logger; deadline?: number }): Promise<boolean> {
  const { log } = opts;
  const progress = await store.get('uniqueKey', { id: keyMigrationProgressId(legacy.table) });
  if ((progress as { done?: boolean } | undefined)?.done) return true;
  const saved = (progress as { after?: string } | undefined)?.after;
  let ExclusiveStartKey: Item | undefined = saved ? (JSON.parse(saved) as Item) : undefined;
  const def: EntityDef = ENTITIES[legacy.entity];
  const newKey = def.sortKey?.name ?? def.partitionKey.name;
  do {
    let page: { Items?: Item[]; LastEvaluatedKey?: Item };
    try {
      page = await store.rt.aws.doc.send(
        new ScanCommand({ TableName: `${store.rt.config.tablePrefix}${legacy.table}`, ExclusiveStartKey, ConsistentRead: true, Limit: SCAN_PAGE }),
      );
    } catch (e) {
      // a deployment that never had the old layout
      if (e instanceof ResourceNotFoundException) break;
      throw e;
    }
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += PARALLEL_PUTS) {
      await Promise.all(
        items.slice(i, i + PARALLEL_PUTS).map(async (item) => {
          const { orgId, rest } = legacy.locate(item);
          if (!Number.isInteger(orgId) || orgId <= 0 || rest === '') {
            result.unplaced++;
            log?.warn('key migration: an item names no organization, left in the old table', { table: legacy.table });
            return;
          }
          const placed = store.forOrg(orgId).keyed(legacy.entity).place(rest, item);
          try {
            await store.put(legacy.entity, placed, CONDITIONS.isNew(newKey));
            result.copied++;
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            result.present++;
          }
        }),
      );
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
    await store.put('uniqueKey', {
      id: keyMigrationProgressId(legacy.table),
      owner: 'system',
      ...(ExclusiveStartKey ? { after: JSON.stringify(ExclusiveStartKey) } : { done: true }),
    });
    if (ExclusiveStartKey && opts.deadline !== undefined && Date.now() >= opts.deadline) return false;
  } while (ExclusiveStartKey);
  return true;
}

export async function createLegacyTables(store: Store): Promise<void> {
  for (const legacy of LEGACY_TABLES) {
    const def: EntityDef = { name: legacy.table, scope: 'global', schema: undefined as never, partitionKey: legacy.partitionKey, sortKey: legacy.sortKey };
    await ensureTable(store.rt.aws.dynamo, `${store.rt.config.tablePrefix}${legacy.table}`, def);
  }
}
