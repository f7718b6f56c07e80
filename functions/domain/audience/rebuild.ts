/** A snapshot rebuilt from the account table. */
import { ACCOUNT_SHARDS } from '../../../shared/entities';
import type { AccountInput } from '../../../shared/segment';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../accounts';
import { projectAccount, SNAPSHOT_PATHS } from './columns';
import { foldChanges, snapshotJobDone, writeBase, writeOnce } from './snapshot';

export interface ReadLimits {
  ms: number;
  accounts: number;
  page?: number;
}

/** No budget: the job reads every account. */
export const WHOLE: ReadLimits = { ms: Number.POSITIVE_INFINITY, accounts: Number.POSITIVE_INFINITY, page: 1_000 };

/**
 * Counts that find no snapshot at once (the wizard asks a size and a reach together) share one rebuild within their
 * budget; the job's whole read is shared apart, so no count waits for it.
 */
export function rebuildSnapshot(tenant: TenantStore, limits: ReadLimits): Promise<{ accounts: AccountInput[]; complete: boolean }> {
  const kind = limits === WHOLE ? 'rebuild-whole' : `rebuild-${limits.ms}`;
  return writeOnce(tenant.rt.ports.storage, tenant.orgId, kind, () => readAndWrite(tenant, limits));
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

/** The snapshot job (askSnapshotJob): the change log folded into the base, or, with no base yet, the base built whole. */
export async function snapshotJob(tenant: TenantStore): Promise<void> {
  const storage = tenant.rt.ports.storage;
  try {
    if (!(await foldChanges(storage, tenant.orgId))) {
      const { complete } = await rebuildSnapshot(tenant, WHOLE);
      if (!complete) throw new Error('the audience snapshot could not read every account');
    }
  } finally {
    await snapshotJobDone(storage, tenant.orgId);
  }
}
