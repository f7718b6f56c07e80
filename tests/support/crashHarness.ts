/**
 * What the crash tests share (tests/api/*Crashes.test.ts): a worker process that dies at its k-th call (a DynamoDB
 * request, a queue message, schedule or job it sends, a provider call, the acknowledgement of the message it
 * holds) and stays dead; each channel's smallest message, address and reachable account, taken from the
 * registry; a provider that counts what each address was offered and given; the invariant every crash must leave;
 * the tally of crash points each file prints; and `queuedPathCrashes`, the run of a send path through the queue
 * killed at each of its calls and recovered.
 */
import { randomUUID } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Channel, CHANNELS } from '../../shared/delivery';
import { CHANNEL_TEMPLATES } from '../../shared/content';
import { ACCOUNT_SHARDS, type Account, deviceKeyOf, type PlanRun, planKeyOf } from '../../shared/entities';
import type { Plan, PlanContent } from '../../shared/plan/plan';
import { CHANNEL_ADAPTERS, type ChannelSender, everyChannel, type Outbound, type SendOutcome } from '../../functions/channels';
import { deliveryWorker } from '../../functions/delivery/worker';
import { Ledger } from '../../functions/delivery/ledger';
import { DELIVERY_QUEUE, type DeliveryMessage, type Recipient } from '../../functions/delivery/messages';
import type { ContentSource } from '../../functions/delivery/sendWorker';
import type { LocalHerald } from '../../functions/local/boot';
import { LocalQueue } from '../../functions/local/queue';
import { LocalScheduler } from '../../functions/local/scheduler';
import { JOB_QUEUE } from '../../functions/platform/jobs';
import type { QueueWorker } from '../../functions/platform/queue';
import type { Runtime } from '../../functions/platform/runtime';
import { Store } from '../../functions/store/store';
import { AD_HOC } from './channelStandIns';
import { manualClock, startHerald } from './herald';
import { type DynamoRequest, interposedStore } from './interposedStore';
import { planInProgress, testAccount } from './plans';
import { Killed, sendHarness } from './sendHarness';

/** The queue's visibility timeout in the crash tests: a dead worker's message and claims come back after it. */
export const STALE_MS = 60_000;

/** A call of a worker process: a DynamoDB request, a provider call, or the acknowledgement of the message it holds. */
export type Call = DynamoRequest | 'provider' | 'ack';

/**
 * The calls of one worker process: `step` runs before each; the `killAt`th (from 0), or the first that `killAt`
 * picks, kills the process, and every call after it fails too (a dead process does nothing more, also in the
 * branches it had in flight). Without `killAt` it only counts.
 */
export class CrashPoints {
  calls = 0;
  /** what each call was, in order */
  readonly log: Call[] = [];
  dead = false;
  constructor(readonly killAt?: number | ((call: Call) => boolean)) {}

  readonly step = (call: Call): void => {
    if (!this.dead) {
      const k = this.calls++;
      this.log.push(call);
      if (k !== this.killAt && !(typeof this.killAt === 'function' && this.killAt(call))) return;
      this.dead = true;
    }
    throw new Killed();
  };
}

/**
 * What the providers of one crash case were handed, by address: `offered` every call they may have received,
 * `given` what they accepted; `throttled` the addresses answered throttled once already.
 */
export interface Handed {
  offered: Map<string, number>;
  given: Map<string, number>;
  throttled: Set<string>;
}

export const handed = (): Handed => ({ offered: new Map(), given: new Map(), throttled: new Set() });

const plus = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

/**
 * A provider for every channel. A call passes `step` first (killed there, the provider may or may not have the
 * message: it counts as offered); with `throttleOnce` it answers each address throttled once (not offered: a
 * throttled message is surely not sent).
 */
export function countingProvider(h: Handed, opts: { step?: (call: 'provider') => void; throttleOnce?: boolean } = {}): ChannelSender {
  return {
    async send(message: Outbound): Promise<SendOutcome> {
      const to = (message as { to: string }).to;
      plus(h.offered, to);
      opts.step?.('provider');
      if (opts.throttleOnce && !h.throttled.has(to)) {
        h.throttled.add(to);
        plus(h.offered, to, -1);
        return { kind: 'throttled' };
      }
      plus(h.given, to);
      return { kind: 'sent', providerId: `m-${to}` };
    },
  };
}

/** Each channel's smallest template, rendered by its own adapter. */
const TEMPLATES: Record<Channel, unknown> = {
  EMAIL: { subject: 'Hi', preheader: '', blocks: [] },
  SMS: { text: 'Hello' },
  PUSH_NATIVE: { title: 'Hi', body: 'Hello' },
  LINE: { messages: [{ type: 'text', text: 'Hello' }] },
  DIRECT_MAIL: { subject: 'Hi', body: 'Hello' },
};

/** A plan's inline content on `channel`. */
export function planContentOf(channel: Channel): PlanContent {
  const template = CHANNEL_TEMPLATES[channel].template.parse({ channel, defaultLanguage: 'en', contents: { en: TEMPLATES[channel] } });
  return { kind: channel, template } as PlanContent;
}

/** The channel's smallest message without a plan (the send worker alone). */
export const contentOf = (channel: Channel): ContentSource => {
  const render = CHANNEL_ADAPTERS[channel].prepare(planContentOf(channel), AD_HOC);
  return { load: async () => ({ stopped: false, from: 'news@herald.local', render: render! }) };
};

/** A recipient's address of the channel's own form (a push device's token with its device). */
export function addressOf(channel: Channel, i: number, tag: string): Partial<Recipient> & { address: string } {
  if (channel === 'SMS') return { address: `+8190${String(1000_0000 + i)}` };
  if (channel === 'PUSH_NATIVE') return { address: `tok-${tag}-${i}`, target: `dev-${i}`, os: 'IOS' };
  if (channel === 'LINE') return { address: `U${tag.replace(/-/g, '').padEnd(30, '0').slice(0, 30)}${String(i).padStart(2, '0')}` };
  if (channel === 'DIRECT_MAIL') return { address: `${i} Main Street, Springfield` };
  return { address: `${tag}-${i}@example.com` };
}

/** The account fields that reach someone on `channel` (push: its device is written beside the account). */
function reachOn(channel: Channel, i: number, tag: string): Partial<Account> & Record<string, unknown> {
  if (channel === 'EMAIL') return { emails: [`${tag}-${i}@example.com`], emailConsent: true };
  if (channel === 'SMS') return { phones: [`+8190${String(2000_0000 + i)}`], smsConsent: true };
  if (channel === 'LINE') return { lineUserId: `U${tag.replace(/-/g, '').padEnd(30, '0').slice(0, 30)}${String(i).padStart(2, '0')}`, lineConsent: true };
  if (channel === 'DIRECT_MAIL') return { address: { recipientName: `R ${i}`, lines: [`${i} Main Street`], city: 'Springfield', postcode: '12345', country: 'US' } };
  return { pushConsent: true };
}

/**
 * Writes account `<tag>-<i>` of `orgId`, reachable on `channel` (with an active device for push), and answers it
 * with the recipient the channel's adapter makes of it.
 */
export async function reachableAccount(store: Store, channel: Channel, orgId: number, tag: string, i: number, at: number): Promise<{ account: Account; recipient: Recipient }> {
  const account = testAccount(orgId, `${tag}-${i}`, at, reachOn(channel, i, tag) as Partial<Account>);
  await store.put('account', account);
  if (channel === 'PUSH_NATIVE') {
    await store.put('device', {
      accountKey: deviceKeyOf(orgId, account.id),
      deviceId: `dev-${i}`,
      orgId,
      accountId: account.id,
      platform: 'IOS',
      channel: 'APNS',
      permission: 'ALWAYS',
      active: true,
      source: 'IMPORT',
      pushToken: `tok-${tag}-${i}`,
      dateUpdated: at,
    });
  }
  const [reach] = await CHANNEL_ADAPTERS[channel].reach([account], store.forOrg(orgId));
  if (!reach || !('address' in reach)) throw new Error(`account ${account.id} is not reachable on ${channel}`);
  return {
    account,
    recipient: { accountId: account.id, address: reach.address, consent: reach.consent, ...(reach.target ? { target: reach.target } : {}), ...(reach.os ? { os: reach.os } : {}) },
  };
}

/**
 * The whole delivery worker (every step of the pipeline, as Lambda runs it) in a process whose every DynamoDB
 * request, queue message and schedule it sends, job it posts and provider call passes `points.step` first.
 */
export function deliveryProcess(herald: LocalHerald, points: CrashPoints, h: Handed): QueueWorker {
  const rt: Runtime = { ...interposedStore(herald, points.step).rt };
  const store = new Store(rt);
  const queue = new LocalQueue(store, rt.clock);
  // the ports and the job queue on the same requests: a message, schedule or job sent is a step as well (the jobs
  // wait on a queue of their own: what they do, such as mailing a run's requesters, is not the send's)
  rt.ports = { queue, scheduler: new LocalScheduler(store, queue, rt.clock), storage: herald.rt.ports.storage };
  rt.jobs = { post: async (job) => void (await queue.send(`${JOB_QUEUE}-of-crashed-sends`, job)) };
  return deliveryWorker(rt, store, {
    senders: everyChannel(countingProvider(h, { step: points.step })),
    ratePerSecond: () => 1_000_000,
    staleClaimMs: STALE_MS,
  });
}

/**
 * Hands the delivery queue's messages to `worker` one at a time until none is visible, the acknowledgement of each
 * a step of `points` (before it: done but never acknowledged, so the message comes back; after it: gone). Answers
 * whether the process died, and the body it held unacknowledged then.
 */
export async function runProcess(harness: ReturnType<typeof sendHarness>, worker: QueueWorker, points: CrashPoints): Promise<{ died: boolean; inHand?: unknown }> {
  let inHand: unknown;
  for (;;) {
    let outcome: Awaited<ReturnType<typeof harness.deliverOne>>;
    try {
      outcome = await harness.deliverOne(worker, DELIVERY_QUEUE, {
        onTaken: (body) => {
          inHand = body;
        },
        beforeAck: () => points.step('ack'),
        afterAck: () => {
          inHand = undefined;
          points.step('ack');
        },
      });
    } catch (e) {
      if (e instanceof Killed) return { died: true, inHand };
      throw e;
    }
    // killed inside the handler: the record failed and was not acknowledged
    if (points.dead) return { died: true, inHand };
    if (outcome === 'empty') return { died: false };
  }
}

/**
 * Hands `body` to `worker` as the queue hands a duplicate of a message (SQS delivers a message more than once
 * now and then): what it queues goes to the queue; there is no receipt to acknowledge.
 */
export async function deliverDuplicate(worker: QueueWorker, body: unknown): Promise<void> {
  const record = { messageId: `duplicate-${randomUUID()}`, receiptHandle: '', body: JSON.stringify(body) } as unknown as SQSRecord;
  await worker({ Records: [record] });
}

const TERMINAL = ['SENT', 'FAILED', 'SKIPPED', 'UNCERTAIN'];

type Run = { orgId: number; planId: string; runId: string; shards?: number };

/**
 * The invariant of one run's recipients after a crash and its recovery: each has exactly one terminal record; no
 * address was offered to the provider twice (an UNCERTAIN one is never attempted again); what the provider took
 * is SENT, or UNCERTAIN when its worker died before recording it; the counters of `counted` (the run's own when
 * not given) equal the records. Answers the records' statuses.
 */
export async function expectOnceEach(ledger: Ledger, run: Run, channel: Channel, list: readonly Recipient[], h: Handed, where: string, counted: Run = run): Promise<string[]> {
  expect(
    [...h.offered].filter(([, times]) => times > 1),
    where,
  ).toEqual([]);
  const records = await Promise.all(list.map((r) => ledger.recordOf({ ...run, channel, accountId: r.accountId, ...(r.target ? { target: r.target } : {}) })));
  const statuses = records.map((r) => r?.status ?? 'none');
  expect(
    statuses.filter((s) => !TERMINAL.includes(s)),
    where,
  ).toEqual([]);
  const count = (status: string) => statuses.filter((s) => s === status).length;
  const { total } = await ledger.totals(counted);
  expect({ sent: total.sent, failed: total.failed, skipped: total.skipped, uncertain: total.uncertain }, where).toEqual({
    sent: count('SENT'),
    failed: count('FAILED'),
    skipped: count('SKIPPED'),
    uncertain: count('UNCERTAIN'),
  });
  for (const [i, s] of statuses.entries()) {
    const given = h.given.get(list[i]!.address) ?? 0;
    if (s === 'SENT') expect(given, `${where}: ${list[i]!.accountId} SENT`).toBe(1);
    if (given > 0) expect(['SENT', 'UNCERTAIN'], `${where}: ${list[i]!.accountId} given`).toContain(s);
  }
  return statuses;
}

/** Crash points tried, by what was crashed: printed at the end of a file. */
export function crashTally() {
  const tried = new Map<string, { points: number; calls: number }>();
  return {
    add(of: string, points: number, calls: number) {
      const was = tried.get(of) ?? { points: 0, calls: 0 };
      tried.set(of, { points: was.points + points, calls: was.calls + calls });
    },
    line: () => `crash points tried (of calls made): ${[...tried].map(([of, n]) => `${of} ${n.points} (${n.calls})`).join(', ')}`,
  };
}

/** DynamoDB requests that only read: they change nothing anyone else sees. */
const READS = new Set(['Get', 'GetItem', 'BatchGet', 'BatchGetItem', 'TransactGet', 'TransactGetItems', 'Query', 'Scan']);

/** Whether a call changes what the other processes and the providers see (a write, a send, an acknowledgement). */
export const changesState = (call: Call): boolean => typeof call !== 'object' || !READS.has(call.name);

/**
 * Runs `attempt` once without a kill (it answers the calls it made), then once killed before each call that
 * changes state. A kill before a read leaves the world as a kill before the next state-changing call does (every
 * call after a kill fails, in every branch), so those points would only repeat a case already tried. Answers the
 * number of calls and of crash points.
 */
export async function atEveryStep(attempt: (killAt: number | undefined) => Promise<readonly Call[]>): Promise<{ calls: number; points: number }> {
  const calls = await attempt(undefined);
  const points = [...calls.keys()].filter((k) => changesState(calls[k]!));
  for (const k of points) await attempt(k);
  return { calls: calls.length, points: points.length };
}

/** What a path's set-up and checks work on: the file's Herald, its store and ledger, and the manual clock. */
export interface PathWorld {
  herald: LocalHerald;
  store: Store;
  ledger: Ledger;
  clock: ReturnType<typeof manualClock>;
}

/** One path of one channel, set up on fresh ids: its first messages queued, what it must leave checked. */
export interface PathCase {
  /** the instants the path goes on at (a held batch's window opening): the clock moved there, due schedules fired */
  moments: number[];
  /** what the scheduler delivers after the path (the run's check) */
  after: DeliveryMessage[];
  /** checks the invariant; answers the statuses of the recipients' records */
  expect(h: Handed, where: string): Promise<string[]>;
}

export type Path = (w: PathWorld, channel: Channel, tag: string) => Promise<PathCase>;

/** A plan of `orgId` on `channel` (IN_PROGRESS unless `fields` say otherwise), written as the pipeline reads it. */
export async function planOf(w: PathWorld, orgId: number, channel: Channel, fields: Partial<Plan> & Record<string, unknown> = {}): Promise<Plan> {
  const id = await planInProgress(w.store, w.clock.now(), planContentOf(channel), { orgId, ...fields } as Partial<Plan>);
  return (await w.store.forOrg(orgId).get('plan', id))!;
}

/** A run RUNNING with its whole audience read (`matched` of it counted), as the audience step leaves it. */
export async function runningRun(w: PathWorld, run: Run, matched: number): Promise<void> {
  const now = w.clock.now();
  const row: PlanRun = {
    planKey: planKeyOf(run.orgId, run.planId),
    ...run,
    status: 'RUNNING',
    dueAt: now,
    startedAt: now,
    shardsDone: new Set(Array.from({ length: ACCOUNT_SHARDS }, (_, shard) => String(shard))),
  };
  await w.store.forOrg(run.orgId).keyed('planRun').put(run.planId, row);
  if (matched > 0) await w.ledger.count({ ...run, accountId: 'audience' }, { matched });
}

/** The run is DONE and its plan DEPLOYED. */
export async function expectCompleted(w: PathWorld, run: Run, where: string): Promise<void> {
  expect((await w.store.forOrg(run.orgId).keyed('planRun').get(run.planId, run.runId))?.status, where).toBe('DONE');
  expect((await w.store.forOrg(run.orgId).get('plan', run.planId))?.status, where).toBe('DEPLOYED');
}

/**
 * A test file of crashes along send paths through the queue. It boots its Herald on a manual clock set at `start`
 * with the delivery loop stopped (the crash processes are the queue's only workers) and prints the crash points
 * tried at its end.
 *
 * `crashAt` runs one path whose whole delivery worker (every step, as Lambda runs it, one message at a time) dies
 * at its `killAt`th call, or the first that `killAt` picks (none: it only counts). After the kill: a duplicate of
 * the message the dead worker held is handed to a restarted worker at once, while the original is still hidden;
 * the original comes back with its claims stale and a duplicate is handed over at the same time; the rest of the
 * path runs, then the run's check with its sweep; no message is left on the queue, and the path's invariant holds.
 * `everyChannel` makes one test per channel of the registry that kills the path at each of its calls.
 */
export function queuedPathCrashes(opts: { start: number; setup?: (w: PathWorld) => Promise<void> }) {
  const clock = manualClock(opts.start);
  const tally = crashTally();
  let world: PathWorld | undefined;
  const harness = sendHarness(() => ({ queue: world!.herald.queue, log: world!.herald.rt.log }));

  beforeAll(async () => {
    const herald = await startHerald({ clock });
    await herald.delivery.stop();
    const store = new Store(herald.rt);
    world = { herald, store, ledger: new Ledger(store, clock), clock };
    await opts.setup?.(world);
  });
  afterAll(async () => {
    console.log(tally.line());
    await world?.herald.stop();
  });

  async function crashAt(path: Path, channel: Channel, killAt: CrashPoints['killAt']): Promise<readonly Call[]> {
    const w = world!;
    const { herald } = w;
    // every case starts at the same instant (each on ids of its own, the queue left empty by the one before):
    // days passing would fire the deployment's daily and monthly jobs, whose work would slow every case after them
    clock.t = opts.start;
    const c = await path(w, channel, randomUUID().slice(0, 8));
    const h = handed();
    /** The path from its `from`th instant: at each, what is due fired and the queue drained. */
    const through = async (worker: QueueWorker, points: CrashPoints, from = 0) => {
      const moments = [clock.now(), ...c.moments];
      for (let i = from; i < moments.length; i++) {
        clock.t = Math.max(clock.t, moments[i]!);
        await herald.scheduler.fireDue();
        const out = await runProcess(harness, worker, points);
        if (out.died) return { ...out, at: i };
      }
      return { died: false as const, at: moments.length };
    };
    const restarted = () => {
      const points = new CrashPoints();
      return { points, worker: deliveryProcess(herald, points, h) };
    };
    const drain = async () => {
      const { points, worker } = restarted();
      await runProcess(harness, worker, points);
    };
    const points = new CrashPoints(killAt);
    const dying = await through(deliveryProcess(herald, points, h), points);
    const where = `${channel}, ${dying.died ? `killed at call ${points.calls - 1}` : 'not killed'}`;
    if (dying.died) {
      // restarted at once: a duplicate of the dead worker's message is delivered while its own is still hidden
      if (dying.inHand) await deliverDuplicate(restarted().worker, dying.inHand);
      await drain();
      // the dead worker's message comes back, its claims stale, and a duplicate of it is delivered at the same time
      clock.advance(STALE_MS + 1000);
      await Promise.all([drain(), dying.inHand ? deliverDuplicate(restarted().worker, dying.inHand) : undefined]);
      // the rest of the path (what was due at the instant it died is handled by now, but for what the duplicate
      // queued: the next drain takes it)
      const rest = restarted();
      await through(rest.worker, rest.points, dying.at + 1);
    }
    if (dying.died || c.after.length > 0) {
      // the run's check, as its schedule delivers it every minute: claims left by dead workers become uncertain
      // (a millisecond later: it comes after what the path left on the queue)
      clock.advance(1);
      for (const m of c.after) await herald.queue.send(DELIVERY_QUEUE, m);
      await herald.scheduler.fireDue();
      await drain();
    }
    expect(await herald.queue.depth(DELIVERY_QUEUE), `${where}: messages left`).toBe(0);
    const statuses = await c.expect(h, where);
    // without a crash, nothing is in doubt
    if (!dying.died) expect(statuses, where).toEqual(statuses.map(() => 'SENT'));
    return points.log;
  }

  function everyChannel(name: string, path: Path): void {
    describe.each(CHANNELS)(`a crash at every step of ${name}, on %s`, (channel) => {
      it('each recipient once, the counters equal the records, the run completes', async () => {
        const { calls, points } = await atEveryStep((killAt) => crashAt(path, channel, killAt));
        expect(points).toBeGreaterThan(5);
        tally.add(`${channel} ${name}`, points, calls);
      });
    });
  }

  return { clock, crashAt, everyChannel };
}
