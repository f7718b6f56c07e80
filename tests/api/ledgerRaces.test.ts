/**
 * Interleavings of the exactly-once ledger found by a review (issue 37, I1 to I5), each driven through the send
 * worker on DynamoDB Local as the queue would drive it: a worker that dies at a chosen request, a batch delivered
 * again after a takeover, an account in two batches of one run, a wave too large for one item, a claim given back
 * by a holder thought dead, and an open between the sweep's read and its write. Each recipient is given to the
 * provider at most once, ends with one terminal record, and the counters equal the records.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyChannel } from '../../functions/channels';
import { type LinkClaims, LinkSigner, TRACKING_PATHS } from '../../functions/channels/links';
import { RecordingSender } from '../../functions/channels/recording';
import type { ChannelSender, SendOutcome } from '../../functions/channels/sender';
import { Ledger } from '../../functions/delivery/ledger';
import type { Recipient, SendBatch } from '../../functions/delivery/messages';
import { RateLimiter } from '../../functions/delivery/rate';
import { type ContentSource, sendBatchHandler, type SendWorkerDeps } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import type { Outbound } from '../../functions/channels';
import { Store } from '../../functions/store/store';
import { manualClock, startHerald } from '../support/herald';
import { countsOutcomes, interposedStore } from '../support/interposedStore';
import { batchesOf, Killed } from '../support/sendHarness';

let herald: LocalHerald;
let store: Store;
let signer: LinkSigner;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
/** Longer than a worker lives: a claim this old was left by a dead worker (the queue's visibility timeout). */
const STALE_MS = 60_000;

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
  signer = new LinkSigner(herald.rt.keys.sealKey, herald.url);
});
afterAll(() => herald?.stop());

type Run = { orgId: number; planId: string; runId: string };
const newRun = (): Run => ({ orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' });

function recipients(n: number, prefix = randomUUID().slice(0, 8)): Recipient[] {
  return Array.from({ length: n }, (_, i) => ({ accountId: `${prefix}-${i}`, address: `${prefix}-${i}@example.com`, consent: true }));
}

/** Content with `links` tracked links of `size` characters each per recipient. */
function contentWith(links = 1, size = 40): ContentSource {
  return {
    async load() {
      return {
        stopped: false,
        from: 'news@herald.local',
        render: (r, tracked) => {
          const anchors = Array.from({ length: links }, (_, i) => `<a href="${tracked.click(`https://shop.example/${'x'.repeat(size - 30)}/${r.accountId}/${i}`, i)}">${i}</a>`);
          return { subject: 'Hi', html: `<p>Hi</p>${anchors.join('')}<img src="${tracked.openPixelUrl}" alt="">`, text: 'Hi' };
        },
      };
    },
  };
}

function deps(email: ChannelSender, over: Partial<SendWorkerDeps> & { on?: Store } = {}): SendWorkerDeps {
  const on = over.on ?? store;
  return {
    store: on,
    clock,
    log: herald.rt.log,
    ledger: new Ledger(on, clock),
    rate: new RateLimiter(on, clock, () => 1_000_000),
    senders: { ...everyChannel(new RecordingSender(clock)), EMAIL: email },
    content: contentWith(),
    links: signer,
    staleClaimMs: STALE_MS,
    throttleRetries: 8,
    backoffMs: 1,
    concurrency: 50,
    ...over,
  };
}

/** Runs a delivery of a worker that may die (Killed): answers whether it died. */
async function survives(work: Promise<void>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (e) {
    if (e instanceof Killed) return false;
    throw e;
  }
}

/** After the run's sweep: each address given to the provider at most once, one terminal record each, counters equal to records. */
async function expectSettledOnce(run: Run, list: Recipient[], sent: readonly Outbound[]) {
  const ledger = new Ledger(store, clock);
  await ledger.sweep(run, clock.now() - STALE_MS);
  const times = new Map<string, number>();
  for (const m of sent) times.set(m.to, (times.get(m.to) ?? 0) + 1);
  expect([...times.values()].filter((n) => n > 1)).toEqual([]);
  const records = await Promise.all(list.map((r) => store.get('sentRecord', ledger.keyOf({ ...run, channel: 'EMAIL', accountId: r.accountId }))));
  expect(records.map((r) => r?.status ?? 'none').filter((s) => !['SENT', 'FAILED', 'SKIPPED', 'UNCERTAIN'].includes(s))).toEqual([]);
  const { total } = await ledger.totals(run);
  const count = (status: string) => records.filter((r) => r?.status === status).length;
  expect(total).toMatchObject({ sent: count('SENT'), failed: count('FAILED'), skipped: count('SKIPPED'), uncertain: count('UNCERTAIN') });
  // a recipient the provider has is SENT, or UNCERTAIN when its worker died before recording it
  for (const [i, r] of records.entries()) if (r?.status === 'SENT') expect(times.get(list[i]!.address)).toBe(1);
  return records;
}

describe('interleavings of the exactly-once ledger', () => {
  it('I1: a worker dying right after its outcomes are counted: the batch delivered again after a takeover sends nobody twice', async () => {
    const run = newRun();
    const list = recipients(4);
    const [batch] = batchesOf(run, 'EMAIL', list);
    const provider = new RecordingSender(clock);
    let counted = false;
    // the batch goes in two waves; the worker dies at its first request after the transaction that counted the first
    const dying = interposedStore(herald, (request) => {
      if (counted) throw new Killed();
      counted = countsOutcomes(request);
    });
    await survives(sendBatchHandler(deps(provider, { on: dying, concurrency: 2 }))(batch!));
    expect(provider.sent).toHaveLength(2);
    // the queue delivers the batch again once the worker is thought dead (a takeover of the batch)
    clock.advance(STALE_MS + 1000);
    await sendBatchHandler(deps(provider))(batch!);
    expect(provider.sent).toHaveLength(4);
    const records = await expectSettledOnce(
      run,
      list,
      provider.sent.map((s) => s.message),
    );
    expect(records.map((r) => r?.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
  });

  it("I2: an account in two named batches of one run (its time zone moved between two zones' page reads) gets one message, in series and at once", async () => {
    const run = newRun();
    const [moved, other] = [recipients(1)[0]!, recipients(2)];
    const [first] = batchesOf(run, 'EMAIL', [moved, other[0]!]);
    const second: SendBatch = { ...first!, recipients: [moved, other[1]!], batch: '1#0#0' };
    const provider = new RecordingSender(clock);
    await sendBatchHandler(deps(provider))(first!);
    await sendBatchHandler(deps(provider))(second);
    expect(provider.sent.filter((s) => s.message.to === moved.address)).toHaveLength(1);
    await expectSettledOnce(
      run,
      [moved, ...other],
      provider.sent.map((s) => s.message),
    );

    const again = newRun();
    const both = recipients(3);
    const [a] = batchesOf(again, 'EMAIL', both);
    const b: SendBatch = { ...a!, batch: '2#0#0' };
    const racing = new RecordingSender(clock);
    await Promise.all([sendBatchHandler(deps(racing))(a!), sendBatchHandler(deps(racing))(b)]);
    expect(racing.sent).toHaveLength(3);
    await expectSettledOnce(
      again,
      both,
      racing.sent.map((s) => s.message),
    );
  });

  it('I3: a wave of 50 recipients with 30 tracked links of 300 bytes each is sent at once, each with its links on its record', async () => {
    const run = newRun();
    const list = recipients(50);
    const [batch] = batchesOf(run, 'EMAIL', list);
    const provider = new RecordingSender(clock);
    await sendBatchHandler(deps(provider, { content: contentWith(30, 300) }))(batch!);
    expect(provider.sent).toHaveLength(50);
    const records = await expectSettledOnce(
      run,
      list,
      provider.sent.map((s) => s.message),
    );
    expect(records.every((r) => r?.status === 'SENT' && r.links?.length === 30 && r.links[0]!.length >= 300)).toBe(true);
  });

  it('I4: a claim given back by a holder thought dead, while the batch is taken over, is sent once by the new holder', async () => {
    const run = newRun();
    const list = recipients(2);
    const [batch] = batchesOf(run, 'EMAIL', list);
    const [slow, quick] = list;
    // the old holder's provider answers the first recipient late, and then says it throttled (nothing was sent)
    let answer!: () => void;
    const late = new Promise<void>((r) => {
      answer = r;
    });
    const oldProvider = new RecordingSender(clock);
    const throttlingLate: ChannelSender = {
      async send(message): Promise<SendOutcome> {
        if (message.to !== slow!.address) return oldProvider.send(message);
        await late;
        return { kind: 'throttled' };
      },
    };
    const oldHolder = sendBatchHandler(deps(throttlingLate, { throttleRetries: 0 }))(batch!).catch((e: Error) => e);
    await expect.poll(() => oldProvider.sent.length).toBe(1);
    clock.advance(STALE_MS + 1000);
    // the batch comes back meanwhile; just before the new holder claims, the old one gives its claim back
    let givenBack = false;
    const newProvider = new RecordingSender(clock);
    const newStore = interposedStore(herald, async (request) => {
      if (givenBack || request.name !== 'TransactWrite') return;
      givenBack = true;
      answer();
      await oldHolder;
    });
    await sendBatchHandler(deps(newProvider, { on: newStore }))(batch!);
    expect(givenBack).toBe(true);
    // and once more, as the queue would after the old holder's error
    await sendBatchHandler(deps(newProvider))(batch!);
    const all = [...oldProvider.sent, ...newProvider.sent].map((s) => s.message);
    expect(all.filter((m) => m.to === slow!.address)).toHaveLength(1);
    expect(all.filter((m) => m.to === quick!.address)).toHaveLength(1);
    const records = await expectSettledOnce(run, list, all);
    expect(records.map((r) => r?.status)).toEqual(['SENT', 'SENT']);
  });

  it("I5: an open between the sweep's read and its write is kept: a later open counts nothing more", async () => {
    const opened = async (run: Run, r: Recipient) => {
      const claims: LinkClaims = { o: run.orgId, p: run.planId, r: run.runId, a: r.accountId, c: 'EMAIL' };
      expect((await fetch(`${herald.url}${TRACKING_PATHS.open}${signer.token('open', claims)}`)).status).toBe(200);
    };
    for (const dieAfter of ['the outcomes', 'the claims'] as const) {
      const run = newRun();
      const list = recipients(3);
      // an unnamed batch, as a journey step's or a trigger's
      const { batch: _name, ...unnamed } = batchesOf(run, 'EMAIL', list)[0]!;
      const provider = new RecordingSender(clock);
      let dead = false;
      const dying = interposedStore(herald, (request) => {
        if (dead) throw new Killed();
        dead = dieAfter === 'the outcomes' ? countsOutcomes(request) : request.name === 'TransactWrite';
      });
      await survives(sendBatchHandler(deps(provider, { on: dying }))(unnamed));
      clock.advance(STALE_MS + 1000);
      // the sweep reads what is open, then the recipient opens the message, then the sweep writes
      let opens = 0;
      const sweeping = interposedStore(herald, async (request) => {
        if (opens > 0 || !/Write/.test(request.name)) return;
        opens += 1;
        await opened(run, list[0]!);
      });
      await new Ledger(sweeping, clock).sweep(run, clock.now() - STALE_MS);
      if (opens === 0) await opened(run, list[0]!);
      await opened(run, list[0]!);
      const ledger = new Ledger(store, clock);
      expect((await ledger.totals(run)).total.opens).toBe(1);
      const record = (await store.get('sentRecord', ledger.keyOf({ ...run, channel: 'EMAIL', accountId: list[0]!.accountId }))) as Record<string, unknown> | undefined;
      expect(record?.openedAt).toBeDefined();
      await expectSettledOnce(
        run,
        list,
        provider.sent.map((s) => s.message),
      );
    }
  });
});
