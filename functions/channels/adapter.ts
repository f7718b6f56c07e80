/**
 * One adapter per channel of spec 001 3.1 (ARCHITECTURE.md section 5): who is reachable, what is rendered, the
 * provider behind the sender port, and how its answers are classified. The pipeline, ledger, worker and
 * tracking see only this interface, through the registry in ./index.ts.
 */
import type { Channel, SendFailureReason } from '../../shared/delivery';
import type { AnyTemplate } from '../../shared/content';
import type { Account } from '../../shared/entities';
import type { PlanContent } from '../../shared/plan/plan';
import type { Runtime } from '../platform/runtime';
import type { Store } from '../store/store';
import type { RecipientLinks } from '../tracking/links';
import type { ChannelSender, OutboundOf, SendOutcome } from './sender';

/** An account's address on a channel and whether it agreed to receive on it, or why it has none. */
export type Reach = { address: string; consent: boolean } | { reason: SendFailureReason };

/** What a send knows of a recipient (functions/delivery/messages.ts `Recipient` fits). */
export type RecipientView = {
  accountId: string;
  address: string;
  consent: boolean;
  locale?: string;
  firstName?: string;
  lastName?: string;
  attributes?: Record<string, unknown>;
  preset?: Record<string, Record<string, string>>;
};

/** A recipient's message as rendered; every channel has a plain text, email adds its subject and HTML. */
export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

/** What a provider said to one message, before the adapter classifies it. */
export type ProviderAnswer = { ok: true; providerId: string } | { ok: false; code: string; detail?: string };

/** A provider's later word on messages it took (a bounce, a complaint), read from its event. */
export type FeedbackReading =
  | { kind: 'unreadable'; issues: number }
  /** not Herald's campaign message, or nothing to act on */
  | { kind: 'ignored' }
  | { kind: 'listed'; source: 'BOUNCE' | 'COMPLAINT'; addresses: string[]; orgId: number; planId?: string; runId?: string };

export interface ChannelAdapter<C extends Channel> {
  readonly channel: C;
  /** whether a message may be written for this channel yet (plan.saveSingle refuses the others) */
  readonly sendable: boolean;
  /** each account's address and consent on this channel, in the order given */
  reach(accounts: readonly Account[], ctx: { store: Store; orgId: number }): Promise<Reach[]>;
  /** recipients not to attempt (no consent, on the opt-out list), by account id, with their spec 001 section 8 reason */
  suppressed(recipients: readonly RecipientView[], ctx: { store: Store; orgId: number }): Promise<Map<string, SendFailureReason>>;
  /** the content a message copies from a library template of this channel; undefined while it has none */
  planContent(template: AnyTemplate): PlanContent | undefined;
  /** the renderer of a plan's content for this channel; undefined when the content is not this channel's */
  prepare(content: PlanContent): ((recipient: RecipientView, links: RecipientLinks) => Rendered) | undefined;
  /** the provider request of one recipient */
  message(input: { recipient: RecipientView; rendered: Rendered; links: RecipientLinks; from: string; tags: Record<string, string> }): OutboundOf<C>;
  /** a provider answer as an outcome; undefined when it cannot say whether the message went out */
  classify(answer: ProviderAnswer): SendOutcome | undefined;
  /** the provider on AWS, and in `npm start` and the tests (`recorder` keeps what channels without a stand-in send) */
  provider(rt: Runtime, where: { local: false } | { local: true; recorder: ChannelSender }): ChannelSender;
  /** a provider event about messages sent earlier */
  readFeedback(event: unknown): FeedbackReading;
  /** a provider said the address is dead: keep it from being tried again */
  retire(address: string, ctx: { store: Store; orgId: number; planId: string }): Promise<void>;
}
