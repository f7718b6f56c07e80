/**
 * Accounts saved before the index by time zone: written straight to the table without a `zoneKey`, they are
 * indexed by the backfill (local start and the keyMigration job run it), read back through the zone index of
 * their own organization only, and their zones join each organization's zone set. An account saved since keeps
 * its key; a finished backfill is skipped.
 */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Accounts } from '../../functions/domain/accounts';
import type { LocalHerald } from '../../functions/local/boot';
import { backfillAccountZones, ZONE_BACKFILL_DONE, zoneBackfillDone } from '../../functions/store/migrations/accountZones';
import { Store } from '../../functions/store/store';
import { accountKey, accountShard, accountZoneKey, NO_ZONE } from '../../shared/entities';
import { startHerald } from '../support/herald';

let herald: LocalHerald;
let store: Store;
const ORG_A = 7301;
const ORG_B = 7302;
const old = [
  { orgId: ORG_A, id: 'tokyo-1', timeZone: 'Asia/Tokyo' },
  { orgId: ORG_A, id: 'tokyo-2', timeZone: 'Asia/Tokyo' },
  { orgId: ORG_A, id: 'berlin-1', timeZone: 'Europe/Berlin' },
  { orgId: ORG_A, id: 'nowhere-1' },
  { orgId: ORG_B, id: 'tokyo-b', timeZone: 'Asia/Tokyo' },
];

async function writeOld(a: { orgId: number; id: string; timeZone?: string }, extra: Record<string, unknown> = {}) {
  const now = herald.rt.clock.now();
  // through the store (as the table's stream would, the audience snapshot hears of it), without the key a save adds
  await store.put('account', {
    ...accountKey(a.orgId, a.id),
    orgId: a.orgId,
    emails: [`${a.id}@example.com`],
    ...(a.timeZone ? { timeZone: a.timeZone } : {}),
    emailConsent: true,
    tags: [],
    attributes: {},
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'old',
    updatedBy: 'old',
    ...extra,
  });
}

const zoneSet = async (orgId: number) =>
  [...(((await herald.rt.aws.doc.send(new GetCommand({ TableName: store.table('triggerState'), Key: { key: `zones#${orgId}` } }))).Item?.zones as Set<string>) ?? [])].sort();

async function idsIn(orgId: number, zone: string): Promise<string[]> {
  const accounts = new Accounts(store.forOrg(orgId));
  const ids = new Set<string>();
  for (const a of old) {
    const page = await accounts.readZonePage(zone, accountShard(a.id));
    for (const found of page.accounts) ids.add(found.id);
  }
  return [...ids].sort();
}

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
}, 120_000);
afterAll(() => herald?.stop());

it('indexes every old account by its zone in its own organization, and adds the zones to each organization’s set', async () => {
  // boot ran the backfill on an empty table: it is marked done; a deployment upgraded now has old accounts
  expect(await zoneBackfillDone(store)).toBe(true);
  await herald.rt.aws.doc.send(new DeleteCommand({ TableName: store.table('uniqueKey'), Key: { id: ZONE_BACKFILL_DONE } }));
  await herald.rt.aws.doc.send(new DeleteCommand({ TableName: store.table('uniqueKey'), Key: { id: `${ZONE_BACKFILL_DONE}#scan` } }));
  for (const a of old) await writeOld(a);
  // one saved since the index exists keeps the key it was given (here, deliberately another zone's)
  const kept = accountZoneKey(ORG_B, 'America/New_York', accountShard('recent-b'));
  await writeOld({ orgId: ORG_B, id: 'recent-b', timeZone: 'America/New_York' }, { zoneKey: kept });

  expect(await idsIn(ORG_A, 'Asia/Tokyo')).toEqual([]);
  const result = await backfillAccountZones(store);
  expect(result).toMatchObject({ skipped: false, finished: true });
  expect(result.indexed).toBeGreaterThanOrEqual(old.length);

  expect(await idsIn(ORG_A, 'Asia/Tokyo')).toEqual(['tokyo-1', 'tokyo-2']);
  expect(await idsIn(ORG_A, 'Europe/Berlin')).toEqual(['berlin-1']);
  expect(await idsIn(ORG_A, NO_ZONE)).toEqual(['nowhere-1']);
  expect(await idsIn(ORG_B, 'Asia/Tokyo')).toEqual(['tokyo-b']);
  expect(await zoneSet(ORG_A)).toEqual(expect.arrayContaining(['-', 'Asia/Tokyo', 'Europe/Berlin']));
  expect(await zoneSet(ORG_B)).toContain('Asia/Tokyo');
  expect(await zoneSet(ORG_B)).not.toContain('Europe/Berlin');
  const recent = await herald.rt.aws.doc.send(new GetCommand({ TableName: store.table('account'), Key: accountKey(ORG_B, 'recent-b') }));
  expect(recent.Item?.zoneKey).toBe(kept);
});

it('is skipped once done', async () => {
  await writeOld({ orgId: ORG_A, id: 'late-1', timeZone: 'Asia/Tokyo' });
  expect(await backfillAccountZones(store)).toEqual({ skipped: true, finished: true, indexed: 0 });
});
