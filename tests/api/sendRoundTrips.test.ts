/**
 * The send path's round trips to DynamoDB: a batch's first claim waits for one round of reads (the plan, the
 * opt-out list and the send slots at once), and after a send the run and its counters are read together once
 * the run's audience is read whole. What the faster path must not change: the rate counts only the slots
 * used, and the last batch still completes the run.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyChannel } from '../../functions/channels';
import { RecordingSender } from '../../functions/channels/recording';
import { Ledger } from '../../functions/delivery/ledger';
import type { SendBatch } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { sendBatchHandler } from '../../functions/delivery/sendWorker';
import { deliveryWorker } from '../../functions/delivery/worker';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { LinkSigner } from '../../functions/channels/links';
import { CHANNEL_TEMPLATES } from '../../shared/content';
import { ACCOUNT_SHARDS, unsubscriptionId } from '../../shared/entities';
import type { PlanContent } from '../../shared/plan/plan';
import { dynamoRequestsOf, type DynamoCall } from '../support/sendHarness';
import { manualClock, startHerald } from '../support/herald';

let herald: LocalHerald;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0, 100));

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
});
afterAll(() => herald?.stop());

const requestsOf = (work: () => Promise<unknown>) => dynamoRequestsOf(herald, work);

const recipients = (n: number, prefix = randomUUID().slice(0, 8)) =>
  Array.from({ length: n }, (_, i) => ({ accountId: `${prefix}-${i}`, address: `${prefix}-${i}@example.com`, firstName: `R${i}`, consent: true }));

describe('a batch before its first claim', () => {
  it('takes its send slots with the plan and opt-out reads, and gives back the slots of the recipients it skips', async () => {
    const RATE = 1000;
    const list = recipients(10);
    list[0]!.consent = false;
    await store.forOrg(1).put('messageUnsubscription', {
      id: unsubscriptionId('EMAIL', list[1]!.address),
      channelName: 'EMAIL',
      target: list[1]!.address,
      source: 'UNSUBSCRIBE',
      dateCreated: clock.now(),
    });
    const provider = new RecordingSender(clock);
    const send = sendBatchHandler({
      store,
      clock,
      log: herald.rt.log,
      ledger: new Ledger(store, clock),
      rate: new RateLimiter(store, clock, () => RATE),
      senders: everyChannel(provider),
      content: { load: async () => ({ stopped: false, from: 'news@herald.local', render: (r) => ({ subject: `Hi ${r.firstName}`, html: '<p>Hi</p>', text: 'Hi' }) }) },
      links: new LinkSigner(herald.rt.keys.sealKey, 'http://localhost:3000'),
      staleClaimMs: 60_000,
      throttleRetries: 3,
      backoffMs: 1,
      concurrency: 50,
    });
    const batch: SendBatch = { kind: 'send', orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1', channel: 'EMAIL', recipients: list };
    // the channel's counter of this second starts where other tests of this file left it
    const second = Math.floor(clock.now() / 1000);
    const counted = async () =>
      Number((await herald.rt.aws.doc.send(new GetCommand({ TableName: store.table('rateWindow'), Key: { window: `EMAIL#${second}` } }))).Item?.count ?? 0);
    const before = await counted();

    const calls = await requestsOf(() => send(batch));

    expect(provider.sent).toHaveLength(8);
    const optOuts = calls.find((c) => c.name === 'BatchGet' && c.table === store.table('messageUnsubscription'))!;
    const slots = calls.find((c) => c.name === 'Update' && c.table === store.table('rateWindow'))!;
    const claim = calls.find((c) => c.name === 'TransactWrite' && c.table === '')!;
    // the slots were asked for before the opt-out list answered, and the claim came after both
    expect(slots.started).toBeLessThan(optOuts.answered!);
    expect(claim.started).toBeGreaterThan(Math.max(slots.answered!, optOuts.answered!));
    // ten slots taken with the reads, the two skipped recipients' given back
    expect((await counted()) - before).toBe(8);
  });
});

describe('the check after a send', () => {
  /** A plan in progress on EMAIL with its run mid-send: every audience shard read and `matched` counted. */
  async function planInProgress(matched: number): Promise<string> {
    const id = randomUUID();
    const now = clock.now();
    const contents = { en: { subject: 'Hello', preheader: '', blocks: [{ type: 'paragraph', text: 'Hi {{firstName|there}}', align: 'left', padding: 'leftRight' }] } };
    const template = CHANNEL_TEMPLATES.EMAIL.template.parse({ channel: 'EMAIL', defaultLanguage: 'en', contents });
    await store.put('plan', {
      orgId: 1,
      id,
      name: 'Round trips',
      title: 'Round trips',
      intro: '',
      channel: 'EMAIL',
      type: 'SINGLE',
      messageType: 1,
      status: 'IN_PROGRESS',
      content: { kind: 'EMAIL', template } as PlanContent,
      trigger: { kind: 'IMMEDIATELY' },
      tagIds: [],
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: 'test',
      updatedBy: 'test',
    });
    await store
      .forOrg(1)
      .keyed('planRun')
      .put(id, {
        runId: 'r1',
        orgId: 1,
        planId: id,
        status: 'RUNNING',
        dueAt: now,
        startedAt: now,
        shardsDone: new Set(Array.from({ length: ACCOUNT_SHARDS }, (_, s) => String(s))),
      });
    await new Ledger(store, clock).count({ orgId: 1, planId: id, runId: 'r1', accountId: id }, { matched });
    return id;
  }

  it('reads only the counters after a batch once the audience is read whole, the run only when they say it may be complete, and the last batch completes the run', async () => {
    const planId = await planInProgress(30);
    const worker = deliveryWorker(herald.rt, store, { senders: everyChannel(new RecordingSender(clock)), ratePerSecond: () => 1_000_000 });
    const list = recipients(30);
    const deliver = async (i: number) => {
      const batch: SendBatch = { kind: 'send', orgId: 1, planId, runId: 'r1', channel: 'EMAIL', recipients: list.slice(i * 10, i * 10 + 10) };
      const out = await worker({ Records: [{ messageId: String(i), body: JSON.stringify(batch) } as unknown as SQSRecord] });
      expect(out.batchItemFailures).toEqual([]);
    };
    // the first batch's check learns that every shard is read; the next ones read the counters alone while some
    // outcomes are missing
    const first = await requestsOf(() => deliver(0));
    const second = await requestsOf(() => deliver(1));
    const counters = (calls: DynamoCall[]) => calls.filter((c) => c.name === 'Query' && c.table === store.table('deliveryCounter')).at(-1)!;
    const runRead = (calls: DynamoCall[]) => calls.filter((c) => c.name === 'Get' && c.table === store.table('planRun')).at(-1)!;
    expect(counters(first).started).toBeGreaterThan(runRead(first).answered!);
    expect(second.filter((c) => c.table === store.table('planRun'))).toEqual([]);
    expect(counters(second)).toBeDefined();
    expect((await store.forOrg(1).get('plan', planId))?.status).toBe('IN_PROGRESS');

    // the last: its counters say complete, then the run is read and completed
    const last = await requestsOf(() => deliver(2));
    const totals = last.find((c) => c.name === 'Query' && c.table === store.table('deliveryCounter'))!;
    expect(last.find((c) => c.name === 'Get' && c.table === store.table('planRun'))!.started).toBeGreaterThan(totals.answered!);
    expect((await store.forOrg(1).get('plan', planId))?.status).toBe('DEPLOYED');
    expect((await store.forOrg(1).keyed('planRun').get(planId, 'r1'))?.status).toBe('DONE');
    expect((await new Ledger(store, clock).totals({ orgId: 1, planId, runId: 'r1' })).total).toMatchObject({ matched: 30, sent: 30 });
  });
});
