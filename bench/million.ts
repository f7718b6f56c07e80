/**
 * A million recipients (run by hand, not in npm test): an organization of BENCH_ACCOUNTS accounts (1,000,000), a
 * segment of all of them, and one e-mail message approved through the portal's API (`planAction.pass`), sent by
 * the real pipeline: the fire step, the audience read shard by shard and page by page, its batches on the durable
 * local queue, the delivery worker with its exactly-once ledger and rate limiter, and a null provider. Prints:
 *
 * - the time from the approval to the last send, and recipients a second over the run and minute by minute;
 * - the resident memory of this process (the worker, queue loops, API and stand-ins) and of DynamoDB Local,
 *   sampled over the run, and how much each grows per 100,000 recipients once sending is steady;
 * - what the ledger holds, read back from its records: exactly N terminal records, one per account, the run's
 *   counters equal to them, duplicates 0 (and the provider calls, which must be N as well).
 *
 * BENCH_ORGS=10 sends with that many organizations at once, BENCH_ACCOUNTS each, under a shared rate
 * (BENCH_RATE, 1,000 a second; one organization may take HERALD_ORG_RATE_SHARE of it), and prints each
 * organization's share of every 10 seconds. One organization sends unthrottled unless BENCH_RATE is given.
 * Run: `node --expose-gc --import tsx bench/million.ts` (with --expose-gc the live heap is printed too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type ChannelSender, everyChannel } from '../functions/channels';
import { Ledger } from '../functions/delivery/ledger';
import { DELIVERY_QUEUE } from '../functions/delivery/messages';
import { deliveryWorker } from '../functions/delivery/worker';
import { Accounts } from '../functions/domain/accounts';
import { storedSendRates } from '../functions/domain/sendRates';
import { bootLocal } from '../functions/local/boot';
import { startQueueLoop } from '../functions/local/queueLoop';
import { newId } from '../functions/store/audit';
import { Store } from '../functions/store/store';
import { CHANNELS } from '../shared/delivery';
import { runShardKey, shardsOfRun } from '../shared/entities';
import { generate } from './accountGenerator';
import { addApprover, type Approver, draftInReview, EMAIL_CONTENT, pass } from './approval';
import { apiCaller } from './call';
import { dynamoLocalPid, rssMb } from './serverProcess';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const ORGS = Number(process.env.BENCH_ORGS ?? 1);
const RATE = Number(process.env.BENCH_RATE ?? (ORGS > 1 ? 1_000 : 1_000_000));
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MIN ?? 180) * 60_000;
const SAMPLE_MS = 5_000;
/** accounts generated and written at a time */
const SLICE = 10_000;
const PASSWORD = 'Bench@1234';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

const dataDir = mkdtempSync(join(tmpdir(), 'herald-million-'));
const herald = await bootLocal({
  dataDir,
  persistent: false,
  // faults only (an unexpected error's stack), on stderr
  logLevel: 'error',
  logSink: (line) => process.stderr.write(`${line}\n`),
  metricSink: () => undefined,
  config: { adminPassword: PASSWORD, tablePrefix: 'million-', sendRates: Object.fromEntries(CHANNELS.map((c) => [c, RATE])) as never },
});
const store = new Store(herald.rt);
const ledger = new Ledger(store, herald.rt.clock);
const call = apiCaller(herald);
const java = dynamoLocalPid();
// the boot's delivery loop sends through the stand-ins: this bench's own loop, the same but for the provider, replaces it
await herald.delivery.stop();

/** The null provider: answers at once and keeps only a count per organization, so it holds no memory. */
const providerCalls = new Map<number, number>();
let providerSeq = 0;
const nullSender: ChannelSender = {
  async send(_message, route) {
    providerCalls.set(route.tenant.orgId, (providerCalls.get(route.tenant.orgId) ?? 0) + 1);
    return { kind: 'sent', providerId: `null-${++providerSeq}` };
  },
};

interface Org {
  orgId: number;
  segmentId: string;
  planId?: string;
  runId?: string;
  /** epoch ms and performance.now() of the pass */
  approvedAt?: number;
  approvedPerf?: number;
  doneAt?: number;
}

const login = async () => (await call('auth.login', { username: 'admin', password: PASSWORD })).accessToken as string;
let adminToken = await login();
const orgs: Org[] = [];
for (let k = 1; k <= ORGS; k++) {
  const orgId = k === 1 ? 1 : (await call('organization.save', { name: `Bench ${k}`, code: `BENCH${k}` }, adminToken)).id;
  const now = Date.now();
  const segmentId = newId();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'bench', updatedBy: 'bench' };
  // every account consents to e-mail, so the segment is all of them
  await store.put('segment', {
    orgId,
    id: segmentId,
    name: 'Everyone',
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'emailConsent', operator: 'equals', value: true }] },
    ...audit,
  } as never);
  orgs.push({ orgId, segmentId });
}

// Seeding: the generator's accounts a slice at a time, written with the bulk import's BatchWriteItem path.
let started = performance.now();
for (const org of orgs) {
  const accounts = new Accounts(store.forOrg(org.orgId));
  const slices = Array.from({ length: Math.ceil(ACCOUNTS / SLICE) }, (_, s) => s * SLICE);
  // two slices in flight: one's batch writes overlap the other's generation and change feed
  await Promise.all(
    [0, 1].map(async (lane) => {
      for (let s = lane; s < slices.length; s += 2) {
        const first = slices[s]!;
        const slice = generate(Math.min(SLICE, ACCOUNTS - first), first).map((a) => ({ ...a, orgId: org.orgId, emailConsent: true }));
        await accounts.putMany(slice);
      }
    }),
  );
}
const seedSeconds = (performance.now() - started) / 1000;
console.log(
  `seeded ${ORGS} × ${fmt(ACCOUNTS)} accounts in ${seedSeconds.toFixed(0)} s (${fmt((ORGS * ACCOUNTS) / seedSeconds)} a second); RSS: this process ${fmt(rssMb(process.pid))} MB, DynamoDB Local ${java ? fmt(rssMb(java)) : '?'} MB`,
);

// Each organization's message drafted and sent to review by its administrator, to its own approver.
adminToken = await login();
const approvers = new Map<number, Approver>();
for (const org of orgs) {
  adminToken = (await call('user.switchOrganization', { orgId: org.orgId }, adminToken)).accessToken;
  const approver = await addApprover(call, adminToken, `approver${org.orgId}`);
  approvers.set(org.orgId, approver);
  const asked = performance.now();
  org.planId = await draftInReview(call, adminToken, approver, { name: 'Million', title: 'Million', channel: 'EMAIL', content: EMAIL_CONTENT, segmentId: org.segmentId });
  // the send to review counts the segment's reach (bounded by the count's time budget)
  console.log(`organization ${org.orgId}: saved and sent to review in ${((performance.now() - asked) / 1000).toFixed(1)} s`);
}

const loop = startQueueLoop({
  queue: herald.queue,
  name: DELIVERY_QUEUE,
  worker: deliveryWorker(herald.rt, store, {
    senders: everyChannel(nullSender),
    ratePerSecond: storedSendRates(store, herald.rt.config.sendRates, herald.rt.clock),
    // as the boot's loop: a claim older than the visibility timeout was left by a dead worker
    staleClaimMs: 300_000,
  }),
  log: herald.rt.log,
  visibilitySeconds: 300,
});

const gc = (globalThis as { gc?: () => void }).gc;
interface Sample {
  ms: number;
  /** outcomes per organization (sent, failed, skipped, uncertain) */
  done: number[];
  node: number;
  heap: number;
  dynamo: number;
}
const samples: Sample[] = [];
const outcomesOf = async (org: Org): Promise<number> => {
  if (!org.runId) org.runId = (await store.forOrg(org.orgId).keyed('planRun').list(org.planId!))[0]?.runId;
  if (!org.runId) return 0;
  const { total } = await ledger.totals({ orgId: org.orgId, planId: org.planId!, runId: org.runId });
  return total.sent + total.failed + total.skipped + total.uncertain;
};

// The approvals, one after another: each fires its organization's run.
for (const org of orgs) {
  org.approvedAt = Date.now();
  org.approvedPerf = performance.now();
  await pass(call, approvers.get(org.orgId)!, org.planId!);
}
started = orgs[0]!.approvedPerf!;
console.log(
  `approved ${ORGS} message${ORGS > 1 ? 's' : ''} of ${fmt(ACCOUNTS)} recipients each (rate ${fmt(RATE)} a second, one organization's share ${herald.rt.config.orgRateShare})`,
);
console.log('  time   sent        this minute   RSS: this process (live heap)   DynamoDB Local');
let lastMinute = { ms: 0, sent: 0 };
for (;;) {
  await new Promise((r) => setTimeout(r, SAMPLE_MS));
  const ms = performance.now() - started;
  const done = await Promise.all(orgs.map(outcomesOf));
  const minuteMark = Math.floor(ms / 60_000) > Math.floor(lastMinute.ms / 60_000);
  // the live heap after a collection is what shows whether anything accumulates (RSS keeps what V8 once took)
  gc?.();
  const memory = process.memoryUsage();
  const sample = { ms, done, node: rssMb(process.pid), heap: memory.heapUsed / 2 ** 20, dynamo: java ? rssMb(java) : Number.NaN };
  samples.push(sample);
  for (const [i, org] of orgs.entries()) if (done[i]! >= ACCOUNTS && !org.doneAt) org.doneAt = performance.now();
  const sent = done.reduce((a, b) => a + b, 0);
  const finished = orgs.every((o) => o.doneAt);
  if (minuteMark || finished) {
    const rate = (sent - lastMinute.sent) / ((ms - lastMinute.ms) / 1000);
    console.log(
      `  ${clock(ms).padStart(5)}  ${fmt(sent).padStart(10)}  ${fmt(rate).padStart(7)}/s     ${fmt(sample.node).padStart(6)} MB${gc ? ` (${fmt(sample.heap)} MB)` : ''}                ${fmt(sample.dynamo).padStart(6)} MB`,
    );
    lastMinute = { ms, sent };
  }
  if (finished || ms > TIMEOUT_MS) break;
}
// the last batch's check completes the run: wait for it (at most a minute's scheduled check)
const runsDone = async () =>
  (await Promise.all(orgs.map(async (o) => o.runId && (await store.forOrg(o.orgId).keyed('planRun').get(o.planId!, o.runId))?.status === 'DONE'))).every(Boolean);
for (let i = 0; i < 130 && !(await runsDone()); i++) await new Promise((r) => setTimeout(r, 500));
await loop.stop();

/** The run's records read back from the ledger (every shard of it): what was decided for whom. */
async function readLedger(org: Org) {
  const statuses = new Map<string, number>();
  const accounts = new Set<string>();
  const providerIds = new Set<string>();
  let records = 0;
  let strangers = 0;
  let lastDoneAt = 0;
  const run = await store.forOrg(org.orgId).keyed('planRun').get(org.planId!, org.runId!);
  for (let shard = 0; shard < shardsOfRun(run ?? {}); shard++) {
    let after: Record<string, unknown> | undefined;
    do {
      const page = await herald.rt.aws.doc.send(
        new QueryCommand({
          TableName: store.table('sentRecord'),
          KeyConditionExpression: '#k = :k',
          ExpressionAttributeNames: { '#k': 'runShard', '#s': 'status' },
          ExpressionAttributeValues: { ':k': runShardKey(org.orgId, org.planId!, org.runId!, shard) },
          ProjectionExpression: 'accountId, #s, providerId, doneAt',
          ExclusiveStartKey: after,
        }),
      );
      for (const r of page.Items ?? []) {
        records++;
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        accounts.add(r.accountId);
        if (r.providerId) providerIds.add(r.providerId);
        // only this organization's seeded accounts may be in its run
        const n = Number(/^cust-(\d+)$/.exec(r.accountId)?.[1] ?? Number.NaN);
        if (!(n >= 0 && n < ACCOUNTS)) strangers++;
        lastDoneAt = Math.max(lastDoneAt, r.doneAt ?? 0);
      }
      after = page.LastEvaluatedKey;
    } while (after);
  }
  return { records, statuses, accounts: accounts.size, providerIds: providerIds.size, strangers, lastDoneAt };
}

let failures = 0;
console.log('\nthe ledger, read back record by record');
for (const org of orgs) {
  if (!org.runId) {
    console.log(`  organization ${org.orgId}: no run`);
    failures++;
    continue;
  }
  const l = await readLedger(org);
  const { total } = await ledger.totals({ orgId: org.orgId, planId: org.planId!, runId: org.runId });
  const terminal = (['SENT', 'FAILED', 'SKIPPED', 'UNCERTAIN'] as const).reduce((n, s) => n + (l.statuses.get(s) ?? 0), 0);
  const duplicates = l.records - l.accounts;
  const countersAgree =
    total.matched === ACCOUNTS &&
    total.sent === (l.statuses.get('SENT') ?? 0) &&
    total.failed === (l.statuses.get('FAILED') ?? 0) &&
    total.skipped === (l.statuses.get('SKIPPED') ?? 0) &&
    total.uncertain === (l.statuses.get('UNCERTAIN') ?? 0);
  const calls = providerCalls.get(org.orgId) ?? 0;
  const run = await store.forOrg(org.orgId).keyed('planRun').get(org.planId!, org.runId);
  const ok = l.records === ACCOUNTS && terminal === ACCOUNTS && l.accounts === ACCOUNTS && duplicates === 0 && l.strangers === 0 && countersAgree && calls === ACCOUNTS;
  if (!ok) failures++;
  const seconds = (l.lastDoneAt - org.approvedAt!) / 1000;
  console.log(
    `  organization ${org.orgId}: ${fmt(l.records)} records (${[...l.statuses].map(([s, n]) => `${s} ${fmt(n)}`).join(', ')}), ${fmt(l.accounts)} accounts, duplicates ${duplicates}, others' accounts ${l.strangers}; ` +
      `counters matched ${fmt(total.matched)}, sent ${fmt(total.sent)}, failed ${total.failed}, skipped ${total.skipped}, uncertain ${total.uncertain} (${countersAgree ? 'equal to the records' : 'DISAGREE'}); ` +
      `provider calls ${fmt(calls)}, distinct provider ids ${fmt(l.providerIds)}; run ${run?.status}; ${ok ? 'OK' : 'FAIL'}`,
  );
  console.log(`    approval to the last send ${clock(seconds * 1000)} (${seconds.toFixed(0)} s): ${fmt(ACCOUNTS / seconds)} recipients a second`);
}

// Memory once sending is steady: from a quarter of the recipients to the end, growth per 100,000 sent (least squares).
const total = ORGS * ACCOUNTS;
const steady = samples.filter((s) => s.done.reduce((a, b) => a + b, 0) >= total / 4);
const slope = (pick: (s: Sample) => number) => {
  const xs = steady.map((s) => s.done.reduce((a, b) => a + b, 0) / 100_000);
  const ys = steady.map(pick);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den > 0 ? num / den : Number.NaN;
};
const range = (pick: (s: Sample) => number) => `${fmt(Math.min(...samples.map(pick)))}–${fmt(Math.max(...samples.map(pick)))} MB`;
console.log(
  `\nmemory over the run (${samples.length} samples every ${SAMPLE_MS / 1000} s): this process ${range((s) => s.node)}${gc ? ` (live heap ${range((s) => s.heap)})` : ''}, DynamoDB Local ${range((s) => s.dynamo)}`,
);
if (steady.length >= 3)
  console.log(
    `  once steady (from ${fmt(total / 4)} sent): this process ${slope((s) => s.node).toFixed(1)} MB${gc ? ` (live heap ${slope((s) => s.heap).toFixed(1)} MB)` : ''} per 100,000 sent, DynamoDB Local ${slope((s) => s.dynamo).toFixed(1)} MB per 100,000 sent (it keeps every record in memory)`,
  );

// Fair shares: each organization's part of every 10 seconds while all of them still had recipients to send.
if (ORGS > 1) {
  console.log(`\neach organization's share of the sends, every 10 s (fair: ${(100 / ORGS).toFixed(1)} % each)`);
  console.log(`  time    sent/s  ${orgs.map((o) => `org ${o.orgId}`.padStart(7)).join('')}`);
  const shares: number[] = [];
  for (let i = 2; i < samples.length; i += 2) {
    const [a, b] = [samples[i - 2]!, samples[i]!];
    if (b.done.some((d) => d >= ACCOUNTS)) break;
    const parts = b.done.map((d, k) => d - a.done[k]!);
    const sum = parts.reduce((x, y) => x + y, 0);
    if (sum === 0) continue;
    // the first seconds, while the later approvals' audiences are still being read, are shown but not judged
    if (a.done.every((d) => d > 0)) shares.push(...parts.map((p) => (100 * p) / sum));
    console.log(`  ${clock(b.ms).padStart(5)} ${fmt(sum / ((b.ms - a.ms) / 1000)).padStart(8)}  ${parts.map((p) => `${((100 * p) / sum).toFixed(1)}%`.padStart(7)).join('')}`);
  }
  if (shares.length) console.log(`  shares while every organization was sending: ${Math.min(...shares).toFixed(1)} % to ${Math.max(...shares).toFixed(1)} %`);
  for (const org of orgs) console.log(`  organization ${org.orgId}: last outcome ${org.doneAt ? clock(org.doneAt - started) : 'not reached'} after the first approval`);
}

console.log(failures === 0 ? '\nPASS: every run exactly once, counters equal to the records' : `\nFAIL: ${failures} organization(s)`);
await herald.stop();
rmSync(dataDir, { recursive: true, force: true });
if (failures > 0) process.exitCode = 1;
