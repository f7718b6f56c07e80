/**
 * The send worker on the real local stack (DynamoDB Local, the durable local queue, the SES stand-in): every
 * recipient exactly once through crashes, duplicated and parallel deliveries; provider throttling never
 * counted as sent and the shared rate never exceeded; suppressed recipients skipped with their reason.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/delivery';
import type { SQSRecord } from 'aws-lambda';
import { CHANNEL_TEMPLATES } from '../../shared/content';
import { ACCOUNT_SHARDS, accountShard, unsubscriptionId } from '../../shared/entities';
import type { PlanContent } from '../../shared/plan/plan';
import { everyChannel } from '../../functions/channels';
import { RecordingSender } from '../../functions/channels/recording';
import type { ChannelSender, ChannelSenders, SendOutcome } from '../../functions/channels/sender';
import { sesEmailSender } from '../../functions/channels/email/ses';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type Recipient, type SendBatch } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { type ContentSource, sendBatchHandler, type SendWorkerDeps } from '../../functions/delivery/sendWorker';
import { deliveryWorker, holdForQuietHours } from '../../functions/delivery/worker';
import type { LocalHerald } from '../../functions/local/boot';
import type { Clock } from '../../functions/platform/runtime';
import { Store } from '../../functions/store/store';
import { LinkSigner } from '../../functions/channels/links';
import { manualClock, sentMail, startHerald } from '../support/herald';
import { campaignRule, planInProgress, testAccount, testSegment } from '../support/plans';
import { batchesOf, Killed, sendHarness } from '../support/sendHarness';

const { workerOf, deliverOne, drain } = sendHarness(() => ({ queue: herald.queue, log: herald.rt.log }));

let herald: LocalHerald;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
});
afterAll(() => herald?.stop());

const content: ContentSource = {
  async load() {
    return {
      stopped: false,
      from: 'news@herald.local',
      render: (r, links) => ({
        subject: `Hello ${r.firstName ?? 'there'}`,
        html: `<p>Hi</p><a href="${links.click('https://example.com/offer', 0)}">Offer</a><img src="${links.openPixelUrl}" alt="">`,
        text: 'Hi',
      }),
    };
  },
};

/** An e-mail plan's content with no blocks: what the send step checks, not what it renders. */
const emailContent = {
  kind: 'EMAIL',
  template: CHANNEL_TEMPLATES.EMAIL.template.parse({ channel: 'EMAIL', defaultLanguage: 'en', contents: { en: { subject: 'Hi', preheader: '', blocks: [] } } }),
} as PlanContent;

function recipients(n: number, prefix = randomUUID().slice(0, 8)): Recipient[] {
  return Array.from({ length: n }, (_, i) => ({ accountId: `${prefix}-${i}`, address: `${prefix}-${i}@example.com`, firstName: `R${i}`, consent: true }));
}

const batches = (orgId: number, planId: string, runId: string, list: Recipient[], channel: Channel = 'EMAIL') => batchesOf({ orgId, planId, runId }, channel, list);

function sendersWith(email: ChannelSender, clk: Clock): ChannelSenders {
  const other = new RecordingSender(clk);
  return { ...everyChannel(other), EMAIL: email };
}

function deps({ email, clk = clock, ratePerSecond = 1_000_000, ...over }: Partial<SendWorkerDeps> & { email: ChannelSender; clk?: Clock; ratePerSecond?: number }): SendWorkerDeps {
  return {
    store,
    clock: clk,
    log: herald.rt.log,
    ledger: new Ledger(store, clk),
    rate: new RateLimiter(store, clk, () => ratePerSecond, over.sleep),
    senders: sendersWith(email, clk),
    content,
    links: new LinkSigner(herald.rt.keys.sealKey, 'http://localhost:3000'),
    staleClaimMs: 60_000,
    throttleRetries: 8,
    backoffMs: 1,
    concurrency: 8,
    ...over,
  };
}

function perAddress(sent: RecordingSender): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sent.sent) counts.set(s.message.to, (counts.get(s.message.to) ?? 0) + 1);
  return counts;
}

describe('exactly once', () => {
  // 200 recipients are four batches: a kill in the first batch, at a batch boundary and in the last (the crash
  // harness kills before every call of a send; here the point is a restart part-way through a run of batches)
  it.each([1, 100, 199])('a worker killed after %i of 200 sends, then restarted: everyone exactly once, 200 terminal records', async (killAfter) => {
    const N = 200;
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const list = recipients(N);
    for (const b of batches(run.orgId, run.planId, run.runId, list)) await herald.queue.send(queue, b);

    const provider = new RecordingSender(clock);
    let done = 0;
    // one recipient at a time, so "killed after k sends" is an exact point
    const dying = workerOf(
      deps({
        email: provider,
        concurrency: 1,
        onRecorded: () => {
          done += 1;
          if (done === killAfter) throw new Killed();
        },
      }),
    );
    let outcome: string;
    do outcome = await deliverOne(dying, queue);
    while (outcome === 'acked');
    expect(outcome).toBe('failed'); // the process died holding a message
    expect(provider.sent).toHaveLength(killAfter);

    // The dead worker's message comes back after its visibility timeout; a new worker finishes the run.
    clock.advance(61_000);
    await drain(workerOf(deps({ email: provider })), queue);

    const counts = perAddress(provider);
    expect(counts.size).toBe(N);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    const { total } = await new Ledger(store, clock).totals(run);
    expect(total).toMatchObject({ sent: N, failed: 0, skipped: 0, uncertain: 0 });
    expect(await new Ledger(store, clock).openClaims(run)).toEqual([]);
  });

  it('every queue message delivered twice, in series and in parallel: one send each', async () => {
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const list = recipients(500);
    const all = batches(run.orgId, run.planId, run.runId, list);
    const provider = new RecordingSender(clock);
    // in series: each batch, then its duplicate
    for (const b of all.slice(0, 5)) {
      await herald.queue.send(queue, b);
      await herald.queue.send(queue, b);
    }
    await drain(workerOf(deps({ email: provider })), queue);
    // in parallel: both copies of each batch taken by two workers at once
    for (const b of all.slice(5)) {
      await herald.queue.send(queue, b);
      await herald.queue.send(queue, b);
    }
    await Promise.all([drain(workerOf(deps({ email: provider })), queue), drain(workerOf(deps({ email: provider })), queue)]);

    const counts = perAddress(provider);
    expect(counts.size).toBe(500);
    expect(Math.max(...counts.values())).toBe(1);
    expect((await new Ledger(store, clock).totals(run)).total.sent).toBe(500);
  });

  it('a worker that dies between the provider and the ledger leaves an uncertain record, never resent', async () => {
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const list = recipients(3);
    await herald.queue.send(queue, batches(run.orgId, run.planId, run.runId, list)[0]);
    const provider = new RecordingSender(clock);
    // the provider takes the second recipient's message, then the process dies before the ledger hears of it
    // (the three are sent at once, so the victim is chosen by address, not by order)
    const dying: ChannelSender = {
      async send(m) {
        const out = await provider.send(m);
        if (m.to === list[1]!.address) throw new Killed();
        return out;
      },
    };
    expect(await deliverOne(workerOf(deps({ email: dying })), queue)).toBe('failed');
    clock.advance(61_000);
    await drain(workerOf(deps({ email: provider })), queue);

    expect([...perAddress(provider).values()]).toEqual([1, 1, 1]);
    const { total } = await new Ledger(store, clock).totals(run);
    expect(total).toMatchObject({ sent: 2, uncertain: 1 });
    const uncertain = await store.get('sentRecord', new Ledger(store, clock).keyOf({ ...run, channel: 'EMAIL', accountId: list[1]!.accountId }));
    expect(uncertain?.status).toBe('UNCERTAIN');
  });
});

describe('the ledger in chunks', () => {
  const keyOf = (run: { orgId: number; planId: string; runId: string }, accountId: string) => ({ ...run, channel: 'EMAIL' as const, accountId });

  it('claims many in one request; one held by someone else is answered with its record and the others are claimed', async () => {
    const ledger = new Ledger(store, clock);
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const held = await ledger.claim(keyOf(run, 'b'), 'b@example.com');
    expect(held.claimed).toBe(true);
    const sends: string[] = [];
    const doc = herald.rt.aws.doc as unknown as { send: (c: { constructor: { name: string } }) => Promise<unknown> };
    const original = doc.send.bind(doc);
    // (the local server's own loops poll with queries meanwhile; only the ledger's writes and reads are counted)
    doc.send = (c) => {
      if (/Transact|BatchGet/.test(c.constructor.name)) sends.push(c.constructor.name);
      return original(c);
    };
    let results;
    try {
      results = await ledger.claimMany(['a', 'b', 'c'].map((id) => ({ key: keyOf(run, id), address: `${id}@example.com` })));
    } finally {
      doc.send = original;
    }
    expect(results.map((r) => r.claimed)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ claimed: false, existing: { accountId: 'b', status: 'CLAIMED' } });
    // the cancelled transaction, the held record read, the rest claimed again
    expect(sends).toEqual(['TransactWriteCommand', 'BatchGetCommand', 'TransactWriteCommand']);
  });

  it("completes many with their sums and reasons counted once; a claim no longer the attempt's is left out", async () => {
    const ledger = new Ledger(store, clock);
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const ids = Array.from({ length: 120 }, (_, i) => `m${i}`);
    const claims = await ledger.claimMany(ids.map((id) => ({ key: keyOf(run, id), address: `${id}@example.com` })));
    const attempts = claims.map((c) => (c.claimed ? c.attempt : ''));
    // m0's claim went stale and was marked uncertain by another worker meanwhile
    const stale = (await store.get('sentRecord', ledger.keyOf(keyOf(run, 'm0'))))!;
    clock.advance(1000);
    expect(await ledger.markUncertain(stale, clock.now())).toBe(true);
    await ledger.completeMany(
      ids.map((id, i) => ({
        key: keyOf(run, id),
        attempt: attempts[i]!,
        outcome: i % 10 === 9 ? { status: 'FAILED' as const, reason: 'BOUNCE' as const } : { status: 'SENT' as const, providerId: `x${i}` },
      })),
    );
    const totals = await ledger.totals(run);
    expect(totals.total).toMatchObject({ sent: 107, failed: 12, uncertain: 1 });
    expect(totals.reasons.failed).toEqual({ BOUNCE: 12 });
    expect((await store.get('sentRecord', ledger.keyOf(keyOf(run, 'm0'))))?.status).toBe('UNCERTAIN');
    expect(await ledger.openClaims(run)).toEqual([]);
  });
  it("keeps a wave's claims in the open-claims index until their outcomes; the run's sweep finds a dead worker's and makes them uncertain", async () => {
    const dead = new Ledger(store, clock);
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const ids = Array.from({ length: 5 }, (_, i) => `w${i}`);
    const claims = await dead.claimMany(ids.map((id) => ({ key: keyOf(run, id), address: `${id}@example.com` })));
    const attempts = claims.map((c) => (c.claimed ? c.attempt : ''));
    expect((await dead.openClaims(run)).map((r) => r.accountId).sort()).toEqual(ids);
    // two recorded, one given back (throttled); the worker dies holding the last two
    await dead.completeMany(ids.slice(0, 2).map((id, i) => ({ key: keyOf(run, id), attempt: attempts[i]!, outcome: { status: 'SENT' as const } })));
    await dead.release(keyOf(run, 'w2'), attempts[2]!);
    expect((await dead.openClaims(run)).map((r) => r.accountId).sort()).toEqual(['w3', 'w4']);
    // a claim younger than a worker's life is left alone
    const sweeper = new Ledger(store, clock);
    await sweeper.sweep(run, clock.now() - 60_000);
    expect(await sweeper.openClaims(run)).toHaveLength(2);
    clock.advance(61_000);
    await sweeper.sweep(run, clock.now() - 60_000);
    expect(await sweeper.openClaims(run)).toEqual([]);
    expect((await sweeper.totals(run)).total).toMatchObject({ sent: 2, uncertain: 2 });
    expect((await store.get('sentRecord', sweeper.keyOf(keyOf(run, 'w3'))))?.status).toBe('UNCERTAIN');
    expect(await store.get('sentRecord', sweeper.keyOf(keyOf(run, 'w2')))).toBeUndefined();
    // swept again: nothing more is counted
    await sweeper.sweep(run, clock.now() - 60_000);
    expect((await sweeper.totals(run)).total).toMatchObject({ sent: 2, uncertain: 2 });
  });

  /** A wave of `n` claimed by `ledger` for a worker's batch: the batch, its ledger keys and their attempts. */
  async function claimedWave(ledger: Ledger, n: number) {
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const list = recipients(n);
    const keys = list.map((r) => keyOf(run, r.accountId));
    const claims = await ledger.claimMany(list.map((r, i) => ({ key: keys[i]!, address: r.address })));
    const batch: SendBatch = { kind: 'send', ...run, channel: 'EMAIL', recipients: list };
    return { run, list, keys, batch, attempts: claims.map((c) => (c.claimed ? c.attempt : '')) };
  }

  it("completes a wave in one transaction: each record's conditional update and the wave's counter sums", async () => {
    const ledger = new Ledger(store, clock);
    const { run, keys, attempts } = await claimedWave(ledger, 30);
    const sends: string[] = [];
    const doc = herald.rt.aws.doc as unknown as { send: (c: { constructor: { name: string }; input: Record<string, unknown> }) => Promise<unknown> };
    const original = doc.send.bind(doc);
    doc.send = (c) => {
      const items = (c.input.TransactItems ?? []) as { Update?: { TableName: string; ConditionExpression?: string } }[];
      const records = items.filter((t) => t.Update?.TableName === store.table('sentRecord'));
      if (/Transact/.test(c.constructor.name))
        sends.push(`${c.constructor.name} ${records.length} records, ${records.filter((t) => t.Update?.ConditionExpression).length} conditional`);
      else if (/BatchWrite|Put|Delete/.test(c.constructor.name)) sends.push(c.constructor.name);
      return original(c);
    };
    try {
      await ledger.completeMany(keys.map((key, i) => ({ key, attempt: attempts[i]!, outcome: { status: 'SENT' as const, providerId: `p${i}` } })));
    } finally {
      doc.send = original;
    }
    expect(sends).toEqual(['TransactWriteCommand 30 records, 30 conditional']);
    const records = await Promise.all(keys.map((k) => store.get('sentRecord', ledger.keyOf(k))));
    expect(records.every((r, i) => r?.status === 'SENT' && r.providerId === `p${i}` && r.doneAt === clock.now() && r.address.endsWith('@example.com') && !r.openClaim)).toBe(true);
    expect((await ledger.totals(run)).total).toMatchObject({ sent: 30 });
    expect(await ledger.openClaims(run)).toEqual([]);
  });

  it("a completion arriving after the sweep settled its members uncertain is left out: each counted once, the late worker's other outcomes recorded", async () => {
    const late = new Ledger(store, clock);
    const { run, keys, batch, attempts } = await claimedWave(late, 3);
    const complete = (i: number) => ({ key: keys[i]!, attempt: attempts[i]!, outcome: { status: 'SENT' as const, providerId: `late-${i}` } });
    clock.advance(61_000);
    // another worker's delivery of the batch finds the second claim stale and makes it uncertain
    const held = (await store.get('sentRecord', late.keyOf(keys[1]!)))!;
    expect(await new Ledger(store, clock).markUncertain(held, clock.now() - 60_000)).toBe(true);
    await late.completeMany([0, 1, 2].map(complete));
    const statuses = async () => Promise.all(keys.map(async (k) => (await store.get('sentRecord', late.keyOf(k)))?.status));
    expect(await statuses()).toEqual(['SENT', 'UNCERTAIN', 'SENT']);
    expect((await late.totals(run)).total).toMatchObject({ sent: 2, uncertain: 1 });

    // a whole wave swept before its worker's completion arrives: the sweep's outcome stands
    const slow = new Ledger(store, clock);
    const second = await claimedWave(slow, 3);
    clock.advance(61_000);
    await new Ledger(store, clock).sweep(second.run, clock.now() - 60_000);
    await slow.completeMany(second.keys.map((key, i) => ({ key, attempt: second.attempts[i]!, outcome: { status: 'SENT' as const } })));
    expect((await slow.totals(second.run)).total).toMatchObject({ sent: 0, uncertain: 3 });

    // both batches delivered again: nobody is sent to, nothing more is counted
    const provider = new RecordingSender(clock);
    await sendBatchHandler(deps({ email: provider }))(batch);
    await sendBatchHandler(deps({ email: provider }))(second.batch);
    expect(provider.sent).toEqual([]);
    expect((await late.totals(run)).total).toMatchObject({ sent: 2, uncertain: 1 });
    expect((await slow.totals(second.run)).total).toMatchObject({ sent: 0, uncertain: 3 });
  });
});

describe("the run's check", () => {
  /** A sending plan whose run has every audience shard read: only the outcomes keep the run open. */
  async function runningRun() {
    const now = clock.now();
    const planId = await planInProgress(store, now, emailContent);
    const run = { orgId: 1, planId, runId: 'r1' };
    await store
      .forOrg(1)
      .keyed('planRun')
      .put(planId, {
        runId: 'r1',
        orgId: 1,
        planId,
        status: 'RUNNING',
        dueAt: now,
        startedAt: now,
        shardsDone: new Set(Array.from({ length: ACCOUNT_SHARDS }, (_, s) => String(s))),
      });
    return { planId, run };
  }

  it("finds a dead worker's claims once they are stale, makes them uncertain, and then completes the run", async () => {
    const { planId, run } = await runningRun();
    const ledger = new Ledger(store, clock);
    await ledger.count({ ...run, accountId: planId }, { matched: 3 });
    // a worker claimed a wave of three, recorded one and died
    const keys = ['d0', 'd1', 'd2'].map((accountId) => ({ ...run, channel: 'EMAIL' as const, accountId }));
    const claims = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}@example.com` })));
    await ledger.complete(keys[0]!, (claims[0] as { attempt: string }).attempt, { status: 'SENT' });
    const worker = deliveryWorker(herald.rt, store, { senders: everyChannel(new RecordingSender(clock)), ratePerSecond: () => 1_000, staleClaimMs: 60_000 });
    const check = async () => {
      const out = await worker({ Records: [{ messageId: randomUUID(), body: JSON.stringify({ kind: 'check', ...run }) } as unknown as SQSRecord] });
      expect(out.batchItemFailures).toEqual([]);
    };
    // held for less than a worker lives: left alone
    await check();
    expect(await ledger.openClaims(run)).toHaveLength(2);
    clock.advance(61_000);
    await check();
    expect(await ledger.openClaims(run)).toEqual([]);
    expect((await store.get('sentRecord', ledger.keyOf(keys[1]!)))?.status).toBe('UNCERTAIN');
    expect((await ledger.totals(run)).total).toMatchObject({ matched: 3, sent: 1, uncertain: 2 });
    // every match has its outcome now: the next check completes the run
    await check();
    expect((await store.forOrg(1).keyed('planRun').get(planId, 'r1'))?.status).toBe('DONE');
  });
});

describe('the audience fan-out', () => {
  it('a page read again after its audience changed queues the batches of its first reading, under the same names, and counts it once', async () => {
    const tag = randomUUID().slice(0, 8);
    const now = clock.now();
    // 120 accounts of one shard: one page of three batches (50, 50, 20)
    const ids: string[] = [];
    for (let i = 0; ids.length < 123; i++) if (accountShard(`${tag}-${i}`) === 0) ids.push(`${tag}-${i}`);
    const account = (id: string) => testAccount(1, id, now, { emails: [`${id}@example.com`], emailConsent: true, attributes: { campaign: tag } });
    for (const id of ids.slice(0, 120)) await store.put('account', account(id));
    const segmentId = await testSegment(store, 1, `Fan-out ${tag}`, campaignRule(tag), now);
    const planId = await planInProgress(store, now, emailContent, { segmentId });
    const run = { orgId: 1, planId, runId: 'r1' };
    await store.forOrg(1).keyed('planRun').put(planId, { runId: 'r1', orgId: 1, planId, status: 'RUNNING', dueAt: now, startedAt: now });
    // the worker's queue is read here instead of by a worker
    const queued: { queue: string; body: { kind: string; batch?: string; recipients?: { accountId: string }[] } }[] = [];
    const rt = { ...herald.rt, ports: { ...herald.rt.ports, queue: { send: async (queue: string, body: unknown) => String(queued.push({ queue, body: body as never })) } } };
    const worker = deliveryWorker(rt, store, { senders: everyChannel(new RecordingSender(clock)), ratePerSecond: () => 1_000 });
    const readPage = async () => {
      queued.length = 0;
      const out = await worker({ Records: [{ messageId: randomUUID(), body: JSON.stringify({ kind: 'audience', ...run, shard: 0, page: 0 }) } as unknown as SQSRecord] });
      expect(out.batchItemFailures).toEqual([]);
      return queued.filter((q) => q.body.kind === 'send').map((q) => ({ batch: q.body.batch, accounts: q.body.recipients!.map((r) => r.accountId) }));
    };
    const first = await readPage();
    expect(first.map((b) => [b.batch, b.accounts.length])).toEqual([
      ['0#0#0', 50],
      ['0#0#1', 50],
      ['0#0#2', 20],
    ]);
    // meanwhile three accounts join the segment and one leaves it; the page is read again (a retry, a duplicate)
    for (const id of ids.slice(120)) await store.put('account', account(id));
    await store.put('account', { ...account(ids[7]!), attributes: { campaign: 'elsewhere' } });
    const again = await readPage();
    expect(again).toEqual(first);
    expect((await new Ledger(store, clock).totals(run)).total.matched).toBe(120);
  });
});

describe('suppression', () => {
  it('skips recipients without consent, unsubscribed and bounced, each with its reason', async () => {
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const run = { orgId: 7, planId: `p-${randomUUID()}`, runId: 'r1' };
    const list = recipients(5);
    list[0]!.consent = false;
    const put = (address: string, source: 'UNSUBSCRIBE' | 'BOUNCE') =>
      store.forOrg(7).put('messageUnsubscription', { id: unsubscriptionId('EMAIL', address), channelName: 'EMAIL', target: address, source, dateCreated: clock.now() });
    await put(list[1]!.address, 'UNSUBSCRIBE');
    await put(list[2]!.address.toUpperCase(), 'BOUNCE');
    // another organization's unsubscription does not apply here
    await store.forOrg(8).put('messageUnsubscription', {
      id: unsubscriptionId('EMAIL', list[3]!.address),
      channelName: 'EMAIL',
      target: list[3]!.address,
      source: 'UNSUBSCRIBE',
      dateCreated: clock.now(),
    });
    await herald.queue.send(queue, batches(run.orgId, run.planId, run.runId, list)[0]);
    const provider = new RecordingSender(clock);
    await drain(workerOf(deps({ email: provider })), queue);

    expect(provider.sent.map((s) => s.message.to).sort()).toEqual([list[3]!.address, list[4]!.address].sort());
    const ledger = new Ledger(store, clock);
    const reasonOf = async (i: number) => (await store.get('sentRecord', ledger.keyOf({ ...run, channel: 'EMAIL', accountId: list[i]!.accountId })))?.reason;
    expect([await reasonOf(0), await reasonOf(1), await reasonOf(2)]).toEqual(['USER_SETTINGS_BLOCK', 'UNSUBSCRIBED', 'BOUNCE']);
    expect((await ledger.totals(run)).total).toMatchObject({ sent: 2, skipped: 3 });
  });
});

describe('throttling', () => {
  it('with 30 % of provider calls throttled, all are delivered, none counted twice, and the rate holds in every second', async () => {
    const realClock: Clock = { now: () => Date.now() };
    const RATE = 150;
    const N = 600;
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    for (const b of batches(run.orgId, run.planId, run.runId, recipients(N))) await herald.queue.send(queue, b);
    const provider = new RecordingSender(realClock);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let throttled = 0;
    const flaky: ChannelSender = {
      async send(m): Promise<SendOutcome> {
        if (random() < 0.3) {
          throttled += 1;
          return { kind: 'throttled' };
        }
        return provider.send(m);
      },
    };
    const d = () => deps({ email: flaky, clk: realClock, ratePerSecond: RATE, backoffMs: 5, throttleRetries: 20 });
    // three workers share the rate
    await Promise.all([drain(workerOf(d()), queue), drain(workerOf(d()), queue), drain(workerOf(d()), queue)]);

    expect(throttled).toBeGreaterThan(N * 0.2);
    expect(perAddress(provider).size).toBe(N);
    expect(provider.sent).toHaveLength(N);
    const perSecond = new Map<number, number>();
    for (const s of provider.sent) perSecond.set(Math.floor(s.at / 1000), (perSecond.get(Math.floor(s.at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(RATE);
    expect((await new Ledger(store, realClock).totals(run)).total).toMatchObject({ sent: N, failed: 0 });
  }, 60_000);
});

describe('slow claims', () => {
  it("a wave whose claim outlasts its second is sent on the next second's slots: no claim given back, the rate still held", async () => {
    const clk = manualClock(Date.UTC(2026, 10, 22, 10, 0, 0));
    const RATE = 20;
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const list = recipients(45);
    for (const b of batches(run.orgId, run.planId, run.runId, list)) await herald.queue.send(queue, b);
    const provider = new RecordingSender(clk);
    // the ledger of a loaded table: every claim request takes a second and a half
    const ledger = new Ledger(store, clk);
    const claimMany = ledger.claimMany.bind(ledger);
    ledger.claimMany = async (entries) => {
      const out = await claimMany(entries);
      clk.advance(1_500);
      return out;
    };
    let released = 0;
    const release = ledger.release.bind(ledger);
    ledger.release = async (k, attempt) => {
      released += 1;
      return release(k, attempt);
    };
    const sleep = async (ms: number) => clk.advance(ms);
    await drain(workerOf(deps({ email: provider, clk, ledger, ratePerSecond: RATE, sleep, rate: new RateLimiter(store, clk, () => RATE, sleep) })), queue);

    expect(released).toBe(0);
    expect(perAddress(provider).size).toBe(45);
    expect(provider.sent).toHaveLength(45);
    const perSecond = new Map<number, number>();
    for (const s of provider.sent) perSecond.set(Math.floor(s.at / 1000), (perSecond.get(Math.floor(s.at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(RATE);
    expect((await new Ledger(store, clk).totals(run)).total).toMatchObject({ sent: 45, failed: 0 });

    // the same batches again: every claim is answered as taken, so the lapsed second has nothing to send
    for (const b of batches(run.orgId, run.planId, run.runId, list)) await herald.queue.send(queue, b);
    await drain(workerOf(deps({ email: provider, clk, ledger, ratePerSecond: RATE, sleep, rate: new RateLimiter(store, clk, () => RATE, sleep) })), queue);
    expect(provider.sent).toHaveLength(45);
  });
});

describe('SES', () => {
  it('sends through the SES stand-in with both unsubscribe headers, tags and signed links', async () => {
    const queue = `${DELIVERY_QUEUE}-${randomUUID()}`;
    const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
    const list = recipients(3);
    await herald.queue.send(queue, batches(run.orgId, run.planId, run.runId, list)[0]);
    await drain(workerOf(deps({ email: sesEmailSender(herald.rt.aws.ses) })), queue);
    const mails = (await sentMail(herald)) as unknown as { destination: { to: string[] }; headers?: { name: string; value: string }[]; body: { html: string } }[];
    for (const r of list) {
      const mine = mails.filter((m) => m.destination.to.includes(r.address));
      expect(mine).toHaveLength(1);
      const headers = Object.fromEntries((mine[0]!.headers ?? []).map((h) => [h.name, h.value]));
      expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/service\/t\/u\/[\w-]+>$/);
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mine[0]!.body.html).toContain('/service/t/c/');
    }
  });
});

describe('sending rules', () => {
  const smsContent: ContentSource = {
    async load() {
      return { stopped: false, from: '', render: () => ({ text: 'Sale today', language: 'en', parts: 1, encoding: 'GSM-7' as const, messageType: 'PROMOTIONAL' as const }) };
    },
  };
  const phones = (zones: string[], prefix = String(Date.now() % 100_000).padStart(5, '0')) =>
    zones.map((timeZone, i) => ({ accountId: `${prefix}-${i}`, address: `+1415${prefix}${String(i).padStart(2, '0')}`.slice(0, 12), consent: true, timeZone }));

  it('quiet hours hold SMS where it is night for the recipient, send when the window opens, and count them held once', async () => {
    const clk = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
    const orgId = 9101;
    const run = { orgId, planId: `p-${randomUUID()}`, runId: 'r1' };
    // 09:00 UTC: 18:00 in Tokyo and 10:00 in Berlin (send); 04:00 in New York and 01:00 in Los Angeles (quiet)
    const list = phones(['Asia/Tokyo', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles']);
    const provider = new RecordingSender(clk);
    const ledger = new Ledger(store, clk);
    const held: { batch: SendBatch; until: number }[] = [];
    const realHold = holdForQuietHours(herald.rt, store, ledger);
    const handler = sendBatchHandler({
      ...deps({ email: provider, clk }),
      senders: everyChannel(provider),
      content: smsContent,
      policy: async () => ({ caps: {}, quietHours: { enabled: true, start: '21:00', end: '08:00' }, defaultTimeZone: 'UTC' }),
      hold: async (batch, until) => {
        held.push({ batch, until });
        await realHold(batch, until);
      },
    });
    const batch = batches(orgId, run.planId, run.runId, list, 'SMS')[0]!;
    await handler(batch);
    // redelivered: its records send nobody twice; the quiet ones are held again under the same schedule, counted once
    await handler(batch);
    // the same batch, unnamed (as a journey's or a trigger's): the same
    const { batch: _name, ...unnamed } = batch;
    await handler(unnamed);
    expect(provider.sent.map((s) => s.message.to).sort()).toEqual([list[0]!.address, list[1]!.address].sort());
    const nyOpens = Date.UTC(2026, 10, 22, 13, 0, 0); // 08:00 EST
    const laOpens = Date.UTC(2026, 10, 22, 16, 0, 0); // 08:00 PST
    // what is held goes later as a batch of its own, without the whole batch's name
    expect(held.map((h) => [h.until, h.batch.batch, h.batch.recipients.map((r) => r.accountId)])).toEqual([
      [nyOpens, undefined, [list[2]!.accountId]],
      [laOpens, undefined, [list[3]!.accountId]],
      [nyOpens, undefined, [list[2]!.accountId]],
      [laOpens, undefined, [list[3]!.accountId]],
      [nyOpens, undefined, [list[2]!.accountId]],
      [laOpens, undefined, [list[3]!.accountId]],
    ]);
    expect((await ledger.totals(run)).total).toMatchObject({ sent: 2, failed: 0, skipped: 0, held: 2 });
    // the window opens in New York: its held batch goes; Los Angeles is still asleep and stays held
    clk.t = nyOpens;
    await handler(held[0]!.batch);
    clk.t = laOpens + 1000;
    await handler(held[1]!.batch);
    expect(provider.sent.map((s) => s.message.to).sort()).toEqual(list.map((r) => r.address).sort());
    expect((await ledger.totals(run)).total).toMatchObject({ sent: 4, failed: 0, skipped: 0 });
  });

  it('a frequency cap lets each recipient get N messages of a channel a day; a redelivery never counts twice', async () => {
    const clk = manualClock(Date.UTC(2026, 10, 23, 10, 0, 0));
    const orgId = 9102;
    const list = phones(['UTC', 'UTC']);
    const provider = new RecordingSender(clk);
    const ledger = new Ledger(store, clk);
    const handler = sendBatchHandler({
      ...deps({ email: provider, clk }),
      senders: everyChannel(provider),
      content: smsContent,
      policy: async () => ({ caps: { SMS: 1 }, quietHours: { enabled: false, start: '21:00', end: '08:00' }, defaultTimeZone: 'UTC' }),
    });
    const runOf = (planId: string) => ({ orgId, planId, runId: 'r1' });
    const first = runOf(`p-${randomUUID()}`);
    await handler(batches(orgId, first.planId, 'r1', list, 'SMS')[0]!);
    await handler(batches(orgId, first.planId, 'r1', list, 'SMS')[0]!); // redelivered
    expect(provider.sent).toHaveLength(2);
    const second = runOf(`p-${randomUUID()}`);
    await handler(batches(orgId, second.planId, 'r1', list, 'SMS')[0]!);
    expect(provider.sent).toHaveLength(2);
    expect((await ledger.totals(second)).reasons.skipped).toEqual({ PER_USER_LIMIT_REACHED: 2 });
    // email is not capped; the next day SMS may go again
    clk.advance(24 * 3600_000);
    const third = runOf(`p-${randomUUID()}`);
    await handler(batches(orgId, third.planId, 'r1', list, 'SMS')[0]!);
    expect(provider.sent).toHaveLength(4);
    expect((await ledger.totals(third)).total).toMatchObject({ sent: 2, skipped: 0 });
  });
});
