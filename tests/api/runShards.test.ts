/**
 * A run's sent-record shards (issue 42 item 4): chosen once when the run is made, from its channel's send rate, and
 * kept on the run, so that every delivery of its batches, its sweep, its records view and a tracked link find a
 * recipient's record under the same key, however the rate is set later. Real fan-out, worker and ledger on DynamoDB
 * Local; the queue is read here, one message at a time.
 */
import { randomUUID } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyChannel } from '../../functions/channels';
import { LinkSigner, TRACKING_PATHS } from '../../functions/channels/links';
import { RecordingSender } from '../../functions/channels/recording';
import { Ledger } from '../../functions/delivery/ledger';
import type { DeliveryMessage } from '../../functions/delivery/messages';
import { deliveryWorker } from '../../functions/delivery/worker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { CHANNEL_TEMPLATES } from '../../shared/content';
import type { PlanContent } from '../../shared/plan/plan';
import { DELIVERY_SHARDS, type PlanRun, runShardsFor, type SentRecord, shardOf } from '../../shared/entities';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { planInProgress, seedAudience } from '../support/plans';

const content = {
  kind: 'EMAIL',
  template: CHANNEL_TEMPLATES.EMAIL.template.parse({ channel: 'EMAIL', defaultLanguage: 'en', contents: { en: { subject: 'Hi', preheader: '', blocks: [] } } }),
} as PlanContent;

const clock = manualClock(Date.UTC(2026, 11, 1, 9, 0, 0));
let herald: LocalHerald;
let store: Store;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

describe('runShardsFor', () => {
  it('gives a power of two that keeps each shard near 80 recipients a second, from 4 to 256', () => {
    expect([1, 50, 320, 321, 1_000, 10_000, 10_240, 20_000, 1_000_000].map(runShardsFor)).toEqual([4, 4, 4, 8, 16, 128, 128, 256, 256]);
  });
});

describe("a run's shard count", () => {
  it('is chosen from the rate when the run is made and kept: redeliveries after the rate changed, the sweep, the records view and a tracked link all find the same records', async () => {
    const N = 300;
    const tag = randomUUID().slice(0, 8);
    const { segmentId } = await seedAudience(herald, 1, tag, N);
    const planId = await planInProgress(store, clock.now(), content, { segmentId, status: 'ACTIVE' });
    let rate = 10_000;
    const queued: DeliveryMessage[] = [];
    const rt = {
      ...herald.rt,
      ports: {
        ...herald.rt.ports,
        queue: { ...herald.rt.ports.queue, send: async (_queue: string, body: unknown) => String(queued.push(body as DeliveryMessage)) },
        scheduler: { ...herald.rt.ports.scheduler, at: async () => undefined, every: async () => undefined, cancel: async () => undefined },
      },
    };
    const provider = new RecordingSender(clock);
    const worker = deliveryWorker(rt as typeof herald.rt, store, { senders: everyChannel(provider), ratePerSecond: () => rate, staleClaimMs: 60_000 });
    const deliver = async (m: DeliveryMessage) => {
      const out = await worker({ Records: [{ messageId: randomUUID(), body: JSON.stringify(m) } as unknown as SQSRecord] });
      expect(out.batchItemFailures).toEqual([]);
    };
    const sends: DeliveryMessage[] = [];
    await deliver({ kind: 'fire', orgId: 1, planId, dueAt: clock.now() });
    for (let m = queued.shift(); m; m = queued.shift()) {
      if (m.kind === 'send') sends.push(m);
      await deliver(m);
    }

    const run = (await store.forOrg(1).keyed('planRun').list(planId))[0] as PlanRun;
    expect(run).toMatchObject({ status: 'DONE', shards: 128 });
    expect(sends.length).toBeGreaterThan(0);
    for (const s of sends) expect(s).toMatchObject({ shards: 128 });
    // the records are spread over the run's 128 shards, past the 32 a run that names none has
    const records = await readRecords(planId, run.runId, 128);
    expect(records).toHaveLength(N);
    expect(new Set(records.map((r) => r.accountId)).size).toBe(N);
    expect(records.every((r) => r.status === 'SENT')).toBe(true);
    const partitions = new Set(records.map((r) => r.runShard));
    expect(partitions.size).toBeGreaterThan(DELIVERY_SHARDS);
    expect(records.every((r) => r.runShard === `1#${planId}#${run.runId}#${shardOf(r.accountId, 128)}`)).toBe(true);
    expect(provider.sent).toHaveLength(N);

    // the rate is lowered (a new run would get 4 shards); every batch of this run is delivered again: nobody twice
    rate = 50;
    expect(runShardsFor(rate)).toBe(4);
    for (const s of sends) {
      // a second apart: the lowered rate's slots hold each second's share
      clock.advance(1_000);
      await deliver(s);
    }
    expect(provider.sent).toHaveLength(N);
    expect(await readRecords(planId, run.runId, 128)).toHaveLength(N);

    // the records view pages through every shard of the run
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.ok('sentRecord.getListByPage', { planId, runId: run.runId, size: 70, ...(cursor ? { cursor } : {}) });
      listed.push(...page.list.map((r) => r.accountId));
      cursor = page.cursor;
    } while (cursor);
    expect(listed.sort()).toEqual(records.map((r) => r.accountId).sort());

    // an open counted through a tracked link, for a recipient past shard 31: the link names no shard count
    const far = records.find((r) => shardOf(r.accountId, 128) >= DELIVERY_SHARDS)!;
    const signer = new LinkSigner(herald.rt.keys.sealKey, herald.url);
    const pixel = await fetch(`${herald.url}${TRACKING_PATHS.open}${signer.token('open', { o: 1, p: planId, r: run.runId, a: far.accountId, c: 'EMAIL' })}`);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    const opened = (await store.get('sentRecord', { runShard: far.runShard, recipient: far.recipient })) as Record<string, unknown> | undefined;
    expect(opened?.openedAt).toBeDefined();
  });

  it("the run's sweep reads every one of its shards: a dead worker's claim past shard 31 becomes uncertain", async () => {
    const planId = await planInProgress(store, clock.now(), content);
    const now = clock.now();
    const run = { orgId: 1, planId, runId: 'r1', shards: 128 };
    await store.forOrg(1).keyed('planRun').put(planId, { runId: 'r1', orgId: 1, planId, status: 'RUNNING', dueAt: now, startedAt: now, shards: 128, parts: 0 });
    const ledger = new Ledger(store, clock);
    let accountId = '';
    for (let i = 0; shardOf(accountId, 128) < 100; i++) accountId = `far-${i}`;
    const key = { ...run, channel: 'EMAIL' as const, accountId };
    await ledger.count(key, { matched: 1 });
    expect(
      (
        await ledger.claimMany([
          { key, address: `${accountId}@example.com` },
          { key: { ...key, accountId: 'near' }, address: 'near@example.com' },
        ])
      )[0]?.claimed,
    ).toBe(true);
    expect(await ledger.openClaims(run)).toHaveLength(2);
    // a reader that took the run for one of 32 shards would not see the far one
    expect((await ledger.openClaims({ ...run, shards: undefined })).map((c) => c.accountId)).not.toContain(accountId);
    clock.advance(61_000);
    const worker = deliveryWorker(herald.rt, store, { senders: everyChannel(new RecordingSender(clock)), ratePerSecond: () => 1_000, staleClaimMs: 60_000 });
    const out = await worker({ Records: [{ messageId: randomUUID(), body: JSON.stringify({ kind: 'check', orgId: 1, planId, runId: 'r1' }) } as unknown as SQSRecord] });
    expect(out.batchItemFailures).toEqual([]);
    expect((await ledger.recordOf(key))?.status).toBe('UNCERTAIN');
    expect(await ledger.openClaims(run)).toEqual([]);
  });
});

async function readRecords(planId: string, runId: string, shards: number): Promise<SentRecord[]> {
  const out: SentRecord[] = [];
  for (let shard = 0; shard < shards; shard++) out.push(...((await store.forOrg(1).keyed('sentRecord').list(`${planId}#${runId}#${shard}`)) as SentRecord[]));
  return out;
}
