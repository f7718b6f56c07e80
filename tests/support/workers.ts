/** Test files run in this many worker processes at once (two on the 2-core machine; see vitest.config.ts). */
export const TEST_WORKERS = 2;

/** The DynamoDB Local of this worker: its own, so the other worker's writes never queue ahead of its own. */
export function workerDynamo(endpoints: readonly string[]): string {
  const pool = Number(process.env.VITEST_POOL_ID ?? 1);
  return endpoints[(Math.max(pool, 1) - 1) % endpoints.length]!;
}
