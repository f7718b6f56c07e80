/**
 * The channel sender port: the provider call of one channel (its adapter, ./adapter.ts, picks it). A sender
 * answers what became of one message; it throws only when the outcome is unknown (the provider may or may not
 * have taken it).
 */
import type { Channel } from '../../shared/delivery';
import type { SendFailureReason } from '../../shared/delivery';

export interface OutboundEmail {
  channel: 'EMAIL';
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** extra headers: List-Unsubscribe and List-Unsubscribe-Post */
  headers: Record<string, string>;
  /** provider tags for events (plan, run) */
  tags: Record<string, string>;
}

/** Messages of channels whose providers are not reached from here yet carry their rendered body as text. */
export interface OutboundOther {
  channel: Exclude<Channel, 'EMAIL'>;
  to: string;
  body: string;
  tags: Record<string, string>;
}

export type Outbound = OutboundEmail | OutboundOther;
export type OutboundOf<C extends Channel> = C extends 'EMAIL' ? OutboundEmail : OutboundOther & { channel: C };

export type SendOutcome =
  | { kind: 'sent'; providerId: string }
  /** the provider refused for now: nothing was sent, try again later */
  | { kind: 'throttled' }
  /** the provider refused for good: nothing was sent */
  | { kind: 'failed'; reason: SendFailureReason; detail: string }
  /** the address will never take a message (a hard bounce, a stale push token): failed, and not tried again */
  | { kind: 'dead'; reason: SendFailureReason; detail: string };

export interface ChannelSender {
  send(message: Outbound): Promise<SendOutcome>;
}

/** The senders of a deployment, one per channel: a missing channel is a compile error. */
export type ChannelSenders = { [C in Channel]: ChannelSender };
