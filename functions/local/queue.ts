// The local stand-in for SQS, durable in the local DynamoDB: a received message stays hidden for its visibility
// timeout and comes back if its worker dies before acknowledging it; only the current holder's receipt can
// acknowledge it.
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, type QueryCommandInput, type QueryCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueMessage } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { QueuePort, SendOptions } from '../platform/queue';
import type { Clock } from '../platform/runtime';
import type { Store, TransactItem } from '../store/store';

export interface Received {
  id: string;
  body: unknown;
  receipt: string;
  receiveCount: number;
}

const laneOf = (queue: string, group: string) => (group ? `${queue}#lane#${group}` : queue);
const lanesKey = (queue: string) => ({ queue: `${queue}#lanes`, id: 'lanes' });
export const splitId = (id: string): { group: string; id: string } => {
  const slash = id.indexOf('/');
  return slash < 0 ? { group: '', id } : { group: id.slice(0, slash), id: id.slice(slash + 1) };
};

/** What a consumer holds of a queue: received, not yet acknowledged, by group. */
export interface InHand {
  held: ReadonlyMap<string, number>;
  /** no group may hold more than this many at once (ungrouped messages are not held to it) */
  perGroup: number;
}

/**
 * This process's loops by queue table and queue, told of each send so they take it at once rather than at their next
 * poll: every queue object on the same tables (two Heralds on one set, a restart) wakes the same loops.
 */
const wakers = new Map<string, Set<() => void>>();

/** The local stand-in for SQS, durable in the local DynamoDB, fair between groups as SQS fair queues are. */
export class LocalQueue implements QueuePort {
  private turn = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly maxReceives = 5,
  ) {}

  async send(queue: string, body: unknown, opts?: SendOptions): Promise<string> {
    const group = opts?.group ?? '';
    const item = this.sendItem(queue, body, group);
    const items: TransactItem[] = [item];
    // the lane is listed with the message, in one transaction: a receive never misses a lane that has one
    if (group)
      items.push({
        Update: {
          TableName: this.store.table('queueMessage'),
          Key: lanesKey(queue),
          UpdateExpression: 'ADD #g :g',
          ExpressionAttributeNames: { '#g': 'groups' },
          ExpressionAttributeValues: { ':g': new Set([group]) },
        },
      });
    await this.store.transact(items);
    this.sent(queue);
    const id = (item.Put!.Item as QueueMessage).id;
    return group ? `${group}/${id}` : id;
  }

  onSend(queue: string, wake: () => void): () => void {
    const key = this.wakerKey(queue);
    const set = wakers.get(key) ?? new Set();
    wakers.set(key, set);
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0) wakers.delete(key);
    };
  }

  sent(queue: string): void {
    for (const wake of wakers.get(this.wakerKey(queue)) ?? []) wake();
  }

  private wakerKey(queue: string): string {
    return `${this.store.table('queueMessage')}\n${queue}`;
  }

  sendItem(queue: string, body: unknown, group = ''): TransactItem {
    const now = this.clock.now();
    // ids sort by send time, so receives take the oldest first
    const id = `${String(now).padStart(15, '0')}-${randomUUID()}`;
    const message: QueueMessage = { queue: laneOf(queue, group), id, body, sentAt: now, visibleAt: now, receiveCount: 0 };
    return { Put: { TableName: this.store.table('queueMessage'), Item: message } };
  }

  private async lanes(queue: string): Promise<string[]> {
    const out = await this.store.rt.aws.doc.send(new GetCommand({ TableName: this.store.table('queueMessage'), Key: lanesKey(queue) }));
    const groups = (out.Item?.groups as Set<string> | undefined) ?? new Set<string>();
    return ['', ...[...groups].sort()];
  }

  /** Takes up to `max` visible messages, hiding each for `visibilitySeconds` under a new receipt. */
  async receive(queue: string, max: number, visibilitySeconds: number, hand?: InHand): Promise<Received[]> {
    const now = this.clock.now();
    const lanes = await this.lanes(queue);
    const start = this.turn++ % lanes.length;
    const holds = new Map(lanes.map((group) => [group, hand?.held.get(group) ?? 0]));
    // a stable sort: lanes held alike stay in turn
    const order = [...lanes.slice(start), ...lanes.slice(0, start)].sort((a, b) => holds.get(a)! - holds.get(b)!);
    const roomIn = (group: string) => (hand && group ? hand.perGroup - holds.get(group)! : Infinity);
    const share = Math.max(1, Math.ceil(max / order.length));
    const taken: Received[] = [];
    const more: string[] = [];
    const take = async (group: string, want: number) => {
      const got = await this.receiveFrom(queue, group, want, visibilitySeconds, now);
      taken.push(...got);
      holds.set(group, holds.get(group)! + got.length);
      return got.length;
    };
    for (const group of order) {
      if (taken.length >= max) break;
      const want = Math.min(share, max - taken.length, roomIn(group));
      // a lane that filled its share may have more for the room others left
      if (want > 0 && (await take(group, want)) === want) more.push(group);
    }
    for (const group of more) {
      const want = Math.min(max - taken.length, roomIn(group));
      if (want > 0) await take(group, want);
    }
    return taken;
  }

  private async receiveFrom(queue: string, group: string, max: number, visibilitySeconds: number, now: number): Promise<Received[]> {
    const lane = laneOf(queue, group);
    const visible = await this.visibleMessages(lane, now, max * 2);
    if (visible.length === 0 && group) await this.dropLaneIfEmpty(queue, group);
    const taken: Received[] = [];
    const waiting: QueueMessage[] = [];
    for (const m of visible) {
      if (m.receiveCount < this.maxReceives) waiting.push(m);
      else await this.deadLetter(m, queue);
    }
    const claim = async (m: QueueMessage): Promise<Received | undefined> => {
      const receipt = randomUUID();
      try {
        // Claimed only if nobody else claimed it since it was read.
        await this.store.update(
          'queueMessage',
          { queue: lane, id: m.id },
          { visibleAt: now + visibilitySeconds * 1000, receipt, receiveCount: m.receiveCount + 1 },
          { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'visibleAt' }, ExpressionAttributeValues: { ':v': m.visibleAt } },
        );
      } catch (e) {
        if (e instanceof AppError) return undefined;
        throw e;
      }
      return { id: group ? `${group}/${m.id}` : m.id, body: m.body, receipt, receiveCount: m.receiveCount + 1 };
    };
    // the oldest first, claimed together; those another receive took are made up from the next
    while (taken.length < max && waiting.length > 0) {
      const got = await Promise.all(waiting.splice(0, max - taken.length).map(claim));
      taken.push(...got.filter((r): r is Received => r !== undefined));
    }
    return taken;
  }

  /**
   * Unlists a lane with no message at all. A send lists its lane in the same transaction as its message, so one that
   * lands between the look and the unlisting is found by the second look, which lists the lane again.
   */
  private async dropLaneIfEmpty(queue: string, group: string): Promise<void> {
    if ((await this.countIn(laneOf(queue, group), 1)) > 0) return;
    const set = (action: 'ADD' | 'DELETE') =>
      this.store.rt.aws.doc.send(
        new UpdateCommand({
          TableName: this.store.table('queueMessage'),
          Key: lanesKey(queue),
          UpdateExpression: `${action} #g :g`,
          ExpressionAttributeNames: { '#g': 'groups' },
          ExpressionAttributeValues: { ':g': new Set([group]) },
        }),
      );
    await set('DELETE');
    if ((await this.countIn(laneOf(queue, group), 1)) > 0) await set('ADD');
  }

  async ack(queue: string, id: string, receipt: string): Promise<boolean> {
    const at = splitId(id);
    try {
      await this.store.deleteIf(
        'queueMessage',
        { queue: laneOf(queue, at.group), id: at.id },
        { ConditionExpression: '#r = :r', ExpressionAttributeNames: { '#r': 'receipt' }, ExpressionAttributeValues: { ':r': receipt } },
      );
      return true;
    } catch (e) {
      if (e instanceof AppError) return false;
      throw e;
    }
  }

  /** The oldest visible messages of a lane, a page at a time: a long queue is never read whole to take a few. */
  private visibleMessages(lane: string, now: number, wanted: number): Promise<QueueMessage[]> {
    return this.messagesOf(lane, '#v <= :now', now, wanted);
  }

  private async messagesOf(lane: string, filter: string, now: number, wanted = Infinity): Promise<QueueMessage[]> {
    const found: QueueMessage[] = [];
    const query = {
      FilterExpression: filter,
      ExpressionAttributeNames: { '#q': 'queue', '#v': 'visibleAt' },
      ExpressionAttributeValues: { ':q': lane, ':now': now },
      Limit: 100,
    };
    await this.eachPage(query, (out) => {
      found.push(...((out.Items ?? []) as QueueMessage[]));
      return found.length >= wanted;
    });
    return found;
  }

  private async eachPage(
    query: Omit<QueryCommandInput, 'TableName' | 'KeyConditionExpression' | 'ExclusiveStartKey'>,
    enough: (page: QueryCommandOutput) => boolean,
  ): Promise<void> {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.store.rt.aws.doc.send(
        new QueryCommand({ TableName: this.store.table('queueMessage'), KeyConditionExpression: '#q = :q', ...query, ExclusiveStartKey: start }),
      );
      start = out.LastEvaluatedKey;
      if (enough(out)) return;
    } while (start);
  }

  /**
   * Makes every message of `queue` still in flight visible now. At the local server's start the process that received
   * them is gone (one server runs on a data folder), so they need not wait out their visibility timeout: a send batch
   * delivered again is safe (each recipient's ledger record decides who sends), and the dead worker's unsent
   * recipients go out at once.
   */
  async redeliverInFlight(queue: string): Promise<number> {
    const now = this.clock.now();
    let count = 0;
    for (const group of await this.lanes(queue)) {
      for (const m of await this.messagesOf(laneOf(queue, group), '#v > :now', now)) {
        try {
          await this.store.update(
            'queueMessage',
            { queue: m.queue, id: m.id },
            { visibleAt: now },
            { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'visibleAt' }, ExpressionAttributeValues: { ':v': m.visibleAt } },
          );
          count += 1;
        } catch (e) {
          if (!(e instanceof AppError)) throw e; // taken or acknowledged meanwhile
        }
      }
    }
    return count;
  }

  private async countIn(lane: string, limit = Infinity): Promise<number> {
    let count = 0;
    await this.eachPage({ ExpressionAttributeNames: { '#q': 'queue' }, ExpressionAttributeValues: { ':q': lane }, Select: 'COUNT' }, (out) => {
      count += out.Count ?? 0;
      return count >= limit;
    });
    return count;
  }

  async depth(queue: string): Promise<number> {
    let count = 0;
    for (const group of await this.lanes(queue)) count += await this.countIn(laneOf(queue, group));
    return count;
  }

  private async deadLetter(m: QueueMessage, queue: string): Promise<void> {
    await this.store.transact([
      this.store.putNew('queueMessage', { ...m, queue: `${queue}-dlq`, visibleAt: this.clock.now(), receiveCount: 0, receipt: undefined }),
      this.store.deleteItem('queueMessage', { queue: m.queue, id: m.id }),
    ]);
  }
}
