/**
 * The live size of a rule. Sizes come from the organization's audience snapshot (docs/audience.md). The full read
 * kept here (the ACCOUNT_SHARDS shards in parallel, each page by page, only the attributes the rule tests, capped
 * in time and size with `complete: false` past either cap) answers a channel's reach, which needs each matched
 * account's addresses, consents and opt-outs.
 */
import { type AccountField, compileSegment, isGroup, POSTAL_PARTS, type RuleGroup, type SegmentAudience } from '../../../shared/segment';
import type { SegmentCount } from '../../../shared/services';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../../domain/accounts';
import { ACCOUNT_SHARDS } from '../../../shared/entities';
import type { Channel, SendFailureReason } from '../../../shared/delivery';
import { adapterOf } from '../../channels';
import { countFromSnapshot } from '../../domain/audience/snapshot';
import { rebuildSnapshot } from '../../domain/audience/rebuild';

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
/**
 * A count read from the accounts (a channel's reach, at a send to review) pages by 1,000: with 1 MB pages a shard of
 * a large organization is one page whose reach checks outlast the budget, and the request its 30 s.
 */
export const READ_LIMITS: CountLimits = { ...COUNT_LIMITS, page: 1_000 };

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
 * A segment's live size: from the organization's audience snapshot (functions/domain/audience), exact and read
 * in a few objects; with no snapshot yet, one is built by reading every account (within COUNT_LIMITS; past them
 * the count answers from what was read, as a lower bound). A channel's reach reads the accounts themselves.
 */
export async function segmentSize(tenant: TenantStore, audience: SegmentAudience, now: number, channel?: Channel): Promise<SegmentCount> {
  if (channel) return countMatching(tenant, audience, now, READ_LIMITS, channel);
  const counted = await countFromSnapshot(tenant, audience, now);
  if (counted) return counted;
  const rebuilt = await rebuildSnapshot(tenant, COUNT_LIMITS);
  if (rebuilt.complete) return (await countFromSnapshot(tenant, audience, now))!;
  const matches = compileSegment(audience, now);
  return { count: rebuilt.accounts.filter((a) => matches(a)).length, total: rebuilt.accounts.length, complete: false };
}

/**
 * The live size read from every account (a channel's reach, and the tests' reference). With `channel`, the matched accounts are also asked of the channel's adapter (address, consent, opt-out list:
 * one batch read per page) so the answer says how many can receive and why the others cannot.
 */
export async function countMatching(tenant: TenantStore, audience: SegmentAudience, now: number, limits: CountLimits = READ_LIMITS, channel?: Channel): Promise<SegmentCount> {
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
