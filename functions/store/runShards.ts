/** Reads over a run's DELIVERY_SHARDS sent-record partitions, SHARD_READS_IN_FLIGHT at a time. */
import { DELIVERY_SHARDS } from '../../shared/entities';

/** Shards read at once: enough to hide the round trips, few enough to leave a partition's read units to sends. */
export const SHARD_READS_IN_FLIGHT = 8;

export async function eachRunShard<T>(read: (shard: number) => Promise<T>, limit = SHARD_READS_IN_FLIGHT): Promise<T[]> {
  const out = new Array<T>(DELIVERY_SHARDS);
  let next = 0;
  const lane = async () => {
    while (next < DELIVERY_SHARDS) {
      const shard = next++;
      out[shard] = await read(shard);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, DELIVERY_SHARDS) }, lane));
  return out;
}

/** The answer of the lowest shard that has one, as a walk in order finds it. */
export async function firstRunShard<T>(read: (shard: number) => Promise<T | undefined>, limit = SHARD_READS_IN_FLIGHT): Promise<T | undefined> {
  for (let from = 0; from < DELIVERY_SHARDS; from += limit) {
    const wave = await Promise.all(Array.from({ length: Math.min(limit, DELIVERY_SHARDS - from) }, (_, i) => read(from + i)));
    const found = wave.find((x) => x !== undefined);
    if (found !== undefined) return found;
  }
  return undefined;
}
