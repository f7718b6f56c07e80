/**
 * The store's batch read on DynamoDB Local: any number of keys, of several tables, answered in the order asked;
 * and a tenant table spread over shards, read whole by every reader.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { partitionShard, shardedPartitionValue, UNSUBSCRIPTION_SHARDS, unsubscriptionId } from '../../shared/entities';
import { startHerald } from '../support/herald';
import { dynamoRequestsOf } from '../support/sendHarness';

let herald: LocalHerald;
let store: Store;

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
});
afterAll(() => herald?.stop());

describe('Store.getMany', () => {
  it('reads keys of two tables 100 a call, answering in the order asked, with repeats, missing items and chosen attributes', async () => {
    const runKey = `reads-${randomUUID()}`;
    const counters = Array.from({ length: 200 }, (_, i) => ({ runKey, slot: String(i).padStart(3, '0'), n: i, note: `note ${i}` }));
    await store.putMany('deliveryCounter', counters);
    const record = { runShard: `${runKey}#0`, recipient: 'EMAIL#a', orgId: 1, status: 'SENT', address: 'a@example.com' };
    await store.putMany('sentRecord', [record]);
    // every other counter backwards, each asked twice, then 40 that are not there, then the record (key given in another order)
    const wanted = counters.filter((_, i) => i % 2 === 1).reverse();
    const requests = [
      ...wanted.flatMap((c) => [0, 1].map(() => ({ entity: 'deliveryCounter' as const, key: { runKey, slot: c.slot }, attributes: ['n'] }))),
      ...Array.from({ length: 40 }, (_, i) => ({ entity: 'deliveryCounter' as const, key: { slot: `missing-${i}`, runKey }, attributes: ['n'] })),
      { entity: 'sentRecord' as const, key: { recipient: record.recipient, runShard: record.runShard } },
    ];
    expect(requests).toHaveLength(241);
    let found: Awaited<ReturnType<Store['getMany']>> = [];
    const calls = await dynamoRequestsOf(herald, async () => {
      found = await store.getMany(requests);
    });
    // 100 unique counters, 40 missing and the record: 141 keys, two calls (the local Herald's own work aside)
    const ours = new Set([store.table('deliveryCounter'), store.table('sentRecord')]);
    expect(calls.filter((c) => c.table.split(',').some((t) => ours.has(t))).map((c) => c.name)).toEqual(['BatchGet', 'BatchGet']);
    expect(found.slice(0, 200)).toEqual(wanted.flatMap((c) => [0, 1].map(() => ({ runKey, slot: c.slot, n: c.n }))));
    expect(found.slice(200, 240)).toEqual(Array.from({ length: 40 }, () => undefined));
    expect(found[240]).toEqual(record);
  });
});

describe('a table the tenant store spreads over shards (the unsubscription list)', () => {
  const listing = (target: string) => ({ id: unsubscriptionId('EMAIL', target), channelName: 'EMAIL' as const, target, source: 'MANUAL' as const, dateCreated: 1 });

  it("keeps each record in its organization's shard by id, and lists, pages, reads and deletes across every shard", async () => {
    // organizations 3 and 31: `3#1…` and `31#…` must never meet
    const base = Math.floor(Math.random() * 10_000) * 100;
    const [mine, theirs] = [store.forOrg(base + 3), store.forOrg(base + 31)];
    const targets = Array.from({ length: 48 }, (_, i) => `a${i}-${randomUUID()}@example.com`);
    // a forged organization or shard in what a caller spreads in is overwritten
    for (const target of targets) await mine.put('messageUnsubscription', { ...listing(target), orgShard: `${base + 31}#0` } as never);
    await theirs.put('messageUnsubscription', listing('theirs@example.com'));

    const shards = new Set<number>();
    for (const target of targets) {
      const id = unsubscriptionId('EMAIL', target);
      const shard = partitionShard(id, UNSUBSCRIPTION_SHARDS);
      shards.add(shard);
      expect(await store.get('messageUnsubscription', { orgShard: shardedPartitionValue(base + 3, shard), id })).toMatchObject({ orgId: base + 3, target });
    }
    // 48 ids over 16 shards: spread, so a reader of one partition would miss most
    expect(shards.size).toBeGreaterThan(UNSUBSCRIPTION_SHARDS / 2);

    const ids = (items: readonly { id: string }[]) => items.map((u) => u.id).sort();
    const all = targets.map((t) => unsubscriptionId('EMAIL', t)).sort();
    expect(ids(await mine.list('messageUnsubscription'))).toEqual(all);
    const paged: { id: string }[] = [];
    for await (const page of mine.pages('messageUnsubscription')) paged.push(...page);
    expect(ids(paged)).toEqual(all);
    expect(ids(await theirs.list('messageUnsubscription'))).toEqual([unsubscriptionId('EMAIL', 'theirs@example.com')]);
    expect(() => mine.queryPage('messageUnsubscription', {})).toThrow(/spread over shards/);

    // a send's batch read: every listed address found, another organization's listing not
    const asked = [...targets.slice(0, 20), 'theirs@example.com', 'nobody@example.com'].map((t) => unsubscriptionId('EMAIL', t));
    const found = await mine.getMany('messageUnsubscription', asked);
    expect(found.map((u) => u?.target)).toEqual([...targets.slice(0, 20), undefined, undefined]);

    await mine.transact([mine.deleteItem('messageUnsubscription', all[0]!, '720007')]);
    expect(await mine.get('messageUnsubscription', all[0]!)).toBeUndefined();
    expect(await mine.list('messageUnsubscription')).toHaveLength(targets.length - 1);
    await expect(theirs.transact([theirs.deleteItem('messageUnsubscription', all[1]!, '720007')])).resolves.toBeUndefined();
    expect(await mine.get('messageUnsubscription', all[1]!)).toBeDefined();
  });
});
