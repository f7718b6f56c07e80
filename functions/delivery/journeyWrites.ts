// The journey's state writes (./journey.ts): a recipient's state item is put when it enters and updated when it
// moves, each conditional on where the recipient is, in transactions of up to CHUNK with the run's counter item, so a
// move and its count happen once however often a queue message is delivered.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { JOURNEY_SHARDS, type JourneyState, shardOf } from '../../shared/entities';
import { dueMinuteOf } from '../../shared/plan/journey';
import { counterItems } from '../store/counterItems';
import { requestItem, type Store, type TransactItem } from '../store/store';
import type { RunRef } from './pipeline';

const CHUNK = 50;

export const stateRest = (planId: string, accountId: string) => `${planId}#${shardOf(accountId, JOURNEY_SHARDS)}`;
export const waitKeyOf = (run: RunRef, stepId: string, minute: number, shard: number) => `${run.orgId}#${run.planId}#${run.runId}#${stepId}#${minute}#${shard}`;

export function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export interface PlannedMove {
  accountId: string;
  from: string;
  to: string;
  holdout?: boolean;
  dueAt?: number;
  exit: boolean;
}

export interface Entry {
  accountId: string;
  stepId: string;
  dueAt?: number;
  exit: boolean;
  /** `ALL`: entered again once it has left an earlier run's journey */
  again: boolean;
}

export function journeyWrites(store: Store) {
  const table = store.table('journeyState');
  const states = (orgId: number) => store.forOrg(orgId).keyed('journeyState');

  return {
    counterItem(run: RunRef, add: Record<string, number>): TransactItem | undefined {
      const entries = Object.entries(add).filter(([, n]) => n > 0);
      if (entries.length === 0) return undefined;
      const { journeyCounters } = counterItems;
      const key = store
        .forOrg(run.orgId)
        .keyed('deliveryCounter')
        .key(journeyCounters.rest(run), journeyCounters.slot(Math.floor(Math.random() * JOURNEY_SHARDS)));
      return store.updateItem('deliveryCounter', key, { add: Object.fromEntries(entries) });
    },

    /** An entry whose condition fails (moved or entered already) is refused; the rest of its chunk is written again. */
    async writeAll<T>(entries: readonly T[], itemOf: (e: T) => TransactItem, counterOf: (written: T[]) => TransactItem | undefined): Promise<{ written: T[]; refused: T[] }> {
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
    },

    entryItem(run: RunRef, e: Entry, now: number): TransactItem {
      const state: Omit<JourneyState, 'planShard'> = {
        accountId: e.accountId,
        orgId: run.orgId,
        planId: run.planId,
        runId: run.runId,
        stepId: e.stepId,
        status: e.exit ? 'EXITED' : 'ACTIVE',
        arrivedAt: now,
        enteredAt: now,
        ...(e.dueAt !== undefined ? { dueAt: e.dueAt, waitKey: waitKeyOf(run, e.stepId, dueMinuteOf(e.dueAt), shardOf(e.accountId, JOURNEY_SHARDS)) } : {}),
      };
      const again = e.again ? ' OR (#st = :exited AND #run <> :run)' : '';
      return {
        Put: {
          TableName: table,
          Item: states(run.orgId).place(stateRest(run.planId, e.accountId), state),
          ConditionExpression: `attribute_not_exists(#a)${again}`,
          ExpressionAttributeNames: { '#a': 'accountId', ...(again ? { '#st': 'status', '#run': 'runId' } : {}) },
          ...(again ? { ExpressionAttributeValues: { ':exited': 'EXITED', ':run': run.runId } } : {}),
        },
      };
    },

    /** The recipient's state moved on: from where it is, in this run, once (a holdout is set aside once). */
    moveItem(run: RunRef, a: PlannedMove, now: number): TransactItem {
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
          Key: states(run.orgId).key(stateRest(run.planId, a.accountId), a.accountId),
          UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
          ConditionExpression: `#step = :from AND #run = :run AND #st = :active${a.holdout ? ' AND attribute_not_exists(#ho)' : ''}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    },
  };
}
