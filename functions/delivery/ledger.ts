/**
 * The exactly-once ledger. A recipient is claimed with a conditional put before the provider is called and
 * completed after it, in one transaction with the run's counters, so every terminal record is counted once.
 * Only the attempt that holds a claim may complete or release it.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Channel, SendFailureReason, SentState } from '../../shared/delivery';
import { DELIVERY_SHARDS, runShardKey, type SentRecord, shardOf } from '../../shared/entities';
import type { Clock } from '../platform/runtime';
import type { Store, TransactItem } from '../store/store';

export interface LedgerKey {
  orgId: number;
  planId: string;
  runId: string;
  channel: Channel;
  accountId: string;
}

type Counter = 'matched' | 'sent' | 'failed' | 'skipped' | 'uncertain' | 'opens' | 'clicks' | 'unsubscribes' | 'bounces' | 'complaints';
/** The outcomes whose reasons are counted too. */
type ReasonCounter = 'failed' | 'skipped';

export interface RunTotals {
  total: Record<Counter, number>;
  hours: Record<string, Partial<Record<Counter, number>>>;
  /** failures and skips by reason */
  reasons: Record<ReasonCounter, Partial<Record<SendFailureReason, number>>>;
}

export const runKeyOf = (k: { orgId: number; planId: string; runId: string }) => `${k.orgId}#${k.planId}#${k.runId}`;
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

export type ClaimResult = { claimed: true; attempt: string } | { claimed: false; existing: SentRecord };

export class Ledger {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  keyOf(k: LedgerKey) {
    return { runShard: runShardKey(k.orgId, k.planId, k.runId, shardOf(k.accountId)), recipient: `${k.channel}#${k.accountId}` };
  }

  /**
   * The counter add of one event: one item per (run, shard) holds the run's totals (`sent`) and the same counts
   * per hour (`sent@2026-11-22T09`), so an outcome moves both in a single item write. A failure or a skip also
   * counts its reason (`failed:BOUNCE`, totals only), so the detail page shows every reason without reading
   * records.
   */
  counterItems(
    k: { orgId: number; planId: string; runId: string; accountId: string },
    add: Partial<Record<Counter, number>>,
    reason?: { of: ReasonCounter; reason: SendFailureReason },
  ): TransactItem[] {
    const hour = hourOf(this.clock.now());
    const names: Record<string, string> = {};
    const values: Record<string, number> = {};
    const parts = Object.entries(add).flatMap(([field, n], i) => {
      names[`#f${i}`] = field;
      names[`#h${i}`] = `${field}@${hour}`;
      values[`:n${i}`] = n!;
      return [`#f${i} :n${i}`, `#h${i} :n${i}`];
    });
    if (reason) {
      names['#r'] = `${reason.of}:${reason.reason}`;
      values[':r'] = 1;
      parts.push('#r :r');
    }
    return [
      {
        Update: {
          TableName: this.store.table('deliveryCounter'),
          Key: { runKey: runKeyOf(k), slot: String(shardOf(k.accountId)) },
          UpdateExpression: `ADD ${parts.join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    ];
  }

  /** Adds to the counters outside a ledger write (audience matched, opens, clicks). */
  async count(k: { orgId: number; planId: string; runId: string; accountId: string }, add: Partial<Record<Counter, number>>): Promise<void> {
    await this.store.transact(this.counterItems(k, add));
  }

  /** Claims the recipient for this attempt, or answers the record that already holds it. */
  async claim(k: LedgerKey, address: string): Promise<ClaimResult> {
    const attempt = randomUUID();
    const key = this.keyOf(k);
    const record: SentRecord = {
      ...key,
      orgId: k.orgId,
      planId: k.planId,
      runId: k.runId,
      accountId: k.accountId,
      channel: k.channel,
      address,
      status: 'CLAIMED',
      attempt,
      claimedAt: this.clock.now(),
      openClaim: key.runShard,
    };
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

  /** Records a terminal outcome of the claim held by `attempt` and counts it, in one transaction. */
  async complete(
    k: LedgerKey,
    attempt: string,
    outcome: { status: Extract<SentState, 'SENT' | 'FAILED'>; providerId?: string; reason?: SendFailureReason; detail?: string },
  ): Promise<void> {
    const set: Record<string, unknown> = { ':s': outcome.status, ':d': this.clock.now(), ':a': attempt, ':c': 'CLAIMED' };
    const names: Record<string, string> = { '#st': 'status', '#dn': 'doneAt', '#at': 'attempt', '#oc': 'openClaim' };
    const sets = ['#st = :s', '#dn = :d'];
    for (const field of ['providerId', 'reason', 'detail'] as const) {
      if (outcome[field] === undefined) continue;
      names[`#${field}`] = field;
      set[`:${field}`] = outcome[field];
      sets.push(`#${field} = :${field}`);
    }
    await this.store.transact([
      {
        Update: {
          TableName: this.store.table('sentRecord'),
          Key: this.keyOf(k),
          UpdateExpression: `SET ${sets.join(', ')} REMOVE #oc`,
          ConditionExpression: '#st = :c AND #at = :a',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: set,
        },
      },
      ...this.counterItems(
        k,
        { [outcome.status === 'SENT' ? 'sent' : 'failed']: 1 },
        outcome.status === 'FAILED' ? { of: 'failed', reason: outcome.reason ?? 'UNEXPECTED' } : undefined,
      ),
    ]);
  }

  /** A recipient not sent to, with the reason: written terminal at once (no provider call to guard). */
  async skip(k: LedgerKey, address: string, reason: SendFailureReason): Promise<boolean> {
    const key = this.keyOf(k);
    const now = this.clock.now();
    const record: SentRecord = {
      ...key,
      orgId: k.orgId,
      planId: k.planId,
      runId: k.runId,
      accountId: k.accountId,
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
    await this.store.deleteIf('sentRecord', this.keyOf(k), {
      ConditionExpression: '#st = :c AND #at = :a',
      ExpressionAttributeNames: { '#st': 'status', '#at': 'attempt' },
      ExpressionAttributeValues: { ':c': 'CLAIMED', ':a': attempt },
    });
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

  /** Claims of a run still open (sparse index: only CLAIMED records are in it). */
  async openClaims(run: { orgId: number; planId: string; runId: string }): Promise<SentRecord[]> {
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
    const items = await this.store.queryAll('deliveryCounter', { name: 'runKey', value: runKeyOf(run) });
    const total: Record<Counter, number> = { matched: 0, sent: 0, failed: 0, skipped: 0, uncertain: 0, opens: 0, clicks: 0, unsubscribes: 0, bounces: 0, complaints: 0 };
    const hours: Record<string, Partial<Record<Counter, number>>> = {};
    const reasons: RunTotals['reasons'] = { failed: {}, skipped: {} };
    for (const item of items as Record<string, unknown>[]) {
      for (const [name, value] of Object.entries(item)) {
        if (typeof value !== 'number') continue;
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
    return { total, hours, reasons };
  }
}
