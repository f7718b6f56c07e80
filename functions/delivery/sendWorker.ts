/**
 * The send worker: one batch of recipients of one run. Recipients without consent or on the unsubscription
 * list are recorded as skipped with their reason; the others take send slots of the channel's shared rate,
 * are claimed in the ledger, rendered, sent and completed. A redelivered or duplicated batch finds its
 * recipients claimed and sends nobody twice; provider throttling gives the claim back and retries later.
 */
import type { Channel, SendFailureReason } from '../../shared/delivery';
import { type MessageUnsubscription, unsubscriptionId } from '../../shared/entities';
import { type ChannelSenders, type Outbound, senderFor } from '../channels/sender';
import type { Logger } from '../platform/logger';
import type { Clock } from '../platform/runtime';
import type { Store } from '../store/store';
import type { LinkSigner, RecipientLinks } from '../tracking/links';
import type { Ledger, LedgerKey } from './ledger';
import type { Recipient, SendBatch } from './messages';
import type { RateLimiter } from './rate';

/** A message ready to be personalised: loaded once per batch. */
export interface PreparedContent {
  /** the run was stopped (740001): nothing more goes out */
  stopped: boolean;
  from: string;
  render(recipient: Recipient, links: RecipientLinks): { subject: string; html: string; text: string };
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
  /** provider throttling: how often one recipient is retried in a batch, and the first back-off */
  throttleRetries: number;
  backoffMs: number;
  /** recipients of one batch in flight at once */
  concurrency: number;
  sleep?: (ms: number) => Promise<void>;
  /** called after each recipient's outcome is in the ledger (progress; tests stop a worker here as a crash would) */
  onRecorded?: () => void;
}

export class ProviderThrottled extends Error {
  constructor() {
    super('the provider kept throttling; the batch is delivered again later');
  }
}

const SKIP_REASON: Record<MessageUnsubscription['source'], SendFailureReason> = {
  UNSUBSCRIBE: 'UNSUBSCRIBED',
  MANUAL: 'UNSUBSCRIBED',
  BOUNCE: 'BOUNCE',
  COMPLAINT: 'COMPLAINT',
};

export function sendBatchHandler(deps: SendWorkerDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const sender = (channel: Channel) => senderFor(deps.senders, channel);

  async function suppressedOf(batch: SendBatch): Promise<Map<string, SendFailureReason>> {
    const found = await deps.store.getMany(
      batch.recipients.map((r) => ({ entity: 'messageUnsubscription', key: { orgId: batch.orgId, id: unsubscriptionId(batch.channel, r.address) } })),
    );
    const out = new Map<string, SendFailureReason>();
    batch.recipients.forEach((r, i) => {
      const hit = found[i] as MessageUnsubscription | undefined;
      if (hit) out.set(r.accountId, SKIP_REASON[hit.source]);
    });
    return out;
  }

  function outbound(batch: SendBatch, content: PreparedContent, r: Recipient): Outbound {
    const links = deps.links.forRecipient({ o: batch.orgId, p: batch.planId, r: batch.runId, a: r.accountId, c: batch.channel }, r.address);
    const tags = { org: String(batch.orgId), plan: batch.planId, run: batch.runId };
    const rendered = content.render(r, links);
    if (batch.channel === 'EMAIL') {
      return {
        channel: 'EMAIL',
        to: r.address,
        from: content.from,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: { 'List-Unsubscribe': `<${links.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        tags,
      };
    }
    return { channel: batch.channel, to: r.address, body: rendered.text, tags };
  }

  /**
   * Sends to one recipient within the slot's `second` unless the ledger says it is taken. Answers 'retry' when
   * nothing was sent and the recipient must wait: the provider throttled, or the slot's second lapsed.
   */
  async function sendOne(batch: SendBatch, content: PreparedContent, r: Recipient, second: number): Promise<'done' | 'lapsed' | 'throttled'> {
    const lapsed = () => Math.floor(deps.clock.now() / 1000) !== second;
    if (lapsed()) return 'lapsed';
    const key: LedgerKey = { orgId: batch.orgId, planId: batch.planId, runId: batch.runId, channel: batch.channel, accountId: r.accountId };
    const claim = await deps.ledger.claim(key, r.address);
    if (!claim.claimed) {
      const held = claim.existing;
      if (held.status === 'CLAIMED' && held.claimedAt < deps.clock.now() - deps.staleClaimMs) {
        await deps.ledger.markUncertain(held, deps.clock.now() - deps.staleClaimMs);
      }
      return 'done';
    }
    const message = outbound(batch, content, r);
    if (lapsed()) {
      await deps.ledger.release(key, claim.attempt);
      return 'lapsed';
    }
    // An exception here leaves the claim open: the provider may have the message, so it is never resent blindly.
    const outcome = await sender(batch.channel).send(message);
    if (outcome.kind === 'throttled') {
      await deps.ledger.release(key, claim.attempt);
      return 'throttled';
    }
    await deps.ledger.complete(
      key,
      claim.attempt,
      outcome.kind === 'sent' ? { status: 'SENT', providerId: outcome.providerId } : { status: 'FAILED', reason: outcome.reason, detail: outcome.detail },
    );
    deps.onRecorded?.();
    return 'done';
  }

  return async function handleSend(batch: SendBatch): Promise<void> {
    const content = await deps.content.load(batch.orgId, batch.planId, batch.runId, batch.channel);
    if (content.stopped) return;
    const suppressed = await suppressedOf(batch);
    const queue: { r: Recipient; throttled: number }[] = [];
    for (const r of batch.recipients) {
      const base = { orgId: batch.orgId, planId: batch.planId, runId: batch.runId, channel: batch.channel, accountId: r.accountId };
      const reason: SendFailureReason | undefined = !r.consent ? 'USER_SETTINGS_BLOCK' : suppressed.get(r.accountId);
      if (reason) {
        await deps.ledger.skip(base, r.address, reason);
        deps.onRecorded?.();
      } else queue.push({ r, throttled: 0 });
    }
    while (queue.length > 0) {
      const slots = await deps.rate.take(batch.channel, queue.length);
      const taken = queue.splice(0, slots.count);
      let throttledNow = 0;
      await inPool(taken, deps.concurrency, async (next) => {
        const result = await sendOne(batch, content, next.r, slots.second);
        if (result === 'done') return;
        if (result === 'throttled') {
          next.throttled += 1;
          throttledNow = Math.max(throttledNow, next.throttled);
          if (next.throttled > deps.throttleRetries) throw new ProviderThrottled();
        }
        queue.push(next);
      });
      if (throttledNow > 0) {
        const wait = deps.backoffMs * 2 ** (throttledNow - 1);
        deps.log.warn('provider throttled; backing off', { channel: batch.channel, ms: wait });
        await sleep(wait);
      }
    }
  };
}

/** Runs `work` over `items`, at most `limit` at once; the first failure is thrown after the others settle. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const lane = async () => {
    while (next < items.length && failure === undefined) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (e) {
        failure ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure !== undefined) throw failure;
}
