import { describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { forgetOrganizationZone, ORG_ZONE_TTL_MS, organizationZoneOf } from './organizationSetting';

/** A store whose setting reads are counted: each organization's stored zone, by id. */
function countingStore(prefix: string, zones: Record<number, string>) {
  const reads: number[] = [];
  const store = {
    table: (entity: string) => `${prefix}-${entity}`,
    forOrg: (orgId: number) => ({
      get: async () => {
        reads.push(orgId);
        return zones[orgId] === undefined ? undefined : { orgId, id: 'system', defaultTimeZone: zones[orgId] };
      },
    }),
  } as unknown as Store;
  return { store, reads };
}

describe("organizationZoneOf: the zone of the organization's days, read once a minute", () => {
  it('reads each organization once per minute however many events are counted, and again after a minute', async () => {
    const zones = { 1: 'Asia/Shanghai', 2: '' };
    const { store, reads } = countingStore('once', zones);
    const t0 = Date.UTC(2026, 10, 23, 23, 30);
    for (let i = 0; i < 50; i++) {
      expect(await organizationZoneOf(store, 1, t0 + i * 100)).toBe('Asia/Shanghai');
      expect(await organizationZoneOf(store, 2, t0 + i * 100)).toBe('UTC');
    }
    expect(reads).toEqual([1, 2]);
    zones[1] = 'America/New_York';
    expect(await organizationZoneOf(store, 1, t0 + ORG_ZONE_TTL_MS - 1)).toBe('Asia/Shanghai');
    expect(await organizationZoneOf(store, 1, t0 + ORG_ZONE_TTL_MS)).toBe('America/New_York');
    expect(reads).toEqual([1, 2, 1]);
  });

  it('is UTC for an organization without a setting or with a zone the runtime does not know, and reads a saved one at once', async () => {
    const zones: Record<number, string> = { 3: 'Mars/Olympus' };
    const { store, reads } = countingStore('forget', zones);
    const now = Date.UTC(2026, 2, 8, 7);
    expect(await organizationZoneOf(store, 3, now)).toBe('UTC');
    expect(await organizationZoneOf(store, 4, now)).toBe('UTC');
    zones[3] = 'America/New_York';
    forgetOrganizationZone(store, 3);
    expect(await organizationZoneOf(store, 3, now)).toBe('America/New_York');
    expect(reads).toEqual([3, 4, 3]);
  });
});
