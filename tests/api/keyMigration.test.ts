/**
 * The move to organization-first keys (issue 22 item 1): data written in the OLD layout straight into the old
 * tables (plan runs and operation records under `<orgId>#<planId>`, a source's deliveries under
 * `<orgId>#<sourceId>`, SMS contacts under the phone) is copied by the migration into the new tables, and every
 * record reads back through the tenant store of its organization: counts equal, nothing in another
 * organization. A finished migration is skipped; one run again after a crash mid-way copies only what is
 * missing and overwrites nothing written since.
 */
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { runJob } from '../../functions/jobs/run';
import { ensureSeed } from '../../functions/seed';
import {
  createLegacyTables,
  KEY_MIGRATION_DONE,
  KEY_MIGRATION_JOB_CLAIM,
  keyMigrationDone,
  keyMigrationProgressId,
  LEGACY_TABLES,
  migrateOrgFirstKeys,
} from '../../functions/store/migrations/orgFirstKeys';
import { type Item, Store } from '../../functions/store/store';
import { composedSortKey, type EntityName } from '../../shared/entities';
import { startHerald } from '../support/herald';
import { until } from '../support/until';

let herald: LocalHerald;
let store: Store;
const ORGS = [1, 4242] as const;
/** an organization that wrote nothing */
const STRANGER = 4243;
const PLANS = ['p-a', 'p-b'];
const SOURCE = 'src#1';
const PHONES = ['+819012345678', '+14155550100'];

/** Old-layout items of one organization. */
function oldItems(orgId: number) {
  const runs = PLANS.flatMap((planId, p) =>
    [0, 1, 2].map((i) => ({
      planKey: `${orgId}#${planId}`,
      runId: `r${1000 + i}`,
      orgId,
      planId,
      status: 'DONE',
      dueAt: i,
      startedAt: orgId * 100 + p * 10 + i,
      shardsDone: new Set(['0', '1']),
    })),
  );
  const operations = PLANS.flatMap((planId) =>
    ['a', 'b'].map((suffix) => ({ planKey: `${orgId}#${planId}`, orgId, id: `0000000001-${suffix}`, planId, action: 'submit', from: 'DRAFT', to: 'PENDING', by: 'u', at: 1 })),
  );
  const histories = [1, 2, 3, 4].map((i) => ({
    historyKey: `${orgId}#${SOURCE}`,
    id: `${String(i).padStart(13, '0')}-abc`,
    orgId,
    sourceId: SOURCE,
    trigger: 'LOOP',
    fileName: `f${i}.csv`,
    status: 'DONE',
    dateCreated: i,
  }));
  const contacts = PHONES.map((phone) => ({ phone, orgId, dateCreated: 5 }));
  return { planRun: runs, operationRecord: operations, cloudSourceHistory: histories, smsContact: contacts };
}

async function writeOld(table: string, items: Item[]): Promise<void> {
  const TableName = `${herald.rt.config.tablePrefix}${table}`;
  for (let i = 0; i < items.length; i += 25) {
    await herald.rt.aws.doc.send(new BatchWriteCommand({ RequestItems: { [TableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}

async function scanCount(entity: EntityName): Promise<number> {
  const out = await herald.rt.aws.doc.send(new ScanCommand({ TableName: store.table(entity), Select: 'COUNT', ConsistentRead: true }));
  return out.Count ?? 0;
}

/** As if no migration had run (the boot ran one over no old tables). */
async function forgetMigration(): Promise<void> {
  await store.delete('uniqueKey', { id: KEY_MIGRATION_DONE });
  for (const t of LEGACY_TABLES) await store.delete('uniqueKey', { id: keyMigrationProgressId(t.table) });
}

/** What a record reads as, without the keys the new layout added. */
const plain = ({ sk: _sk, contactKey: _c, ...rest }: Item) => rest;
/** Records in the order of their old keys. */
const byOldKey = (a: Item, b: Item) => `${a.planKey}/${a.runId ?? a.id}`.localeCompare(`${b.planKey}/${b.runId ?? b.id}`);

const total = ORGS.reduce((n, orgId) => n + Object.values(oldItems(orgId)).reduce((m, list) => m + list.length, 0), 0);

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  await createLegacyTables(store);
  for (const orgId of ORGS) for (const [table, items] of Object.entries(oldItems(orgId))) await writeOld(table, items);
  await forgetMigration();
});

afterAll(() => herald?.stop());

describe('the key migration', () => {
  it('copies every old-layout item; each reads back through the tenant store of its organization only', async () => {
    const result = await migrateOrgFirstKeys(store);
    expect(result).toEqual({ skipped: false, finished: true, copied: total, present: 0, unplaced: 0 });
    for (const orgId of ORGS) {
      const old = oldItems(orgId);
      const tenant = store.forOrg(orgId);
      const runs = (await Promise.all(PLANS.map((p) => tenant.keyed('planRun').list(p)))).flat();
      expect(runs.map(plain).sort(byOldKey)).toEqual([...old.planRun].sort(byOldKey));
      expect(await tenant.keyed('planRun').get('p-a', 'r1001')).toMatchObject({ planId: 'p-a', runId: 'r1001', orgId, status: 'DONE' });
      // the console's index of the organization's runs holds them too
      expect((await tenant.keyed('planRun').orgIndexPage('orgRuns', {})).items).toHaveLength(old.planRun.length);
      const operations = (await Promise.all(PLANS.map((p) => tenant.keyed('operationRecord').list(p)))).flat();
      expect(operations.map(plain).sort(byOldKey)).toEqual([...old.operationRecord].sort(byOldKey));
      const histories = await tenant.keyed('cloudSourceHistory').list(SOURCE);
      // key order kept: the deliveries oldest first, as the old partition answered them
      expect(histories.map(plain)).toEqual(old.cloudSourceHistory);
      const contacts = await tenant.keyed('smsContact').getMany(PHONES.map((rest) => ({ rest })));
      expect(contacts.map((c) => c && plain(c))).toEqual(old.smsContact);
    }
    // an inbound STOP still finds every organization that texted the number
    const texting = await store.queryAll('smsContact', { name: 'phone', value: PHONES[0]! }, 'byPhone', ['orgId']);
    expect(texting.map((c) => c.orgId).sort((a, b) => a - b)).toEqual([...ORGS]);
    // the new tables hold exactly the old items, none twice
    expect(await scanCount('planRun')).toBe(ORGS.length * oldItems(1).planRun.length);
    expect(await scanCount('smsContact')).toBe(ORGS.length * PHONES.length);
  });

  it('shows another organization none of them', async () => {
    const stranger = store.forOrg(STRANGER);
    for (const p of PLANS) {
      expect(await stranger.keyed('planRun').list(p)).toEqual([]);
      expect(await stranger.keyed('operationRecord').list(p)).toEqual([]);
    }
    expect((await stranger.keyed('planRun').orgIndexPage('orgRuns', {})).items).toEqual([]);
    expect(await stranger.keyed('cloudSourceHistory').list(SOURCE)).toEqual([]);
    expect(await stranger.keyed('smsContact').get(PHONES[0]!)).toBeUndefined();
    // a rest that begins like another never reads it (`#` in a rest is escaped)
    expect(await store.forOrg(1).keyed('cloudSourceHistory').list('src')).toEqual([]);
  });

  it('is skipped once done, and changes nothing', async () => {
    const before = await scanCount('operationRecord');
    expect(await migrateOrgFirstKeys(store)).toEqual({ skipped: true, finished: true, copied: 0, present: 0, unplaced: 0 });
    expect(await scanCount('operationRecord')).toBe(before);
  });

  it('run again after a crash mid-way, copies only what is missing and keeps what was written since', async () => {
    const runs = store.forOrg(1).keyed('planRun');
    // a crash before these were copied, and a write in the new layout since the copy
    await runs.delete('p-b', 'r1002');
    await store
      .forOrg(4242)
      .keyed('cloudSourceHistory')
      .delete(SOURCE, `${'4'.padStart(13, '0')}-abc`);
    await runs.update('p-a', 'r1000', { status: 'STOPPED' });
    await forgetMigration();
    expect(await migrateOrgFirstKeys(store)).toEqual({ skipped: false, finished: true, copied: 2, present: total - 2, unplaced: 0 });
    expect(await runs.get('p-b', 'r1002')).toMatchObject({ runId: 'r1002', status: 'DONE' });
    expect(await runs.get('p-a', 'r1000')).toMatchObject({ status: 'STOPPED' });
    expect(await store.forOrg(4242).keyed('cloudSourceHistory').list(SOURCE)).toHaveLength(4);
    expect(await scanCount('planRun')).toBe(ORGS.length * oldItems(1).planRun.length);
  });

  it('leaves an item that names no organization in the old table and says so', async () => {
    await writeOld('planRun', [{ planKey: 'no-organization', runId: 'r1', planId: 'x' }]);
    await forgetMigration();
    expect(await migrateOrgFirstKeys(store)).toMatchObject({ copied: 0, unplaced: 1 });
  });

  it('out of time, stops after a page with its position saved; the next run goes on from there', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({ phone: `+1555${String(i).padStart(7, '0')}`, orgId: 4242, dateCreated: 6 }));
    await writeOld('smsContact', many);
    await forgetMigration();
    const first = await migrateOrgFirstKeys(store, { deadline: Date.now() - 1 });
    expect(first).toMatchObject({ finished: false });
    expect(await keyMigrationDone(store)).toBe(false);
    const second = await migrateOrgFirstKeys(store);
    expect(second).toMatchObject({ finished: true });
    expect(first.copied + second.copied).toBe(many.length);
    expect(await scanCount('smsContact')).toBe(ORGS.length * PHONES.length + many.length);
  });

  it("on AWS runs as a job that posts the next while a table outlasts a job's time", async () => {
    await forgetMigration();
    const config = herald.rt.config as { jobSliceMs: number };
    const slice = config.jobSliceMs;
    config.jobSliceMs = 0;
    try {
      await runJob({ rt: herald.rt, store }, { kind: 'keyMigration' });
      await until(
        'the posted jobs to finish the migration',
        () => keyMigrationDone(store),
        (done) => done,
      );
    } finally {
      config.jobSliceMs = slice;
    }
    expect(await scanCount('smsContact')).toBe(ORGS.length * PHONES.length + 1200);
    expect(await store.forOrg(4242).keyed('smsContact').get('+15550001199')).toMatchObject({ orgId: 4242, phone: '+15550001199' });
  });

  it('is posted as a job by the seed step (a Lambda cold start) while unfinished, once while one is under way', async () => {
    await forgetMigration();
    await store.delete('uniqueKey', { id: KEY_MIGRATION_JOB_CLAIM });
    const posted: unknown[] = [];
    const post = herald.rt.jobs.post;
    herald.rt.jobs.post = (job) => {
      posted.push(job);
      return post(job);
    };
    try {
      await Promise.all([ensureSeed(herald.rt), ensureSeed(herald.rt)]);
      await until(
        'the posted job to finish the migration',
        () => keyMigrationDone(store),
        (done) => done,
      );
    } finally {
      herald.rt.jobs.post = post;
    }
    expect(posted).toEqual([{ kind: 'keyMigration' }]);
    expect(await scanCount('planRun')).toBe(ORGS.length * oldItems(1).planRun.length);
  });
});

describe('composed sort keys', () => {
  it('keep the order of numbers and never let one rest read as the head of another', () => {
    expect(composedSortKey('a', 9) < composedSortKey('a', 10)).toBe(true);
    expect(composedSortKey('a#b', 'c').startsWith(composedSortKey('a'))).toBe(false);
    expect(composedSortKey('50%', 'x')).toBe('50%25#x');
  });
});
