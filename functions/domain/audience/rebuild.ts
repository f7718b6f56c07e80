/** A snapshot rebuilt from the account table. */
import { ACCOUNT_SHARDS } from '../../../shared/entities';
import type { AccountInput } from '../../../shared/segment';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../accounts';
import { projectAccount, SNAPSHOT_PATHS } from './columns';
import { writeBase, writeOnce } from './snapshot';

export interface ReadLimits {
  ms: number;
  accounts: number;
  page?: number;
}

/** Counts that find no snapshot at once (the wizard asks a size and a reach together) share one rebuild. */
export function rebuildSnapshot(tenant: TenantStore, limits: ReadLimits): Promise<{ accounts: AccountInput[]; complete: boolean }> {
  return writeOnce(tenant.rt.ports.storage, tenant.orgId, 'rebuild', () => readAndWrite(tenant, limits));
}

async function readAndWrite(tenant: TenantStore, limits: ReadLimits): Promise<{ accounts: AccountInput[]; complete: boolean }> {
  // the base holds the accounts as of the read's start: a write during the read has its delta after this time
  const asOf = Date.now();
  const deadline = performance.now() + limits.ms;
  const accounts = new Accounts(tenant);
  const read: AccountInput[] = [];
  let complete = true;
  await Promise.all(
    Array.from({ length: ACCOUNT_SHARDS }, async (_, shard) => {
      let after: string | undefined;
      do {
        if (performance.now() > deadline || read.length >= limits.accounts) {
          complete = false;
          return;
        }
        const page = await accounts.readShardPage(shard, { after, attributes: SNAPSHOT_PATHS, limit: limits.page });
        for (const a of page.accounts) read.push(projectAccount(a));
        after = page.next;
      } while (after !== undefined);
    }),
  );
  if (complete) await writeBase(tenant.rt.ports.storage, tenant.orgId, read, asOf);
  return { accounts: read, complete };
}
