/**
 * The live size of a rule: every account of the organization is read (the ACCOUNT_SHARDS shards in parallel,
 * each page by page, only the attributes the rule tests) and tested with the one evaluator. Reading all accounts
 * costs one full read of the organization per count: fine for tens or hundreds of thousands of accounts, so it is
 * capped in time and size, and answers `complete: false` with a lower bound past either cap. Beyond that, sizes
 * belong in a job that counts in the background and keeps the result.
 */
import { type AccountField, compileSegment, isGroup, POSTAL_PARTS, type RuleGroup, type SegmentAudience } from '../../../shared/segment';
import type { SegmentCount } from '../../../shared/services';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../../domain/accounts';
import { ACCOUNT_SHARDS } from '../../../shared/entities';
import type { Channel, SendFailureReason } from '../../../shared/delivery';
import { adapterOf } from '../../channels';

/** The stored fields a channel's reach reads (push reads the devices besides). */
const REACH_FIELDS: Record<Channel, string[]> = {
  EMAIL: ['emails', 'emailConsent'],
  SMS: ['phones', 'smsConsent'],
  PUSH_NATIVE: ['pushConsent'],
  LINE: ['lineUserId', 'lineConsent'],
  DIRECT_MAIL: ['address'],
};

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
    else if (node.field in POSTAL_PARTS) into.add('address');
    else into.add(node.field === ('email' satisfies AccountField) ? 'emails' : node.field === ('phone' satisfies AccountField) ? 'phones' : node.field);
  }
  return into;
}

/**
 * With `channel`, the matched accounts are also asked of the channel's adapter (address, consent, opt-out list:
 * one batch read per page) so the answer says how many can receive and why the others cannot.
 */
export async function countMatching(tenant: TenantStore, audience: SegmentAudience, now: number, limits: CountLimits = COUNT_LIMITS, channel?: Channel): Promise<SegmentCount> {
  const matches = compileSegment(audience, now);
  const attributes = [...new Set([...pathsOf(audience.rule), ...(channel ? REACH_FIELDS[channel] : [])])];
  const adapter = channel ? adapterOf(channel) : undefined;
  let reachable = 0;
  const unreachable: Partial<Record<SendFailureReason, number>> = {};
  const miss = (reason: SendFailureReason) => (unreachable[reason] = (unreachable[reason] ?? 0) + 1);
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
        const matched = page.accounts.filter((account) => matches(account));
        count += matched.length;
        if (adapter && matched.length > 0) {
          const reaches = await adapter.reach(matched, tenant);
          const recipients = [];
          for (const [i, reach] of reaches.entries()) {
            if ('reason' in reach) miss(reach.reason);
            else if (reach.skip) miss(reach.skip.reason);
            else {
              // an account reached at several addresses (push devices) can receive when one of them may
              const t = [reach, ...(reach.more ?? [])].find((x) => x.consent) ?? reach;
              recipients.push({ accountId: matched[i]!.id, address: t.address, consent: t.consent });
            }
          }
          const suppressed = recipients.length ? await adapter.suppressed(recipients, tenant) : new Map();
          for (const r of recipients) {
            const reason = suppressed.get(r.accountId);
            if (reason) miss(reason);
            else reachable++;
          }
        }
        after = page.next;
      } while (after !== undefined);
    }),
  );
  return { count, total, complete, ...(channel ? { reach: { channel, reachable, unreachable } } : {}) };
}
