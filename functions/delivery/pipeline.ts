// The send pipeline's steps, each a message on the delivery queue so every step is retried on its own:
//   fire      a plan's time came: ACTIVE → IN_PROGRESS and a run, once however often it fires;
//   audience  one page of one account shard: the segment's matches become send batches;
//   send      one batch (sendWorker.ts);
//   check     the run is done once every shard is read and every match has an outcome; claims left by dead
//             workers become uncertain.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ACCOUNT_SHARDS, type Account, planKeyOf, type PlanRun } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { journeyOf, messageSteps, stepRunId } from '../../shared/plan/journey';
import type { Plan } from '../../shared/plan/plan';
import { isEventTrigger, isSending } from '../../shared/plan/trigger';
import { compileSegment } from '../../shared/segment';
import { adapterOf } from '../channels';
import type { DeliveryPorts } from '../platform/runtime';
import type { Clock } from '../platform/runtime';
import type { Logger } from '../platform/logger';
import { readShardPage, readZonePage } from '../domain/accounts';
import { counterItems } from '../store/counterItems';
import type { Store } from '../store/store';
import { keptPastRedeliveries, type Ledger, runKeyOf } from './ledger';
import { AUDIENCE_PAGE, DELIVERY_QUEUE, type DeliveryMessageOf, type Recipient, recipientSchema, SEND_BATCH } from './messages';
import type { Channel } from '../../shared/delivery';
import { laneOf } from './lanes';
import { applyTransition, BY_SYSTEM } from './planState';
import { recipientsOf } from './recipients';

export interface PipelineDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  ports: DeliveryPorts;
  ledger: Ledger;
  /** a claim older than this was left by a dead worker */
  staleClaimMs: number;
  /** the sent-record shards a new run of the channel gets (runShardsFor its send rate), kept on the run */
  shardsFor: (channel: Channel) => Promise<number>;
  /** told once a run completes (the worker posts a job: the requesters are notified off the send path) */
  onRunEnd?: (run: { orgId: number; planId: string; runId: string }) => Promise<void>;
  journey?: JourneyDoor;
}

export interface RunRef {
  orgId: number;
  planId: string;
  runId: string;
  /** its sent-record shards (PlanRun.shards) */
  shards?: number;
}

export interface JourneyDoor {
  enter(run: RunRef, plan: Plan, accounts: readonly Account[]): Promise<void>;
  finished(run: RunRef): Promise<boolean>;
}

export const planScheduleName = (orgId: number, planId: string) => `plan-${orgId}-${planId}`;
export const checkScheduleName = (orgId: number, planId: string, runId: string) => `check-${orgId}-${planId}-${runId}`;
/** A run's end is written once: only while it is still running. */
const STILL_RUNNING = { ConditionExpression: '#s = :running', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':running': 'RUNNING' } };
export const runIdOf = (dueAt: number) => `r${dueAt}`;

export async function scheduleFire(ports: DeliveryPorts, plan: Plan, dueAt: number, now: number): Promise<void> {
  if (plan.trigger.kind === 'RECURRING') {
    const start: DeliveryMessageOf<'recurring'> = { kind: 'recurring', orgId: plan.orgId, planId: plan.id, dueAt: now, zones: [], start: true };
    await ports.queue.send(DELIVERY_QUEUE, start, laneOf(plan.orgId, plan.channel));
    return;
  }
  if (isEventTrigger(plan.trigger)) return;
  const payload: DeliveryMessageOf<'fire'> = { kind: 'fire', orgId: plan.orgId, planId: plan.id, dueAt };
  if (dueAt <= now) await ports.queue.send(DELIVERY_QUEUE, payload, laneOf(plan.orgId, plan.channel));
  else await ports.scheduler.at(planScheduleName(plan.orgId, plan.id), dueAt, { queue: DELIVERY_QUEUE, payload });
}

const { pageBatch, pageMarker } = counterItems;

export async function storePageBatches(store: Store, run: RunRef, page: string, reading: string, batches: readonly Recipient[][], now: number): Promise<void> {
  const expiresAt = keptPastRedeliveries(now);
  await store
    .forOrg(run.orgId)
    .keyed('deliveryCounter')
    .putMany(batches.map((recipients, i) => ({ rest: pageBatch.rest(run, page), item: { slot: pageBatch.slot(page, reading, i), recipients, expiresAt } })));
}

async function queueSendBatch(ports: DeliveryPorts, run: RunRef, channel: Channel, recipients: Recipient[], batch: string | undefined): Promise<void> {
  const { orgId, planId, runId, shards } = run;
  const message: DeliveryMessageOf<'send'> = { kind: 'send', orgId, planId, runId, channel, recipients, ...(batch ? { batch } : {}), ...(shards ? { shards } : {}) };
  await ports.queue.send(DELIVERY_QUEUE, message, laneOf(run.orgId, channel));
}

export async function queueSendBatches(
  ports: DeliveryPorts,
  run: { orgId: number; planId: string; runId: string },
  channel: Channel,
  recipients: readonly Recipient[],
): Promise<void> {
  for (let i = 0; i < recipients.length; i += SEND_BATCH) {
    await ports.queue.send(
      DELIVERY_QUEUE,
      { kind: 'send', orgId: run.orgId, planId: run.planId, runId: run.runId, channel, recipients: recipients.slice(i, i + SEND_BATCH) } satisfies DeliveryMessageOf<'send'>,
      laneOf(run.orgId, channel),
    );
  }
}

/** A run just written RUNNING: its audience read shard by shard (in the lane of the plan's channel). */
export async function startRun(ports: DeliveryPorts, run: { orgId: number; planId: string; runId: string }, channel: Channel): Promise<void> {
  await Promise.all(
    Array.from({ length: ACCOUNT_SHARDS }, (_, shard) =>
      ports.queue.send(DELIVERY_QUEUE, { kind: 'audience', ...run, shard, page: 0 } satisfies DeliveryMessageOf<'audience'>, laneOf(run.orgId, channel)),
    ),
  );
  await ports.scheduler.every(checkScheduleName(run.orgId, run.planId, run.runId), 1, {
    queue: DELIVERY_QUEUE,
    payload: { kind: 'check', ...run } satisfies DeliveryMessageOf<'check'>,
  });
}

export function pipeline(deps: PipelineDeps) {
  const { store, clock, ledger } = deps;

  const getPlan = (orgId: number, planId: string) => store.forOrg(orgId).get('plan', planId);
  const runsOf = (orgId: number) => store.forOrg(orgId).keyed('planRun');
  const getRun = (orgId: number, planId: string, runId: string) => runsOf(orgId).get(planId, runId);
  const countersOf = (orgId: number) => store.forOrg(orgId).keyed('deliveryCounter');

  async function fire(m: DeliveryMessageOf<'fire'>): Promise<void> {
    const plan = await getPlan(m.orgId, m.planId);
    if (plan?.status !== 'ACTIVE') return; // cancelled, stopped, or fired already
    if (plan.trigger.kind !== 'IMMEDIATELY' && plan.trigger.kind !== 'SCHEDULE') return; // its firings are triggers.ts's
    const runId = runIdOf(m.dueAt);
    const now = clock.now();
    const shards = await deps.shardsFor(plan.channel);
    const run: PlanRun = { planKey: planKeyOf(m.orgId, m.planId), runId, orgId: m.orgId, planId: m.planId, status: 'RUNNING', dueAt: m.dueAt, startedAt: now, shards };
    try {
      await applyTransition(store, {
        plan,
        action: 'fire',
        ...BY_SYSTEM,
        now,
        staleCode: '730005',
        with: [runsOf(m.orgId).putNew(m.planId, run, '730005')],
      });
    } catch (e) {
      // another firing won (a doubled schedule, a retry): it runs the audience
      if (e instanceof AppError && e.code === '730005') return;
      throw e;
    }
    await startRun(deps.ports, { orgId: m.orgId, planId: m.planId, runId }, plan.channel);
  }

  async function audience(m: DeliveryMessageOf<'audience'>): Promise<void> {
    const run = await getRun(m.orgId, m.planId, m.runId);
    const plan = await getPlan(m.orgId, m.planId);
    if (run?.status !== 'RUNNING' || !plan || !isSending(plan) || !plan.segmentId) return;
    const segment = await store.forOrg(m.orgId).get('segment', plan.segmentId);
    const matches = segment ? compileSegment(segment, clock.now()) : () => false;
    const page = m.zone ? await readZonePage(store, m.orgId, m.zone, m.shard, m.cursor, AUDIENCE_PAGE) : await readShardPage(store, m.orgId, m.shard, m.cursor, AUDIENCE_PAGE);
    const matched = page.accounts.filter(matches);
    if (plan.type === 'BUILDER') {
      if (!deps.journey) throw new Error('a builder plan needs the journey engine');
      await deps.journey.enter({ orgId: m.orgId, planId: m.planId, runId: m.runId }, plan, matched);
      return nextPage(m, plan.channel, page.next);
    }
    const recipients = await recipientsOf(store, m.orgId, plan.channel, matched, plan.content);
    // The page is counted once however often it is read: its marker and the count go in together. Its batches
    // are stored before the marker, under this reading's name, and the marker names the reading that won: a
    // page read again (a retry, a duplicate) queues the very batches of the first reading, under the same ids,
    // and goes on from the same cursor, so no recipient is in two batches of a run whatever changed meanwhile.
    const part = m.zone ? `${m.zone}|${m.shard}` : String(m.shard);
    const counters = countersOf(m.orgId);
    const pageName = pageMarker.slot(part, m.page);
    const reading = randomUUID().slice(0, 8);
    const batches = Array.from({ length: Math.ceil(recipients.length / SEND_BATCH) }, (_, i) => recipients.slice(i * SEND_BATCH, (i + 1) * SEND_BATCH));
    await storePageBatches(store, m, pageName, reading, batches, clock.now());
    let won: { reading?: string; batches: number; next?: string } = { reading, batches: batches.length, next: page.next };
    try {
      const marker: z.infer<typeof pageMarker.schema> = { matched: recipients.length, reading, batches: batches.length, ...(page.next ? { next: page.next } : {}) };
      await store.transact([
        counters.putNew(pageMarker.rest(m), { slot: pageName, ...marker }, '720001'),
        ...(recipients.length ? await ledger.counterItems({ ...m, accountId: `shard-${part}-page-${m.page}` }, { matched: recipients.length }) : []),
      ]);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const stored = await counters.get(pageMarker.rest(m), pageName);
      const marker = stored && pageMarker.schema.parse(stored);
      // a marker of no reading was written before pages kept their batches: this reading goes out unnamed
      won = marker?.reading ? { reading: marker.reading, batches: marker.batches ?? 0, next: marker.next } : { batches: batches.length, next: page.next };
    }
    const queued = !won.reading || won.reading === reading ? batches : await storedBatches(m, pageName, won.reading, won.batches);
    // every batch names the run's shard count, so each delivery of it finds its records where the first put them
    const runRef = { ...m, shards: run.shards };
    for (const [i, list] of queued.entries()) await queueSendBatch(deps.ports, runRef, plan.channel, list, won.reading ? `${pageName}#${i}` : undefined);
    return nextPage(m, plan.channel, won.next);
  }

  async function storedBatches(m: RunRef, page: string, reading: string, count: number): Promise<Recipient[][]> {
    const keys = Array.from({ length: count }, (_, i) => ({ rest: pageBatch.rest(m, page), sort: pageBatch.slot(page, reading, i) }));
    return (await countersOf(m.orgId).getMany(keys)).map((item, i) => {
      // stored before the marker that names them: missing only if the table lost them
      if (!item) throw new Error(`batch ${i} of page ${page} (reading ${reading}) is missing`);
      return z.array(recipientSchema).parse(pageBatch.schema.parse(item).recipients);
    });
  }

  async function nextPage(m: DeliveryMessageOf<'audience'>, channel: Channel, next: string | undefined): Promise<void> {
    if (next) {
      await deps.ports.queue.send(DELIVERY_QUEUE, { ...m, page: m.page + 1, cursor: next } satisfies DeliveryMessageOf<'audience'>, laneOf(m.orgId, channel));
      return;
    }
    const part = m.zone ? `${m.zone}|${m.shard}` : String(m.shard);
    await store.rt.aws.doc.send(
      // a string set: marking a shard done twice is harmless
      new UpdateCommand({
        TableName: store.table('planRun'),
        Key: runsOf(m.orgId).key(m.planId, m.runId),
        UpdateExpression: 'ADD #s :s',
        ExpressionAttributeNames: { '#s': 'shardsDone' },
        ExpressionAttributeValues: { ':s': new Set([part]) },
      }),
    );
    await check({ kind: 'check', orgId: m.orgId, planId: m.planId, runId: m.runId });
  }

  async function stepClaimsInFlight(m: RunRef, plan: Plan): Promise<boolean> {
    const journey = journeyOf(plan);
    if (!journey) return false;
    const stale = clock.now() - deps.staleClaimMs;
    let inFlight = false;
    for (const { id } of messageSteps(journey)) {
      for (const claim of await ledger.openClaims({ ...m, runId: stepRunId(m.runId, id) })) {
        if (claim.claimedAt >= stale) inFlight = true;
        else await ledger.markUncertain(claim, stale);
      }
    }
    return inFlight;
  }

  const audienceRead = new Set<string>();

  async function check(m: DeliveryMessageOf<'check'>, opts: { afterSend?: boolean } = {}): Promise<void> {
    const runKey = runKeyOf(m);
    // after a send to a run whose audience is read whole, the counters alone say whether it can be complete: the
    // run is read only when they do (one request per batch, not two)
    const counted = opts.afterSend && audienceRead.has(runKey) ? await ledger.totals(m) : undefined;
    if (counted && counted.total.sent + counted.total.failed + counted.total.skipped + counted.total.uncertain < counted.total.matched) return;
    const run = await getRun(m.orgId, m.planId, m.runId);
    const stopSchedule = () => deps.ports.scheduler.cancel(checkScheduleName(m.orgId, m.planId, m.runId));
    if (run?.status !== 'RUNNING') return stopSchedule();
    const stopped = async () => {
      // stopped by a person: the run ends where it is, unless a racing check has just completed it (DONE stays)
      try {
        await runsOf(m.orgId).update(m.planId, m.runId, { status: 'STOPPED', finishedAt: clock.now() }, STILL_RUNNING, '720007');
      } catch (e) {
        if (!(e instanceof AppError && e.code === '720007')) throw e;
      }
      return stopSchedule();
    };
    // After each sent batch only what could complete the run is read (the run and its counters, two requests);
    // a stop and claims left by dead workers are seen by the run's scheduled check.
    let plan = opts.afterSend ? undefined : await getPlan(m.orgId, m.planId);
    if (!opts.afterSend && !(plan && isSending(plan))) return stopped();
    if ((run.shardsDone?.size ?? 0) < (run.parts ?? ACCOUNT_SHARDS)) return;
    if (plan?.type === 'BUILDER') {
      // a campaign's run lasts until everyone who entered its journey has left it (its sends are its steps'), and
      // until its message steps' claims have outcomes: a recipient moves on even when another delivery of its step
      // holds its claim, so a claim whose worker died is settled here, not by a later delivery of the step
      if (!(await deps.journey?.finished(m))) return;
      if (await stepClaimsInFlight(m, plan)) return;
    } else {
      if (!audienceRead.has(runKey)) {
        // a long-lived worker forgets old runs (a forgotten run costs one sequential read again, nothing more)
        if (audienceRead.size >= 10_000) audienceRead.clear();
        audienceRead.add(runKey);
      }
      const { total } = counted ?? (await ledger.totals(m));
      const outcomes = total.sent + total.failed + total.skipped + total.uncertain;
      if (outcomes < total.matched) {
        if (opts.afterSend) return;
        // claims held longer than a worker can live were left by dead ones
        const stale = clock.now() - deps.staleClaimMs;
        await ledger.sweep({ ...m, shards: run.shards }, stale);
        return;
      }
    }
    plan ??= await getPlan(m.orgId, m.planId);
    if (!plan || !isSending(plan)) return stopped();
    const now = clock.now();
    let completed = false;
    try {
      // a standing trigger's run ends on its own: the plan stays ACTIVE for the next firing
      if (plan.status === 'ACTIVE') {
        await runsOf(m.orgId).update(m.planId, m.runId, { status: 'DONE', finishedAt: now }, STILL_RUNNING, '720007');
      } else
        await applyTransition(store, {
          plan,
          action: 'complete',
          ...BY_SYSTEM,
          now,
          with: [
            {
              Update: {
                TableName: store.table('planRun'),
                Key: runsOf(m.orgId).key(m.planId, m.runId),
                UpdateExpression: 'SET #st = :d, #f = :f',
                ConditionExpression: '#st = :r',
                ExpressionAttributeNames: { '#st': 'status', '#f': 'finishedAt' },
                ExpressionAttributeValues: { ':d': 'DONE', ':f': now, ':r': 'RUNNING' },
              },
            },
          ],
        });
      completed = true;
    } catch (e) {
      if (!(e instanceof AppError)) throw e; // completed by another check
    }
    const journey = journeyOf(plan);
    // a campaign's sends are its message steps' runs: each is finished (letters printed) as a single run is
    const sent = journey ? messageSteps(journey).map(({ id, step }) => ({ channel: step.channel, runId: stepRunId(m.runId, id) })) : [{ channel: plan.channel, runId: m.runId }];
    // a step's run names no shard count of its own (its records are under DELIVERY_SHARDS)
    if (completed)
      for (const s of sent) await adapterOf(s.channel).afterRun?.({ planId: m.planId, runId: s.runId, ...(journey ? {} : { shards: run.shards }) }, store.forOrg(m.orgId));
    if (completed) await deps.onRunEnd?.({ orgId: m.orgId, planId: m.planId, runId: m.runId });
    await stopSchedule();
  }

  return { fire, audience, check };
}
