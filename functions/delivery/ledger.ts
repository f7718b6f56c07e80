/**
 * The exactly-once ledger. A recipient is claimed with a conditional put before the provider is called and
 * completed after it, in one transaction with the run's counters, so every terminal record is counted once.
 * Only the attempt that holds a claim may complete or release it.
 *
 * Why it stays exactly-once with a wave's claims listed by one item rather than indexed one by one:
 * - Who may send is decided by the recipient's own record alone: its conditional put (`attribute_not_exists`)
 *   lets one attempt in, whatever batch, wave or redelivery the recipient arrives in, and only that attempt's
 *   condition (`CLAIMED` and its `attempt`) completes or releases it. The wave item decides nothing.
 * - Crash recovery must find every claim a dead worker held. A wave's claims are written in one transaction with
 *   their wave item (`<run>#open`, listing them), so no claim exists without an item that names it; the item is
 *   deleted only in the transaction that completes its last open claim, or after its last release, or by the
 *   sweep once none of its claims is still `CLAIMED`. So every open claim is named by an item the sweep reads,
 *   as the sparse index named it before, at two item writes per wave instead of two index writes per recipient.
 * - A claim of one recipient alone (`claim`) is still in the sparse `openClaims` index, as are claims written
 *   before the wave items; `openClaims` reads both.
 * - The record, its `byAddress` entry (written with `doneAt`) and the counters are written as before, so the
 *   console and the statistics see the same.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
/** A wave's claims as this process knows them: the ones still open, and its ledger writes in flight. */
interface Wave {
  run: { orgId: number; planId: string; runId: string };
  open: Set<string>;
  busy: number;
}
/** A record's place as a wave item lists it: `<shard>/<recipient>` (the run is the item's). */
const memberOf = (key: { runShard: string; recipient: string }) => `${key.runShard.slice(key.runShard.lastIndexOf('#') + 1)}/${key.recipient}`;
/** Waves a long-lived worker remembers; one left by a provider error is the sweep's to close, so old ones may go. */
const WAVES_REMEMBERED = 10_000;
/** A claim's condition: nobody holds the recipient yet. */
const CLAIM_FREE = { ConditionExpression: 'attribute_not_exists(#r)', ExpressionAttributeNames: { '#r': 'recipient' } };

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
  async claimMany(entries: readonly { key: LedgerKey; address: string; links?: string[] }[]): Promise<ClaimResult[]> {
    if (entries.length === 1) return [await this.claim(entries[0]!.key, entries[0]!.address, entries[0]!.links)];
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
      this.remember(attempt, { run: { orgId: run.orgId, planId: run.planId, runId: run.runId }, open: new Set(records.map(memberOf)), busy: 0 });
      for (const i of chunk) results[i] = { claimed: true, attempt };
      return [];
    }
    const held = chunk.filter((_, j) => outcome.failed.has(j));
    const existing = await this.store.getMany(held.map((i) => ({ entity: 'sentRecord' as const, key: this.keyOf(entries[i]!.key) })));
    // held and still there: answered; released in between: tried again with the rest
    for (const [j, i] of held.entries()) if (existing[j]) results[i] = { claimed: false, existing: existing[j] as SentRecord };
    return chunk.filter((i) => results[i] === undefined);
  }

  private remember(attempt: string, wave: Wave): void {
    if (this.waves.size >= WAVES_REMEMBERED) this.waves.clear();
    this.waves.set(attempt, wave);
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
  private completion(c: Completion): TransactItem {
    const { outcome } = c;
    const set: Record<string, unknown> = { ':s': outcome.status, ':d': this.clock.now(), ':a': c.attempt, ':c': 'CLAIMED' };
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
   */
  async completeMany(completions: readonly Completion[]): Promise<void> {
    if (completions.length === 0) return;
    await this.inChunks(
      completions.map((_, i) => i),
      async (chunk) => {
        const byOs = new Map<CounterOs | undefined, Partial<Record<Counter, number>>>();
        const reasons: Record<string, number> = {};
        for (const i of chunk) {
          const { outcome, key, parts } = completions[i]!;
          const counter = outcome.status === 'SENT' ? 'sent' : 'failed';
          const add = byOs.get(key.os) ?? {};
          byOs.set(key.os, add);
          add[counter] = (add[counter] ?? 0) + 1;
          if (parts && outcome.status === 'SENT') add.parts = (add.parts ?? 0) + parts;
          if (outcome.status === 'FAILED') reasons[`failed:${outcome.reason ?? 'UNEXPECTED'}`] = (reasons[`failed:${outcome.reason ?? 'UNEXPECTED'}`] ?? 0) + 1;
        }
        const parts = [...byOs].map(([os, add]): OsAdd => ({ ...(os ? { os } : {}), add }));
        const slot = Math.floor(Math.random() * DELIVERY_SHARDS);
        const first = completions[chunk[0]!]!.key;
        // a wave whose every open claim is completed here loses its item in the same transaction
        const members = chunk.map((i) => memberOf(this.keyOf(completions[i]!.key)));
        const touched = new Map<string, Wave>();
        for (const i of chunk) {
          const wave = this.waves.get(completions[i]!.attempt);
          if (wave) touched.set(completions[i]!.attempt, wave);
        }
        const closing = [...touched].filter(([attempt, wave]) => {
          const here = new Set(members.filter((_, j) => completions[chunk[j]!]!.attempt === attempt));
          return wave.busy === 0 && [...wave.open].every((m) => here.has(m));
        });
        for (const wave of touched.values()) wave.busy += 1;
        let outcome: Awaited<ReturnType<Ledger['transactChunk']>>;
        try {
          outcome = await this.transactChunk([
            ...chunk.map((i) => this.completion(completions[i]!)),
            this.counterUpdate(first, slot, parts, reasons),
            ...this.orgDayUpdate(first, slot, parts),
            ...closing.map(
              ([attempt, wave]): TransactItem => ({ Delete: { TableName: this.store.table('deliveryCounter'), Key: { runKey: openWavesOf(wave.run), slot: attempt } } }),
            ),
          ]);
        } finally {
          for (const wave of touched.values()) wave.busy -= 1;
        }
        // recorded, or refused (no longer this attempt's): either way not this attempt's open claim any more
        const closed = outcome === 'done' ? chunk.map((_, j) => j) : [...outcome.failed];
        for (const j of closed) this.waves.get(completions[chunk[j]!]!.attempt)?.open.delete(members[j]!);
        if (outcome === 'done') for (const [attempt] of closing) this.waves.delete(attempt);
        for (const attempt of touched.keys()) await this.closeIfDone(attempt);
        // the refused ones are not this attempt's to record; the rest go again
        return outcome === 'done' ? [] : chunk.filter((_, j) => !outcome.failed.has(j));
      },
    );
  }

  /** Deletes the item of a wave this process claimed once none of its claims is open and no write of it is in flight. */
  private async closeIfDone(attempt: string): Promise<void> {
    const wave = this.waves.get(attempt);
    if (!wave || wave.open.size > 0 || wave.busy > 0) return;
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
      await this.store.deleteIf('sentRecord', this.keyOf(k), {
        ConditionExpression: '#st = :c AND #at = :a',
        ExpressionAttributeNames: { '#st': 'status', '#at': 'attempt' },
        ExpressionAttributeValues: { ':c': 'CLAIMED', ':a': attempt },
      });
    } finally {
      if (wave) wave.busy -= 1;
    }
    wave?.open.delete(memberOf(this.keyOf(k)));
    await this.closeIfDone(attempt);
  }

  /**
   * A claim older than `olderThan` whose holder never completed it: the provider may or may not have taken the
   * message. It becomes UNCERTAIN (counted, shown to operators) instead of being sent again.
   */
  async markUncertain(record: SentRecord, olderThan: number): Promise<boolean> {
    try {
      await this.store.transact([
        {
          Update: {
            TableName: this.store.table('sentRecord'),
            Key: { runShard: record.runShard, recipient: record.recipient },
            UpdateExpression: 'SET #st = :u, #dn = :d REMOVE #oc',
            ConditionExpression: '#st = :c AND #at = :a AND #ca < :old',
            ExpressionAttributeNames: { '#st': 'status', '#dn': 'doneAt', '#oc': 'openClaim', '#at': 'attempt', '#ca': 'claimedAt' },
            ExpressionAttributeValues: { ':u': 'UNCERTAIN', ':d': this.clock.now(), ':c': 'CLAIMED', ':a': record.attempt, ':old': olderThan },
          },
        },
        ...this.counterItems(record, { uncertain: 1 }),
      ]);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Claims of a run still open: those its wave items name that are still their wave's and `CLAIMED`, and the
   * single claims in the sparse index (only CLAIMED records are in it). With `olderThan`, only waves claimed
   * before it are read.
   */
  async openClaims(run: { orgId: number; planId: string; runId: string }, olderThan?: number): Promise<SentRecord[]> {
    const [indexed, waves] = await Promise.all([this.indexedOpenClaims(run), this.openWaves(run, olderThan)]);
    return [...indexed, ...waves.flatMap((w) => w.open)];
  }

  /**
   * Crash recovery of a run: claims held since before `olderThan` (longer than a worker lives) become uncertain,
   * and the items of waves with no claim left open are deleted.
   */
  async sweep(run: { orgId: number; planId: string; runId: string }, olderThan: number): Promise<void> {
    const [indexed, waves] = await Promise.all([this.indexedOpenClaims(run), this.openWaves(run, olderThan)]);
    for (const claim of indexed) if (claim.claimedAt < olderThan) await this.markUncertain(claim, olderThan);
    for (const wave of waves) {
      let open = 0;
      for (const claim of wave.open) if (!(await this.markUncertain(claim, olderThan))) open += 1;
      // a claim still open keeps its wave's item; with none, nothing can open under the wave's attempt again
      if (open === 0) await this.store.delete('deliveryCounter', { runKey: openWavesOf(run), slot: wave.attempt });
    }
  }

  /** The run's wave items (claimed before `olderThan` when given) with the claims each still holds open. */
  private async openWaves(run: { orgId: number; planId: string; runId: string }, olderThan?: number): Promise<{ attempt: string; open: SentRecord[] }[]> {
    const items = (await this.store.queryAll('deliveryCounter', { name: 'runKey', value: openWavesOf(run) })) as unknown as {
      slot: string;
      claimedAt: number;
      members: string[];
    }[];
    const waves = items.filter((w) => olderThan === undefined || w.claimedAt < olderThan);
    const keys = waves.flatMap((w) =>
      w.members.map((m) => {
        const at = m.indexOf('/');
        return { attempt: w.slot, key: { runShard: runShardKey(run.orgId, run.planId, run.runId, Number(m.slice(0, at))), recipient: m.slice(at + 1) } };
      }),
    );
    const records: (SentRecord | undefined)[] = [];
    for (let i = 0; i < keys.length; i += 100)
      records.push(...((await this.store.getMany(keys.slice(i, i + 100).map((k) => ({ entity: 'sentRecord' as const, key: k.key })))) as (SentRecord | undefined)[]));
    return waves.map((w) => ({
      attempt: w.slot,
      open: records.filter((r, i): r is SentRecord => r?.status === 'CLAIMED' && r.attempt === w.slot && keys[i]!.attempt === w.slot),
    }));
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
