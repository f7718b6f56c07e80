/** The live size of a rule, and a channel's reach within it. */
import { type AccountField, compileSegment, isGroup, POSTAL_PARTS, type RuleGroup, type SegmentAudience, type AccountInput } from '../../../shared/segment';
import type { SegmentCount } from '../../../shared/services';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../../domain/accounts';
import { type Account, ACCOUNT_SHARDS } from '../../../shared/entities';
import { APP_CHANNEL, type Channel, type SendFailureReason } from '../../../shared/delivery';
import { adapterOf, optOutCheck, type Reach, type RecipientView } from '../../channels';
import { membersFromSnapshot, type SnapshotMembers } from '../../domain/audience/snapshot';
import { rebuildSnapshot } from '../../domain/audience/rebuild';

const REACH_FIELDS: Record<Channel, string[]> = {
  EMAIL: ['emails', 'emailConsent'],
  SMS: ['phones', 'smsConsent'],
  PUSH_NATIVE: ['pushConsent'],
  LINE: ['lineUserId', 'lineConsent'],
  // a printed address falls back on the names, and its completeness on the account's country
  DIRECT_MAIL: ['address', 'firstName', 'lastName', 'country'],
};
const columnOf = (path: string) => (path === 'emails' ? 'email' : path === 'phones' ? 'phone' : path);
/** Members asked of a channel's adapter at once, from the snapshot. */
const REACH_BATCH = 10_000;

/** Past `ms` or `accounts` no further page is read; `page` caps a page (DynamoDB's 1 MB pages without it). */
export interface CountLimits {
  ms: number;
  accounts: number;
  page?: number;
}
export const COUNT_LIMITS: CountLimits = { ms: 10_000, accounts: 1_000_000 };
/** A count read from the accounts (push's reach) pages by 1,000. */
export const READ_LIMITS: CountLimits = { ...COUNT_LIMITS, page: 1_000 };

function pathsOf(group: RuleGroup, into = new Set<string>()): Set<string> {
  for (const node of group.conditions) {
    if (isGroup(node)) pathsOf(node, into);
    else if (node.field in POSTAL_PARTS) into.add('address');
    else into.add(node.field === ('email' satisfies AccountField) ? 'emails' : node.field === ('phone' satisfies AccountField) ? 'phones' : node.field);
  }
  return into;
}

class ReachTally {
  reachable = 0;
  readonly unreachable: Partial<Record<SendFailureReason, number>> = {};

  private miss(reason: SendFailureReason) {
    this.unreachable[reason] = (this.unreachable[reason] ?? 0) + 1;
  }

  recipients(accounts: readonly AccountInput[], reaches: readonly Reach[]): RecipientView[] {
    const out: RecipientView[] = [];
    for (const [i, reach] of reaches.entries()) {
      if ('reason' in reach) this.miss(reach.reason);
      else if (reach.skip) this.miss(reach.skip.reason);
      else {
        // an account reached at several addresses (push devices) can receive when one of them may
        const t = [reach, ...(reach.more ?? [])].find((x) => x.consent) ?? reach;
        out.push({ accountId: accounts[i]!.id as string, address: t.address, consent: t.consent });
      }
    }
    return out;
  }

  settle(recipients: readonly RecipientView[], suppressed: (r: RecipientView) => SendFailureReason | undefined) {
    for (const r of recipients) {
      const reason = suppressed(r);
      if (reason) this.miss(reason);
      else this.reachable++;
    }
  }

  result(channel: Channel): NonNullable<SegmentCount['reach']> {
    return { channel, reachable: this.reachable, unreachable: this.unreachable };
  }
}

/** A channel's reach over members read back from the snapshot: the adapter's own reach, the opt-out list read once. */
async function reachOfMembers(tenant: TenantStore, channel: Channel, batches: AsyncIterable<readonly AccountInput[]>): Promise<SegmentCount['reach']> {
  const adapter = adapterOf(channel);
  const check = await optOutCheck(channel, tenant);
  const tally = new ReachTally();
  for await (const accounts of batches) {
    const recipients = tally.recipients(accounts, await adapter.reach(accounts as Account[], tenant));
    tally.settle(recipients, (r) => check(r.address, r.consent));
  }
  return tally.result(channel);
}

async function* inBatches<T>(items: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export async function segmentSize(tenant: TenantStore, audience: SegmentAudience, now: number, channel?: Channel): Promise<SegmentCount> {
  if (channel === APP_CHANNEL) return countMatching(tenant, audience, now, READ_LIMITS, channel);
  let members: SnapshotMembers | undefined = await membersFromSnapshot(tenant, audience, now, { needsPostal: channel !== undefined });
  if (!members) {
    const rebuilt = await rebuildSnapshot(tenant, COUNT_LIMITS);
    if (rebuilt.complete) members = await membersFromSnapshot(tenant, audience, now);
    else {
      const matches = compileSegment(audience, now);
      const matched = rebuilt.accounts.filter((a) => matches(a));
      members = { size: { count: matched.length, total: rebuilt.accounts.length, complete: false }, batches: () => inBatches(matched, REACH_BATCH) };
    }
  }
  if (!members) throw new Error('the audience snapshot just written could not be read');
  if (!channel) return members.size;
  const columns = REACH_FIELDS[channel].map(columnOf);
  return { ...members.size, reach: await reachOfMembers(tenant, channel, members.batches(columns, REACH_BATCH)) };
}

/** The live size read from every account (push's reach, and the tests' reference). */
export async function countMatching(tenant: TenantStore, audience: SegmentAudience, now: number, limits: CountLimits = READ_LIMITS, channel?: Channel): Promise<SegmentCount> {
  const matches = compileSegment(audience, now);
  const attributes = [...new Set([...pathsOf(audience.rule), ...(channel ? REACH_FIELDS[channel] : [])])];
  const adapter = channel ? adapterOf(channel) : undefined;
  const tally = new ReachTally();
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
          const recipients = tally.recipients(matched, await adapter.reach(matched, tenant));
          const suppressed = recipients.length ? await adapter.suppressed(recipients, tenant) : new Map<string, SendFailureReason>();
          tally.settle(recipients, (r) => suppressed.get(r.accountId));
        }
        after = page.next;
      } while (after !== undefined);
    }),
  );
  return { count, total, complete, ...(channel ? { reach: tally.result(channel) } : {}) };
}
