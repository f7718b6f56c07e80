/**
 * The live size of a rule: every account of the organization is read (the ACCOUNT_SHARDS shards in parallel,
 * each page by page, only the attributes the rule tests) and tested with the one evaluator. Reading all accounts
 * costs one full read of the organization per count: fine for tens or hundreds of thousands of accounts, so it is
 * capped in time and size, and answers `complete: false` with a lower bound past either cap. Beyond that, sizes
 * belong in a job that counts in the background and keeps the result.
 */
import { type AccountField, compileSegment, isGroup, type RuleGroup, type SegmentAudience } from '../../../shared/segment';
import type { SegmentCount } from '../../../shared/services';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../account';
import { ACCOUNT_SHARDS } from '../../../shared/entities';

/** Past `ms` or `accounts` no further page is read; `page` caps a page (DynamoDB's 1 MB pages without it). */
export interface CountLimits {
  ms: number;
  accounts: number;
  page?: number;
}
export const COUNT_LIMITS: CountLimits = { ms: 10_000, accounts: 1_000_000 };

/** The stored attribute paths a rule reads. */
function pathsOf(group: RuleGroup, into = new Set<string>()): Set<string> {
  for (const node of group.conditions) {
    if (isGroup(node)) pathsOf(node, into);
    else into.add(node.field === ('email' satisfies AccountField) ? 'emails' : node.field === ('phone' satisfies AccountField) ? 'phones' : node.field);
  }
  return into;
}

export async function countMatching(tenant: TenantStore, audience: SegmentAudience, now: number, limits: CountLimits = COUNT_LIMITS): Promise<SegmentCount> {
  const matches = compileSegment(audience, now);
  const attributes = [...pathsOf(audience.rule)];
  const accounts = new Accounts(tenant);
  // a wall-clock budget for this request, whatever clock the runtime's business logic uses
  const deadline = performance.now() + limits.ms;
  let count = 0;
  let total = 0;
  let complete = true;
  await Promise.all(
    Array.from({ length: ACCOUNT_SHARDS }, async (_, shard) => {
      let after: string | undefined;
      do {
        if (performance.now() > deadline || total >= limits.accounts) {
          complete = false;
          return;
        }
        const page = await accounts.readShardPage(shard, { after, attributes, limit: limits.page });
        total += page.accounts.length;
        for (const account of page.accounts) if (matches(account)) count++;
        after = page.next;
      } while (after !== undefined);
    }),
  );
  return { count, total, complete };
}
