// A send rate shared by every worker: each second of each channel is a counter in DynamoDB; a worker takes slots with
// a conditional add that never lets the count pass the rate, and waits for the next second when none are left. An
// organization may take at most its share of a second (HERALD_ORG_RATE_SHARE): its own counter moves in the same
// transaction, so one organization's large run always leaves room for the others'.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Channel } from '../../shared/delivery';
import type { Clock } from '../platform/runtime';
import type { Store } from '../store/store';

export interface SendSlots {
  /** the second (epoch s) the slots belong to: sends must start within it */
  second: number;
  count: number;
}

export class RateLimiter {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ratePerSecond: (channel: Channel) => number | Promise<number>,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    private readonly orgShare = 1,
  ) {}

  async take(channel: Channel, wanted: number, orgId?: number): Promise<SendSlots> {
    // nothing wanted is nothing to wait for (asking for 0 would wait forever)
    if (wanted < 1) return { second: Math.floor(this.clock.now() / 1000), count: 0 };
    const rate = await this.ratePerSecond(channel);
    const own = orgId !== undefined && this.orgShare < 1 ? { orgId, cap: Math.max(1, Math.floor(rate * this.orgShare)) } : undefined;
    for (;;) {
      const now = this.clock.now();
      const second = Math.floor(now / 1000);
      let ask = Math.min(wanted, rate, own?.cap ?? rate);
      while (ask >= 1) {
        if (await this.tryTake(channel, second, ask, rate, own)) return { second, count: ask };
        ask = Math.floor(ask / 2);
      }
      await this.sleep((second + 1) * 1000 - now + 1);
    }
  }

  async giveBack(channel: Channel, slots: SendSlots, orgId?: number): Promise<void> {
    if (slots.count < 1 || Math.floor(this.clock.now() / 1000) !== slots.second) return;
    const back = (window: string) => ({
      TableName: this.store.table('rateWindow'),
      Key: { window },
      UpdateExpression: 'ADD #c :n',
      // only a window the slots were taken from: an expired one is not made again without its expiry
      ConditionExpression: 'attribute_exists(#c)',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':n': -slots.count },
    });
    const all = back(`${channel}#${slots.second}`);
    try {
      if (orgId === undefined || this.orgShare >= 1) await this.store.rt.aws.doc.send(new UpdateCommand(all));
      else await this.store.rt.aws.doc.send(new TransactWriteCommand({ TransactItems: [{ Update: all }, { Update: back(`${channel}#org${orgId}#${slots.second}`) }] }));
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException || e instanceof TransactionCanceledException) return;
      throw e;
    }
  }

  private windowAdd(window: string, second: number, n: number, max: number) {
    return {
      TableName: this.store.table('rateWindow'),
      Key: { window },
      UpdateExpression: 'ADD #c :n SET #e = :e',
      ConditionExpression: 'attribute_not_exists(#c) OR #c <= :max',
      ExpressionAttributeNames: { '#c': 'count', '#e': 'expiresAt' },
      ExpressionAttributeValues: { ':n': n, ':max': max - n, ':e': second + 120 },
    };
  }

  private async tryTake(channel: Channel, second: number, n: number, rate: number, own?: { orgId: number; cap: number }): Promise<boolean> {
    const all = this.windowAdd(`${channel}#${second}`, second, n, rate);
    try {
      if (!own) await this.store.rt.aws.doc.send(new UpdateCommand(all));
      else
        await this.store.rt.aws.doc.send(
          new TransactWriteCommand({ TransactItems: [{ Update: all }, { Update: this.windowAdd(`${channel}#org${own.orgId}#${second}`, second, n, own.cap) }] }),
        );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException || e instanceof TransactionCanceledException) return false;
      throw e;
    }
  }
}
