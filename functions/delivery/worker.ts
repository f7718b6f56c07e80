/**
 * The delivery worker: every message of the delivery queue, parsed by its schema and handed to its step.
 * Lambda runs it on AWS (one SQS event source); the local queue loop runs it in `npm start`.
 */
import type { Channel } from '../../shared/delivery';
import { adapterOf, type ChannelSenders } from '../channels';
import type { QueueWorker } from '../platform/queue';
import type { Runtime } from '../platform/runtime';
import { queueWorker } from '../platform/worker';
import type { Store } from '../store/store';
import { LinkSigner } from '../tracking/links';
import { Ledger } from './ledger';
import { deliveryMessageSchema } from './messages';
import { pipeline } from './pipeline';
import { RateLimiter } from './rate';
import { type ContentSource, sendBatchHandler } from './sendWorker';

/** The message a plan sends, as approved: the plan holds its content, so what was reviewed is what goes out. */
export function planContentSource(store: Store, from: string): ContentSource {
  return {
    async load(orgId, planId, _runId, channel) {
      const plan = await store.forOrg(orgId).get('plan', planId);
      const render = plan?.status === 'IN_PROGRESS' ? adapterOf(channel).prepare(plan.content) : undefined;
      if (!render) return { stopped: true, from, render: () => ({ subject: '', html: '', text: '' }) };
      return { stopped: false, from, render };
    },
  };
}

export interface DeliveryWorkerOptions {
  senders: ChannelSenders;
  /** messages per second of each channel, for all workers together (read again now and then: see storedSendRates) */
  ratePerSecond: (channel: Channel) => number | Promise<number>;
  /** the queue's visibility timeout: a claim older than this was left by a dead worker */
  staleClaimMs?: number;
  onRecorded?: () => void;
}

export function deliveryWorker(rt: Runtime, store: Store, opts: DeliveryWorkerOptions): QueueWorker {
  const ledger = new Ledger(store, rt.clock);
  const staleClaimMs = opts.staleClaimMs ?? 5 * 60_000;
  const steps = pipeline({ store, clock: rt.clock, log: rt.log, ports: rt.ports, ledger, staleClaimMs });
  const send = sendBatchHandler({
    store,
    clock: rt.clock,
    log: rt.log,
    ledger,
    rate: new RateLimiter(store, rt.clock, opts.ratePerSecond, undefined, rt.config.orgRateShare),
    senders: opts.senders,
    content: planContentSource(store, rt.config.mailFrom),
    links: new LinkSigner(rt.keys.sealKey, rt.config.publicUrl),
    staleClaimMs,
    throttleRetries: 5,
    backoffMs: 200,
    // half a batch per wave: two ledger transactions each (claims, outcomes) for 25 provider calls in flight
    concurrency: 25,
    onRecorded: opts.onRecorded,
  });
  return queueWorker(
    deliveryMessageSchema,
    async (m) => {
      switch (m.kind) {
        case 'fire':
          return steps.fire(m);
        case 'audience':
          return steps.audience(m);
        case 'send':
          await send(m);
          // the batch may have been the run's last
          return steps.check({ kind: 'check', orgId: m.orgId, planId: m.planId, runId: m.runId });
        case 'check':
          return steps.check(m);
        default: {
          const never: never = m;
          throw new Error(`unknown delivery message ${JSON.stringify(never)}`);
        }
      }
    },
    rt.log,
  );
}
