/**
 * `TenantStore.internals` hands out the untenanted store and the organization: only the store's own domain
 * modules may ask for it (each listed with why), never a handler, which gets the tenant store alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ALLOWED = new Map([
  ['functions/store/store.ts', 'defines it'],
  ['functions/store/unique.ts', 'unique-value guards of the tenant store organization'],
  ['functions/domain/accounts.ts', 'the sharded account repository builds its keys from the tenant store organization'],
  ['functions/delivery/index.ts', "the pipeline's door binds the ledger and plan state changes to the tenant store organization"],
  ['functions/services/userRole/roles.ts', 'the role directory and code guards, global tables keyed by the tenant store organization'],
  ['functions/domain/insights.ts', 'behaviour counters: an ADD to a counter item keyed by the tenant store organization, in the transaction of its once-only marker'],
  ['functions/domain/messageCounts.ts', "a message's once-only counts: an ADD keyed by the tenant store organization, in its marker's transaction"],
  ['functions/services/segment/count.ts', 'hands the channel adapters (pipeline modules) the tenant store organization'],
  ['functions/delivery/hooks.ts', "a trigger webhook token's hash, kept in the trigger state table under a key built from the tenant store organization"],
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

it('is asked for only by the listed store-domain modules', () => {
  const users = sources('functions').filter((f) => readFileSync(f, 'utf8').includes('TenantStore.internals('));
  expect(users.filter((f) => !ALLOWED.has(f))).toEqual([]);
});
