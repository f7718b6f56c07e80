/**
 * The journey engine's throughput on the local DynamoDB: N recipients (default 100,000; `--recipients=10000` or
 * BENCH_RECIPIENTS for a quick run) enter a builder plan's journey at a one-minute wait, move on to a branch on
 * whether they clicked a message when the minute comes, and leave by its yes or no exit when the branch's window
 * ends. The engine's queue and scheduler are taken over here and its journey messages handed to it LOOPS at a
 * time, as SQS hands a Lambda its records, so only the engine's own DynamoDB requests are measured. (The branch
 * reads each recipient's sent-record of a message step no one was sent, as it does on a real run: everyone goes
 * by "no".) Printed: steps advanced per second (the two moves, wait → branch → exit) beside the raw
 * conditional-write rate measured in the same run, before and after (single conditional puts, 80 in flight).
 * Goal: steps advanced per second at least half the raw rate.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { journeyEngine } from '../functions/delivery/journey';
import { Ledger } from '../functions/delivery/ledger';
import type { DeliveryMessageOf } from '../functions/delivery/messages';
import { bootLocal } from '../functions/local/boot';
import type { DeliveryPorts } from '../functions/platform/runtime';
import { Store } from '../functions/store/store';
import type { Account } from '../shared/entities';
import type { Journey } from '../shared/plan/journey';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const flag = process.argv.find((a) => a.startsWith('--recipients='))?.split('=')[1];
const N = Number(flag ?? process.env.BENCH_RECIPIENTS ?? 100_000);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 8);
const RAW_WRITES = Math.min(20_000, Math.max(5_000, N / 5));
const CONCURRENCY = 80;
const ENTER_PAGE = 500;

const clock = {
  t: Date.UTC(2026, 10, 22, 9, 0, 0),
  now() {
    return this.t;
  },
};
const dataDir = mkdtempSync(join(tmpdir(), 'herald-journey-'));
const herald = await bootLocal({
  dataDir,
  persistent: false,
  logLevel: 'silent',
  clock,
  config: { adminPassword: 'Bench@1234', tablePrefix: `benchj${Date.now().toString(36)}-` },
});
const store = new Store(herald.rt);
await herald.delivery.stop();

async function pool(n: number, concurrency: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

/** The floor: conditional puts of new keys, as many in flight as a busy deployment has. */
async function rawConditionalWrites(): Promise<number> {
  const run = randomUUID();
  const started = performance.now();
  await pool(RAW_WRITES, CONCURRENCY, async (i) => {
    await herald.rt.aws.doc.send(
      new PutCommand({
        TableName: store.table('journeyState'),
        Item: { planShard: `raw#${run}#${i % 16}`, accountId: `a${i}`, status: 'ACTIVE' },
        ConditionExpression: 'attribute_not_exists(#a)',
        ExpressionAttributeNames: { '#a': 'accountId' },
      }),
    );
  });
  return RAW_WRITES / ((performance.now() - started) / 1000);
}

/** The engine's queue and scheduler, held here: what it hands on is run by `drain`. */
const queued: DeliveryMessageOf<'journey' | 'journeyDue'>[] = [];
const scheduled = new Map<string, DeliveryMessageOf<'journeyDue'>>();
const ports: DeliveryPorts = {
  ...herald.rt.ports,
  queue: {
    async send(_q, body) {
      queued.push(body as DeliveryMessageOf<'journey'>);
      return randomUUID();
    },
  },
  scheduler: {
    ...herald.rt.ports.scheduler,
    async at(name, _time, target) {
      scheduled.set(name, target.payload as DeliveryMessageOf<'journeyDue'>);
    },
  },
};
// no message step is on the measured path: nothing is sent
const engine = journeyEngine({ store, clock, ports, ledger: new Ledger(store, clock), sendBatch: async () => undefined });

async function drain(): Promise<number> {
  let handled = 0;
  while (queued.length > 0) {
    const batch = queued.splice(0, queued.length);
    await pool(batch.length, LOOPS, async (i) => {
      const m = batch[i]!;
      if (m.kind === 'journey') await engine.step(m);
      else await engine.due(m);
      handled++;
    });
  }
  return handled;
}

/** The schedules due by now, fired (each once), and what they hand on run. */
async function fireDue(): Promise<void> {
  for (const [name, payload] of scheduled) {
    if (payload.minute > clock.now()) continue;
    scheduled.delete(name);
    queued.push(payload);
  }
  await drain();
}

const planId = randomUUID();
const runId = 'r1';
const run = { orgId: 1, planId, runId };
const journey: Journey = {
  entry: 'wait',
  repeat: 'ONCE',
  steps: {
    wait: { type: 'WAIT', name: '', wait: { kind: 'DELAY', minutes: 1 }, next: 'clicked' },
    clicked: { type: 'BRANCH', name: '', condition: { kind: 'CLICKED', stepId: 'hello' }, not: false, windowMinutes: 1, yes: 'thanks', no: 'end' },
    hello: {
      type: 'MESSAGE',
      name: '',
      channel: 'EMAIL',
      content: { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { subject: 'Hello', preheader: '', blocks: [] } } } } as never,
      next: 'thanks',
    },
    thanks: { type: 'EXIT', name: '' },
    end: { type: 'EXIT', name: '' },
  },
};
const now = clock.now();
const plan = {
  orgId: 1,
  id: planId,
  name: 'Bench journey',
  title: 'Bench journey',
  intro: '',
  channel: 'EMAIL',
  type: 'BUILDER',
  messageType: 1,
  status: 'IN_PROGRESS',
  content: journey.steps.hello!.type === 'MESSAGE' ? journey.steps.hello.content : undefined,
  journey,
  trigger: { kind: 'IMMEDIATELY' },
  tagIds: [],
  version: 1,
  dateCreated: now,
  dateUpdated: now,
  createdBy: 'bench',
  updatedBy: 'bench',
} as const;
await store.put('plan', plan);

const accounts = Array.from({ length: N }, (_, i) => ({ id: `a${i}` }) as Account);
// a first round warms the JIT and DynamoDB Local up; the measured rounds come after
await rawConditionalWrites();
let rawBefore = await rawConditionalWrites();
console.log(`raw conditional writes (local DynamoDB, ${CONCURRENCY} in flight): ${rawBefore.toFixed(0)}/s`);

// the audience enters as the fan-out hands it over: pages of 500, LOOPS at once
let started = performance.now();
await pool(Math.ceil(N / ENTER_PAGE), LOOPS, async (p) => {
  await engine.enter(run, plan as never, accounts.slice(p * ENTER_PAGE, (p + 1) * ENTER_PAGE));
});
const enterSeconds = (performance.now() - started) / 1000;
console.log(`entered ${N} recipients at the wait: ${(N / enterSeconds).toFixed(0)}/s; ${scheduled.size} schedule(s) for their due minute`);

// the wait's minute comes, then the branch's window ends: two moves per recipient
clock.t += 2 * 60_000;
started = performance.now();
await fireDue();
const atBranch = scheduled.size;
clock.t += 2 * 60_000;
await fireDue();
const moveSeconds = (performance.now() - started) / 1000;
const totals = await engine.totals(run);
if (totals.entered !== N || totals.exited !== N || totals.steps.end !== N) throw new Error(`not everyone left by the branch's no: ${JSON.stringify(totals)}`);
const rawAfter = await rawConditionalWrites();
const raw = (rawBefore + rawAfter) / 2;
const rate = (2 * N) / moveSeconds;
console.log(`${N} recipients through a wait and a branch (${atBranch} schedule(s) for the branch's minute): ${rate.toFixed(0)} steps advanced/s`);
console.log(`raw conditional writes (local DynamoDB, ${CONCURRENCY} in flight): ${rawAfter.toFixed(0)}/s`);
console.log(`steps advanced per second ${rate.toFixed(0)} vs raw conditional writes ${raw.toFixed(0)}/s around it: ratio ${(rate / raw).toFixed(2)} (goal >= 0.5)`);
rawBefore = rawAfter;
await herald.stop();
rmSync(dataDir, { recursive: true, force: true });
