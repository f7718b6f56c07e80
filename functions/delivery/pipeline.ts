/**
 * The send pipeline's steps, each a message on the delivery queue so every step is retried on its own:
 *   fire      a plan's time came: ACTIVE → IN_PROGRESS and a run, once however often it fires;
 *   audience  one page of one account shard: the segment's matches become send batches;
 *   send      one batch (sendWorker.ts);
 *   check     the run is done once every shard is read and every match has an outcome; claims left by dead
 *             workers become uncertain.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCOUNT_SHARDS, planKeyOf, type PlanRun } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { Plan } from '../../shared/plan/plan';
import { compileSegment } from '../../shared/segment';
import { adapterOf } from '../channels';
import type { DeliveryPorts } from '../platform/runtime';
import type { Clock } from '../platform/runtime';
import type { Logger } from '../platform/logger';
import { readShardPage } from '../domain/accounts';
import { presetTokens, presetValues } from '../domain/presetValues';
import type { Store } from '../store/store';
import { type Ledger, runKeyOf } from './ledger';
import { AUDIENCE_PAGE, DELIVERY_QUEUE, type DeliveryMessageOf, type Recipient, SEND_BATCH } from './messages';
import { applyTransition, SYSTEM_ACTOR } from './planState';

export interface PipelineDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  ports: DeliveryPorts;
  ledger: Ledger;
  /** a claim older than this was left by a dead worker */
  staleClaimMs: number;
  /** told once a run completes (the worker posts a job: the requesters are notified off the send path) */
  onRunEnd?: (run: { orgId: number; planId: string; runId: string }) => Promise<void>;
}

export const planScheduleName = (orgId: number, planId: string) => `plan-${orgId}-${planId}`;
export const checkScheduleName = (orgId: number, planId: string, runId: string) => `check-${orgId}-${planId}-${runId}`;
/** A run's end is written once: only while it is still running. */
const STILL_RUNNING = { ConditionExpression: '#s = :running', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':running': 'RUNNING' } };
export const runIdOf = (dueAt: number) => `r${dueAt}`;
/** Delivery work is queued per organization, so organizations' runs interleave (fair queues). */
const fairTo = (orgId: number) => ({ group: String(orgId) });

/** Schedules the plan's fire at its instant (or at once). */
export async function scheduleFire(ports: DeliveryPorts, plan: Plan, dueAt: number, now: number): Promise<void> {
  const payload: DeliveryMessageOf<'fire'> = { kind: 'fire', orgId: plan.orgId, planId: plan.id, dueAt };
  if (dueAt <= now) await ports.queue.send(DELIVERY_QUEUE, payload, fairTo(plan.orgId));
  else await ports.scheduler.at(planScheduleName(plan.orgId, plan.id), dueAt, { queue: DELIVERY_QUEUE, payload });
}

export function pipeline(deps: PipelineDeps) {
  const { store, clock, ledger } = deps;

  const getPlan = (orgId: number, planId: string) => store.forOrg(orgId).get('plan', planId);
  /** A plan's runs, in its organization (the tenant store builds their keys). */
  const runsOf = (orgId: number) => store.forOrg(orgId).keyed('planRun');
  const getRun = (orgId: number, planId: string, runId: string) => runsOf(orgId).get(planId, runId);

  async function fire(m: DeliveryMessageOf<'fire'>): Promise<void> {
    const plan = await getPlan(m.orgId, m.planId);
    if (plan?.status !== 'ACTIVE') return; // cancelled, stopped, or fired already
    const runId = runIdOf(m.dueAt);
    const now = clock.now();
    const run: PlanRun = { planKey: planKeyOf(m.orgId, m.planId), runId, orgId: m.orgId, planId: m.planId, status: 'RUNNING', dueAt: m.dueAt, startedAt: now };
    try {
      await applyTransition(store, {
        plan,
        action: 'fire',
        actor: { kind: 'system' },
        by: SYSTEM_ACTOR,
        now,
        staleCode: '730005',
        with: [runsOf(m.orgId).putNew(m.planId, run, '730005')],
      });
    } catch (e) {
      // another firing won (a doubled schedule, a retry): it runs the audience
      if (e instanceof AppError && e.code === '730005') return;
      throw e;
    }
    await Promise.all(
      Array.from({ length: ACCOUNT_SHARDS }, (_, shard) =>
        deps.ports.queue.send(
          DELIVERY_QUEUE,
          { kind: 'audience', orgId: m.orgId, planId: m.planId, runId, shard, page: 0 } satisfies DeliveryMessageOf<'audience'>,
          fairTo(m.orgId),
        ),
      ),
    );
    await deps.ports.scheduler.every(checkScheduleName(m.orgId, m.planId, runId), 1, {
      queue: DELIVERY_QUEUE,
      payload: { kind: 'check', orgId: m.orgId, planId: m.planId, runId } satisfies DeliveryMessageOf<'check'>,
    });
  }

  async function audience(m: DeliveryMessageOf<'audience'>): Promise<void> {
    const run = await getRun(m.orgId, m.planId, m.runId);
    const plan = await getPlan(m.orgId, m.planId);
    if (run?.status !== 'RUNNING' || !plan || plan.status !== 'IN_PROGRESS' || !plan.segmentId) return;
    const segment = await store.forOrg(m.orgId).get('segment', plan.segmentId);
    const matches = segment ? compileSegment(segment, clock.now()) : () => false;
    const page = await readShardPage(store, m.orgId, m.shard, m.cursor, AUDIENCE_PAGE);
    const matched = page.accounts.filter(matches);
    const reach = await adapterOf(plan.channel).reach(matched, { store, orgId: m.orgId });
    // an account reached at several addresses (push devices) is one recipient per address
    const reached = matched.flatMap((account, i) => {
      const r = reach[i]!;
      if (!('address' in r)) return [];
      return [r, ...(r.more ?? [])].map((t) => {
        const recipient: Recipient = {
          accountId: account.id,
          ...(t.target ? { target: t.target } : {}),
          ...(t.os ? { os: t.os } : {}),
          address: t.address,
          locale: account.locale,
          ...(account.timeZone ? { timeZone: account.timeZone } : {}),
          firstName: account.firstName,
          lastName: account.lastName,
          consent: t.consent,
          attributes: account.attributes,
        };
        return { account, recipient };
      });
    });
    // the preset values the message asks for, read for the page's recipients at once and carried with each
    const presets = await presetValues(
      store.forOrg(m.orgId),
      presetTokens(JSON.stringify(plan.content)),
      reached.map((x) => x.account),
    );
    const recipients = reached.map(({ account, recipient }) => {
      const preset = presets.get(account.id);
      return preset ? { ...recipient, preset } : recipient;
    });
    // The page is counted once however often it is read: its marker and the count go in together.
    const pageKey = { runKey: `${runKeyOf(m)}#pages`, slot: `${m.shard}#${m.page}` };
    try {
      await store.transact([
        store.putNew('deliveryCounter', { ...pageKey, matched: recipients.length }, '720001'),
        ...(recipients.length ? ledger.counterItems({ ...m, accountId: `shard-${m.shard}-page-${m.page}` }, { matched: recipients.length }) : []),
      ]);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
    for (let i = 0; i < recipients.length; i += SEND_BATCH) {
      await deps.ports.queue.send(
        DELIVERY_QUEUE,
        {
          kind: 'send',
          orgId: m.orgId,
          planId: m.planId,
          runId: m.runId,
          channel: plan.channel,
          recipients: recipients.slice(i, i + SEND_BATCH),
        } satisfies DeliveryMessageOf<'send'>,
        fairTo(m.orgId),
      );
    }
    if (page.next) {
      await deps.ports.queue.send(DELIVERY_QUEUE, { ...m, page: m.page + 1, cursor: page.next } satisfies DeliveryMessageOf<'audience'>, fairTo(m.orgId));
      return;
    }
    await store.rt.aws.doc.send(
      // a string set: marking a shard done twice is harmless
      new UpdateCommand({
        TableName: store.table('planRun'),
        Key: runsOf(m.orgId).key(m.planId, m.runId),
        UpdateExpression: 'ADD #s :s',
        ExpressionAttributeNames: { '#s': 'shardsDone' },
        ExpressionAttributeValues: { ':s': new Set([String(m.shard)]) },
      }),
    );
    await check({ kind: 'check', orgId: m.orgId, planId: m.planId, runId: m.runId });
  }

  /**
   * Runs this worker has seen with every shard read: their `matched` is final (a page is counted before its shard
   * is marked done), so after a send their counters are read alongside the run instead of after it.
   */
  const audienceRead = new Set<string>();

  /** Completes the run when every shard is read and every match has an outcome. */
  async function check(m: DeliveryMessageOf<'check'>, opts: { afterSend?: boolean } = {}): Promise<void> {
    const runKey = runKeyOf(m);
    const [run, counted] = await Promise.all([getRun(m.orgId, m.planId, m.runId), opts.afterSend && audienceRead.has(runKey) ? ledger.totals(m) : undefined]);
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
    if (!opts.afterSend && plan?.status !== 'IN_PROGRESS') return stopped();
    if ((run.shardsDone?.size ?? 0) < ACCOUNT_SHARDS) return;
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
      for (const claim of await ledger.openClaims(m)) if (claim.claimedAt < stale) await ledger.markUncertain(claim, stale);
      return;
    }
    plan ??= await getPlan(m.orgId, m.planId);
    if (plan?.status !== 'IN_PROGRESS') return stopped();
    const now = clock.now();
    let completed = false;
    try {
      await applyTransition(store, {
        plan,
        action: 'complete',
        actor: { kind: 'system' },
        by: SYSTEM_ACTOR,
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
    if (completed) await adapterOf(plan.channel).afterRun?.({ orgId: m.orgId, planId: m.planId, runId: m.runId }, { store });
    if (completed) await deps.onRunEnd?.({ orgId: m.orgId, planId: m.planId, runId: m.runId });
    await stopSchedule();
  }

  return { fire, audience, check };
}
