/**
 * The channel sender port: the provider call of one channel (its adapter, ./adapter.ts, picks it). A sender
 * answers what became of one message; it throws only when the outcome is unknown (the provider may or may not
 * have taken it).
 */
import type { Channel } from '../../shared/delivery';
import type { SendFailureReason } from '../../shared/delivery';
import type { TenantStore } from '../store/store';
import type { OutboundLetter } from './directMail/outbound';
import type { OutboundLine } from './line/outbound';
import type { OutboundPush } from './push/outbound';
import type { OutboundSms } from './sms/outbound';

export interface OutboundEmail {
  channel: 'EMAIL';
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** where replies go, when not to the sender (an organization provider's reply address) */
  replyTo?: string;
  /** extra headers: List-Unsubscribe and List-Unsubscribe-Post */
  headers: Record<string, string>;
  /** provider tags for events (plan, run) */
  tags: Record<string, string>;
}

/** Each channel's request shape lives in its folder (`<channel>/outbound.ts`). */
export type Outbound = OutboundEmail | OutboundSms | OutboundPush | OutboundLine | OutboundLetter;
export type OutboundOf<C extends Channel> = Extract<Outbound, { channel: C }>;

export type SendOutcome =
  | { kind: 'sent'; providerId: string }
  /** the provider refused for now: nothing was sent, try again later */
  | { kind: 'throttled' }
  /** the provider refused for good: nothing was sent */
  | { kind: 'failed'; reason: SendFailureReason; detail: string }
  /** the address will never take a message (a hard bounce, a stale push token): failed, and not tried again */
  | { kind: 'dead'; reason: SendFailureReason; detail: string };

/**
 * Whose message it is, as the organization's tenant store: a sender reads that organization's settings through
 * it (its own provider, ./providers.ts; a device, a token), never another's.
 */
export interface SendRoute {
  tenant: TenantStore;
}

export interface ChannelSender {
  send(message: Outbound, route: SendRoute): Promise<SendOutcome>;
}

/** The senders of a deployment, one per channel: a missing channel is a compile error. */
export type ChannelSenders = { [C in Channel]: ChannelSender };
