/**
 * The server side of `bench/recovery.ts`: the local Herald as `npm start` boots it (its data kept on disk, the
 * send batches a killed run had in hand delivered again at start), e-mail at BENCH_RATE a second. With
 * BENCH_QUEUE=n it first queues an e-mail run of n recipients. Tells its parent, over IPC, the run's sent count
 * every 100 ms.
 */
import { Ledger } from '../functions/delivery/ledger';
import { DELIVERY_QUEUE, SEND_BATCH, type SendBatch } from '../functions/delivery/messages';
import { bootLocal } from '../functions/local/boot';
import { Store } from '../functions/store/store';
import { emailPlan } from './plans';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const rate = Number(process.env.BENCH_RATE ?? 50);
const herald = await bootLocal({
  dataDir: process.env.BENCH_DATA_DIR!,
  persistent: true,
  logLevel: 'silent',
  redeliverAtStart: true,
  config: { adminPassword: 'Bench@1234', tablePrefix: 'recovery-', sendRates: { EMAIL: rate, SMS: rate, PUSH_NATIVE: rate, LINE: rate, DIRECT_MAIL: rate } },
});
const store = new Store(herald.rt);
const n = Number(process.env.BENCH_QUEUE ?? 0);
let planId = process.env.BENCH_PLAN ?? '';
if (n > 0) {
  const plan = emailPlan(1, 'IN_PROGRESS');
  planId = plan.id;
  await store.put('plan', plan);
  for (let i = 0; i < n; i += SEND_BATCH) {
    const recipients = Array.from({ length: Math.min(SEND_BATCH, n - i) }, (_, j) => ({ accountId: `a${i + j}`, address: `a${i + j}@example.com`, consent: true }));
    const batch: SendBatch = { kind: 'send', orgId: 1, planId, runId: 'r1', channel: 'EMAIL', recipients, batch: `0#0#${i / SEND_BATCH}` };
    await herald.queue.send(DELIVERY_QUEUE, batch, { group: '1' });
  }
}
const ledger = new Ledger(store, herald.rt.clock);
process.send!({ type: 'ready', planId });
setInterval(async () => {
  const { total } = await ledger.totals({ orgId: 1, planId, runId: 'r1' });
  process.send!({ type: 'sent', sent: total.sent, uncertain: total.uncertain, at: Date.now() });
}, 100);
