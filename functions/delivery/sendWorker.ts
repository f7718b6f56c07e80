// The send worker: one batch of recipients of one run. A redelivered or duplicated batch finds its recipients claimed
// and sends nobody twice; provider throttling gives the claim back and retries later.
import { type Channel, recipientKeyOf } from '../../shared/delivery';
import { adapterOf, type ChannelSenders, type Outbound, type Rendered } from '../channels';
import type { Logger } from '../platform/logger';
import { METRIC } from '../platform/metricNames';
import type { Clock } from '../platform/runtime';
import type { Store } from '../store/store';
import type { LinkSigner, RecipientLinks } from '../channels/links';
import { type Completion, type Ledger, type LedgerKey, ledgerKeyOf } from './ledger';
import type { Recipient, SendBatch } from './messages';
import { QUIET_CHANNELS, quietUntil, type SendPolicy, sendingRulesApply, whiteListed, withinCap } from './policy';
import type { MessageType } from '../../shared/plan/plan';
import type { RateLimiter, SendSlots } from './rate';
import { say } from '../../shared/i18n/say';

const NOT_WHITE_LISTED = say('render.notWhiteListed');

/** A message ready to be personalised: loaded once per batch. */
export interface PreparedContent {
  stopped: boolean;
  from: string;
  messageType?: MessageType;
  render(recipient: Recipient, links: RecipientLinks): Rendered;
}

export interface ContentSource {
  load(orgId: number, planId: string, runId: string, channel: Channel): Promise<PreparedContent>;
}

export interface SendWorkerDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  ledger: Ledger;
  rate: RateLimiter;
  senders: ChannelSenders;
  content: ContentSource;
  links: LinkSigner;
  /** a claim of another attempt older than this was left by a dead worker: the queue's visibility timeout */
  staleClaimMs: number;
  throttleRetries: number;
  backoffMs: number;
  /** recipients of one batch in flight at once: a wave, claimed and completed together */
  concurrency: number;
  sleep?: (ms: number) => Promise<void>;
  policy?: (orgId: number) => Promise<SendPolicy>;
  /** sends `batch` again at `until` (quiet hours), counted as held once however often it is held */
  hold?: (batch: SendBatch, until: number) => Promise<void>;
  /** called after each recipient's outcome is in the ledger (progress; tests stop a worker here as a crash would) */
  onRecorded?: () => void;
}

export class ProviderThrottled extends Error {
  constructor() {
    super('the provider kept throttling; the batch is delivered again later');
  }
}

export function sendBatchHandler(deps: SendWorkerDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  function outbound(batch: SendBatch, content: PreparedContent, r: Recipient): { message: Outbound; links: string[] } {
    const links = deps.links.forRecipient({ o: batch.orgId, p: batch.planId, r: batch.runId, a: r.accountId, ...(r.target ? { t: r.target } : {}), c: batch.channel });
    return { message: messageOf(batch, content, r, links), links: links.linkTable() };
  }

  function messageOf(batch: SendBatch, content: PreparedContent, r: Recipient, links: RecipientLinks): Outbound {
    const tags = { org: String(batch.orgId), plan: batch.planId, run: batch.runId };
    return adapterOf(batch.channel).message({ recipient: r, rendered: content.render(r, links), links, from: content.from, tags });
  }

  /**
   * Sends to a wave of recipients at once within the slot's `second`, except those the ledger says are taken: claimed
   * together, sent in parallel, completed together (one ledger request per wave, not per recipient). A provider call
   * that throws leaves its claim open (the provider may have the message, so it is never resent blindly); the wave's
   * other outcomes are recorded before the error goes on.
   */
  async function sendWave(batch: SendBatch, content: PreparedContent, wave: Recipient[], second: number): Promise<('done' | 'lapsed' | 'throttled')[]> {
    const lapsed = () => Math.floor(deps.clock.now() / 1000) !== second;
    if (lapsed()) return wave.map(() => 'lapsed');
    const keys: LedgerKey[] = wave.map((r) => ledgerKeyOf(batch, r));
    const messages = wave.map((r) => outbound(batch, content, r));
    const claims = await deps.ledger.claimMany(keys.map((key, i) => ({ key, address: wave[i]!.address, links: messages[i]!.links })));
    const results: ('done' | 'lapsed' | 'throttled')[] = wave.map(() => 'done');
    const mine: { i: number; attempt: string }[] = [];
    for (const [i, claim] of claims.entries()) {
      if (claim.claimed) {
        mine.push({ i, attempt: claim.attempt });
        continue;
      }
      const held = claim.existing;
      if (held.status === 'CLAIMED' && held.claimedAt < deps.clock.now() - deps.staleClaimMs) {
        await deps.ledger.markUncertain(held, deps.clock.now() - deps.staleClaimMs);
      }
    }
    // The claim outlasted the slot's second: the claims are kept and sent on slots of the second now running
    // (giving 50 claims back and taking them again cost 100 writes, and under load it happened to most waves).
    let sending = mine;
    if (lapsed()) {
      const again = await deps.rate.take(batch.channel, mine.length, batch.orgId);
      sending = mine.slice(0, again.count);
      const later = mine.slice(again.count);
      await Promise.all(later.map(({ i, attempt }) => deps.ledger.release(keys[i]!, attempt)));
      for (const { i } of later) results[i] = 'lapsed';
    }
    // the providers read the batch's organization, and only it, through its tenant store
    const route = { tenant: deps.store.forOrg(batch.orgId) };
    const settled = await Promise.allSettled(sending.map(async ({ i }) => deps.senders[batch.channel].send(messages[i]!.message, route)));
    const completions: Completion[] = [];
    const released: Promise<void>[] = [];
    const dead: string[] = [];
    let failure: { error: unknown } | undefined;
    settled.forEach((s, j) => {
      const { i, attempt } = sending[j]!;
      if (s.status === 'rejected') {
        failure ??= { error: s.reason };
        return;
      }
      const outcome = s.value;
      if (outcome.kind === 'throttled') {
        released.push(deps.ledger.release(keys[i]!, attempt));
        results[i] = 'throttled';
        return;
      }
      if (outcome.kind === 'dead') dead.push(wave[i]!.address);
      const sent = messages[i]!.message;
      completions.push({
        key: keys[i]!,
        attempt,
        ...('parts' in sent && typeof sent.parts === 'number' ? { parts: sent.parts } : {}),
        outcome: outcome.kind === 'sent' ? { status: 'SENT', providerId: outcome.providerId } : { status: 'FAILED', reason: outcome.reason, detail: outcome.detail },
      });
    });
    await Promise.all([...released, deps.ledger.completeMany(completions)]);
    const channel = { channel: batch.channel };
    deps.log.metric?.([
      ...completions.map((c) =>
        c.outcome.status === 'SENT'
          ? { name: METRIC.sends, value: 1, dimensions: channel }
          : { name: METRIC.sendFailures, value: 1, dimensions: { ...channel, reason: c.outcome.reason ?? 'unknown' } },
      ),
      ...(released.length ? [{ name: METRIC.throttles, value: released.length, dimensions: channel }] : []),
    ]);
    await Promise.all(dead.map((address) => adapterOf(batch.channel).retire(address, route.tenant, batch.planId)));
    for (let n = 0; n < completions.length; n++) deps.onRecorded?.();
    if (failure) throw failure.error;
    return results;
  }

  return async function handleSend(batch: SendBatch): Promise<void> {
    // The send slots are taken along with the reads, for the whole batch (what suppression leaves unused goes
    // back): one round trip before the first claim, not four.
    const early = deps.rate.take(batch.channel, batch.recipients.length, batch.orgId);
    const reads = Promise.all([
      deps.content.load(batch.orgId, batch.planId, batch.runId, batch.channel),
      adapterOf(batch.channel).suppressed(batch.recipients, deps.store.forOrg(batch.orgId)),
      deps.policy?.(batch.orgId),
    ]);
    const [first, [content, suppressed, policy]] = await Promise.all([early, reads]);
    if (content.stopped) return deps.rate.giveBack(batch.channel, first, batch.orgId);
    const now = deps.clock.now();
    const held = new Map<number, Recipient[]>();
    const queue: { r: Recipient; throttled: number }[] = [];
    // a Lifecycle message is neither held nor capped unless the organization says so
    const rules = policy && sendingRulesApply(policy, content.messageType) ? policy : undefined;
    const cap = rules?.caps[batch.channel] ?? 0;
    const runKey = `${batch.orgId}#${batch.planId}#${batch.runId}`;
    for (const r of batch.recipients) {
      let reason = r.skip?.reason ?? suppressed.get(recipientKeyOf(r));
      let detail = r.skip?.detail;
      if (!reason && !whiteListed(policy?.allowOnly, r)) {
        reason = 'USER_NOT_MATCHED';
        detail = NOT_WHITE_LISTED;
      }
      const until = !reason && rules && deps.hold && QUIET_CHANNELS.includes(batch.channel) ? quietUntil(now, r.timeZone ?? rules.defaultTimeZone, rules.quietHours) : undefined;
      if (until !== undefined) {
        held.set(until, [...(held.get(until) ?? []), r]);
        continue;
      }
      if (!reason && cap > 0 && !(await withinCap(deps.store, deps.clock, { orgId: batch.orgId, channel: batch.channel, accountId: r.accountId, runKey }, cap)))
        reason = 'PER_USER_LIMIT_REACHED';
      if (reason) {
        await deps.ledger.skip(ledgerKeyOf(batch, r), r.address, reason, detail);
        deps.onRecorded?.();
      } else queue.push({ r, throttled: 0 });
    }
    // quiet where they are: the same batch again when the window opens, for those recipients only
    // (a part of the batch is no batch of the audience: it goes without the batch's name)
    const { batch: _whole, ...unnamed } = batch;
    for (const [until, recipients] of held) await deps.hold!({ ...unnamed, recipients }, until);
    // the first wave goes on the slots taken with the reads; those of the recipients skipped or held go back
    let ready: SendSlots | undefined = queue.length > 0 ? { second: first.second, count: Math.min(first.count, queue.length) } : undefined;
    await deps.rate.giveBack(batch.channel, { second: first.second, count: first.count - (ready?.count ?? 0) }, batch.orgId);
    while (queue.length > 0) {
      const slots = ready ?? (await deps.rate.take(batch.channel, queue.length, batch.orgId));
      ready = undefined;
      const taken = queue.splice(0, slots.count);
      let throttledNow = 0;
      for (let w = 0; w < taken.length; w += deps.concurrency) {
        const wave = taken.slice(w, w + deps.concurrency);
        const results = await sendWave(
          batch,
          content,
          wave.map((next) => next.r),
          slots.second,
        );
        results.forEach((result, i) => {
          const next = wave[i]!;
          if (result === 'done') return;
          if (result === 'throttled') {
            next.throttled += 1;
            throttledNow = Math.max(throttledNow, next.throttled);
          }
          queue.push(next);
        });
        // nothing of the batch is in doubt (throttled claims were given back): its next delivery sends the rest
        if (wave.some((next) => next.throttled > deps.throttleRetries)) throw new ProviderThrottled();
      }
      if (throttledNow > 0) {
        const wait = deps.backoffMs * 2 ** (throttledNow - 1);
        deps.log.warn('provider throttled; backing off', { channel: batch.channel, ms: wait });
        await sleep(wait);
      }
    }
  };
}
