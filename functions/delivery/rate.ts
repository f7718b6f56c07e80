/**
 * A send rate shared by every worker: each second of each channel is a counter in DynamoDB; a worker takes
 * slots with a conditional add that never lets the count pass the rate, and waits for the next second when
 * none are left. Workers take several slots at a time, so the counter costs one write per batch, not per send.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
  ) {}

  /** Takes between 1 and `wanted` slots of the current second, waiting for a later second while none are left. */
  async take(channel: Channel, wanted: number): Promise<SendSlots> {
    const rate = await this.ratePerSecond(channel);
    for (;;) {
      const now = this.clock.now();
      const second = Math.floor(now / 1000);
      let ask = Math.min(wanted, rate);
      while (ask >= 1) {
        if (await this.tryTake(channel, second, ask, rate)) return { second, count: ask };
        ask = Math.floor(ask / 2);
      }
      await this.sleep((second + 1) * 1000 - now + 1);
    }
  }

  private async tryTake(channel: Channel, second: number, n: number, rate: number): Promise<boolean> {
    try {
      await this.store.rt.aws.doc.send(
        new UpdateCommand({
          TableName: this.store.table('rateWindow'),
          Key: { window: `${channel}#${second}` },
          UpdateExpression: 'ADD #c :n SET #e = :e',
          ConditionExpression: 'attribute_not_exists(#c) OR #c <= :max',
          ExpressionAttributeNames: { '#c': 'count', '#e': 'expiresAt' },
          ExpressionAttributeValues: { ':n': n, ':max': rate - n, ':e': second + 120 },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }
}
