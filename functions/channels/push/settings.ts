/** Which Pinpoint application and channel a device's message goes through. */
import { PUSH_SERVICE_TYPES, type PushChannel, type PushServiceType } from '../../../shared/entities';
import { keptPerTenant } from '../../platform/keptPerOrg';
import type { TenantStore } from '../../store/store';

const KEEP_MS = 5_000;

export type PushRoute = { ok: true; channel: PushChannel; pinpointAppId: string; channelType: PushServiceType } | { ok: false; detail: string };

export const isPushServiceType = (v: string): v is PushServiceType => (PUSH_SERVICE_TYPES as readonly string[]).includes(v);

export function routeOf(channels: readonly PushChannel[], device: { channel: string; appId?: string }): PushRoute {
  if (!isPushServiceType(device.channel)) return { ok: false, detail: `The device's push service ${device.channel} is not one Herald sends to (APNS, APNS_SANDBOX, GCM).` };
  const type = device.channel;
  const found = device.appId ? channels.find((c) => c.type === type && c.appId === device.appId) : channels.find((c) => c.type === type && c.isDefault);
  if (!found) return { ok: false, detail: device.appId ? `The device's application has no ${type} push channel.` : `The organization has no default ${type} push channel.` };
  if (!found.enabled) return { ok: false, detail: `The ${type} push channel "${found.title}" is disabled.` };
  if (!found.pinpointAppId) return { ok: false, detail: `The ${type} push channel "${found.title}" is not set up with End User Messaging.` };
  return { ok: true, channel: found, pinpointAppId: found.pinpointAppId, channelType: type };
}

/** The organization's channels, kept for a few seconds. */
export function channelReader(): (tenant: TenantStore) => Promise<PushChannel[]> {
  return keptPerTenant((tenant) => tenant.list('pushChannel'), KEEP_MS);
}
