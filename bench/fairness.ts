/**
 * Fair to every organization: while organization 1's run of 200,000 recipients (BENCH_BIG) is sending through
 * the local pipeline (durable queue, delivery worker, ledger, shared rate limiter; null providers), organization
 * 2 approves a 10-recipient message. Its fire, audience and send steps wait in organization 2's lane of the fair
 * queue, and organization 1 may take at most its share of each second's rate, so the small message is sent
 * while the large run goes on. Prints the seconds from approval to the last of the 10 sent (goal: within 5 s)
 * and how far the large run had come.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { everyChannel } from '../functions/channels';
import { RecordingSender } from '../functions/channels/recording';
import { laneOf } from '../functions/delivery/lanes';
import { Ledger } from '../functions/delivery/ledger';
import { DELIVERY_QUEUE, SEND_BATCH, type SendBatch } from '../functions/delivery/messages';
import { runIdOf, scheduleFire } from '../functions/delivery/pipeline';
import { deliveryWorker } from '../functions/delivery/worker';
import { bootLocal } from '../functions/local/boot';
import { startQueueLoop } from '../functions/local/queueLoop';
import { Accounts } from '../functions/domain/accounts';
import { Store } from '../functions/store/store';
import type { Account } from '../shared/entities';
import { emailPlan as plan } from './plans';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const BIG = Number(process.env.BENCH_BIG ?? 200_000);
const SMALL = 10;
const RATE = Number(process.env.BENCH_RATE ?? 5_000);
const GOAL_S = 5;

const dataDir = mkdtempSync(join(tmpdir(), 'herald-fair-'));
const herald = await bootLocal({
  dataDir,
  persistent: false,
  logLevel: 'silent',
  config: { adminPassword: 'Bench@1234', tablePrefix: 'fair-' },
});
const store = new Store(herald.rt);
// this bench runs its own delivery loops, with null providers
await herald.delivery.stop();

// Organization 1's large run, queued in its lane as its audience step queues it.
const big = plan(1, 'IN_PROGRESS');
await store.put('plan', big);
const queuedAt = performance.now();
const sends: Promise<string>[] = [];
for (let i = 0; i < BIG; i += SEND_BATCH) {
  const batch: SendBatch = {
    kind: 'send',
    orgId: 1,
    planId: big.id,
    runId: 'r1',
    channel: 'EMAIL',
    recipients: Array.from({ length: Math.min(SEND_BATCH, BIG - i) }, (_, j) => ({ accountId: `a${i + j}`, address: `a${i + j}@example.com`, consent: true })),
  };
  sends.push(herald.queue.send(DELIVERY_QUEUE, batch, laneOf(1, 'EMAIL')));
  if (sends.length >= 64) await Promise.all(sends.splice(0));
}
await Promise.all(sends);
console.log(`queued ${BIG} recipients of organization 1 in ${((performance.now() - queuedAt) / 1000).toFixed(1)} s`);

// Organization 2's audience: ten accounts and a segment of them.
const now = Date.now();
const accounts = Array.from({ length: SMALL }, (_, i) => ({
  orgId: 2,
  id: `small-${i}`,
  emails: [`small${i}@example.com`],
  emailConsent: true,
  smsConsent: false,
  pushConsent: false,
  lineConsent: false,
  tags: [],
  attributes: { bench: 'fair' },
  version: 1,
  dateCreated: now,
  dateUpdated: now,
  createdBy: 'bench',
  updatedBy: 'bench',
})) as unknown as Account[];
await new Accounts(store.forOrg(2)).putMany(accounts);
const segmentId = randomUUID();
await store.put('segment', {
  orgId: 2,
  id: segmentId,
  name: 'Fair',
  description: '',
  rule: { op: 'AND', conditions: [{ field: 'attributes.bench', operator: 'equals', value: 'fair' }] },
  includeIds: [],
  excludeIds: [],
  version: 1,
  dateCreated: now,
  dateUpdated: now,
  createdBy: 'bench',
  updatedBy: 'bench',
} as never);

const worker = deliveryWorker(herald.rt, store, { senders: everyChannel(new RecordingSender(herald.rt.clock)), ratePerSecond: () => RATE });
const loops = Array.from({ length: 2 }, () => startQueueLoop({ queue: herald.queue, name: DELIVERY_QUEUE, worker, log: herald.rt.log, pollMs: 5, visibilitySeconds: 600 }));
const ledger = new Ledger(store, herald.rt.clock);
const sentOf = async (orgId: number, planId: string, runId: string) => (await ledger.totals({ orgId, planId, runId })).total.sent;

// Mid-run, organization 2's message is approved: activated and fired as plan.approve does.
const started = performance.now();
while ((await sentOf(1, big.id, 'r1')) < Math.min(BIG / 10, 20_000)) await new Promise((r) => setTimeout(r, 100));
const bigAtApproval = await sentOf(1, big.id, 'r1');
const small = plan(2, 'ACTIVE', segmentId);
await store.put('plan', small);
const dueAt = Date.now();
const approvedAt = performance.now();
await scheduleFire(herald.rt.ports, small, dueAt, dueAt);
let smallSent = 0;
while (smallSent < SMALL && performance.now() - approvedAt < 60_000) {
  await new Promise((r) => setTimeout(r, 20));
  smallSent = await sentOf(2, small.id, runIdOf(dueAt));
}
const smallSeconds = (performance.now() - approvedAt) / 1000;
const bigAtDone = await sentOf(1, big.id, 'r1');
const bigRate = bigAtDone / ((performance.now() - started) / 1000);

console.log(
  `organization 1: ${bigAtApproval} of ${BIG} sent when organization 2 approved; ${bigAtDone} when its message was done (${bigRate.toFixed(0)} recipients/s, rate ${RATE}/s, its share ${herald.rt.config.orgRateShare})`,
);
console.log(
  `organization 2: ${smallSent} of ${SMALL} recipients sent ${smallSeconds.toFixed(2)} s after approval (goal <= ${GOAL_S} s) ${smallSent === SMALL && smallSeconds <= GOAL_S ? 'PASS' : 'FAIL'}`,
);
await Promise.all(loops.map((l) => l.stop()));
await herald.stop();
rmSync(dataDir, { recursive: true, force: true });
if (smallSent !== SMALL || smallSeconds > GOAL_S) process.exitCode = 1;
