/**
 * Each organization's own provider (shared/entities/messageProvider.ts) behind a channel's sender port: a send
 * goes through the organization's default enabled provider of the channel, or the deployment's own sender when
 * it has none. A provider is a file in its channel's folder (`<channel>/providers.ts` lists them, and the
 * channel's adapter declares the list as its `providers`); a kind left out of a channel's list is a compile error.
 * The organization is the send's route: its tenant store, through which its settings are read.
 */
import type { MessageProvider, ProviderChannel } from '../../shared/entities';
import type { MESSAGE_PROVIDERS } from '../../shared/entities';
import type { Runtime } from '../platform/runtime';
import { keptPerTenant } from '../platform/keptPerOrg';
import type { TenantStore } from '../store/store';
import type { ChannelSender, SendRoute } from './sender';

/** A provider's sender; one that holds connections (an SMTP pool) closes them when its settings change. */
export interface ProviderSender extends ChannelSender {
  close?(): Promise<void>;
}

/** Builds a provider's sender from the organization's settings (secrets still sealed: the factory unseals). */
export type ProviderFactory = (setting: MessageProvider, rt: Runtime) => ProviderSender;
export type ProviderFactories<C extends ProviderChannel> = { readonly [K in (typeof MESSAGE_PROVIDERS)[C][number]]: ProviderFactory };

/**
 * How long an organization's choice of provider is kept before it is read again: a new default applies to
 * sends within this time (one read per organization and channel in it, not one per message).
 */
export const PROVIDER_CHOICE_MS = 15_000;

/** The organization's default enabled provider of a channel, if it has one. */
export async function defaultProviderOf(tenant: TenantStore, channel: ProviderChannel): Promise<MessageProvider | undefined> {
  const providers = await tenant.list('messageProvider');
  return providers.find((p) => p.channelType === channel && p.isDefault && p.enabled);
}

/**
 * The channel's sender for every organization: its own default provider's, else the deployment's. Senders are
 * built once per provider and version (an SMTP pool or an OAuth token is reused across sends and batches).
 */
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

/** One provider's sender, as its channel's list builds it (a test send of a provider not yet the default uses this too). */
export function providerSender<C extends ProviderChannel>(setting: MessageProvider, rt: Runtime, factories: ProviderFactories<C>): ProviderSender {
  // every kind of the channel has its factory (ProviderFactories); the setting's kind is the channel's
  return (factories as Record<string, ProviderFactory>)[setting.provider]!(setting, rt);
}
