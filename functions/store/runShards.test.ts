import { describe, expect, it } from 'vitest';
import { DELIVERY_SHARDS } from '../../shared/entities';
import { eachRunShard, firstRunShard } from './runShards';

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('run shard reads', () => {
  it('answers every shard in shard order, however the reads finish, with at most the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const got = await eachRunShard(
      DELIVERY_SHARDS,
      async (shard) => {
        most = Math.max(most, ++inFlight);
        // later shards finish first
        const value = await later(`s${shard}`, (DELIVERY_SHARDS - shard) % 5);
        inFlight--;
        return value;
      },
      8,
    );
    expect(got).toEqual(Array.from({ length: DELIVERY_SHARDS }, (_, s) => `s${s}`));
    expect(most).toBe(8);
  });

  it('finds the lowest shard with an answer, reading no wave past it', async () => {
    const read: number[] = [];
    const found = await firstRunShard(
      DELIVERY_SHARDS,
      async (shard) => {
        read.push(shard);
        return later(shard === 11 || shard === 13 || shard === 20 ? `s${shard}` : undefined, shard === 13 ? 0 : 3);
      },
      8,
    );
    expect(found).toBe('s11');
    expect(Math.max(...read)).toBe(15);
    expect(await firstRunShard(DELIVERY_SHARDS, async () => undefined)).toBeUndefined();
    expect(await eachRunShard(4, async (shard) => shard)).toEqual([0, 1, 2, 3]);
  });
});
