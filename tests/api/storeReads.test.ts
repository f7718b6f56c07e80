/** The store's batch read on DynamoDB Local: any number of keys, of several tables, answered in the order asked. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
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
