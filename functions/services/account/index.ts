/**
 * The account area's public module: the audience fan-out (functions/delivery), segment counts and data import
 * read and write accounts only through `Accounts`. Its operations reach the dispatch table through `handlers.ts`.
 */
import type { Store } from '../../store/store';
import { Accounts, type ShardPage } from './accounts';

export { Accounts, compareIds, type ShardPage } from './accounts';

/**
 * One page of one account shard of an organization, after the id `after` (the previous page's `next`): the
 * audience fan-out reads the ACCOUNT_SHARDS shards in parallel, each page by page.
 */
export function readShardPage(store: Store, orgId: number, shard: number, after: string | undefined, limit: number): Promise<ShardPage> {
  return new Accounts(store.forOrg(orgId)).readShardPage(shard, { after, limit });
}
