/**
 * The exactly-once ledger. A recipient is claimed with a conditional put before the provider is called and its
 * outcome is settled after it, in one transaction with the run's counters, so every outcome is counted once.
 * Only the attempt that holds a claim may settle or release it.
 *
 * Who may send is decided by the recipient's own record alone: its conditional put (`attribute_not_exists`) lets
 * one attempt in, whatever batch, wave or redelivery the recipient arrives in. A wave's claims are written in one
 * transaction with their wave item (`<run>#open`, slot = the attempt, `members` listing them), so no claim exists
 * without an item that names it.
 *
 * Who decides a wave member's outcome is the wave item: its attribute `o<index>` (index in `members`), set only
 * where it is absent. The worker settles a chunk of outcomes with one conditional update of each wave item and the
 * counters (no item per recipient); the sweep settles a stale member UNCERTAIN with the same condition on the
 * item plus its record's (`CLAIMED` by the attempt). So a completion and the sweep can never both count a member:
 * whichever sets `o<index>` first wins, and the other is refused and leaves the member out.
 * Then the worker writes the terminal records as a view of the item, in unconditional batch puts: only members it
 * settled in the item are written, with the outcome it set there, so they can only agree with the authority (the
 * sweep writes the very same record). Then it deletes the item, once every member is settled and written.
 *
 * Crash points, and what the sweep (stale wave items, as a dead worker leaves them) does:
 * - after the claims, before any outcome: members `CLAIMED` with no outcome in the item become UNCERTAIN.
 * - after the outcome transaction, before the records: the item holds outcomes of `CLAIMED` records; it writes
 *   them from the item (as does a redelivery that meets such a claim: markUncertain). They are counted already,
 *   so `openClaims` no longer reports them, and the run is complete only once no wave item is left.
 * - after the records, before the item's delete: every member is settled and written; it deletes the item.
 * A released member's record is gone or another attempt's: it is left alone, as is one made terminal by the old
 * per-record completion. That path remains for a claim of no wave this process remembers (`claim`, a wave
 * forgotten): it is conditional on the record, which the sweep's transaction checks too, so the two exclude each
 * other. A claim of one recipient alone is in the sparse `openClaims` index, as are claims written before wave
 * items; `openClaims` reads both. The record, its `byAddress` entry (written with `doneAt`) and the counters are
 * as before, so the console and the statistics see the same.
 *
 * Named batches (the audience fan-out's, `SendBatch.batch`): a run's recipient is in one named batch only (a
 * page read again queues the batches of its first reading, pipeline.ts), so the batch can decide for its
 * recipients. Its lock item (`<run>#batch`, slot = the name) is put once, conditionally, by the attempt that
 * holds it (`holdBatch`). An attempt holding a batch nobody held before (fresh) claims a wave by its wave item
 * alone, put without a condition (`claimHeld`): nobody else can hold its recipients. The item keeps each
 * member's claim (`held`: address, links, device) and no claim record is written; the record is written once,
 * terminal, after the outcome is settled in the item, as above. A member given back (throttled) is marked
 * released in the item. Until its record is written, a held claim is read from its item: by the sweep and
 * `openClaims` (a dead holder's claims in doubt become UNCERTAIN records, put only where no record is), and by
 * `recordOf` (a tracked link followed in those moments). Another delivery of the batch finds it busy (and is
 * retried later), done (`finishBatch`: it sends nothing), or takes it over when the holder gave it back
 * (`releaseBatch`, throttled: nothing in doubt) or has been silent longer than a worker lives. A takeover first
 * writes the claims earlier holders left unsettled in their items as claim records (conditionally), then claims
 * with conditions as an unnamed batch does, so what a dead holder claimed is found and settled as above, never
 * sent again. A holder renews its hold before claiming once a third of that time has passed, which also stops a
 * holder that was taken over (`BatchTakenOver`): no claim is ever written without a condition while another
 * attempt could be claiming the same recipient.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Channel, recipientKeyOf, type SendFailureReason, type SentState } from '../../shared/delivery';
import {
  addressKeyOf,
  type CounterOs,
  DAILY_IN_MONTH,
  DELIVERY_SHARDS,
  ORG_DAY_SHARDS,
  orgDayField,
  orgDaySlot,
  orgMonthRest,
  orgMonthSlot,
  orgYearRest,
  runShardKey,
  type SentRecord,
  SHARE_FIELDS,
  shardOf,
} from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { Clock } from '../platform/runtime';
import type { Store, TenantStore, TransactItem } from '../store/store';

export interface LedgerKey {
  orgId: number;
  planId: string;
  runId: string;
  channel: Channel;
  accountId: string;
  /** one of the account's several addresses on the channel (a push device) */
  target?: string;
  /** the push device's platform, counted per OS */
  os?: CounterOs;
}

type Counter = 'matched' | 'sent' | 'failed' | 'skipped' | 'uncertain' | 'held' | 'opens' | 'clicks' | 'unsubscribes' | 'bounces' | 'complaints' | 'likes' | 'dislikes' | 'parts';
/** What recipients did, counted on the organization's days too (matched and held are a run's bookkeeping). */
const EVENT_COUNTERS: ReadonlySet<Counter> = new Set(['sent', 'failed', 'skipped', 'uncertain', 'opens', 'clicks', 'unsubscribes', 'bounces', 'complaints', 'likes', 'dislikes']);
/** The counter key of one event: its run, and where known its channel (the organization's days count it) and OS. */
export type CounterKey = { orgId: number; planId: string; runId: string; accountId: string; channel?: Channel; os?: CounterOs };
/** Adds of one OS (none: not a push device, or not known). */
type OsAdd = { os?: CounterOs; add: Partial<Record<Counter, number>> };
/** The outcomes whose reasons are counted too. */
type ReasonCounter = 'failed' | 'skipped';

export interface RunTotals {
  total: Record<Counter, number>;
  /** push sends, opens and clicks per device OS */
  os: Partial<Record<CounterOs, Partial<Record<Counter, number>>>>;
  hours: Record<string, Partial<Record<Counter, number>>>;
  /** failures and skips by reason */
  reasons: Record<ReasonCounter, Partial<Record<SendFailureReason, number>>>;
}

export const runKeyOf = (k: { orgId: number; planId: string; runId: string }) => `${k.orgId}#${k.planId}#${k.runId}`;
/**
 * The run an event trigger's sends are counted under, whatever their limiter window (`t<start>`, `te<event>`: the
 * ledger's claims stay per window): one planRun row and one set of counter items per plan, which the message
 * detail reads as it reads any run, however many recipients and windows there are.
 */
export const TRIGGER_RUN = 't-sends';
const counterRunOf = <R extends { runId: string }>(run: R): R => (run.runId.startsWith('t') ? { ...run, runId: TRIGGER_RUN } : run);
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

export type ClaimResult = { claimed: true; attempt: string } | { claimed: false; existing: SentRecord };

export interface Completion {
  key: LedgerKey;
  attempt: string;
  outcome: { status: Extract<SentState, 'SENT' | 'FAILED'>; providerId?: string; reason?: SendFailureReason; detail?: string };
  /** the units the provider bills for the message (an SMS's parts), counted when it was sent */
  parts?: number;
}

/** Records in one ledger transaction: with a counter item, well under DynamoDB's 100 items per transaction. */
const CHUNK = 50;
/** The partition of a run's wave items: one per claim transaction still holding open claims, its attempt the slot. */
const openWavesOf = (run: { orgId: number; planId: string; runId: string }) => `${runKeyOf(run)}#open`;
/** A member's outcome as its wave item holds it (`o<index>`): the authority its terminal record is a view of. */
interface WaveOutcome {
  status: Extract<SentState, 'SENT' | 'FAILED' | 'UNCERTAIN'>;
  doneAt: number;
  providerId?: string;
  reason?: SendFailureReason;
  detail?: string;
  parts?: number;
}
/**
 * What a held wave's item keeps of each member's claim, in place of a claim record: the account, the address,
 * the tracked links, the push device and its OS (the rest is the item's or the member's).
 */
interface HeldClaim {
  a: string;
  d: string;
  l?: string[];
  t?: string;
  s?: CounterOs;
}
/** A member given back in a held wave (throttled, or its second lapsed): free for a later claim, counted nowhere. */
const RELEASED = { released: true } as const;
type WaveMark = WaveOutcome | typeof RELEASED;
const isOutcome = (mark: WaveMark | undefined): mark is WaveOutcome => mark !== undefined && !('released' in mark);
/**
 * A wave item as stored: its claims' members, and `o<index>` the outcome of each settled one. A held wave (claimed
 * fresh in a named batch, `claimHeld`) also keeps its members' claims (`held`, no record is written before the
 * outcome), its channel and its batch's name.
 */
type WaveItem = { slot: string; claimedAt: number; members: string[]; held?: HeldClaim[]; channel?: Channel; batch?: string } & Record<string, unknown>;
/** The wave item's attribute holding the outcome of its `index`th member. */
const outcomeAttr = (index: number) => `o${index}`;
/** A wave's claims as this process knows them: the ones still open, and its ledger writes in flight. */
interface Wave {
  run: { orgId: number; planId: string; runId: string };
  /** the members' places in the item's list: the outcome attribute of each */
  index: Map<string, number>;
  /** the claim records as written, by member: their terminal records are written from them */
  records: Map<string, SentRecord>;
  /** members no outcome is known of yet (not settled in the item, not released) */
  open: Set<string>;
  /** members this process settled in the item whose records are not written yet */
  unwritten: Set<string>;
  busy: number;
  /** claimed in the item alone (`claimHeld`): a member given back is marked there, having no record to delete */
  held?: boolean;
}
/** A record's place as a wave item lists it: `<shard>/<recipient>` (the run is the item's). */
const memberOf = (key: { runShard: string; recipient: string }) => `${key.runShard.slice(key.runShard.lastIndexOf('#') + 1)}/${key.recipient}`;
/** The terminal record of a claim with the outcome its wave item holds (out of the open-claims index). */
function terminalOf(claim: SentRecord, o: WaveOutcome): SentRecord {
  const { openClaim: _open, ...record } = claim;
  return {
    ...record,
    status: o.status,
    doneAt: o.doneAt,
    ...(o.providerId !== undefined ? { providerId: o.providerId } : {}),
    ...(o.reason !== undefined ? { reason: o.reason } : {}),
    ...(o.detail !== undefined ? { detail: o.detail } : {}),
  };
}
/** Waves a long-lived worker remembers; one left by a provider error is the sweep's to close, so old ones may go. */
const WAVES_REMEMBERED = 10_000;
/** A claim's condition: nobody holds the recipient yet. */
const CLAIM_FREE = { ConditionExpression: 'attribute_not_exists(#r)', ExpressionAttributeNames: { '#r': 'recipient' } };

/**
 * A named batch of a run's audience (`SendBatch.batch`) as one attempt holds it. `fresh`: no attempt held it
 * before, so its recipients have no records and this attempt writes their claims without conditions.
 */
export interface BatchHold {
  run: { orgId: number; planId: string; runId: string };
  batch: string;
  attempt: string;
  fresh: boolean;
  /** when the hold was taken or last renewed, and after how long another attempt may take it over */
  heldAt: number;
  staleMs: number;
}
/** The item that says which attempt holds a named batch, and whether the batch is done. */
const batchLockOf = (run: { orgId: number; planId: string; runId: string }, batch: string) => ({ runKey: `${runKeyOf(run)}#batch`, slot: batch });
/**
 * The `expiresAt` of an item that must outlive every delivery of a message (SQS keeps one 14 days): a day more.
 * DynamoDB expires items by its own clock, the real one, so a clock set back (a test's) never shortens it.
 */
export const keptPastRedeliveries = (now: number): number => Math.floor(Math.max(now, Date.now()) / 1000) + 15 * 24 * 3600;

/** The attempt no longer holds its batch: another took it over (this one was thought dead). */
export class BatchTakenOver extends Error {
  constructor() {
    super('the batch was taken over by another attempt; its message comes back and finds it done');
  }
}

export class Ledger {
  /** the waves this process claimed, by attempt: their items are deleted once their claims are all closed */
  private readonly waves = new Map<string, Wave>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  keyOf(k: LedgerKey) {
    return { runShard: runShardKey(k.orgId, k.planId, k.runId, shardOf(k.accountId)), recipient: `${k.channel}#${recipientKeyOf(k)}` };
  }

  /**
   * The counter adds of one event: one item per (run, shard) holds the run's totals (`sent`), the same counts per
   * hour (`sent@2026-11-22T09`) and per OS (`sent|IOS`), so an outcome moves them all in a single item write. A
   * failure or a skip also counts its reason (`failed:BOUNCE`, totals only), so the detail page shows every
   * reason without reading records. An event of a known channel adds to the organization's day as well, in the
   * same transaction as the record it counts: a redelivered event whose record is refused counts nowhere.
   */
  counterItems(k: CounterKey, add: Partial<Record<Counter, number>>, reason?: { of: ReasonCounter; reason: SendFailureReason }): TransactItem[] {
    const parts: OsAdd[] = [{ ...(k.os ? { os: k.os } : {}), add }];
    const shard = shardOf(k.accountId);
    return [this.counterUpdate(k, shard, parts, reason ? { [`${reason.of}:${reason.reason}`]: 1 } : {}), ...this.orgDayUpdate(k, shard, parts)];
  }

  /** One counter item's add: totals, this hour's and each OS's counts of `parts`, and reason counts (`failed:BOUNCE`). */
  private counterUpdate(run: { orgId: number; planId: string; runId: string }, slot: number, parts: readonly OsAdd[], reasons: Record<string, number>): TransactItem {
    const hour = hourOf(this.clock.now());
    const adds = new Map<string, number>();
    const plus = (name: string, n: number) => adds.set(name, (adds.get(name) ?? 0) + n);
    for (const { os, add } of parts) {
      for (const [field, n] of Object.entries(add)) {
        if (!n) continue;
        plus(field, n);
        plus(`${field}@${hour}`, n);
        if (os) plus(`${field}|${os}`, n);
      }
    }
    for (const [name, n] of Object.entries(reasons)) plus(name, n);
    return { Update: { TableName: this.store.table('deliveryCounter'), Key: { runKey: runKeyOf(counterRunOf(run)), slot: String(slot) }, ...addExpression(adds) } };
  }

  /**
   * The organization's items of an event of a known channel (shared/entities/delivery.ts orgMonthRest): the day's
   * counts, hour and shares, and the month's counts (with the day's trend counts) and shares. None when nothing
   * in `parts` is a recipient's event.
   */
  private orgDayUpdate(k: { orgId: number; planId: string; channel?: Channel }, shard: number, parts: readonly OsAdd[]): TransactItem[] {
    if (!k.channel) return [];
    const iso = new Date(this.clock.now()).toISOString();
    const [day, month, year, dayOfMonth, hour] = [iso.slice(0, 10), iso.slice(0, 7), iso.slice(0, 4), iso.slice(8, 10), iso.slice(11, 13)];
    const counts = new Map<string, number>();
    const hours = new Map<string, number>();
    const shares = new Map<string, number>();
    const daily = new Map<string, number>();
    const plus = (to: Map<string, number>, name: string, n: number) => to.set(name, (to.get(name) ?? 0) + n);
    for (const { os, add } of parts) {
      for (const [field, n] of Object.entries(add) as [Counter, number][]) {
        if (!n || !EVENT_COUNTERS.has(field)) continue;
        plus(counts, field, n);
        plus(counts, orgDayField.channel(field, k.channel), n);
        if (os) plus(counts, orgDayField.os(field, k.channel, os), n);
        plus(hours, orgDayField.hour(field, hour), n);
        if ((SHARE_FIELDS as readonly string[]).includes(field)) plus(shares, orgDayField.plan(field, k.channel, k.planId), n);
        if ((DAILY_IN_MONTH as readonly string[]).includes(field)) plus(daily, orgDayField.day(field, dayOfMonth), n);
      }
    }
    if (counts.size === 0) return [];
    const s = shard % ORG_DAY_SHARDS;
    const item = (runKey: string, slot: string, adds: ReadonlyMap<string, number>): TransactItem[] =>
      // an event no message share counts (an answer, an unsubscribe) adds to no share item
      adds.size ? [{ Update: { TableName: this.store.table('deliveryCounter'), Key: { runKey: `${k.orgId}#${runKey}`, slot }, ...addExpression(adds) } }] : [];
    return [
      ...item(orgMonthRest(month), orgDaySlot('counts', day, s), counts),
      ...item(orgMonthRest(month), orgDaySlot('hours', day, s), hours),
      ...item(orgMonthRest(month), orgDaySlot('plans', day, s), shares),
      ...item(orgYearRest(year), orgMonthSlot('counts', month, s), new Map([...counts, ...daily])),
      ...item(orgYearRest(year), orgMonthSlot('plans', month, s), shares),
    ];
  }

  /**
   * The organization's adds of an event outside a run (an app reporting that a push was opened): its day and
   * month items only, written by the caller in one transaction with the record that makes the event count once.
   */
  orgCounterItems(k: { orgId: number; planId: string; channel: Channel; accountId: string; os?: CounterOs }, add: Partial<Record<Counter, number>>): TransactItem[] {
    return this.orgDayUpdate(k, shardOf(k.accountId), [{ ...(k.os ? { os: k.os } : {}), add }]);
  }

  /** Adds to the counters outside a ledger write (audience matched, opens, clicks). */
  async count(k: CounterKey, add: Partial<Record<Counter, number>>): Promise<void> {
    await this.store.transact(this.counterItems(k, add));
  }

  /** `wave`: the claim is named by its wave's item rather than by the sparse index (see the header). */
  private claimRecord(k: LedgerKey, address: string, links?: string[], wave?: { attempt: string; claimedAt: number }): SentRecord {
    const key = this.keyOf(k);
    // the completion has no address to write; without doneAt the claim is not in the byAddress index yet
    const addressKey = addressKeyOf(k.orgId, address);
    return {
      ...(links && links.length > 0 ? { links } : {}),
      ...(addressKey ? { addressKey } : {}),
      ...key,
      orgId: k.orgId,
      planId: k.planId,
      runId: k.runId,
      accountId: k.accountId,
      ...(k.target ? { target: k.target } : {}),
      ...(k.os ? { os: k.os } : {}),
      channel: k.channel,
      address,
      status: 'CLAIMED',
      attempt: wave?.attempt ?? randomUUID(),
      claimedAt: wave?.claimedAt ?? this.clock.now(),
      ...(wave ? {} : { openClaim: key.runShard }),
    };
  }

  /**
   * Claims several recipients with one conditional put each, up to CHUNK of them in one transaction: what costs
   * one request per recipient costs one per chunk. A recipient someone else holds cancels its transaction; it is
   * answered with the record that holds it and the others are claimed again without it. Answers in order.
   */
  async claimMany(entries: readonly { key: LedgerKey; address: string; links?: string[] }[], hold?: BatchHold): Promise<ClaimResult[]> {
    // one recipient: a conditional put is cheaper than a wave item and a batch put, held batch or not
    if (entries.length === 1) return [await this.claim(entries[0]!.key, entries[0]!.address, entries[0]!.links)];
    if (hold?.fresh) return this.claimHeld(entries, hold);
    const results: ClaimResult[] = new Array(entries.length);
    // a wave item names the claims of one run
    const byRun = new Map<string, number[]>();
    for (const [i, e] of entries.entries()) byRun.set(runKeyOf(e.key), [...(byRun.get(runKeyOf(e.key)) ?? []), i]);
    for (const indices of byRun.values()) await this.inChunks(indices, (chunk) => this.claimChunk(entries, chunk, results));
    return results;
  }

  /** One transaction of claims of one run and their wave item; answers the positions to try again. */
  private async claimChunk(entries: readonly { key: LedgerKey; address: string; links?: string[] }[], chunk: number[], results: ClaimResult[]): Promise<number[]> {
    const [attempt, claimedAt] = [randomUUID(), this.clock.now()];
    const records = chunk.map((i) => this.claimRecord(entries[i]!.key, entries[i]!.address, entries[i]!.links, { attempt, claimedAt }));
    const run = entries[chunk[0]!]!.key;
    const wave: TransactItem = {
      Put: {
        TableName: this.store.table('deliveryCounter'),
        Item: { runKey: openWavesOf(run), slot: attempt, orgId: run.orgId, planId: run.planId, runId: run.runId, claimedAt, members: records.map(memberOf) },
      },
    };
    // the wave item is last: a refused claim's position is its entry's
    const outcome = await this.transactChunk([...records.map((Item): TransactItem => ({ Put: { TableName: this.store.table('sentRecord'), Item, ...CLAIM_FREE } })), wave]);
    if (outcome === 'done') {
      this.remember(attempt, { orgId: run.orgId, planId: run.planId, runId: run.runId }, records);
      for (const i of chunk) results[i] = { claimed: true, attempt };
      return [];
    }
    const held = chunk.filter((_, j) => outcome.failed.has(j));
    const existing = await this.store.getMany(held.map((i) => ({ entity: 'sentRecord' as const, key: this.keyOf(entries[i]!.key) })));
    // held and still there: answered; released in between: tried again with the rest
    for (const [j, i] of held.entries()) if (existing[j]) results[i] = { claimed: false, existing: existing[j] as SentRecord };
    return chunk.filter((i) => results[i] === undefined);
  }

  /**
   * Claims recipients of a batch this attempt holds fresh: nobody else can hold them (their batch is theirs
   * alone, and no attempt held it before), so each chunk is claimed by its wave item alone, put with no
   * condition and holding the members' claims (`held`); their records are written once, with their outcomes.
   * What cost a transactional put per recipient costs one item. A hold held long is renewed first, which also
   * finds out whether it was taken over (then nothing more is claimed).
   */
  private async claimHeld(entries: readonly { key: LedgerKey; address: string; links?: string[] }[], hold: BatchHold): Promise<ClaimResult[]> {
    const results: ClaimResult[] = [];
    for (let i = 0; i < entries.length; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      const [attempt, claimedAt] = [randomUUID(), this.clock.now()];
      // still this attempt's? (asked again only when a takeover could think it dead: its hold's age is a third of that)
      if (claimedAt - hold.heldAt > hold.staleMs / 3) await this.keepHolding(hold, claimedAt);
      const records = chunk.map((e) => this.claimRecord(e.key, e.address, e.links, { attempt, claimedAt }));
      const held = chunk.map(
        ({ key, address, links }): HeldClaim => ({
          a: key.accountId,
          d: address,
          ...(links && links.length > 0 ? { l: links } : {}),
          ...(key.target ? { t: key.target } : {}),
          ...(key.os ? { s: key.os } : {}),
        }),
      );
      const { orgId, planId, runId } = hold.run;
      await this.store.rt.aws.doc.send(
        new PutCommand({
          TableName: this.store.table('deliveryCounter'),
          Item: {
            runKey: openWavesOf(hold.run),
            slot: attempt,
            orgId,
            planId,
            runId,
            claimedAt,
            members: records.map(memberOf),
            held,
            channel: chunk[0]!.key.channel,
            batch: hold.batch,
          },
        }),
      );
      this.remember(attempt, hold.run, records, true);
      results.push(...chunk.map((): ClaimResult => ({ claimed: true, attempt })));
    }
    return results;
  }

  /** The run's wave items still open (only waves in flight, or left by dead workers). */
  private async waveItemsOf(run: { orgId: number; planId: string; runId: string }): Promise<WaveItem[]> {
    return (await this.store.queryAll('deliveryCounter', { name: 'runKey', value: openWavesOf(run) })) as unknown as WaveItem[];
  }

  /** The claim a held wave's item keeps of its `index`th member, as the record it would have been. */
  private heldClaimOf(run: { orgId: number; planId: string; runId: string }, item: WaveItem, index: number): SentRecord {
    const c = item.held![index]!;
    const key: LedgerKey = {
      orgId: run.orgId,
      planId: run.planId,
      runId: run.runId,
      channel: item.channel!,
      accountId: c.a,
      ...(c.t ? { target: c.t } : {}),
      ...(c.s ? { os: c.s } : {}),
    };
    return this.claimRecord(key, c.d, c.l, { attempt: item.slot, claimedAt: item.claimedAt });
  }

  /**
   * On a takeover of a named batch: the claims its earlier holders keep in their wave items and never settled are
   * written as claim records, so the conditional claims that follow find them (and the sweep makes them
   * uncertain once stale) instead of sending again. Conditional: a record written meanwhile stays as it is.
   */
  private async writeHeldClaims(run: { orgId: number; planId: string; runId: string }, batch: string): Promise<void> {
    const items = await this.waveItemsOf(run);
    const open = items
      .filter((w) => w.batch === batch && w.held)
      .flatMap((w) => w.members.flatMap((_, index) => (w[outcomeAttr(index)] === undefined ? [this.heldClaimOf(run, w, index)] : [])));
    await Promise.all(
      open.map(async (Item) => {
        try {
          await this.store.rt.aws.doc.send(new PutCommand({ TableName: this.store.table('sentRecord'), Item, ...CLAIM_FREE }));
        } catch (e) {
          if (!(e instanceof ConditionalCheckFailedException)) throw e;
        }
      }),
    );
  }

  /** Renews the batch's hold (its age), or throws BatchTakenOver when another attempt took it. */
  private async keepHolding(hold: BatchHold, now: number): Promise<void> {
    try {
      await this.store.rt.aws.doc.send(
        new UpdateCommand({
          TableName: this.store.table('deliveryCounter'),
          Key: batchLockOf(hold.run, hold.batch),
          UpdateExpression: 'SET #c = :now',
          ConditionExpression: '#a = :a',
          ExpressionAttributeNames: { '#a': 'attempt', '#c': 'claimedAt' },
          ExpressionAttributeValues: { ':a': hold.attempt, ':now': now },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) throw new BatchTakenOver();
      throw e;
    }
    hold.heldAt = now;
  }

  /**
   * Takes a named batch for a new attempt: fresh when no attempt held it before; taken over (not fresh) when its
   * holder gave it back or has been silent since `staleBefore` (its claims are then claimed one by one, with
   * conditions, as any unnamed batch's). Answers 'done' once a holder finished it and 'busy' while a live one holds it.
   */
  async holdBatch(run: { orgId: number; planId: string; runId: string }, batch: string, staleMs: number): Promise<BatchHold | 'done' | 'busy'> {
    const [attempt, now] = [randomUUID(), this.clock.now()];
    const staleBefore = now - staleMs;
    const TableName = this.store.table('deliveryCounter');
    const Key = batchLockOf(run, batch);
    const names = { '#s': 'slot', '#a': 'attempt', '#c': 'claimedAt', '#d': 'done' };
    try {
      await this.store.rt.aws.doc.send(
        new PutCommand({
          TableName,
          Item: { ...Key, attempt, claimedAt: now, expiresAt: keptPastRedeliveries(now) },
          ConditionExpression: 'attribute_not_exists(#s)',
          ExpressionAttributeNames: { '#s': 'slot' },
        }),
      );
      return { run, batch, attempt, fresh: true, heldAt: now, staleMs };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
    try {
      await this.store.rt.aws.doc.send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: 'SET #a = :a, #c = :now',
          ConditionExpression: 'attribute_exists(#s) AND attribute_not_exists(#d) AND (attribute_not_exists(#a) OR #c < :stale)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':a': attempt, ':now': now, ':stale': staleBefore },
        }),
      );
      await this.writeHeldClaims(run, batch);
      return { run, batch, attempt, fresh: false, heldAt: now, staleMs };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
    const lock = (await this.store.get('deliveryCounter', Key)) as { done?: boolean } | undefined;
    return lock?.done ? 'done' : 'busy';
  }

  /** The batch is done (every recipient has an outcome, or was held for later under its own claims): no delivery of it sends again. */
  async finishBatch(hold: BatchHold): Promise<void> {
    await this.letGo(hold, true);
  }

  /** Gives the batch back unfinished (the provider kept throttling; nothing is in doubt): its next delivery takes it over at once. */
  async releaseBatch(hold: BatchHold): Promise<void> {
    await this.letGo(hold, false);
  }

  /** The update that lets go of the batch held by `hold` (done: finished), refused when it is not that attempt's. */
  private finishUpdate(hold: BatchHold, done = true) {
    return {
      TableName: this.store.table('deliveryCounter'),
      Key: batchLockOf(hold.run, hold.batch),
      UpdateExpression: done ? 'SET #d = :t REMOVE #a' : 'REMOVE #a',
      ConditionExpression: '#a = :a',
      ExpressionAttributeNames: { '#a': 'attempt', ...(done ? { '#d': 'done' } : {}) },
      ExpressionAttributeValues: { ':a': hold.attempt, ...(done ? { ':t': true } : {}) },
    };
  }

  private async letGo(hold: BatchHold, done: boolean): Promise<void> {
    try {
      await this.store.rt.aws.doc.send(new UpdateCommand(this.finishUpdate(hold, done)));
    } catch (e) {
      // taken over meanwhile: the batch is the new holder's to finish
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
  }

  /** Keeps the wave this process just claimed, until its item is deleted. */
  private remember(attempt: string, run: { orgId: number; planId: string; runId: string }, records: readonly SentRecord[], held = false): void {
    if (this.waves.size >= WAVES_REMEMBERED) this.waves.clear();
    const members = records.map(memberOf);
    this.waves.set(attempt, {
      run: { orgId: run.orgId, planId: run.planId, runId: run.runId },
      index: new Map(members.map((m, i) => [m, i])),
      records: new Map(members.map((m, i) => [m, records[i]!])),
      open: new Set(members),
      unwritten: new Set(),
      busy: 0,
      ...(held ? { held } : {}),
    });
  }

  /** Claims the recipient for this attempt (with the links its message tracks), or answers the record that holds it. */
  async claim(k: LedgerKey, address: string, links?: string[]): Promise<ClaimResult> {
    const record = this.claimRecord(k, address, links);
    const { attempt } = record;
    const key = this.keyOf(k);
    try {
      await this.store.rt.aws.doc.send(
        new PutCommand({
          TableName: this.store.table('sentRecord'),
          Item: record,
          ConditionExpression: 'attribute_not_exists(#r)',
          ExpressionAttributeNames: { '#r': 'recipient' },
        }),
      );
      return { claimed: true, attempt };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
      const existing = await this.store.get('sentRecord', key);
      if (!existing) throw e; // released in between: the redelivery will claim it
      return { claimed: false, existing };
    }
  }

  /** The update that makes the claim held by `attempt` terminal (refused when the claim is not that attempt's). */
  private completion(c: Completion, now: number): TransactItem {
    const { outcome } = c;
    const set: Record<string, unknown> = { ':s': outcome.status, ':d': now, ':a': c.attempt, ':c': 'CLAIMED' };
    const names: Record<string, string> = { '#st': 'status', '#dn': 'doneAt', '#at': 'attempt', '#oc': 'openClaim' };
    const sets = ['#st = :s', '#dn = :d'];
    for (const field of ['providerId', 'reason', 'detail'] as const) {
      if (outcome[field] === undefined) continue;
      names[`#${field}`] = field;
      set[`:${field}`] = outcome[field];
      sets.push(`#${field} = :${field}`);
    }
    return {
      Update: {
        TableName: this.store.table('sentRecord'),
        Key: this.keyOf(c.key),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE #oc`,
        ConditionExpression: '#st = :c AND #at = :a',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: set,
      },
    };
  }

  /** Records a terminal outcome of the claim held by `attempt` and counts it, in one transaction. */
  async complete(k: LedgerKey, attempt: string, outcome: Completion['outcome']): Promise<void> {
    await this.completeMany([{ key: k, attempt, outcome }]);
  }

  /**
   * Records the terminal outcomes of claims of one run and counts them, up to CHUNK in one transaction with a
   * single counter item holding their sums: every terminal record is counted once, at one request per chunk.
   * The counter item is one of the run's shards, picked per chunk, so parallel workers rarely write the same one
   * (a conflict is tried again). A claim that is no longer its attempt's (a dead worker's, already marked
   * uncertain) is left out, and the others are recorded without it.
   *
   * The outcomes of a wave this process claimed are settled in its wave item (one update per wave, no item per
   * recipient), then its records are written as a view of it in batch puts, then the item is deleted (see the
   * header); a claim of no wave this process remembers is completed on its record as before.
   */
  async completeMany(completions: readonly Completion[], finishing?: BatchHold): Promise<void> {
    // the batch's last outcomes finish it in their own transaction (one chunk only: several could be retried apart)
    const finish: { hold?: BatchHold; done?: boolean } = { hold: completions.length > 0 && completions.length <= CHUNK ? finishing : undefined };
    if (finishing && !finish.hold) {
      await this.completeMany(completions);
      return this.finishBatch(finishing);
    }
    if (completions.length === 0) return;
    const touched = new Map<string, Wave>();
    for (const c of completions) {
      const wave = this.waves.get(c.attempt);
      if (wave) touched.set(c.attempt, wave);
    }
    // a wave's item stays while any of its writes is in flight
    for (const wave of touched.values()) wave.busy += 1;
    try {
      await this.inChunks(
        completions.map((_, i) => i),
        (chunk) => this.completeChunk(completions, chunk, finish),
      );
      // everything this attempt sent was refused (settled by a sweep): the batch is finished on its own
      if (finish.hold && !finish.done) await this.finishBatch(finish.hold);
    } finally {
      for (const wave of touched.values()) wave.busy -= 1;
    }
    for (const attempt of touched.keys()) await this.closeIfDone(attempt);
  }

  /** One transaction of completions and their counts; answers the positions to try again. */
  private async completeChunk(completions: readonly Completion[], all: number[], finish: { hold?: BatchHold; done?: boolean } = {}): Promise<number[]> {
    // each completion's place in its wave, worked out once
    const memberAt = new Map(all.map((i) => [i, memberOf(this.keyOf(completions[i]!.key))]));
    // a member no longer open in its wave (released, or settled by a sweep) is not this attempt's to record
    const chunk = all.filter((i) => {
      const wave = this.waves.get(completions[i]!.attempt);
      return !wave || wave.open.has(memberAt.get(i)!);
    });
    if (chunk.length === 0) return [];
    const now = this.clock.now();
    const single: number[] = [];
    // the waves themselves, not their attempts: one forgotten meanwhile (WAVES_REMEMBERED) is still written through
    const byWave = new Map<string, { wave: Wave; members: number[] }>();
    for (const i of chunk) {
      const { attempt } = completions[i]!;
      const wave = this.waves.get(attempt);
      if (!wave) single.push(i);
      else if (byWave.has(attempt)) byWave.get(attempt)!.members.push(i);
      else byWave.set(attempt, { wave, members: [i] });
    }
    // what the wave item holds and the record repeats, the same value for both
    const outcomes = new Map(
      [...byWave.values()].flatMap(({ members }) =>
        members.map((i): [number, WaveOutcome] => {
          const c = completions[i]!;
          return [
            i,
            {
              status: c.outcome.status,
              doneAt: now,
              ...(c.outcome.providerId !== undefined ? { providerId: c.outcome.providerId } : {}),
              ...(c.outcome.reason !== undefined ? { reason: c.outcome.reason } : {}),
              ...(c.outcome.detail !== undefined ? { detail: c.outcome.detail } : {}),
              ...(c.parts !== undefined ? { parts: c.parts } : {}),
            },
          ];
        }),
      ),
    );
    // each wave's item takes its members' outcomes, each only if nobody settled that member first
    const waveUpdates = [...byWave].map(([attempt, { wave, members }]): TransactItem => {
      const names: Record<string, string> = { '#slot': 'slot' };
      const values: Record<string, WaveOutcome> = {};
      const sets: string[] = [];
      const conditions = ['attribute_exists(#slot)'];
      for (const [n, i] of members.entries()) {
        names[`#o${n}`] = outcomeAttr(wave.index.get(memberAt.get(i)!)!);
        values[`:o${n}`] = outcomes.get(i)!;
        sets.push(`#o${n} = :o${n}`);
        conditions.push(`attribute_not_exists(#o${n})`);
      }
      return {
        Update: {
          TableName: this.store.table('deliveryCounter'),
          Key: { runKey: openWavesOf(wave.run), slot: attempt },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    });
    const { parts, reasons } = completionAdds(chunk.map((i) => completions[i]!));
    const slot = Math.floor(Math.random() * DELIVERY_SHARDS);
    const first = completions[chunk[0]!]!.key;
    const items = [
      ...single.map((i) => this.completion(completions[i]!, now)),
      ...waveUpdates,
      this.counterUpdate(first, slot, parts, reasons),
      ...this.orgDayUpdate(first, slot, parts),
      ...(finish.hold ? [{ Update: this.finishUpdate(finish.hold) }] : []),
    ];
    const outcome = await this.transactChunk(items);
    if (outcome !== 'done' && finish.hold && outcome.failed.has(items.length - 1)) {
      // taken over meanwhile: the batch is the new holder's to finish; the outcomes go in without it
      finish.hold = undefined;
      return chunk;
    }
    if (outcome === 'done' && finish.hold) finish.done = true;
    if (outcome !== 'done') {
      // refused on its record: no longer this attempt's; refused by its wave item: the members settled there
      // already are left out (all of them when the item is gone: a sweep settled the whole wave)
      const refused = new Set(single.filter((_, j) => outcome.failed.has(j)));
      for (const [w, [attempt, { wave, members }]] of [...byWave].entries()) {
        if (!outcome.failed.has(single.length + w)) continue;
        const item = (await this.store.get('deliveryCounter', { runKey: openWavesOf(wave.run), slot: attempt })) as Record<string, unknown> | undefined;
        for (const i of members) {
          const member = memberAt.get(i)!;
          if (item && item[outcomeAttr(wave.index.get(member)!)] === undefined) continue;
          refused.add(i);
          wave.open.delete(member);
          wave.records.delete(member);
        }
      }
      return chunk.filter((i) => !refused.has(i));
    }
    const terminal: SentRecord[] = [];
    for (const { wave, members } of byWave.values()) {
      for (const i of members) {
        const member = memberAt.get(i)!;
        wave.open.delete(member);
        wave.unwritten.add(member);
        terminal.push(terminalOf(wave.records.get(member)!, outcomes.get(i)!));
      }
    }
    // unconditional: only members settled here in their wave item are written, so the records agree with it
    await this.store.putMany('sentRecord', terminal);
    for (const { wave, members } of byWave.values()) {
      for (const i of members) {
        const member = memberAt.get(i)!;
        wave.unwritten.delete(member);
        wave.records.delete(member);
      }
    }
    return [];
  }

  /** Deletes the item of a wave this process claimed once all its members are settled and written, and no write of it is in flight. */
  private async closeIfDone(attempt: string): Promise<void> {
    const wave = this.waves.get(attempt);
    if (!wave || wave.open.size > 0 || wave.unwritten.size > 0 || wave.busy > 0) return;
    this.waves.delete(attempt);
    await this.store.delete('deliveryCounter', { runKey: openWavesOf(wave.run), slot: attempt });
  }

  /**
   * Runs `work` over chunks of `indices`; each answers the indices to run again (the transaction was cancelled
   * without them being refused). Gives up after a few rounds of conflicts, which a queue redelivery retries.
   */
  private async inChunks(indices: number[], work: (chunk: number[]) => Promise<number[]>): Promise<void> {
    let pending = indices;
    for (let round = 0; pending.length > 0; round++) {
      if (round === 8) throw new Error('ledger writes kept conflicting');
      if (round > 0) await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * round));
      const again: number[] = [];
      for (let i = 0; i < pending.length; i += CHUNK) again.push(...(await work(pending.slice(i, i + CHUNK))));
      pending = again;
    }
  }

  /** One transaction: done, or the positions whose condition failed (none when it was a conflict). */
  private async transactChunk(items: TransactItem[]): Promise<'done' | { failed: Set<number> }> {
    try {
      await this.store.rt.aws.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return 'done';
    } catch (e) {
      if (!(e instanceof TransactionCanceledException)) throw e;
      const failed = new Set<number>();
      for (const [j, r] of (e.CancellationReasons ?? []).entries()) if (r.Code === 'ConditionalCheckFailed') failed.add(j);
      return { failed };
    }
  }

  /** A recipient not sent to, with the reason: written terminal at once (no provider call to guard). */
  async skip(k: LedgerKey, address: string, reason: SendFailureReason): Promise<boolean> {
    const key = this.keyOf(k);
    const now = this.clock.now();
    const addressKey = addressKeyOf(k.orgId, address);
    const record: SentRecord = {
      ...key,
      ...(addressKey ? { addressKey } : {}),
      orgId: k.orgId,
      planId: k.planId,
      runId: k.runId,
      accountId: k.accountId,
      ...(k.target ? { target: k.target } : {}),
      ...(k.os ? { os: k.os } : {}),
      channel: k.channel,
      address,
      status: 'SKIPPED',
      reason,
      attempt: 'skip',
      claimedAt: now,
      doneAt: now,
    };
    try {
      await this.store.transact([
        { Put: { TableName: this.store.table('sentRecord'), Item: record, ConditionExpression: 'attribute_not_exists(#r)', ExpressionAttributeNames: { '#r': 'recipient' } } },
        ...this.counterItems(k, { skipped: 1 }, { of: 'skipped', reason }),
      ]);
      return true;
    } catch {
      // already recorded by an earlier delivery of the same batch
      const existing = await this.store.get('sentRecord', key);
      if (existing) return false;
      throw new Error('skip failed');
    }
  }

  /** Gives a claim back when the provider surely sent nothing (throttled), so a later attempt can take it. */
  async release(k: LedgerKey, attempt: string): Promise<void> {
    const wave = this.waves.get(attempt);
    if (wave) wave.busy += 1;
    try {
      if (wave?.held) await this.releaseHeld(wave, attempt, memberOf(this.keyOf(k)));
      else await this.store.deleteIf('sentRecord', this.keyOf(k), this.claimOf(attempt));
    } finally {
      if (wave) wave.busy -= 1;
    }
    wave?.open.delete(memberOf(this.keyOf(k)));
    wave?.records.delete(memberOf(this.keyOf(k)));
    await this.closeIfDone(attempt);
  }

  /** The condition that a record is still the claim of `attempt`. */
  private claimOf(attempt: string) {
    return {
      ConditionExpression: '#st = :c AND #at = :a',
      ExpressionAttributeNames: { '#st': 'status', '#at': 'attempt' },
      ExpressionAttributeValues: { ':c': 'CLAIMED', ':a': attempt },
    };
  }

  /**
   * Gives back a member of a held wave: marked released in the item. Refused when a sweep settled it there first
   * (the attempt outlived a worker's life): it must not be claimed again, so this throws, as a release of a
   * claim record settled meanwhile does, and the batch's next delivery finds it settled.
   */
  private async releaseHeld(wave: Wave, attempt: string, member: string): Promise<void> {
    try {
      await this.store.rt.aws.doc.send(
        new UpdateCommand({
          TableName: this.store.table('deliveryCounter'),
          Key: { runKey: openWavesOf(wave.run), slot: attempt },
          UpdateExpression: 'SET #o = :o',
          ConditionExpression: 'attribute_exists(#slot) AND attribute_not_exists(#o)',
          ExpressionAttributeNames: { '#o': outcomeAttr(wave.index.get(member)!), '#slot': 'slot' },
          ExpressionAttributeValues: { ':o': RELEASED },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) throw new Error('the claim was settled by the sweep before it was given back');
      throw e;
    }
  }

  /**
   * A claim older than `olderThan` whose holder never completed it: the provider may or may not have taken the
   * message. It becomes UNCERTAIN (counted, shown to operators) instead of being sent again. A wave's claim is
   * settled through its wave item, which its holder's completion also needs; one its holder settled there before
   * dying is written as the item says instead (and answers false: nothing was marked).
   */
  async markUncertain(record: SentRecord, olderThan: number): Promise<boolean> {
    if (!record.openClaim) {
      const item = (await this.store.get('deliveryCounter', { runKey: openWavesOf(record), slot: record.attempt })) as WaveItem | undefined;
      const index = item?.members.indexOf(memberOf(record)) ?? -1;
      if (item && index >= 0) {
        const mark = item[outcomeAttr(index)] as WaveMark | undefined;
        if (!mark) return this.settleUncertain(record, index, olderThan);
        if (!isOutcome(mark)) {
          // a held wave's member given back after a takeover wrote its claim: free again
          await this.store.deleteIf('sentRecord', this.keyOf(record), this.claimOf(record.attempt)).catch((e) => {
            if (!(e instanceof AppError)) throw e; // settled or claimed again meanwhile
          });
        } else if (record.status === 'CLAIMED' && record.attempt === item.slot) await this.store.putMany('sentRecord', [terminalOf(record, mark)]);
        return false;
      }
    }
    try {
      await this.store.transact([this.uncertainUpdate(record, olderThan, this.clock.now()), ...this.counterItems(record, { uncertain: 1 })]);
      return true;
    } catch {
      return false;
    }
  }

  /** The update that makes a stale claim of `record.attempt` uncertain (refused when it is no longer that). */
  private uncertainUpdate(record: SentRecord, olderThan: number, now: number): TransactItem {
    return {
      Update: {
        TableName: this.store.table('sentRecord'),
        Key: { runShard: record.runShard, recipient: record.recipient },
        UpdateExpression: 'SET #st = :u, #dn = :d REMOVE #oc',
        ConditionExpression: '#st = :c AND #at = :a AND #ca < :old',
        ExpressionAttributeNames: { '#st': 'status', '#dn': 'doneAt', '#oc': 'openClaim', '#at': 'attempt', '#ca': 'claimedAt' },
        ExpressionAttributeValues: { ':u': 'UNCERTAIN', ':d': now, ':c': 'CLAIMED', ':a': record.attempt, ':old': olderThan },
      },
    };
  }

  /**
   * Settles the `index`th member of its wave UNCERTAIN: in its wave item only if nobody settled it there (so a
   * late completion and this never both count it), and on its record only if it is still the wave's stale claim.
   * A held wave's member with no record yet (`unwritten`: its claim is the item's) gets its terminal record, if
   * nobody wrote one meanwhile.
   */
  private async settleUncertain(record: SentRecord, index: number, olderThan: number, unwritten = false): Promise<boolean> {
    const now = this.clock.now();
    const outcome: WaveOutcome = { status: 'UNCERTAIN', doneAt: now };
    const written: TransactItem = unwritten
      ? { Put: { TableName: this.store.table('sentRecord'), Item: terminalOf(record, outcome), ...CLAIM_FREE } }
      : this.uncertainUpdate(record, olderThan, now);
    try {
      await this.store.transact([
        {
          Update: {
            TableName: this.store.table('deliveryCounter'),
            Key: { runKey: openWavesOf(record), slot: record.attempt },
            UpdateExpression: 'SET #o = :o',
            ConditionExpression: 'attribute_exists(#slot) AND attribute_not_exists(#o)',
            ExpressionAttributeNames: { '#o': outcomeAttr(index), '#slot': 'slot' },
            ExpressionAttributeValues: { ':o': outcome },
          },
        },
        written,
        ...this.counterItems(record, { uncertain: 1 }),
      ]);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Claims of a run still open: those its wave items name that are still their wave's and `CLAIMED` with no
   * outcome in the item, and the single claims in the sparse index (only CLAIMED records are in it). With
   * `olderThan`, only waves claimed before it are read.
   */
  async openClaims(run: { orgId: number; planId: string; runId: string }, olderThan?: number): Promise<SentRecord[]> {
    const [indexed, waves] = await Promise.all([this.indexedOpenClaims(run), this.openWaves(run, olderThan)]);
    return [...indexed, ...waves.flatMap((w) => w.claimed.filter((m) => m.decided === undefined).map((m) => m.record))];
  }

  /**
   * Crash recovery of a run: claims held since before `olderThan` (longer than a worker lives) become uncertain,
   * outcomes a dead worker settled in its wave item but never wrote are written, and the items of waves with no
   * claim left open are deleted.
   */
  async sweep(run: { orgId: number; planId: string; runId: string }, olderThan: number): Promise<void> {
    const [indexed, waves] = await Promise.all([this.indexedOpenClaims(run), this.openWaves(run, olderThan)]);
    for (const claim of indexed) if (claim.claimedAt < olderThan) await this.markUncertain(claim, olderThan);
    for (const wave of waves) {
      let open = 0;
      const decided: SentRecord[] = [];
      for (const m of wave.claimed) {
        if (m.decided) decided.push(terminalOf(m.record, m.decided));
        else if (!(await this.settleUncertain(m.record, m.index, olderThan, m.unwritten))) open += 1;
      }
      // its worker died between settling them in the item and writing them: the item decided, the records follow
      await this.store.putMany('sentRecord', decided);
      // a claim still open keeps its wave's item; with none, nothing can open under the wave's attempt again
      if (open === 0) await this.store.delete('deliveryCounter', { runKey: openWavesOf(run), slot: wave.attempt });
    }
  }

  /**
   * Whether the run's wave items are all gone: every outcome counted is written to its record. Stale ones (before
   * `olderThan`, when given) are swept first. A run is complete only then, though its counts may say so earlier.
   */
  async wavesClosed(run: { orgId: number; planId: string; runId: string }, olderThan?: number): Promise<boolean> {
    const items = () => this.store.queryAll('deliveryCounter', { name: 'runKey', value: openWavesOf(run) }, undefined, ['slot', 'claimedAt']);
    const left = await items();
    if (left.length === 0) return true;
    if (olderThan === undefined || !left.some((w) => (w.claimedAt as number) < olderThan)) return false;
    await this.sweep(run, olderThan);
    return (await items()).length === 0;
  }

  /**
   * The run's wave items (claimed before `olderThan` when given) with the members each still holds `CLAIMED`,
   * and the outcome the item holds of each, if any.
   */
  private async openWaves(
    run: { orgId: number; planId: string; runId: string },
    olderThan?: number,
  ): Promise<{ attempt: string; claimed: { index: number; record: SentRecord; decided?: WaveOutcome; unwritten?: boolean }[] }[]> {
    const items = await this.waveItemsOf(run);
    const waves = items.filter((w) => olderThan === undefined || w.claimedAt < olderThan);
    const keys = waves.flatMap((w) =>
      w.members.map((m) => {
        const at = m.indexOf('/');
        return { attempt: w.slot, key: { runShard: runShardKey(run.orgId, run.planId, run.runId, Number(m.slice(0, at))), recipient: m.slice(at + 1) } };
      }),
    );
    const records = (await this.store.getMany(keys.map((k) => ({ entity: 'sentRecord' as const, key: k.key })))) as (SentRecord | undefined)[];
    let at = 0;
    return waves.map((w) => {
      const claimed: { index: number; record: SentRecord; decided?: WaveOutcome; unwritten?: boolean }[] = [];
      for (const [index] of w.members.entries()) {
        const record = records[at++];
        const mark = w[outcomeAttr(index)] as WaveMark | undefined;
        if (mark && !isOutcome(mark)) continue; // given back: claimed by nobody
        // a held wave's claim is its item's until its outcome's record is written
        if (!record && w.held) {
          claimed.push({ index, record: this.heldClaimOf(run, w, index), unwritten: true, ...(mark ? { decided: mark } : {}) });
          continue;
        }
        // released, claimed again by another attempt, or terminal already: not this wave's to settle
        if (record?.status !== 'CLAIMED' || record.attempt !== w.slot) continue;
        claimed.push({ index, record, ...(mark ? { decided: mark } : {}) });
      }
      return { attempt: w.slot, claimed };
    });
  }

  /** Single claims of a run still open, and any written before wave items (the sparse index). */
  private async indexedOpenClaims(run: { orgId: number; planId: string; runId: string }): Promise<SentRecord[]> {
    const all: SentRecord[] = [];
    for (let shard = 0; shard < DELIVERY_SHARDS; shard++) {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await this.store.rt.aws.doc.send(
          new QueryCommand({
            TableName: this.store.table('sentRecord'),
            IndexName: 'openClaims',
            KeyConditionExpression: '#p = :p',
            ExpressionAttributeNames: { '#p': 'openClaim' },
            ExpressionAttributeValues: { ':p': runShardKey(run.orgId, run.planId, run.runId, shard) },
            ExclusiveStartKey: start,
          }),
        );
        all.push(...((out.Items ?? []) as SentRecord[]));
        start = out.LastEvaluatedKey;
      } while (start);
    }
    return all;
  }

  /**
   * The recipient's sent-record, or while a held wave's item keeps its claim (the moments between sending and
   * writing the outcome, or until the sweep after a worker died there), the claim as that item keeps it: a link
   * in a message already sent is followed whichever it is.
   */
  async recordOf(k: LedgerKey): Promise<SentRecord | undefined> {
    const key = this.keyOf(k);
    const record = await this.store.get('sentRecord', key);
    if (record) return record;
    const member = memberOf(key);
    const items = await this.waveItemsOf(k);
    for (const item of items) {
      const index = item.held ? item.members.indexOf(member) : -1;
      const mark = index >= 0 ? (item[outcomeAttr(index)] as WaveMark | undefined) : undefined;
      if (index >= 0 && (mark === undefined || isOutcome(mark))) return this.heldClaimOf(k, item, index);
    }
    return undefined;
  }

  /** The run's totals: one query over its counter items (shards and hours), independent of the audience size. */
  async totals(run: { orgId: number; planId: string; runId: string }): Promise<RunTotals> {
    return sumCounters(await this.store.queryAll('deliveryCounter', { name: 'runKey', value: runKeyOf(run) }));
  }
}

/** A run's counter items summed: totals, counts per hour (`sent@<hour>`) and per reason (`failed:BOUNCE`). */
function sumCounters(items: readonly object[]): RunTotals {
  const total: Record<Counter, number> = {
    matched: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    uncertain: 0,
    held: 0,
    opens: 0,
    clicks: 0,
    unsubscribes: 0,
    bounces: 0,
    complaints: 0,
    likes: 0,
    dislikes: 0,
    parts: 0,
  };
  const hours: Record<string, Partial<Record<Counter, number>>> = {};
  const reasons: RunTotals['reasons'] = { failed: {}, skipped: {} };
  const os: RunTotals['os'] = {};
  for (const item of items as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(item)) {
      if (typeof value !== 'number') continue;
      const [counted, platform] = name.split('|') as [Counter, CounterOs | undefined];
      if (platform) {
        const of = (os[platform] ??= {});
        of[counted] = (of[counted] ?? 0) + value;
        continue;
      }
      const [of, reason] = name.split(':') as [ReasonCounter, SendFailureReason | undefined];
      if (reason && (of === 'failed' || of === 'skipped')) {
        reasons[of][reason] = (reasons[of][reason] ?? 0) + value;
        continue;
      }
      const [field, hour] = name.split('@') as [Counter, string | undefined];
      if (!(field in total) || typeof value !== 'number') continue;
      if (hour) (hours[hour] ??= {})[field] = (hours[hour]![field] ?? 0) + value;
      else total[field] += value;
    }
  }
  return { total, os, hours, reasons };
}

/** The counter adds of completions: per OS, with SMS parts when sent, and failure reasons. */
function completionAdds(completions: readonly Completion[]): { parts: OsAdd[]; reasons: Record<string, number> } {
  const byOs = new Map<CounterOs | undefined, Partial<Record<Counter, number>>>();
  const reasons: Record<string, number> = {};
  for (const { outcome, key, parts } of completions) {
    const counter = outcome.status === 'SENT' ? 'sent' : 'failed';
    const add = byOs.get(key.os) ?? {};
    byOs.set(key.os, add);
    add[counter] = (add[counter] ?? 0) + 1;
    if (parts && outcome.status === 'SENT') add.parts = (add.parts ?? 0) + parts;
    if (outcome.status === 'FAILED') reasons[`failed:${outcome.reason ?? 'UNEXPECTED'}`] = (reasons[`failed:${outcome.reason ?? 'UNEXPECTED'}`] ?? 0) + 1;
  }
  return { parts: [...byOs].map(([os, add]): OsAdd => ({ ...(os ? { os } : {}), add })), reasons };
}

/** An ADD of every name in `adds` (attribute names are data here: each goes through a placeholder). */
function addExpression(adds: ReadonlyMap<string, number>) {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = [...adds].map(([name, n], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = n;
    return `#a${i} :a${i}`;
  });
  return { UpdateExpression: `ADD ${parts.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/**
 * The ledger's door for handlers: the counters and sent records of the caller's organization, read through its
 * tenant store (the organization comes from `ctx.tenant`, never from a run or payload). The pipeline and
 * tracking keep `Ledger` over the platform store for their own bookkeeping.
 */
export function tenantLedger(tenant: TenantStore) {
  return {
    /** A run's totals, as `Ledger.totals`. */
    async totals(run: { planId: string; runId: string }): Promise<RunTotals> {
      return sumCounters(await tenant.keyed('deliveryCounter').list(`${run.planId}#${run.runId}`));
    },
    /** The sent record of one recipient of a run, if any. */
    record(k: Omit<LedgerKey, 'orgId'>): Promise<SentRecord | undefined> {
      const shard = shardOf(k.accountId);
      return tenant.keyed('sentRecord').get(`${k.planId}#${k.runId}#${shard}`, `${k.channel}#${recipientKeyOf(k)}`);
    },
  };
}
