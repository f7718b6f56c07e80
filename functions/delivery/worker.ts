/** The delivery worker: every message of the delivery queue, parsed by its schema and handed to its step. */
import { createHash } from 'node:crypto';
import { type Channel, recipientKeyOf } from '../../shared/delivery';
import { runShardsFor } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { journeyOf, parseStepRun } from '../../shared/plan/journey';
import { isSending } from '../../shared/plan/trigger';
import type { Plan, PlanContent } from '../../shared/plan/plan';
import { adapterOf, type ChannelSenders } from '../channels';
import type { QueueWorker } from '../platform/queue';
import type { Clock, Runtime } from '../platform/runtime';
import { organizationSettingOf } from '../domain/organizationSetting';
import { queueWorker } from '../platform/worker';
import { counterItems } from '../store/counterItems';
import type { Store } from '../store/store';
import { LinkSigner, untracked } from '../channels/links';
import { journeyEngine } from './journey';
import { Ledger } from './ledger';
import { DELIVERY_QUEUE, deliveryMessageSchema, type SendBatch } from './messages';
import { allowOnlyOf, type SendPolicy } from './policy';
import { keptPerOrg } from '../platform/keptPerOrg';
import { pipeline } from './pipeline';
import { isTriggerRun, triggerSteps } from './triggers';
import { RateLimiter } from './rate';
import { type ContentSource, sendBatchHandler } from './sendWorker';

export function runContentOf(plan: Plan, runId: string, channel: Channel): PlanContent | undefined {
  const step = parseStepRun(runId);
  if (!step) return plan.content;
  const stepContent = journeyOf(plan)?.steps[step.stepId];
  return stepContent?.type === 'MESSAGE' && stepContent.channel === channel ? stepContent.content : undefined;
}

/** The message a plan sends, as approved: the plan holds its content, so what was reviewed is what goes out. */
export function planContentSource(store: Store, from: string, policies?: (orgId: number) => Promise<SendPolicy>): ContentSource {
  return {
    async load(orgId, planId, _runId, channel) {
      // the organization's rules come from the send worker's cache: read with the plan, not after it
      const [plan, policy] = await Promise.all([store.forOrg(orgId).get('plan', planId), policies?.(orgId)]);
      const content = plan && runContentOf(plan, _runId, channel);
      // the plan read once per batch hands the adapter its send context along with the content
      const prepared =
        plan && isSending(plan) && content ? adapterOf(channel).prepare(content, { messageType: plan.messageType, mutableContent: policy?.mutableContent }) : undefined;
      if (!prepared) return { stopped: true, from, render: () => ({ subject: '', html: '', text: '' }) };
      const render: typeof prepared = policy?.convertHyperlink === false ? (r, links) => prepared(r, untracked(links)) : prepared;
      return { stopped: false, from, messageType: plan?.messageType, render };
    },
  };
}

/** Each organization's sending rules, read again after `ttlMs` (a saved setting holds within seconds). */
export function sendPolicies(store: Store, clock: Clock, ttlMs = 10_000): (orgId: number) => Promise<SendPolicy> {
  return keptPerOrg(
    async (orgId) => {
      const tenant = store.forOrg(orgId);
      const [s, list] = await Promise.all([organizationSettingOf(tenant), tenant.get('whiteList', 'whiteList')]);
      const allowOnly = allowOnlyOf(list?.entries ?? [], s.defaultCountry || undefined);
      return {
        caps: s.frequencyCaps,
        quietHours: s.quietHours,
        defaultTimeZone: s.defaultTimeZone || 'UTC',
        mutableContent: s.mutableContent,
        convertHyperlink: s.convertHyperlink,
        lifecycleSendingRules: s.lifecycleSendingRules,
        ...(allowOnly ? { allowOnly } : {}),
      };
    },
    ttlMs,
    () => clock.now(),
  );
}

/**
 * Quiet hours: the batch comes back through the scheduler when the window opens (a schedule of the same name is
 * replaced, so a redelivered batch holds its recipients once), counted as held once per hold.
 */
export function holdForQuietHours(rt: Runtime, store: Store, ledger: Ledger) {
  const { quietHold } = counterItems;
  return async (batch: SendBatch, until: number): Promise<void> => {
    const keys = batch.recipients
      .map((r) => recipientKeyOf(r))
      .sort()
      .join(',');
    const name = `hold-${createHash('sha256').update(`${batch.orgId}|${batch.planId}|${batch.runId}|${batch.channel}|${until}|${keys}`).digest('hex').slice(0, 40)}`;
    await rt.ports.scheduler.at(name, until, { queue: DELIVERY_QUEUE, payload: batch });
    try {
      await store.transact([
        store
          .forOrg(batch.orgId)
          .keyed('deliveryCounter')
          .putNew(quietHold.rest(batch), { slot: quietHold.slot(name) }, '720001'),
        ...(await ledger.counterItems({ ...batch, accountId: batch.recipients[0]!.accountId }, { held: batch.recipients.length })),
      ]);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  };
}

export interface DeliveryWorkerOptions {
  senders: ChannelSenders;
  ratePerSecond: (channel: Channel) => number | Promise<number>;
  /** the queue's visibility timeout: a claim older than this was left by a dead worker */
  staleClaimMs?: number;
  onRecorded?: () => void;
}

export function deliveryWorker(rt: Runtime, store: Store, opts: DeliveryWorkerOptions): QueueWorker {
  const ledger = new Ledger(store, rt.clock);
  const staleClaimMs = opts.staleClaimMs ?? 5 * 60_000;
  const deps = {
    store,
    clock: rt.clock,
    log: rt.log,
    ports: rt.ports,
    ledger,
    staleClaimMs,
    shardsFor: async (channel: Channel) => runShardsFor(await opts.ratePerSecond(channel)),
    onRunEnd: (run: { orgId: number; planId: string; runId: string }) => rt.jobs.post({ kind: 'runFinished', ...run }),
  };
  const triggers = triggerSteps(deps);
  const policies = sendPolicies(store, rt.clock);
  const send = sendBatchHandler({
    store,
    clock: rt.clock,
    log: rt.log,
    ledger,
    rate: new RateLimiter(store, rt.clock, opts.ratePerSecond, undefined, rt.config.orgRateShare),
    senders: opts.senders,
    content: planContentSource(store, rt.config.mailFrom, policies),
    links: new LinkSigner(rt.keys.sealKey, rt.config.publicUrl),
    staleClaimMs,
    throttleRetries: 5,
    backoffMs: 200,
    // a whole batch per wave: two ledger transactions (claims, outcomes) for its 50 provider calls in flight
    concurrency: 50,
    policy: policies,
    hold: holdForQuietHours(rt, store, ledger),
    onRecorded: opts.onRecorded,
  });
  const journey = journeyEngine({ store, clock: rt.clock, ports: rt.ports, ledger, sendBatch: send });
  const steps = pipeline({ ...deps, journey });
  const runOf = (m: { orgId: number; planId: string; runId: string }) => ({ kind: 'check' as const, orgId: m.orgId, planId: m.planId, runId: m.runId });
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
          // a journey step's batch (held for quiet hours) belongs to no run of its own: the journey ends its run;
          // an event trigger's window is no run with an audience to finish
          if (parseStepRun(m.runId) || isTriggerRun(m.runId)) return;
          return steps.check(runOf(m), { afterSend: true });
        case 'check':
          return steps.check(m);
        case 'journey': {
          const { exited } = await journey.step(m);
          if (exited > 0) await steps.check(runOf(m));
          return;
        }
        case 'journeyDue':
          return journey.due(m);
        case 'recurring':
          return triggers.recurring(m);
        case 'events':
          return triggers.events(m);
        case 'triggerSend':
          return triggers.triggerSend(m);
        default: {
          const never: never = m;
          throw new Error(`unknown delivery message ${JSON.stringify(never)}`);
        }
      }
    },
    rt.log,
  );
}
