/**
 * The journey engine: a builder plan's recipients moving through its steps (shared/plan/journey.ts).
 *
 * State is one item per (plan, recipient) (journeyState), written only when the recipient moves: a move is a
 * conditional update from the step the recipient is at, in one transaction (up to 50 moves) with the run's
 * per-step counters, so a move and its count happen once however often a queue message is delivered.
 *   journey     recipients at a step: a message step sends (through the ledger, under the run `<runId>~<step>`,
 *               so once per (plan, step, recipient)) and moves them on; a wait, a branch or a holdout moves those
 *               due; a split sends each down its variant. A message finding a recipient already moved on from its
 *               step hands it on again (the move was written, the hand-on may have been lost).
 *   journeyDue  a minute came: the recipients due then at a timed step, read from the sparse `due` index, are
 *               handed to `journey`. Recipients due in the same minute share one scheduled message per
 *               (plan, step, minute), never one schedule each.
 */
import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type Account, JOURNEY_SHARDS, type JourneyState, shardOf } from '../../shared/entities';
import { bucketOf, dueAtOf, dueMinuteOf, type Journey, type JourneyStep, journeyOf, type StepOf, stepRunId, variantOf } from '../../shared/plan/journey';
import type { Plan } from '../../shared/plan/plan';
import { Accounts } from '../domain/accounts';
import type { Clock, DeliveryPorts } from '../platform/runtime';
import { counterItems } from '../store/counterItems';
import { requestItem, type Store, type TenantStore, type TransactItem } from '../store/store';
import { laneOf } from './lanes';
import type { Ledger } from './ledger';
import { DELIVERY_QUEUE, type DeliveryMessageOf, JOURNEY_BATCH, SEND_BATCH, type SendBatch } from './messages';
import type { JourneyDoor, RunRef } from './pipeline';
import { recipientsOf } from './recipients';

export interface JourneyDeps {
  store: Store;
  clock: Clock;
  ports: DeliveryPorts;
  ledger: Ledger;
  /** sends one batch through the send worker (the ledger makes it once per recipient) */
  sendBatch: (batch: SendBatch) => Promise<void>;
}

/** What the Plan Step tab shows: who entered and left, and how many reached each step. */
export interface JourneyTotals {
  entered: number;
  exited: number;
  steps: Record<string, number>;
}

/** Moves written in one transaction, with one counter item: well under DynamoDB's 100 items. */
const CHUNK = 50;
/** Recipients at a message step wait in its channel's lane; at a wait, a branch or a split, in the organization's. */
const laneAt = (orgId: number, step: JourneyStep | undefined) => laneOf(orgId, step?.type === 'MESSAGE' ? step.channel : undefined);
const stateRest = (planId: string, accountId: string) => `${planId}#${shardOf(accountId, JOURNEY_SHARDS)}`;
const waitKeyOf = (run: RunRef, stepId: string, minute: number, shard: number) => `${run.orgId}#${run.planId}#${run.runId}#${stepId}#${minute}#${shard}`;
/** One schedule per (plan, run, step, minute); EventBridge names are at most 64 characters. */
export const journeyScheduleName = (run: RunRef, stepId: string, minute: number) =>
  `journey-${createHash('sha256').update(`${run.orgId}|${run.planId}|${run.runId}|${stepId}|${minute}`).digest('hex').slice(0, 40)}`;

interface Move {
  accountId: string;
  from: string;
  to: string;
  /** to wait at the split for its winner */
  holdout?: boolean;
}

interface Arrival {
  accountId: string;
  stepId: string;
  dueAt?: number;
}

export function journeyEngine(deps: JourneyDeps): JourneyDoor & {
  step(m: DeliveryMessageOf<'journey'>): Promise<{ exited: number }>;
  due(m: DeliveryMessageOf<'journeyDue'>): Promise<void>;
  totals(run: RunRef): Promise<JourneyTotals>;
} {
  const { store, clock, ports, ledger } = deps;
  const states = (orgId: number) => store.forOrg(orgId).keyed('journeyState');
  const table = store.table('journeyState');

  /** The plan's journey while it runs; none once it is stopped (its recipients stay where they are). */
  async function runningJourney(run: RunRef): Promise<Journey | undefined> {
    const plan = await store.forOrg(run.orgId).get('plan', run.planId);
    return plan?.status === 'IN_PROGRESS' ? journeyOf(plan) : undefined;
  }

  /** The run's journey counters' add: `entered`, `exited` and `at:<step>` (one of 16 items, picked per write). */
  function counterItem(run: RunRef, add: Record<string, number>): TransactItem | undefined {
    const entries = Object.entries(add).filter(([, n]) => n > 0);
    if (entries.length === 0) return undefined;
    const { journeyCounters } = counterItems;
    const key = store
      .forOrg(run.orgId)
      .keyed('deliveryCounter')
      .key(journeyCounters.rest(run), journeyCounters.slot(Math.floor(Math.random() * JOURNEY_SHARDS)));
    return store.updateItem('deliveryCounter', key, { add: Object.fromEntries(entries) });
  }

  /**
   * Writes `entries` in transactions of CHUNK with their counter item; an entry whose condition fails (moved
   * already, entered already) is refused and the rest of its chunk written again without it.
   */
  async function writeAll<T>(
    entries: readonly T[],
    itemOf: (e: T) => TransactItem,
    counterOf: (written: T[]) => TransactItem | undefined,
  ): Promise<{ written: T[]; refused: T[] }> {
    const written: T[] = [];
    const refused: T[] = [];
    let pending = [...entries];
    for (let round = 0; pending.length > 0; round++) {
      if (round === 8) throw new Error('journey writes kept conflicting');
      if (round > 0) await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * round));
      const again: T[] = [];
      await Promise.all(
        chunksOf(pending, CHUNK).map(async (chunk) => {
          const counter = counterOf(chunk);
          try {
            await store.rt.aws.doc.send(new TransactWriteCommand({ TransactItems: [...chunk.map(itemOf), ...(counter ? [counter] : [])].map(requestItem) }));
            written.push(...chunk);
          } catch (e) {
            if (!(e instanceof TransactionCanceledException)) throw e;
            const reasons = e.CancellationReasons ?? [];
            chunk.forEach((entry, j) => {
              (reasons[j]?.Code === 'ConditionalCheckFailed' ? refused : again).push(entry);
            });
          }
        }),
      );
      pending = again;
    }
    return { written, refused };
  }

  /** Hands arrivals on: an untimed step at once on the queue, a timed one to the schedule of its due minute. */
  async function dispatch(run: RunRef, journey: Journey, arrivals: readonly Arrival[]): Promise<void> {
    const now = clock.now();
    const byStep = new Map<string, Arrival[]>();
    for (const a of arrivals) if (journey.steps[a.stepId]?.type !== 'EXIT') byStep.set(a.stepId, [...(byStep.get(a.stepId) ?? []), a]);
    const sends: Promise<unknown>[] = [];
    for (const [stepId, list] of byStep) {
      const ready = list.filter((a) => a.dueAt === undefined || a.dueAt <= now).map((a) => a.accountId);
      for (const accountIds of chunksOf(ready, JOURNEY_BATCH)) {
        const payload: DeliveryMessageOf<'journey'> = { kind: 'journey', ...run, stepId, accountIds };
        sends.push(ports.queue.send(DELIVERY_QUEUE, payload, laneAt(run.orgId, journey.steps[stepId])));
      }
      const minutes = new Set(list.filter((a) => a.dueAt !== undefined && a.dueAt > now).map((a) => dueMinuteOf(a.dueAt!)));
      for (const minute of minutes) {
        const payload: DeliveryMessageOf<'journeyDue'> = { kind: 'journeyDue', ...run, stepId, minute };
        // a schedule of the same name is replaced: every batch due that minute names the same one
        sends.push(ports.scheduler.at(journeyScheduleName(run, stepId, minute), minute, { queue: DELIVERY_QUEUE, payload }));
      }
    }
    await Promise.all(sends);
  }

  /** Moves recipients on (each from the step it is at, once), counts their arrivals and hands them on. */
  async function move(run: RunRef, journey: Journey, moves: readonly Move[]): Promise<number> {
    if (moves.length === 0) return 0;
    const now = clock.now();
    const t = states(run.orgId);
    const planned = moves.map((mv) => {
      const to = journey.steps[mv.to]!;
      const dueAt = dueAtOf(to, now, mv.holdout);
      return { ...mv, dueAt, exit: to.type === 'EXIT' };
    });
    const itemOf = (a: (typeof planned)[number]): TransactItem => {
      const names: Record<string, string> = {
        '#step': 'stepId',
        '#prev': 'prevStepId',
        '#arr': 'arrivedAt',
        '#st': 'status',
        '#run': 'runId',
        '#due': 'dueAt',
        '#wk': 'waitKey',
        '#ho': 'holdout',
      };
      const values: Record<string, unknown> = { ':to': a.to, ':from': a.from, ':now': now, ':status': a.exit ? 'EXITED' : 'ACTIVE', ':run': run.runId, ':active': 'ACTIVE' };
      const set = ['#step = :to', '#prev = :from', '#arr = :now', '#st = :status'];
      const remove: string[] = [];
      if (a.dueAt !== undefined) {
        set.push('#due = :due', '#wk = :wk');
        values[':due'] = a.dueAt;
        values[':wk'] = waitKeyOf(run, a.to, dueMinuteOf(a.dueAt), shardOf(a.accountId, JOURNEY_SHARDS));
      } else remove.push('#due', '#wk');
      if (a.holdout) {
        set.push('#ho = :true');
        values[':true'] = true;
      } else remove.push('#ho');
      return {
        Update: {
          TableName: table,
          Key: t.key(stateRest(run.planId, a.accountId), a.accountId),
          UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
          // from where it is, in this run, once (a holdout is set aside once)
          ConditionExpression: `#step = :from AND #run = :run AND #st = :active${a.holdout ? ' AND attribute_not_exists(#ho)' : ''}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    };
    const { written } = await writeAll(planned, itemOf, (chunk) => {
      const add: Record<string, number> = {};
      for (const a of chunk) {
        if (a.holdout) continue;
        add[`at:${a.to}`] = (add[`at:${a.to}`] ?? 0) + 1;
        if (a.exit) add.exited = (add.exited ?? 0) + 1;
      }
      return counterItem(run, add);
    });
    await dispatch(
      run,
      journey,
      written.map((a) => ({ accountId: a.accountId, stepId: a.to, dueAt: a.dueAt })),
    );
    return written.filter((a) => a.exit).length;
  }

  /** A message step: sent to each reachable recipient once (the ledger's claim under the step's run). */
  async function send(run: RunRef, stepId: string, step: StepOf<'MESSAGE'>, here: readonly JourneyState[]): Promise<void> {
    const accounts = await new Accounts(store.forOrg(run.orgId)).getMany(here.map((s) => s.accountId));
    const list = here.flatMap((s) => accounts.get(s.accountId) ?? []);
    const recipients = await recipientsOf(store, run.orgId, step.channel, list, step.content);
    for (const chunk of chunksOf(recipients, SEND_BATCH)) {
      await deps.sendBatch({ kind: 'send', orgId: run.orgId, planId: run.planId, runId: stepRunId(run.runId, stepId), channel: step.channel, recipients: chunk });
    }
  }

  /** Of recipients at the end of a branch's window, those for whom its condition holds (before `not`). */
  async function branchHolds(run: RunRef, journey: Journey, step: StepOf<'BRANCH'>, due: readonly JourneyState[]): Promise<Set<string>> {
    const yes = new Set<string>();
    const c = step.condition;
    if (c.kind === 'CONVERTED') {
      const events = store.forOrg(run.orgId).keyed('accountEvent');
      await Promise.all(
        due.map(async (s) => {
          for await (const page of events.pages(s.accountId, ['name', 'type', 'at'])) {
            if (page.some((e) => (e.name === c.eventCode || e.type === c.eventCode) && e.at >= s.arrivedAt && e.at <= s.dueAt!)) yes.add(s.accountId);
          }
        }),
      );
      return yes;
    }
    const message = journey.steps[c.stepId] as StepOf<'MESSAGE'>;
    const field = c.kind === 'OPENED' ? 'openedAt' : 'clickedAt';
    const keys = due.map((s) => ledger.keyOf({ orgId: run.orgId, planId: run.planId, runId: stepRunId(run.runId, c.stepId), channel: message.channel, accountId: s.accountId }));
    const records = await store.getMany(keys.map((key) => ({ entity: 'sentRecord' as const, key, attributes: [field] })));
    due.forEach((s, i) => {
      const at = records[i]?.[field] as number | undefined;
      if (at !== undefined && at <= s.dueAt!) yes.add(s.accountId);
    });
    return yes;
  }

  /** The split's winner: the variant whose message has the best open (or click) rate so far, the first on a tie. */
  async function winnerOf(run: RunRef, step: StepOf<'SPLIT'>): Promise<string> {
    const metric = step.winner!.metric === 'OPEN' ? 'opens' : 'clicks';
    let best = step.variants[0]!.next;
    let bestRate = -1;
    for (const v of step.variants) {
      const { total } = await ledger.totals({ orgId: run.orgId, planId: run.planId, runId: stepRunId(run.runId, v.next) });
      const rate = total.sent > 0 ? total[metric] / total.sent : 0;
      if (rate > bestRate) [best, bestRate] = [v.next, rate];
    }
    return best;
  }

  async function totals(run: RunRef): Promise<JourneyTotals> {
    return tenantJourney(store.forOrg(run.orgId)).totals(run);
  }

  return {
    async enter(run, plan: Plan, accounts: readonly Account[]) {
      const journey = journeyOf(plan);
      if (!journey || accounts.length === 0) return;
      const now = clock.now();
      const entry = journey.steps[journey.entry]!;
      const dueAt = dueAtOf(entry, now);
      const exit = entry.type === 'EXIT';
      const t = states(run.orgId);
      const ids = [...new Set(accounts.map((a) => a.id))];
      // once and new: a recipient enters a plan's journey once; all: again once it has left an earlier run's
      const again = journey.repeat === 'ALL' ? ' OR (#st = :exited AND #run <> :run)' : '';
      const { written, refused } = await writeAll(
        ids,
        (accountId): TransactItem => {
          const state: Omit<JourneyState, 'planShard'> = {
            accountId,
            orgId: run.orgId,
            planId: run.planId,
            runId: run.runId,
            stepId: journey.entry,
            status: exit ? 'EXITED' : 'ACTIVE',
            arrivedAt: now,
            enteredAt: now,
            ...(dueAt !== undefined ? { dueAt, waitKey: waitKeyOf(run, journey.entry, dueMinuteOf(dueAt), shardOf(accountId, JOURNEY_SHARDS)) } : {}),
          };
          return {
            Put: {
              TableName: table,
              Item: t.place(stateRest(run.planId, accountId), state),
              ConditionExpression: `attribute_not_exists(#a)${again}`,
              ExpressionAttributeNames: { '#a': 'accountId', ...(again ? { '#st': 'status', '#run': 'runId' } : {}) },
              ...(again ? { ExpressionAttributeValues: { ':exited': 'EXITED', ':run': run.runId } } : {}),
            },
          };
        },
        (chunk) => counterItem(run, { entered: chunk.length, [`at:${journey.entry}`]: chunk.length, exited: exit ? chunk.length : 0 }),
      );
      await dispatch(
        run,
        journey,
        written.map((accountId) => ({ accountId, stepId: journey.entry, dueAt })),
      );
      // entered before (a page read again): handed on again, in case that was lost; the step ignores any other run's
      if (!exit) {
        for (const accountIds of chunksOf(refused, JOURNEY_BATCH)) {
          await ports.queue.send(DELIVERY_QUEUE, { kind: 'journey', ...run, stepId: journey.entry, accountIds } satisfies DeliveryMessageOf<'journey'>, laneAt(run.orgId, entry));
        }
      }
    },

    async step(m) {
      const run: RunRef = { orgId: m.orgId, planId: m.planId, runId: m.runId };
      const journey = await runningJourney(run);
      const step = journey?.steps[m.stepId];
      if (!journey || !step) return { exited: 0 };
      const ids = [...new Set(m.accountIds)];
      const found = await states(m.orgId).getMany(ids.map((id) => ({ rest: stateRest(m.planId, id), sort: id })));
      const here: JourneyState[] = [];
      const onward: Arrival[] = [];
      for (const s of found) {
        if (!s || s.runId !== m.runId) continue;
        if (s.stepId === m.stepId && s.status === 'ACTIVE') here.push(s);
        else if (s.prevStepId === m.stepId) onward.push({ accountId: s.accountId, stepId: s.stepId, dueAt: s.dueAt });
      }
      await dispatch(run, journey, onward);
      const now = clock.now();
      // at a timed step, those not due yet wait for their minute (its schedule made again, in case it was lost)
      const waiting = here.filter((s) => s.dueAt !== undefined && s.dueAt > now);
      await dispatch(
        run,
        journey,
        waiting.map((s) => ({ accountId: s.accountId, stepId: m.stepId, dueAt: s.dueAt })),
      );
      const ready = here.filter((s) => s.dueAt === undefined || s.dueAt <= now);
      if (ready.length === 0) return { exited: 0 };
      const to = (s: JourneyState, next: string, holdout?: boolean): Move => ({ accountId: s.accountId, from: m.stepId, to: next, ...(holdout ? { holdout } : {}) });
      let moves: Move[] = [];
      switch (step.type) {
        case 'MESSAGE':
          await send(run, m.stepId, step, ready);
          moves = ready.map((s) => to(s, step.next));
          break;
        case 'WAIT':
          moves = ready.map((s) => to(s, step.next));
          break;
        case 'BRANCH': {
          const holds = await branchHolds(run, journey, step, ready);
          moves = ready.map((s) => to(s, holds.has(s.accountId) !== step.not ? step.yes : step.no));
          break;
        }
        case 'SPLIT': {
          const held = ready.filter((s) => s.holdout);
          const winner = held.length > 0 ? await winnerOf(run, step) : undefined;
          moves = ready.map((s) => {
            if (s.holdout) return to(s, winner!);
            const variant = variantOf(step, bucketOf(m.planId, m.stepId, s.accountId));
            return variant === 'HOLDOUT' ? to(s, m.stepId, true) : to(s, step.variants[variant]!.next);
          });
          break;
        }
        case 'EXIT':
          break;
      }
      return { exited: await move(run, journey, moves) };
    },

    async due(m) {
      const run: RunRef = { orgId: m.orgId, planId: m.planId, runId: m.runId };
      const journey = await runningJourney(run);
      if (!journey) return;
      await Promise.all(
        Array.from({ length: JOURNEY_SHARDS }, async (_, shard) => {
          let startKey: Record<string, unknown> | undefined;
          do {
            const page = await store.queryPage('journeyState', {
              index: 'due',
              partition: { name: 'waitKey', value: waitKeyOf(run, m.stepId, m.minute, shard) },
              startKey,
              limit: 1000,
            });
            const ids = page.items.map((i) => i.accountId as string);
            for (const accountIds of chunksOf(ids, JOURNEY_BATCH)) {
              await ports.queue.send(
                DELIVERY_QUEUE,
                { kind: 'journey', ...run, stepId: m.stepId, accountIds } satisfies DeliveryMessageOf<'journey'>,
                laneAt(run.orgId, journey.steps[m.stepId]),
              );
            }
            startKey = page.lastKey;
          } while (startKey);
        }),
      );
    },

    totals,

    async finished(run) {
      const { entered, exited } = await totals(run);
      return exited >= entered;
    },
  };
}

/** A run's journey counters summed: who entered and left, and how many reached each step. */
function sumJourneyCounters(items: readonly Record<string, unknown>[]): JourneyTotals {
  const totals: JourneyTotals = { entered: 0, exited: 0, steps: {} };
  for (const item of items) {
    for (const [field, value] of Object.entries(item)) {
      if (typeof value !== 'number') continue;
      if (field === 'entered' || field === 'exited') totals[field] += value;
      else if (field.startsWith('at:')) totals.steps[field.slice(3)] = (totals.steps[field.slice(3)] ?? 0) + value;
    }
  }
  return totals;
}

/** A run's journey counters read in the caller's organization (the Plan Step tab). */
export function tenantJourney(tenant: TenantStore) {
  return {
    async totals(run: { planId: string; runId: string }): Promise<JourneyTotals> {
      return sumJourneyCounters(await tenant.keyed('deliveryCounter').list(counterItems.journeyCounters.rest(run)));
    },
  };
}

function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
