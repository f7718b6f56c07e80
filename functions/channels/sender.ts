/** The channel sender port: the provider call of one channel (its adapter, ./adapter.ts, picks it). */
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
  headers: Record<string, string>;
  tags: Record<string, string>;
}

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

export interface SendRoute {
  tenant: TenantStore;
}

export interface ChannelSender {
  send(message: Outbound, route: SendRoute): Promise<SendOutcome>;
}

export type ChannelSenders = { [C in Channel]: ChannelSender };
