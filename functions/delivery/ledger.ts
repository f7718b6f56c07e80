/**
 * The exactly-once ledger: each recipient of a run has one sent record, and **that record alone decides who sends**.
 * It is claimed by a conditional put (`attribute_not_exists`) before the provider is called, and every later change
 * is conditional on the state and attempt the writer saw: no write without a condition, so one attempt holds it.
 *
 * | state     | made by                          | next                                 | by whom, on which condition        |
 * |-----------|----------------------------------|--------------------------------------|------------------------------------|
 * | (none)    |                                  | CLAIMED (attempt a)                  | worker: record absent              |
 * | (none)    |                                  | SKIPPED                              | worker: record absent              |
 * | CLAIMED a | worker's claim                   | SENT / FAILED, counted               | worker a: CLAIMED by a             |
 * | CLAIMED a |                                  | (none): given back, nothing was sent | worker a: CLAIMED by a (throttled) |
 * | CLAIMED a |                                  | UNCERTAIN, counted                   | sweep, redelivery: CLAIMED by a,   |
 * |           |                                  |                                      | claimed before the stale time      |
 * | terminal  | SENT, FAILED, SKIPPED, UNCERTAIN | marks added (opened, clicked)        | tracking: mark absent              |
 *
 * Crash points (`tests/api/ledgerCrashes.test.ts` kills the worker after each call of a send):
 * - before the claim: nothing was written; the redelivery claims and sends.
 * - after the claim, before the completion: the record stays CLAIMED and a redelivery does not send; once older than
 *   a worker lives (the visibility timeout), the sweep or a redelivery makes it UNCERTAIN, never sent again.
 * - after the completion: terminal and counted in the same transaction; nothing is left to do.
 * Completion and sweep both need `CLAIMED by a`: whichever comes first wins, so an outcome is counted once and a
 * record is never overwritten by an actor that did not hold it. Open claims are in the sparse `openClaims` index
 * (removed on leaving CLAIMED), which the sweep reads by claim time. Claims, and completions with their counters,
 * go CHUNK to a transaction; a chunk refused for some recipients is answered for those and retried without them.
 * No batch lock: a batch delivered twice, or after its worker died, is sent by whichever attempt claims each
 * recipient first, so a dead worker's unsent recipients go out on the queue's next delivery.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type Channel, recipientKeyOf, type SendFailureReason, type SentState } from '../../shared/delivery';
import { addressKeyOf, type CounterOs, DELIVERY_SHARDS, runShardKey, type SentRecord, shardOf, shardsOfRun } from '../../shared/entities';
import { counterItems } from '../store/counterItems';
import { requestItem, type TenantStore, type TransactItem } from '../store/store';
import { completionAdds, RunCounters, type RunTotals, runKeyOf, sumCounters } from './counters';

export { type CounterKey, type RunTotals, runKeyOf, TRIGGER_RUN } from './counters';

export interface LedgerKey {
  orgId: number;
  planId: string;
  runId: string;
  channel: Channel;
  accountId: string;
  target?: string;
  os?: CounterOs;
  /** the run's sent-record shards (PlanRun.shards); none: DELIVERY_SHARDS */
  shards?: number;
}

export type ClaimResult = { claimed: true; attempt: string } | { claimed: false; existing: SentRecord };

export interface Completion {
  key: LedgerKey;
  attempt: string;
  outcome: { status: Extract<SentState, 'SENT' | 'FAILED'>; providerId?: string; reason?: SendFailureReason; detail?: string };
  /** the units the provider bills (an SMS's parts), counted when sent */
  parts?: number;
}

type Run = { orgId: number; planId: string; runId: string; shards?: number };

export function ledgerKeyOf(
  { orgId, planId, runId, channel, shards }: Run & { channel: Channel },
  { accountId, target, os }: Pick<LedgerKey, 'accountId' | 'target' | 'os'>,
): LedgerKey {
  return { orgId, planId, runId, channel, accountId, ...(target ? { target } : {}), ...(os ? { os } : {}), ...(shards ? { shards } : {}) };
}

/** What a record keeps of its key: the run's shard count is in its partition already. */
const recordFieldsOf = (k: LedgerKey) => ledgerKeyOf({ ...k, shards: undefined }, k);

/** A recipient's sent-record partition within its run: `<org>#<plan>#<run>#<shard>` over the run's shard count. */
const runShardOf = (k: Run & { accountId: string }) => runShardKey(k.orgId, k.planId, k.runId, shardOf(k.accountId, shardsOfRun(k)));

/** Records in one ledger transaction: with the counter items (at most 6), well under DynamoDB's 100 items. */
const CHUNK = 50;
/** A claim's condition: nobody holds the recipient yet. */
const CLAIM_FREE = { ConditionExpression: 'attribute_not_exists(#r)', ExpressionAttributeNames: { '#r': 'recipient' } };

// Outlives every delivery of a message (SQS keeps one 14 days) by a day; DynamoDB expires by the real clock, so a
// clock set back (a test's) never shortens it.
export const keptPastRedeliveries = (now: number): number => Math.floor(Math.max(now, Date.now()) / 1000) + 15 * 24 * 3600;

export class Ledger extends RunCounters {
  keyOf(k: LedgerKey) {
    return { runShard: runShardOf(k), recipient: `${k.channel}#${recipientKeyOf(k)}` };
  }

  private claimRecord(k: LedgerKey, address: string, links: string[] | undefined, attempt: string, claimedAt: number): SentRecord {
    const key = this.keyOf(k);
    // without doneAt the claim is not in the byAddress index yet
    const addressKey = addressKeyOf(k.orgId, address);
    return {
      ...(links && links.length > 0 ? { links } : {}),
      ...(addressKey ? { addressKey } : {}),
      ...key,
      ...recordFieldsOf(k),
      address,
      status: 'CLAIMED',
      attempt,
      claimedAt,
      openClaim: key.runShard,
    };
  }

  async claim(k: LedgerKey, address: string, links?: string[]): Promise<ClaimResult> {
    const record = this.claimRecord(k, address, links, randomUUID(), this.clock.now());
    try {
      await this.store.rt.aws.doc.send(new PutCommand({ TableName: this.store.table('sentRecord'), Item: record, ...CLAIM_FREE }));
      return { claimed: true, attempt: record.attempt };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
      const existing = await this.store.get('sentRecord', this.keyOf(k));
      if (!existing) throw e; // given back in between: the redelivery claims it
      return { claimed: false, existing };
    }
  }

  /** Claims up to CHUNK per transaction; a recipient held by another attempt is answered with its record and the rest claimed again. */
  async claimMany(entries: readonly { key: LedgerKey; address: string; links?: string[] }[]): Promise<ClaimResult[]> {
    if (entries.length === 1) return [await this.claim(entries[0]!.key, entries[0]!.address, entries[0]!.links)];
    const results: ClaimResult[] = new Array(entries.length);
    await this.inChunks(
      entries.map((_, i) => i),
      async (chunk) => {
        const [attempt, claimedAt] = [randomUUID(), this.clock.now()];
        const puts = chunk.map((i): TransactItem => {
          const e = entries[i]!;
          return { Put: { TableName: this.store.table('sentRecord'), Item: this.claimRecord(e.key, e.address, e.links, attempt, claimedAt), ...CLAIM_FREE } };
        });
        const outcome = await this.transact(puts);
        if (outcome === 'done') {
          for (const i of chunk) results[i] = { claimed: true, attempt };
          return [];
        }
        const held = chunk.filter((_, j) => outcome.failed.has(j));
        const existing = await this.store.getMany(held.map((i) => ({ entity: 'sentRecord' as const, key: this.keyOf(entries[i]!.key) })));
        // held and still there: answered; given back in between: tried again with the rest
        for (const [j, i] of held.entries()) if (existing[j]) results[i] = { claimed: false, existing: existing[j] as SentRecord };
        return chunk.filter((i) => results[i] === undefined);
      },
    );
    return results;
  }

  private completion(c: Completion, now: number): TransactItem {
    const { outcome } = c;
    const values: Record<string, unknown> = { ':s': outcome.status, ':d': now, ...this.claimOf(c.attempt).ExpressionAttributeValues };
    const names: Record<string, string> = { '#dn': 'doneAt', '#oc': 'openClaim', ...this.claimOf(c.attempt).ExpressionAttributeNames };
    const sets = ['#st = :s', '#dn = :d'];
    for (const field of ['providerId', 'reason', 'detail'] as const) {
      if (outcome[field] === undefined) continue;
      names[`#${field}`] = field;
      values[`:${field}`] = outcome[field];
      sets.push(`#${field} = :${field}`);
    }
    return {
      Update: {
        TableName: this.store.table('sentRecord'),
        Key: this.keyOf(c.key),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE #oc`,
        ConditionExpression: this.claimOf(c.attempt).ConditionExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  }

  async complete(k: LedgerKey, attempt: string, outcome: Completion['outcome']): Promise<void> {
    await this.completeMany([{ key: k, attempt, outcome }]);
  }

  /** Records and counts outcomes, CHUNK to a transaction; a claim the sweep settled is left out, the rest recorded. */
  async completeMany(completions: readonly Completion[]): Promise<void> {
    const groups = new Map<string, number[]>();
    for (const [i, c] of completions.entries()) {
      const group = `${runKeyOf(c.key)}#${c.key.channel}`;
      groups.set(group, [...(groups.get(group) ?? []), i]);
    }
    for (const indices of groups.values()) {
      await this.inChunks(indices, async (chunk) => {
        const now = this.clock.now();
        const first = completions[chunk[0]!]!.key;
        const { parts, reasons } = completionAdds(chunk.map((i) => completions[i]!));
        const slot = Math.floor(Math.random() * DELIVERY_SHARDS);
        const outcome = await this.transact([
          ...chunk.map((i) => this.completion(completions[i]!, now)),
          this.counterUpdate(first, slot, parts, reasons),
          ...(await this.orgDayUpdate(first, slot, parts)),
        ]);
        // refused: no longer this attempt's claim (settled by the sweep); the rest again without it
        return outcome === 'done' ? [] : chunk.filter((_, j) => !outcome.failed.has(j));
      });
    }
  }

  /** Written terminal at once: no provider call to guard. */
  async skip(k: LedgerKey, address: string, reason: SendFailureReason, detail?: string): Promise<boolean> {
    const key = this.keyOf(k);
    const now = this.clock.now();
    const addressKey = addressKeyOf(k.orgId, address);
    const record: SentRecord = {
      ...key,
      ...(addressKey ? { addressKey } : {}),
      ...recordFieldsOf(k),
      address,
      status: 'SKIPPED',
      reason,
      ...(detail ? { detail } : {}),
      attempt: 'skip',
      claimedAt: now,
      doneAt: now,
    };
    const outcome = await this.transact([
      { Put: { TableName: this.store.table('sentRecord'), Item: record, ...CLAIM_FREE } },
      ...(await this.counterItems(k, { skipped: 1 }, { of: 'skipped', reason })),
    ]);
    if (outcome === 'done') return true;
    // recorded already by an earlier delivery of the same batch
    if (outcome.failed.has(0) && (await this.store.get('sentRecord', key))) return false;
    throw new Error('the skip conflicted with another write; the batch is delivered again');
  }

  /** Gives a throttled claim back (nothing was sent); throws if the sweep settled it, so its holder never claims it again. */
  async release(k: LedgerKey, attempt: string): Promise<void> {
    await this.store.deleteIf('sentRecord', this.keyOf(k), this.claimOf(attempt));
  }

  private claimOf(attempt: string) {
    return {
      ConditionExpression: '#st = :c AND #at = :a',
      ExpressionAttributeNames: { '#st': 'status', '#at': 'attempt' },
      ExpressionAttributeValues: { ':c': 'CLAIMED', ':a': attempt },
    };
  }

  private updateOf(record: SentRecord, update: Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>): TransactItem {
    return { Update: { TableName: this.store.table('sentRecord'), Key: { runShard: record.runShard, recipient: record.recipient }, ...update } };
  }

  /** A stale claim becomes UNCERTAIN rather than being sent again (the provider may have it); false when no longer that claim. */
  async markUncertain(record: SentRecord, olderThan: number): Promise<boolean> {
    const outcome = await this.transact([
      this.updateOf(record, {
        UpdateExpression: 'SET #st = :u, #dn = :d REMOVE #oc',
        ConditionExpression: '#st = :c AND #at = :a AND #ca < :old',
        ExpressionAttributeNames: { '#st': 'status', '#dn': 'doneAt', '#oc': 'openClaim', '#at': 'attempt', '#ca': 'claimedAt' },
        ExpressionAttributeValues: { ':u': 'UNCERTAIN', ':d': this.clock.now(), ':c': 'CLAIMED', ':a': record.attempt, ':old': olderThan },
      }),
      ...(await this.counterItems(record, { uncertain: 1 })),
    ]);
    return outcome === 'done';
  }

  /** A provider's later word that a message never arrived: SENT becomes FAILED and counts move, once (a repeat is refused). */
  async undelivered(record: SentRecord, providerId: string, outcome: { reason: SendFailureReason; detail: string }): Promise<boolean> {
    const outcomeOf = await this.transact([
      this.updateOf(record, {
        UpdateExpression: 'SET #st = :f, #re = :r, #de = :d',
        ConditionExpression: '#st = :s AND #pi = :p',
        ExpressionAttributeNames: { '#st': 'status', '#re': 'reason', '#de': 'detail', '#pi': 'providerId' },
        ExpressionAttributeValues: { ':f': 'FAILED', ':r': outcome.reason, ':d': outcome.detail, ':s': 'SENT', ':p': providerId },
      }),
      ...(await this.counterItems(record, { sent: -1, failed: 1 }, { of: 'failed', reason: outcome.reason }, record.doneAt)),
    ]);
    return outcomeOf === 'done';
  }

  /** From the sparse open-claims index: only waves in flight or left by dead workers are there, so a shard's are read whole. */
  async openClaims(run: Run, olderThan?: number): Promise<SentRecord[]> {
    const shards = await Promise.all(
      Array.from({ length: shardsOfRun(run) }, (_, shard) =>
        this.store.queryAll('sentRecord', { name: 'openClaim', value: runShardKey(run.orgId, run.planId, run.runId, shard) }, 'openClaims'),
      ),
    );
    return shards.flat().filter((claim) => olderThan === undefined || claim.claimedAt < olderThan);
  }

  async sweep(run: Run, olderThan: number): Promise<void> {
    for (const claim of await this.openClaims(run, olderThan)) await this.markUncertain(claim, olderThan);
  }

  /** The recipient's sent record (a tracked link is followed once the claim is written, before the message goes). */
  async recordOf(k: LedgerKey): Promise<SentRecord | undefined> {
    return this.store.get('sentRecord', this.keyOf(await this.located(k)));
  }

  /** Run shard counts read for keys that came without one; a run's never changes once it is made. */
  private readonly runShards = new Map<string, number | undefined>();

  /**
   * The key with its run's shard count, for a send named from outside (a tracked link, a provider's report): read from
   * the run once and kept. A journey step's or a trigger's run has no item, and its records are under DELIVERY_SHARDS.
   */
  async located(k: LedgerKey): Promise<LedgerKey> {
    if (k.shards) return k;
    const name = `${k.orgId}#${k.planId}#${k.runId}`;
    if (!this.runShards.has(name)) {
      // a long-lived process forgets old runs (one read again, nothing more)
      if (this.runShards.size >= 10_000) this.runShards.clear();
      const run = await this.store.forOrg(k.orgId).keyed('planRun').get(k.planId, k.runId);
      this.runShards.set(name, run?.shards);
    }
    const shards = this.runShards.get(name);
    return shards ? { ...k, shards } : k;
  }

  /** Gives up after a few rounds of conflicts; the queue's redelivery retries. */
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

  private async transact(items: TransactItem[]): Promise<'done' | { failed: Set<number> }> {
    try {
      await this.store.rt.aws.doc.send(new TransactWriteCommand({ TransactItems: items.map(requestItem) }));
      return 'done';
    } catch (e) {
      if (!(e instanceof TransactionCanceledException)) throw e;
      const failed = new Set<number>();
      for (const [j, r] of (e.CancellationReasons ?? []).entries()) if (r.Code === 'ConditionalCheckFailed') failed.add(j);
      return { failed };
    }
  }
}

/** The ledger for handlers: the organization comes from `ctx.tenant`, never from a run or payload. */
export function tenantLedger(tenant: TenantStore) {
  return {
    async totals(run: { planId: string; runId: string }): Promise<RunTotals> {
      return sumCounters(await tenant.keyed('deliveryCounter').list(counterItems.runCounters.rest(run)));
    },
    record(k: Omit<LedgerKey, 'orgId'>): Promise<SentRecord | undefined> {
      const shard = shardOf(k.accountId, shardsOfRun(k));
      return tenant.keyed('sentRecord').get(`${k.planId}#${k.runId}#${shard}`, `${k.channel}#${recipientKeyOf(k)}`);
    },
  };
}
