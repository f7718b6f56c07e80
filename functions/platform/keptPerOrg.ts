/**
 * An answer per organization kept for `ttlMs` (settings a sender reads for every message: one read per
 * organization in that time, not one per message). A failed read is not kept: the next call reads again.
 */
export function keptPerOrg<T>(read: (orgId: number) => Promise<T>, ttlMs: number, now: () => number = Date.now): (orgId: number) => Promise<T> {
  const kept = new Map<number, { at: number; value: Promise<T> }>();
  return (orgId) => {
    const hit = kept.get(orgId);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = read(orgId);
    kept.set(orgId, { at: now(), value });
    value.catch(() => kept.delete(orgId));
    return value;
  };
}
