/**
 * Interleavings of the ledger explored by fast-check's scheduler, not by hand: two attempts of one batch (either
 * may die after its claims or after the provider took its messages), a late completion, the clock passing the
 * stale time and the run's sweep, every DynamoDB request of each actor a task the scheduler orders. Then the batch
 * is delivered again and swept. Each schedule must leave every recipient with one terminal record, no recipient
 * given to the provider twice, and the counters equal to the records.
 *
 * The schedules run on an in-memory model of DynamoDB's conditional semantics (tests/support/dynamoModel.ts), a
 * fresh one per schedule: a schedule's requests then take microseconds instead of a round trip to DynamoDB Local
 * each. The first test holds the model to DynamoDB Local: random sequences of the ledger's operations (claims
 * single and batched, completions of live and stale attempts, releases, skips, sweeps, the clock moving, reads)
 * send every request to both, and each answer, and the tables they leave, must be equal.
 *
 * HERALD_SCHEDULES sets how many schedules are tried (1,000 by default); HERALD_SCHEDULE_STORE=dynamodb-local runs
 * them on DynamoDB Local instead of the model. A failing schedule is printed with its seed and path and the order
 * its tasks ran in; `fc.assert(..., { seed, path })` replays it.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Completion, Ledger, type LedgerKey } from '../../functions/delivery/ledger';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { type Channel, SEND_FAILURE_REASONS, type SendFailureReason } from '../../shared/delivery';
import { DynamoModel, mirroredDoc } from '../support/dynamoModel';
import { manualClock, startHerald } from '../support/herald';
import { interposedStore } from '../support/interposedStore';

let herald: LocalHerald;
let store: Store;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
const STALE_MS = 60_000;
const SCHEDULES = Number(process.env.HERALD_SCHEDULES ?? 1000);
const ON_DYNAMODB_LOCAL = process.env.HERALD_SCHEDULE_STORE === 'dynamodb-local';
/** A sequence that makes every kind of request the schedules make (a batch claim refused in part reads the holders in a batch). */
const EVERY_REQUEST: Op[] = [
  { op: 'claimMany', run: 0, channel: 'EMAIL', accounts: ['a'], reason: 'UNEXPECTED' },
  { op: 'claimMany', run: 0, channel: 'EMAIL', accounts: ['a', 'b', 'c'], reason: 'UNEXPECTED' },
  { op: 'complete', picks: [0, 1], failed: false, reason: 'UNEXPECTED' },
  { op: 'release', pick: 2 },
  { op: 'skip', run: 0, channel: 'EMAIL', accounts: ['a'], reason: 'UNEXPECTED' },
  { op: 'advance', ms: STALE_MS + 1 },
  { op: 'sweep', run: 0 },
  { op: 'read', run: 0, channel: 'EMAIL', accounts: ['c'], reason: 'UNEXPECTED' },
];
/** The tables the ledger writes. */
const LEDGER_TABLES = ['sentRecord', 'deliveryCounter'] as const;

beforeAll(async () => {
  herald = await startHerald({ clock });
  store = new Store(herald.rt);
});
afterAll(() => herald?.stop());

/** The Herald as the ledger sees it, with `doc` (DynamoDB Local, the model, or both) answering its requests. */
const heraldOn = (doc: unknown): LocalHerald => ({ ...herald, rt: { ...herald.rt, aws: { ...herald.rt.aws, doc } } }) as LocalHerald;

async function scanTable(table: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await herald.rt.aws.doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey, ConsistentRead: true }));
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const asSet = (items: Record<string, unknown>[]) => items.map((i) => JSON.stringify(i, Object.keys(i).sort())).sort();

type Op =
  | { op: 'claimMany' | 'claim' | 'skip' | 'read'; run: number; channel: Channel; accounts: string[]; reason: SendFailureReason }
  | { op: 'complete'; picks: number[]; failed: boolean; reason: SendFailureReason }
  | { op: 'release'; pick: number }
  | { op: 'sweep'; run: number }
  | { op: 'advance'; ms: number };

const REASONS = Object.keys(SEND_FAILURE_REASONS) as SendFailureReason[];
const opArb: fc.Arbitrary<Op> = fc.oneof(
  // claims weigh most: the other operations act on what they claimed
  fc.record({
    op: fc.constantFrom('claimMany' as const, 'claim' as const),
    run: fc.nat(1),
    channel: fc.constantFrom<Channel>('EMAIL', 'SMS'),
    accounts: fc.subarray(['a', 'b', 'c'], { minLength: 1 }),
    reason: fc.constantFrom(...REASONS),
  }),
  fc.record({
    op: fc.constantFrom('claimMany' as const, 'claim' as const, 'skip' as const, 'read' as const),
    run: fc.nat(1),
    channel: fc.constantFrom<Channel>('EMAIL', 'SMS'),
    accounts: fc.subarray(['a', 'b', 'c'], { minLength: 1 }),
    reason: fc.constantFrom(...REASONS),
  }),
  fc.record({ op: fc.constant('complete' as const), picks: fc.array(fc.nat(9), { minLength: 1, maxLength: 3 }), failed: fc.boolean(), reason: fc.constantFrom(...REASONS) }),
  fc.record({ op: fc.constant('release' as const), pick: fc.nat(9) }),
  fc.record({ op: fc.constant('sweep' as const), run: fc.nat(1) }),
  fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(0, 1_000, STALE_MS, STALE_MS + 1) }),
);

it("the model answers as DynamoDB Local on the ledger's operations", async () => {
  const model = new DynamoModel(herald.rt.config.tablePrefix);
  const tables = LEDGER_TABLES.map((entity) => store.table(entity));
  for (const table of tables) model.load(table, await scanTable(table));
  const differences: string[] = [];
  const mirrored = new Store(heraldOn(mirroredDoc(herald.rt.aws.doc, model, differences)).rt);
  let sequences = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 16 }), async (ops) => {
      sequences += 1;
      const ledger = new Ledger(mirrored, clock);
      const planId = `m-${randomUUID()}`;
      const runOf = (run: number) => ({ orgId: 7, planId, runId: `r${run}` });
      const keyOf = (run: number, channel: Channel, accountId: string): LedgerKey => ({ ...runOf(run), channel, accountId });
      /** attempts answered by claims, live or not: completions and releases pick among them (or a made-up one) */
      const attempts: { key: LedgerKey; attempt: string }[] = [];
      const pick = (i: number) => attempts[i] ?? { key: keyOf(0, 'EMAIL', 'a'), attempt: `nobody-${i}` };
      for (const op of ops) {
        try {
          if (op.op === 'claimMany' || op.op === 'claim') {
            const keys = (op.op === 'claim' ? op.accounts.slice(0, 1) : op.accounts).map((a) => keyOf(op.run, op.channel, a));
            const claims = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}@example.com` })));
            for (const [i, c] of claims.entries()) if (c.claimed) attempts.push({ key: keys[i]!, attempt: c.attempt });
          } else if (op.op === 'skip') await ledger.skip(keyOf(op.run, op.channel, op.accounts[0]!), `${op.accounts[0]}@example.com`, op.reason);
          else if (op.op === 'read') {
            await ledger.recordOf(keyOf(op.run, op.channel, op.accounts[0]!));
            await ledger.totals(runOf(op.run));
            await ledger.openClaims(runOf(op.run));
          } else if (op.op === 'complete') {
            const outcome: Completion['outcome'] = op.failed ? { status: 'FAILED', reason: op.reason, detail: 'no' } : { status: 'SENT', providerId: 'p-1' };
            // one completion per recipient, as a batch has
            const chosen = [...new Map(op.picks.map((i) => [JSON.stringify(pick(i).key), pick(i)])).values()];
            await ledger.completeMany(chosen.map(({ key, attempt }) => ({ key, attempt, outcome })));
          } else if (op.op === 'release') await ledger.release(pick(op.pick).key, pick(op.pick).attempt);
          else if (op.op === 'sweep') await ledger.sweep(runOf(op.run), clock.now() - STALE_MS);
          else if (op.op === 'advance') clock.advance(op.ms);
        } catch {
          // a refused release or skip: the answers that led to it are compared all the same
        }
      }
      if (differences.length > 0) throw new Error(`the model answered otherwise than DynamoDB Local:\n${differences.join('\n')}`);
    }),
    { numRuns: 40, verbose: 1, examples: [[EVERY_REQUEST]] },
  );
  for (const table of tables) expect(asSet(model.scan(table)), table).toEqual(asSet(await scanTable(table)));
  expect(sequences).toBeGreaterThanOrEqual(40);
  // every kind of request the schedules make was compared
  expect([...model.answered.keys()].sort()).toEqual(['BatchGet', 'Delete', 'Get', 'Put', 'Query', 'TransactWrite']);
}, 300_000);

type Death = 'lives' | 'after its claims' | 'after sending';

it(`${SCHEDULES} schedules of two attempts, a dying worker, the stale time and the sweep: each recipient once`, async () => {
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(fc.scheduler(), fc.constantFrom<Death>('lives', 'after its claims', 'after sending'), fc.boolean(), async (s, death, sweeps) => {
      tried += 1;
      const run = { orgId: 1, planId: `p-${randomUUID()}`, runId: 'r1' };
      const keys: LedgerKey[] = ['a', 'b'].map((id) => ({ ...run, channel: 'EMAIL', accountId: id }));
      const given = new Map<string, number>();
      const send = (k: LedgerKey) => given.set(k.accountId, (given.get(k.accountId) ?? 0) + 1);
      // a store of its own per schedule (the model's) or DynamoDB Local's tables, shared by all schedules
      const on = ON_DYNAMODB_LOCAL ? herald : heraldOn(new DynamoModel(herald.rt.config.tablePrefix));
      /** A ledger whose every request waits for the scheduler's turn. */
      const scheduled = (actor: string) =>
        new Ledger(
          interposedStore(on, (request) => s.schedule(Promise.resolve(), `${actor} ${request.name}`)),
          clock,
        );

      /** One attempt of the batch: claims, gives the claimed to the provider, records the outcomes (unless it dies). */
      async function attempt(actor: string, dies: Death) {
        const ledger = scheduled(actor);
        const claims = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}@example.com` })));
        const mine = keys.flatMap((key, i) => {
          const c = claims[i]!;
          return c.claimed ? [{ key, attempt: c.attempt }] : [];
        });
        if (dies === 'after its claims') return;
        for (const { key } of mine) {
          await s.schedule(Promise.resolve(), `${actor} provider`);
          send(key);
        }
        if (dies === 'after sending') return;
        await ledger.completeMany(mine.map(({ key, attempt }) => ({ key, attempt, outcome: { status: 'SENT' as const } })));
      }

      const actors = [
        attempt('A', death),
        attempt('B', 'lives'),
        s.schedule(Promise.resolve(), 'the stale time passes').then(() => clock.advance(STALE_MS + 1)),
        ...(sweeps ? [s.schedule(Promise.resolve(), 'sweep').then(() => scheduled('sweep').sweep(run, clock.now() - STALE_MS))] : []),
      ];
      // the actors' requests go to the store between their turns: wait turn by turn until all are done
      await s.waitFor(Promise.all(actors));

      // the queue delivers the batch again later
      clock.advance(STALE_MS + 1);
      const ledger = new Ledger(new Store(on.rt), clock);
      const again = await ledger.claimMany(keys.map((key) => ({ key, address: `${key.accountId}@example.com` })));
      const redelivered = keys.flatMap((key, i) => {
        const c = again[i]!;
        return c.claimed ? [{ key, attempt: c.attempt }] : [];
      });
      for (const { key } of redelivered) send(key);
      await ledger.completeMany(redelivered.map(({ key, attempt }) => ({ key, attempt, outcome: { status: 'SENT' as const } })));
      // the run's check sweeps while a claim is left open (16 index reads: only then, to keep a schedule small)
      let records = await Promise.all(keys.map((k) => ledger.recordOf(k)));
      if (records.some((r) => r?.status === 'CLAIMED')) {
        await ledger.sweep(run, clock.now() - STALE_MS);
        records = await Promise.all(keys.map((k) => ledger.recordOf(k)));
      }
      const statuses = records.map((r) => r?.status ?? 'none');
      const { total } = await ledger.totals(run);
      const count = (status: string) => statuses.filter((st) => st === status).length;
      const ok =
        [...given.values()].every((n) => n <= 1) &&
        statuses.every((st) => st === 'SENT' || st === 'UNCERTAIN') &&
        total.sent === count('SENT') &&
        total.uncertain === count('UNCERTAIN') &&
        records.every((r, i) => r?.status !== 'SENT' || given.get(keys[i]!.accountId) === 1);
      if (!ok)
        throw new Error(
          `given ${JSON.stringify([...given])}, records ${statuses.join(', ')}, counted ${JSON.stringify(total)}\n${s
            .report()
            .map((t) => t.label)
            .join(' → ')}`,
        );
    }),
    { numRuns: SCHEDULES, verbose: 1 },
  );
  console.log(`ledger schedules tried: ${tried}, violations: 0`);
  expect(tried).toBe(SCHEDULES);
}, 600_000);
