/** Each organization's own provider (shared/entities/messageProvider.ts) behind a channel's sender port. */
import type { MessageProvider, ProviderChannel } from '../../shared/entities';
import type { MESSAGE_PROVIDERS } from '../../shared/entities';
import { CustomerAwsRefused, type CustomerCredentials, customerCredentials } from '../platform/customerAws';
import type { Runtime } from '../platform/runtime';
import { keptPerTenant } from '../platform/keptPerOrg';
import type { TenantStore } from '../store/store';
import type { ChannelSender, SendRoute } from './sender';

export interface ProviderSender extends ChannelSender {
  close?(): Promise<void>;
}

export type ProviderFactory = (setting: MessageProvider, rt: Runtime) => ProviderSender;
export type ProviderFactories<C extends ProviderChannel> = { readonly [K in (typeof MESSAGE_PROVIDERS)[C][number]]: ProviderFactory };

/** How long an organization's choice of provider is kept before it is read again. */
export const PROVIDER_CHOICE_MS = 15_000;

export async function defaultProviderOf(tenant: TenantStore, channel: ProviderChannel): Promise<MessageProvider | undefined> {
  const providers = await tenant.list('messageProvider');
  return providers.find((p) => p.channelType === channel && p.isDefault && p.enabled);
}

/** The channel's sender for every organization: its own default provider's, else the deployment's. */
export function orgRoutedSender<C extends ProviderChannel>(rt: Runtime, channel: C, deployment: ChannelSender, factories: ProviderFactories<C>): ChannelSender {
  const built = new Map<string, { version: number; sender: ProviderSender }>();

  async function choose(tenant: TenantStore): Promise<ChannelSender> {
    const setting = await defaultProviderOf(tenant, channel);
    if (!setting) return deployment;
    const key = `${tenant.orgId}#${setting.id}`;
    const known = built.get(key);
    if (known?.version === setting.version) return known.sender;
    if (known) void known.sender.close?.().catch(() => undefined);
    const sender = providerSender(setting, rt, factories);
    built.set(key, { version: setting.version, sender });
    return sender;
  }

  const chosen = keptPerTenant(choose, rt.config.providerChoiceMs ?? PROVIDER_CHOICE_MS);
  return {
    async send(message, route: SendRoute) {
      return (await chosen(route.tenant)).send(message, route);
    },
  };
}

export function customerAwsSender<C extends { destroy(): void }>(
  setting: MessageProvider,
  rt: Runtime,
  aws: { service: 'ses' | 'sms'; client: (config: { region: string; maxAttempts: number; credentials: () => Promise<CustomerCredentials>; endpoint?: string }) => C },
  senderOf: (client: C) => ChannelSender,
): ProviderSender {
  const { service } = aws;
  const endpoint = rt.aws.endpoints[service];
  const client = aws.client({
    region: setting.region || rt.config.region,
    // one attempt: a retry after a timeout could send twice; throttling is retried by the send worker
    maxAttempts: 1,
    credentials: () => customerCredentials(rt, setting, `herald-${service}-${setting.id}`),
    ...(endpoint ? { endpoint } : {}),
  });
  const sender = senderOf(client);
  return {
    async send(message, route) {
      try {
        return await sender.send(message, route);
      } catch (e) {
        if (e instanceof CustomerAwsRefused) return { kind: 'failed', reason: 'UNEXPECTED', detail: e.message };
        throw e;
      }
    },
    async close() {
      client.destroy();
    },
  };
}

/** One provider's sender, as its channel's list builds it (a test send of a provider not yet the default uses this too). */
export function providerSender<C extends ProviderChannel>(setting: MessageProvider, rt: Runtime, factories: ProviderFactories<C>): ProviderSender {
  // every kind of the channel has its factory (ProviderFactories); the setting's kind is the channel's
  return (factories as Record<string, ProviderFactory>)[setting.provider]!(setting, rt);
}
