/**
 * The send pipeline's throughput on the local stack: N recipients (default 100,000) in batches of 50 through
 * the durable local queue, the delivery worker, the exactly-once ledger and the shared rate limiter — once over
 * mixed channels (email, SMS, push, LINE and letters in turn, each rendered by its adapter) with null providers
 * (what the pipeline itself costs), and once email with the SES stand-in. It prints per recipient the DynamoDB
 * requests, the write and read units AWS would bill and their price for 10 million sends, and, beside the
 * recipients per second, the raw conditional-write rate of the local DynamoDB measured in the same run (single
 * conditional puts, 80 in flight). Figures, not targets: on AWS a send is bounded by the provider's rate, and
 * the ledger's cost is its write units.
 * BENCH_PER_OP=1 prints where DynamoDB Local's CPU goes, per request type and table (see perOp); BENCH_REPEAT=n
 * makes the direct measurement n times and prints their median.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { RecordingSender } from '../functions/channels/recording';
import { type ChannelSender, everyChannel } from '../functions/channels';
import { sesEmailSender } from '../functions/channels/email/ses';
import { Ledger } from '../functions/delivery/ledger';
import { DELIVERY_QUEUE, SEND_BATCH, type SendBatch } from '../functions/delivery/messages';
import { storePageBatches } from '../functions/delivery/pipeline';
import { deliveryWorker } from '../functions/delivery/worker';
import { bootLocal } from '../functions/local/boot';
import { startQueueLoop } from '../functions/local/queueLoop';
import { Store } from '../functions/store/store';
import { CHANNEL_TEMPLATES } from '../shared/content';
import { ACCOUNT_SHARDS, runShardsFor } from '../shared/entities';
import type { Channel } from '../shared/delivery';
import type { PlanContent } from '../shared/plan/plan';
import { PARTITION_LIMIT, partitionRecorder } from './partitions';
import { cpuSeconds, dynamoLocalPid } from './serverProcess';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const N = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 4);
const RAW_WRITES = 20_000;
const CONCURRENCY = 80;

const dataDir = mkdtempSync(join(tmpdir(), 'herald-send-'));
const herald = await bootLocal({
  dataDir,
  persistent: false,
  logLevel: 'silent',
  config: {
    adminPassword: 'Bench@1234',
    tablePrefix: 'bench-',
    orgRateShare: 1,
    sendRates: { EMAIL: 1_000_000, SMS: 1_000_000, PUSH_NATIVE: 1_000_000, LINE: 1_000_000, DIRECT_MAIL: 1_000_000 },
  },
});
const store = new Store(herald.rt);
// the boot's own delivery loop is not part of this measurement
await herald.delivery.stop();

const javaPid = dynamoLocalPid();

/**
 * CPU seconds used so far by this process's DynamoDB Local: with the bench process's own, the work a recipient
 * costs, which other load on the machine does not change as it changes the rates.
 */
const dynamoCpuSeconds = (): number => (javaPid === undefined ? Number.NaN : cpuSeconds(javaPid));
const nodeCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** DynamoDB requests by operation, counted while a run is measured (the figure to compare: requests per recipient). */
let requests = new Map<string, number>();
/**
 * BENCH_PER_OP=1: DynamoDB requests go one at a time, each charged the DynamoDB Local CPU it took (by operation
 * and table): where a recipient's cost goes. The rates of such a run mean nothing.
 */
const perOp = new Map<string, { n: number; cpu: number }>();
let serial = Promise.resolve();
if (process.env.BENCH_PER_OP)
  herald.rt.aws.dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const input =
        (args as { input?: { TableName?: string; RequestItems?: object; TransactItems?: { Put?: { TableName: string }; Update?: { TableName: string } }[] } }).input ?? {};
      const tables = input.TransactItems
        ? [...new Set(input.TransactItems.map((t) => (t.Put ?? t.Update)?.TableName))].join('+') + `[${input.TransactItems.length}]`
        : (input.TableName ?? Object.keys(input.RequestItems ?? {}).join('+'));
      const name = `${String(context.commandName).replace(/Command$/, '')}:${tables.replaceAll('bench-', '')}`;
      const turn = serial;
      let done!: () => void;
      serial = new Promise((r) => (done = r));
      await turn;
      const before = dynamoCpuSeconds();
      try {
        return await next(args);
      } finally {
        const op = perOp.get(name) ?? { n: 0, cpu: 0 };
        op.n += 1;
        op.cpu += (dynamoCpuSeconds() - before) * 1000;
        perOp.set(name, op);
        done();
      }
    },
    { step: 'initialize', name: 'benchPerOp' },
  );
herald.rt.aws.dynamo.middlewareStack.add(
  (next, context) => (args) => {
    const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
    requests.set(name, (requests.get(name) ?? 0) + 1);
    return withCapacity(name, args, next as never) as never;
  },
  { step: 'initialize', name: 'benchRequestCount' },
);
/**
 * The capacity AWS would bill, as DynamoDB Local reports it per request (ReturnConsumedCapacity INDEXES: the table
 * and its indexes, items rounded up per KB for writes and per 4 KB for reads), except transactions (below).
 */
const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);
const CAPACITY_OPS = new Set([...READS, 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
let capacity = { read: 0, write: 0 };
/**
 * A transaction's write units as AWS bills them: two per item per KB (a put by its item's size, an update or a
 * delete as one KB, which the ledger's records and counters stay under). DynamoDB Local reports one item's worth
 * per table instead. Its index writes are left out (about two units a recipient more: the open-claims entry put
 * and removed, the byAddress entry at the outcome).
 */
function transactionUnits(input: unknown): number {
  const items = (input as { TransactItems?: { Put?: { Item: unknown } }[] }).TransactItems ?? [];
  return items.reduce((sum, t) => sum + 2 * (t.Put ? Math.max(1, Math.ceil(JSON.stringify(t.Put.Item).length / 1024)) : 1), 0);
}
/** Adds the request's consumed capacity (asked for on every request that can report it) to `capacity`. */
async function withCapacity(name: string, args: { input: unknown }, next: (args: { input: unknown }) => Promise<{ output: unknown }>) {
  if (!CAPACITY_OPS.has(name)) return next(args);
  (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'INDEXES';
  const out = await next(args);
  const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
  const units = name === 'TransactWriteItems' ? transactionUnits(args.input) : [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
  if (READS.has(name)) capacity.read += units;
  else capacity.write += units;
  return out;
}
/** Each request's units charged to its table's partition (bench/partitions.ts), printed scaled to PARTITION_RATE. */
const partitions = partitionRecorder(herald.rt.aws.dynamo, 'bench-');
/** The rate the partition table is scaled to: 10,000 recipients a second (BENCH_PARTITION_RATE). */
const PARTITION_RATE = Number(process.env.BENCH_PARTITION_RATE ?? 10_000);
/** A run's sent-record shards as a channel rated at PARTITION_RATE gets them (BENCH_RUN_SHARDS=32: as before runs chose their own). */
const RUN_SHARDS = Number(process.env.BENCH_RUN_SHARDS ?? runShardsFor(PARTITION_RATE));
/** On-demand list prices, us-east-1 (per million request units), as of November 2024. */
const USD_PER_MILLION = { write: 0.625, read: 0.125 };
const billed = (used: { read: number; write: number }, n: number) => {
  const [w, r] = [used.write / n, used.read / n];
  const usd = ((w * USD_PER_MILLION.write + r * USD_PER_MILLION.read) * 10_000_000) / 1_000_000;
  return `write units ${w.toFixed(2)}, read units ${r.toFixed(2)} per recipient; $${usd.toFixed(2)} per 10 million sends at on-demand list prices (us-east-1: $${USD_PER_MILLION.write} per million write units, $${USD_PER_MILLION.read} per million read units)`;
};
const perRecipient = (counted: Map<string, number>, n: number) =>
  `${([...counted.values()].reduce((a, b) => a + b, 0) / n).toFixed(3)} (${[...counted.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} ${(count / n).toFixed(3)}`)
    .join(', ')})`;

async function pool(n: number, concurrency: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

/** The floor: conditional puts of new keys, as many in flight as the workers have. */
async function rawConditionalWrites(): Promise<{ rate: number; work: string }> {
  const run = randomUUID();
  const [node, dynamo] = [nodeCpuSeconds(), dynamoCpuSeconds()];
  const started = performance.now();
  await pool(RAW_WRITES, CONCURRENCY, async (i) => {
    await herald.rt.aws.doc.send(
      new PutCommand({
        TableName: store.table('sentRecord'),
        Item: { runShard: `raw#${run}#${i % 16}`, recipient: `EMAIL#${i}`, status: 'CLAIMED' },
        ConditionExpression: 'attribute_not_exists(#r)',
        ExpressionAttributeNames: { '#r': 'recipient' },
      }),
    );
  });
  return { rate: RAW_WRITES / ((performance.now() - started) / 1000), work: workOf(node, dynamo, RAW_WRITES, 'write') };
}

/** CPU ms per unit since the readings `node` and `dynamo`. */
const workOf = (node: number, dynamo: number, n: number, unit = 'recipient') =>
  `CPU per ${unit}: bench process ${(((nodeCpuSeconds() - node) / n) * 1000).toFixed(2)} ms, DynamoDB Local ${(((dynamoCpuSeconds() - dynamo) / n) * 1000).toFixed(2)} ms`;

/** Each channel's content, as a library template of it would hold it. */
const CONTENTS: Record<Channel, unknown> = {
  EMAIL: {
    subject: 'Hello {{firstName|there}}',
    preheader: '',
    blocks: [
      { type: 'heading', text: 'Spring sale', level: 2, align: 'left', padding: 'leftRight' },
      { type: 'paragraph', text: 'Dear {{firstName|customer}}, <b>everything</b> is 20% off this week.', align: 'left', padding: 'leftRight' },
      { type: 'button', text: 'Shop now', href: 'https://example.com/shop', align: 'center', padding: 'leftRight' },
    ],
  },
  SMS: { text: 'Dear {{firstName|customer}}, everything is 20% off this week: https://example.com/shop' },
  PUSH_NATIVE: {
    title: 'Spring sale',
    body: 'Dear {{firstName|customer}}, everything is 20% off this week.',
    buttons: [{ text: 'Shop', action: 'WEBSITE', value: 'https://example.com/shop' }],
  },
  LINE: { messages: [{ type: 'text', text: 'Dear {{firstName|customer}}, everything is 20% off this week.' }] },
  DIRECT_MAIL: { subject: 'Spring sale', body: 'Dear {{firstName|customer}},\n\neverything is 20% off this week.' },
};

/**
 * A plan in progress on `channel`, so the content source renders it, with its run as the send step finds it
 * mid-run: every audience shard read and `matched` counted, so each batch's check reads what a real one does.
 */
async function planInProgress(channel: Channel, matched: number): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  const template = CHANNEL_TEMPLATES[channel].template.parse({ channel, defaultLanguage: 'en', contents: { en: CONTENTS[channel] } });
  await store.put('plan', {
    orgId: 1,
    id,
    name: 'Bench',
    title: 'Bench',
    intro: '',
    channel,
    type: 'SINGLE',
    messageType: 1,
    status: 'IN_PROGRESS',
    content: { kind: channel, template } as PlanContent,
    trigger: { kind: 'IMMEDIATELY' },
    tagIds: [],
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'bench',
    updatedBy: 'bench',
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
      shards: RUN_SHARDS,
    });
  await new Ledger(store, herald.rt.clock).count({ orgId: 1, planId: id, runId: 'r1', accountId: id }, { matched });
  return id;
}

/** A recipient's address on each channel. */
const addressOf = (channel: Channel, i: number) =>
  ({
    EMAIL: `a${i}@example.com`,
    SMS: `+1415${String(i).padStart(7, '0')}`,
    PUSH_NATIVE: 'a'.repeat(56) + String(i).padStart(8, '0'),
    LINE: `U${String(i).padStart(32, '0')}`,
    DIRECT_MAIL: `R${i}\n1 Main St\nSpringfield`,
  })[channel];

/**
 * `via: 'queue'` drives the worker through the durable local queue (whose own bookkeeping, about six DynamoDB
 * requests per batch, is SQS's on AWS); `via: 'direct'` hands it the batches as SQS hands a Lambda its records,
 * LOOPS at a time, so only the pipeline's own requests reach DynamoDB.
 */
async function run(
  label: string,
  sender: ChannelSender,
  channels: readonly Channel[],
  n = N,
  via: 'queue' | 'direct' = 'queue',
): Promise<{ rate: number; requests: string; work: string; capacity: string; partitions: string[] }> {
  const plans = new Map<Channel, string>();
  const batchCount = Math.ceil(n / SEND_BATCH);
  const recipientsOf = (c: number) =>
    Array.from({ length: batchCount }, (_, b) => b)
      .filter((b) => b % channels.length === c)
      .reduce((sum, b) => sum + Math.min(SEND_BATCH, n - b * SEND_BATCH), 0);
  for (const [c, channel] of channels.entries()) plans.set(channel, await planInProgress(channel, recipientsOf(c)));
  const runId = 'r1';
  const queueName = `${DELIVERY_QUEUE}-${label}`;
  const pending: SendBatch[] = [];
  for (let i = 0, b = 0; i < n; i += SEND_BATCH, b++) {
    const channel = channels[b % channels.length]!;
    const batch: SendBatch = {
      kind: 'send',
      orgId: 1,
      planId: plans.get(channel)!,
      runId,
      channel,
      // named as the audience fan-out names its batches, with the run's shard count as it hands it on
      batch: `0#0#${b}`,
      shards: RUN_SHARDS,
      recipients: Array.from({ length: Math.min(SEND_BATCH, n - i) }, (_, j) => ({
        accountId: `a${i + j}`,
        address: addressOf(channel, i + j),
        firstName: `R${i + j}`,
        consent: true,
      })),
    };
    if (via === 'queue') await herald.queue.send(queueName, batch);
    else pending.push(batch);
  }
  const worker = deliveryWorker(herald.rt, store, { senders: everyChannel(sender), ratePerSecond: () => 1_000_000 });
  requests = new Map();
  capacity = { read: 0, write: 0 };
  perOp.clear();
  partitions.reset();
  const [node, dynamo] = [nodeCpuSeconds(), dynamoCpuSeconds()];
  const started = performance.now();
  // the fan-out stores each page's batches (ten to a page of 500) before it queues them: their cost is counted too
  const pages = via === 'direct' ? pending : [];
  for (let p = 0; p < pages.length; p += 10) {
    const page = pages.slice(p, p + 10);
    await storePageBatches(
      store,
      page[0]!,
      `0#${p / 10}`,
      'bench',
      page.map((b) => b.recipients),
      herald.rt.clock.now(),
    );
  }
  if (via === 'queue') {
    const loops = Array.from({ length: LOOPS }, () => startQueueLoop({ queue: herald.queue, name: queueName, worker, log: herald.rt.log, pollMs: 5, visibilitySeconds: 600 }));
    await loops[0]!.idle();
    await Promise.all(loops.map((l) => l.stop()));
  } else {
    await pool(pending.length, LOOPS, async (i) => {
      const out = await worker({ Records: [{ messageId: String(i), body: JSON.stringify(pending[i]) } as unknown as SQSRecord] });
      if (out.batchItemFailures.length > 0) throw new Error(`${label}: batch ${i} failed`);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  if (process.env.BENCH_PER_OP) {
    for (const [name, op] of [...perOp].sort((a, b) => b[1].cpu - a[1].cpu))
      console.log(`  ${name}: ${op.n} requests, ${(op.cpu / op.n).toFixed(2)} ms each, ${(op.cpu / n).toFixed(3)} ms per recipient`);
    perOp.clear();
  }
  const work = workOf(node, dynamo, n);
  const hottest = partitions.report(n, PARTITION_RATE);
  const counted = requests;
  const used = capacity;
  requests = new Map();
  let sent = 0;
  for (const planId of plans.values()) sent += (await new Ledger(store, herald.rt.clock).totals({ orgId: 1, planId, runId })).total.sent;
  if (sent !== n) throw new Error(`${label}: ${sent} of ${n} sent`);
  // the last batch's check completed each run, as on a real send
  for (const planId of plans.values()) if ((await store.forOrg(1).get('plan', planId))?.status !== 'DEPLOYED') throw new Error(`${label}: a run was not completed`);
  return { rate: n / seconds, requests: perRecipient(counted, n), work, capacity: billed(used, n), partitions: hottest };
}

// the first thousands warm the JIT and DynamoDB Local up: measured runs come after
await run('warm-up', new RecordingSender(herald.rt.clock), ['EMAIL', 'SMS', 'PUSH_NATIVE', 'LINE', 'DIRECT_MAIL'], Math.min(5_000, N));
const MIXED = (process.env.BENCH_CHANNELS ?? 'EMAIL,SMS,PUSH_NATIVE,LINE,DIRECT_MAIL').split(',') as Channel[];
/** which runs to make (BENCH_MODES, comma-separated): direct, queue, ses */
const MODES = new Set((process.env.BENCH_MODES ?? 'direct,queue,ses').split(','));
// The raw rate is measured before and after each run and the run compared with their mean: other work on the
// machine changes both rates within minutes, and a single reading before the run would skew the ratio.
// the raw path is warmed up as the pipeline's is: a first measurement of it is left out
await rawConditionalWrites();
let rawBefore = await rawConditionalWrites();
console.log(`raw conditional writes (local DynamoDB, ${CONCURRENCY} in flight): ${rawBefore.rate.toFixed(0)}/s; ${rawBefore.work}`);
async function measured(label: string, go: () => ReturnType<typeof run>) {
  const r = await go();
  const rawAfter = await rawConditionalWrites();
  const raw = (rawBefore.rate + rawAfter.rate) / 2;
  console.log(`${label}: ${r.rate.toFixed(0)} recipients/s; the raw conditional-write rate around it ${raw.toFixed(0)}/s (ratio ${(r.rate / raw).toFixed(2)})`);
  console.log(`  DynamoDB requests per recipient ${r.requests}`);
  console.log(`  ${r.capacity}`);
  console.log(`  ${r.work}`);
  console.log(
    `  the hottest partition of each table at ${PARTITION_RATE.toLocaleString('en-US')} recipients/s (limits: ${PARTITION_LIMIT.write} write and ${PARTITION_LIMIT.read} read units a second per partition):`,
  );
  for (const line of r.partitions) console.log(`    ${line}`);
  console.log(`raw conditional writes (local DynamoDB, ${CONCURRENCY} in flight): ${rawAfter.rate.toFixed(0)}/s; ${rawAfter.work}`);
  rawBefore = rawAfter;
  return r.rate / raw;
}
// the direct run is what AWS does (SQS hands the Lambda its records)
// BENCH_REPEAT: that run several times over (the machine's speed wanders between minutes): their median ratio
const ratios: number[] = [];
for (let r = 0; MODES.has('direct') && r < Number(process.env.BENCH_REPEAT ?? 1); r++)
  ratios.push(
    await measured(`null providers, ${MIXED.join(' ')}, ${N} recipients, the worker fed as SQS feeds its Lambda`, () =>
      run(`direct${r}`, new RecordingSender(herald.rt.clock), MIXED, N, 'direct'),
    ),
  );
if (ratios.length > 1)
  console.log(`median ratio of ${ratios.length} runs: ${ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!.toFixed(2)} (${ratios.map((x) => x.toFixed(2)).join(', ')})`);
if (MODES.has('queue'))
  await measured(`null providers, ${MIXED.join(' ')}, ${N} recipients, through the local queue`, () => run('null', new RecordingSender(herald.rt.clock), MIXED));
if (MODES.has('ses')) await measured(`SES stand-in, EMAIL, ${N} recipients, through the local queue`, () => run('ses', sesEmailSender(herald.rt.aws.ses), ['EMAIL']));
const rss = Math.round(process.memoryUsage().rss / 1e6);
console.log(`bench process RSS ${rss} MB`);
await herald.stop();
rmSync(dataDir, { recursive: true, force: true });
