/**
 * The channel sender port: one adapter per channel of spec 001 3.1. An adapter answers what became of one
 * message; it throws only when the outcome is unknown (the provider may or may not have taken it).
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

export type SendOutcome =
  | { kind: 'sent'; providerId: string }
  /** the provider refused for now: nothing was sent, try again later */
  | { kind: 'throttled' }
  /** the provider refused for good: nothing was sent */
  | { kind: 'failed'; reason: SendFailureReason; detail: string };

export interface ChannelSender {
  send(message: Outbound): Promise<SendOutcome>;
}

/** The senders of a deployment, one per channel: a missing channel is a compile error. */
export type ChannelSenders = { [C in Channel]: ChannelSender };

export function senderFor(senders: ChannelSenders, channel: Channel): ChannelSender {
  switch (channel) {
    case 'EMAIL':
    case 'SMS':
    case 'PUSH_NATIVE':
    case 'LINE':
    case 'DIRECT_MAIL':
      return senders[channel];
    default: {
      const never: never = channel;
      throw new Error(`no sender for ${String(never)}`);
    }
  }
}
