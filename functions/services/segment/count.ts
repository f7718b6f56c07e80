/** The live size of a rule, and a channel's reach within it. */
import { type AccountField, compileSegment, isGroup, POSTAL_PARTS, type RuleGroup, type SegmentAudience, type AccountInput } from '../../../shared/segment';
import type { SegmentCount } from '../../../shared/services';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../../domain/accounts';
import { type Account, ACCOUNT_SHARDS, unsubscriptionTarget } from '../../../shared/entities';
import { APP_CHANNEL, type Channel, SEND_FAILURE_REASONS, type SendFailureReason } from '../../../shared/delivery';
import { adapterOf, consentReason, type OptOutCheck, optOutCheck, type Reach, type RecipientView } from '../../channels';
import { askSnapshotJob, type BaseRows, membersFromSnapshot, type SnapshotMembers, snapshotJobAsked } from '../../domain/audience/snapshot';
import { type ReadLimits, rebuildSnapshot } from '../../domain/audience/rebuild';

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

/** Past `ms` or `accounts` no further page is read; `page` caps a page (DynamoDB's 1 MB pages without it): the rebuild's read budget. */
export type CountLimits = ReadLimits;
/**
 * A count read from the accounts (push's reach, an organization without a snapshot) pages by 1,000, so its budget is
 * checked often: a megabyte page took DynamoDB Local seconds at a million accounts, and 16 of them ran a count past
 * the request's 30 s.
 */
export const READ_LIMITS: CountLimits = { ms: 10_000, accounts: 1_000_000, page: 1_000 };
/** While a job builds the snapshot, a count reads a sample this long (its answer said to be incomplete). */
const SAMPLE_MS = 1_000;

function pathsOf(group: RuleGroup, into = new Set<string>()): Set<string> {
  for (const node of group.conditions) {
    if (isGroup(node)) pathsOf(node, into);
    else if (node.field in POSTAL_PARTS) into.add('address');
    else into.add(node.field === ('email' satisfies AccountField) ? 'emails' : node.field === ('phone' satisfies AccountField) ? 'phones' : node.field);
  }
  return into;
}

/** Why a reach sends nothing, or the address and consent it sends with. */
function targetOf(reach: Reach): SendFailureReason | { address: string; consent: boolean } {
  if ('reason' in reach) return reach.reason;
  if (reach.skip) return reach.skip.reason;
  // an account reached at several addresses (push devices) can receive when one of them may
  return reach.consent || !reach.more ? reach : (reach.more.find((x) => x.consent) ?? reach);
}

class ReachTally {
  reachable = 0;
  readonly unreachable: Partial<Record<SendFailureReason, number>> = {};

  miss(reason: SendFailureReason) {
    this.unreachable[reason] = (this.unreachable[reason] ?? 0) + 1;
  }

  recipients(accounts: readonly AccountInput[], reaches: readonly Reach[]): RecipientView[] {
    const out: RecipientView[] = [];
    // an index loop: a count's reach goes through a million of these
    for (let i = 0; i < reaches.length; i++) {
      const t = targetOf(reaches[i]!);
      if (typeof t === 'string') this.miss(t);
      else out.push({ accountId: accounts[i]!.id as string, address: t.address, consent: t.consent });
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

/** Members' reach added to the tally: the channel's adapter, then consent and the opt-out list. */
async function settleMembers(tenant: TenantStore, channel: Channel, check: OptOutCheck, tally: ReachTally, batches: AsyncIterable<readonly AccountInput[]>): Promise<void> {
  const adapter = adapterOf(channel);
  for await (const accounts of batches) {
    const recipients = tally.recipients(accounts, await adapter.reach(accounts as Account[], tenant));
    tally.settle(recipients, (r) => check(r.address, r.consent));
  }
}

async function* inBatches<T>(items: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** FNV-1a of a string's UTF-16 units: a 32-bit key, equal for equal strings. */
export function targetKey(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

const REASONS = Object.keys(SEND_FAILURE_REASONS) as SendFailureReason[];
const NOT_WORKED_OUT = 0;
const SENDABLE = 1;
/** outcome MISSED + i: not reachable, for REASONS[i] */
const MISSED = 2;

/**
 * A channel's reach of each row of a snapshot base, worked out once per base: the reason a row is not reached, or
 * that it is sendable (consenting) at an address, kept as its opt-out target's key. The opt-out list changes without
 * the base, so each count checks the keys against it; a row whose key is a listed target's is worked out again and
 * checked in full, so a shared key costs time, never a wrong count.
 */
class RowReach {
  readonly outcome: Uint8Array;
  readonly key: Int32Array;

  constructor(rows: number) {
    this.outcome = new Uint8Array(rows);
    this.key = new Int32Array(rows);
  }

  set(r: number, reach: Reach) {
    const t = targetOf(reach);
    // what the list does not change (no address, no consent) is kept as the reason
    const reason = typeof t === 'string' ? t : consentReason(t.consent);
    if (reason || typeof t === 'string') this.outcome[r] = MISSED + REASONS.indexOf(reason!);
    else {
      this.outcome[r] = SENDABLE;
      this.key[r] = targetKey(unsubscriptionTarget(t.address));
    }
  }
}

/** A channel's reach over a snapshot base's rows (kept per row, see RowReach) and the accounts changed since. */
async function reachOfRows(tenant: TenantStore, channel: Channel, rows: BaseRows): Promise<SegmentCount['reach']> {
  const adapter = adapterOf(channel);
  const check = await optOutCheck(channel, tenant);
  const kept = rows.kept(`reach:${channel}`, () => new RowReach(rows.ids.length));
  const read = await rows.reader(REACH_FIELDS[channel].map(columnOf));
  // the rows this count matched that no count of this base has worked out yet
  let todo: number[] = [];
  const workOut = async () => {
    const reaches = await adapter.reach(todo.map(read) as Account[], tenant);
    for (let i = 0; i < todo.length; i++) kept.set(todo[i]!, reaches[i]!);
    todo = [];
  };
  const { matched } = rows;
  for (let r = 0; r < matched.length; r++) {
    if (matched[r] === 0 || kept.outcome[r] !== NOT_WORKED_OUT) continue;
    todo.push(r);
    if (todo.length === REACH_BATCH) await workOut();
  }
  if (todo.length) await workOut();

  const tally = new ReachTally();
  const listedKeys = new Set([...check.listed.keys()].map(targetKey));
  const again: AccountInput[] = [];
  for (let r = 0; r < matched.length; r++) {
    if (matched[r] === 0) continue;
    const outcome = kept.outcome[r]!;
    if (outcome !== SENDABLE) tally.miss(REASONS[outcome - MISSED]!);
    else if (listedKeys.has(kept.key[r]!)) again.push(read(r));
    else tally.reachable++;
  }
  // rows whose key a listed target shares, and the accounts changed since the base: asked in full
  await settleMembers(tenant, channel, check, tally, inBatches([...again, ...rows.changed], REACH_BATCH));
  return tally.result(channel);
}

export async function segmentSize(tenant: TenantStore, audience: SegmentAudience, now: number, channel?: Channel, limits = READ_LIMITS): Promise<SegmentCount> {
  if (channel === APP_CHANNEL) return countMatching(tenant, audience, now, READ_LIMITS, channel);
  let members: SnapshotMembers | undefined = await membersFromSnapshot(tenant, audience, now, { needsPostal: channel !== undefined });
  if (!members) {
    const building = await snapshotJobAsked(tenant);
    const rebuilt = await rebuildSnapshot(tenant, building ? { ...limits, ms: Math.min(limits.ms, SAMPLE_MS) } : limits);
    if (rebuilt.complete) members = await membersFromSnapshot(tenant, audience, now);
    else {
      // too many accounts to read in time: a job builds the base, and this count answers for those read, said to be incomplete
      if (!building) await askSnapshotJob(tenant);
      const matches = compileSegment(audience, now);
      const matched = rebuilt.accounts.filter((a) => matches(a));
      const size = { count: matched.length, total: rebuilt.accounts.length, complete: false };
      if (!channel) return size;
      const tally = new ReachTally();
      await settleMembers(tenant, channel, await optOutCheck(channel, tenant), tally, inBatches(matched, REACH_BATCH));
      return { ...size, reach: tally.result(channel) };
    }
  }
  if (!members) throw new Error('the audience snapshot just written could not be read');
  if (!channel) return members.size;
  return { ...members.size, reach: await reachOfRows(tenant, channel, members.rows) };
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
