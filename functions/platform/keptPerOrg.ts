// An answer per organization kept for `ttlMs` (settings a sender reads for every message: one read per organization
// in that time, not one per message).
import type { TenantStore } from '../store/store';

export function keptPerOrg<T>(read: (orgId: number) => Promise<T>, ttlMs: number, now: () => number = Date.now): (orgId: number) => Promise<T> {
  return keptBy((orgId: number) => orgId, read, ttlMs, now);
}

/** The same, read through the organization's tenant store (a sender's route names the organization so). */
export function keptPerTenant<T>(read: (tenant: TenantStore) => Promise<T>, ttlMs: number, now: () => number = Date.now): (tenant: TenantStore) => Promise<T> {
  return keptBy((tenant: TenantStore) => tenant.orgId, read, ttlMs, now);
}

function keptBy<A, T>(orgOf: (a: A) => number, read: (a: A) => Promise<T>, ttlMs: number, now: () => number): (a: A) => Promise<T> {
  const kept = new Map<number, { at: number; value: Promise<T> }>();
  return (a) => {
    const orgId = orgOf(a);
    const hit = kept.get(orgId);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = read(a);
    kept.set(orgId, { at: now(), value });
    value.catch(() => kept.delete(orgId));
    return value;
  };
}
