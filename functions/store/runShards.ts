/** Reads over a run's sent-record partitions (its PlanRun.shards, DELIVERY_SHARDS when it names none), SHARD_READS_IN_FLIGHT at a time. */

/** Shards read at once: enough to hide the round trips, few enough to leave a partition's read units to sends. */
export const SHARD_READS_IN_FLIGHT = 8;

export async function eachRunShard<T>(shards: number, read: (shard: number) => Promise<T>, limit = SHARD_READS_IN_FLIGHT): Promise<T[]> {
  const out = new Array<T>(shards);
  let next = 0;
  const lane = async () => {
    while (next < shards) {
      const shard = next++;
      out[shard] = await read(shard);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, shards) }, lane));
  return out;
}

/** The answer of the lowest shard that has one, as a walk in order finds it. */
export async function firstRunShard<T>(shards: number, read: (shard: number) => Promise<T | undefined>, limit = SHARD_READS_IN_FLIGHT): Promise<T | undefined> {
  for (let from = 0; from < shards; from += limit) {
    const wave = await Promise.all(Array.from({ length: Math.min(limit, shards - from) }, (_, i) => read(from + i)));
    const found = wave.find((x) => x !== undefined);
    if (found !== undefined) return found;
  }
  return undefined;
}
