// The LINE channel area's public module: what the LINE channel adapter reads of an organization's channel (its access
// token, unsealed only here, on the way to the provider).
import { LINE_CHANNEL_ID } from '../../shared/entities';
import { unseal } from '../platform/keys';
import type { TenantStore } from '../store/store';

/** Whether the organization has saved its channel access token: a LINE message can be sent. */
export async function lineChannelSetUp(tenant: TenantStore): Promise<boolean> {
  const stored = await tenant.get('lineChannel', LINE_CHANNEL_ID);
  return Boolean(stored?.accessTokenSealed);
}

/** The organization's channel access token, or undefined when it has none. Never log or answer it. */
export async function lineAccessTokenOf(tenant: TenantStore): Promise<string | undefined> {
  const stored = await tenant.get('lineChannel', LINE_CHANNEL_ID);
  return stored?.accessTokenSealed ? unseal(tenant.rt.keys, stored.accessTokenSealed) : undefined;
}
