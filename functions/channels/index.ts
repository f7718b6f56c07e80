/** The channel registry: one adapter per channel of shared/delivery.ts CHANNELS. */
import { CHANNELS, type Channel, type ChannelsWith } from '../../shared/delivery';
import type { Runtime } from '../platform/runtime';
import type { ChannelAdapter, UndeliveredSink } from './adapter';
import type { Composer } from './composer';
import { composeLine } from './line/composer';
import { composePush } from './push/composer';
import { composeSms } from './sms/composer';
import { directMailAdapter } from './directMail';
import { emailAdapter } from './email';
import { lineAdapter } from './line';
import { pushAdapter } from './push';
import type { ChannelSender, ChannelSenders } from './sender';
import { smsAdapter } from './sms';
import { type MessageProvider, type ProviderChannel, providerChannelOf } from '../../shared/entities';
import { type ProviderFactories, type ProviderSender, providerSender } from './providers';
import { twilioWebhooks } from './sms/twilioWebhook';
import { PATHS } from '../../shared/paths';
import type { Store } from '../store/store';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export const CHANNEL_ADAPTERS: { readonly [C in Channel]: ChannelAdapter<C> } = {
  EMAIL: emailAdapter,
  SMS: smsAdapter,
  PUSH_NATIVE: pushAdapter,
  LINE: lineAdapter,
  DIRECT_MAIL: directMailAdapter,
};

export function adapterOf(channel: Channel): ChannelAdapter<Channel> {
  return CHANNEL_ADAPTERS[channel] as ChannelAdapter<Channel>;
}

export function channelSenders(rt: Runtime): ChannelSenders {
  return Object.fromEntries(CHANNELS.map((c) => [c, adapterOf(c).provider(rt)])) as ChannelSenders;
}

/** One of an organization's own providers, whether or not it is the default (a test send of its settings). */
export function orgProviderSender(setting: MessageProvider, rt: Runtime): ProviderSender {
  // each provider channel's adapter declares its kinds' factories; the setting's kind is one of its channel's
  const channel: ProviderChannel = setting.channelType ?? providerChannelOf(setting.provider);
  return providerSender(setting, rt, CHANNEL_ADAPTERS[channel].providers as ProviderFactories<ProviderChannel>);
}

export type ProviderWebhook = (event: APIGatewayProxyEventV2, path: string) => Promise<APIGatewayProxyStructuredResultV2>;
export function providerWebhooks(rt: Runtime, store: Store, undelivered: UndeliveredSink): readonly { path: string; handle: ProviderWebhook }[] {
  return [{ path: PATHS.twilio, handle: twilioWebhooks(rt, store, undelivered) }];
}

export const CHANNEL_COMPOSERS: { readonly [C in Exclude<ChannelsWith<'aiComposer'>, ChannelsWith<'builder'>>]: Composer } = {
  PUSH_NATIVE: composePush,
  SMS: composeSms,
  LINE: composeLine,
};

export function everyChannel(sender: ChannelSender): ChannelSenders {
  return Object.fromEntries(CHANNELS.map((c) => [c, sender])) as ChannelSenders;
}

export type { ChannelAdapter, Reach, RecipientView, Rendered, RenderedOf, SendContext, Target, Undelivered, UndeliveredSink } from './adapter';
export type { ChannelSender, ChannelSenders, Outbound, SendOutcome } from './sender';
export { consentReason, type OptOutCheck, optOutCheck } from './optOut';
