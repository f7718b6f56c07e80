/**
 * The channel registry: one adapter per channel of shared/delivery.ts CHANNELS. A channel missing here is a
 * compile error; adding one is its folder and its line below.
 */
import { CHANNELS, type Channel } from '../../shared/delivery';
import type { Runtime } from '../platform/runtime';
import type { ChannelAdapter } from './adapter';
import { directMailAdapter } from './directMail';
import { emailAdapter } from './email';
import { lineAdapter } from './line';
import { pushAdapter } from './push';
import type { ChannelSender, ChannelSenders } from './sender';
import { smsAdapter } from './sms';
import { type MessageProvider, type ProviderChannel, providerChannelOf } from '../../shared/entities';
import { EMAIL_PROVIDERS } from './email/providers';
import { type ProviderFactories, type ProviderSender, providerSender } from './providers';
import { SMS_PROVIDERS } from './sms/providers';
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

/** The provider of every channel, as the adapters choose them: on AWS, and locally the same code reaching the stand-ins. */
export function channelSenders(rt: Runtime): ChannelSenders {
  return Object.fromEntries(CHANNELS.map((c) => [c, adapterOf(c).provider(rt)])) as ChannelSenders;
}

/** One of an organization's own providers, whether or not it is the default (a test send of its settings). */
export function orgProviderSender(setting: MessageProvider, rt: Runtime): ProviderSender {
  // the setting's kind is one of its channel's (providerSender reads the factory by kind)
  return providerSender(setting, rt, OWN_PROVIDERS[setting.channelType ?? providerChannelOf(setting.provider)] as ProviderFactories<ProviderChannel>);
}

/** Each channel's own-provider kinds: a channel an organization may bring its provider for without them does not compile. */
const OWN_PROVIDERS: { readonly [C in ProviderChannel]: ProviderFactories<C> } = { EMAIL: EMAIL_PROVIDERS, SMS: SMS_PROVIDERS };

/** The public webhooks providers call (a status callback, an inbound reply), by the path each is served under. */
export type ProviderWebhook = (event: APIGatewayProxyEventV2, path: string) => Promise<APIGatewayProxyStructuredResultV2>;
export function providerWebhooks(rt: Runtime, store: Store): readonly { path: string; handle: ProviderWebhook }[] {
  return [{ path: PATHS.twilio, handle: twilioWebhooks(rt, store) }];
}

/** One sender for every channel (benchmarks and tests put their provider over one channel's). */
export function everyChannel(sender: ChannelSender): ChannelSenders {
  return Object.fromEntries(CHANNELS.map((c) => [c, sender])) as ChannelSenders;
}

export type { ChannelAdapter, Reach, RecipientView, Rendered, RenderedOf, SendContext, Target } from './adapter';
export type { ChannelSender, ChannelSenders, Outbound, SendOutcome } from './sender';
