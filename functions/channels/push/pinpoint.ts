/** Push through AWS End User Messaging push (Pinpoint's SendMessages; the stand-in locally). */
import type { MessageRequest, PinpointClient } from '@aws-sdk/client-pinpoint';
import { pinpointSdk } from '../../platform/aws';
import { type Device, isApiAppType } from '../../../shared/entities';
import type { Runtime } from '../../platform/runtime';
import type { TenantStore } from '../../store/store';
import { INBOX_DEFAULT_DAYS, inboxContentOf, writeInboxItem } from '../../domain/inbox';
import type { ChannelSender, Outbound, SendOutcome, SendRoute } from '../sender';
import { classifyPush } from './answers';
import { type ApiAppOptions, apiAppSender, applicationReader } from './apiApp';
import type { OutboundPush, PushRendered } from './outbound';
import { expiresAt, messageRequest, type PushChannelType, timeToLive } from './render';
import { channelReader, routeOf } from './settings';

export async function sendPushRequest(pinpoint: PinpointClient, applicationId: string, request: MessageRequest, token: string): Promise<SendOutcome> {
  const { SendMessagesCommand } = await pinpointSdk();
  let result;
  try {
    const out = await pinpoint.send(new SendMessagesCommand({ ApplicationId: applicationId, MessageRequest: request }));
    result = out.MessageResponse?.Result?.[token];
  } catch (e) {
    const outcome = classifyPush({ ok: false, code: (e as { name?: string }).name ?? '', detail: (e as Error).message });
    if (!outcome) throw e;
    return outcome;
  }
  if (!result) throw new Error('End User Messaging answered without a result for the address');
  const outcome = classifyPush(
    result.DeliveryStatus === 'SUCCESSFUL'
      ? { ok: true, providerId: result.MessageId ?? '' }
      : { ok: false, code: result.DeliveryStatus ?? 'UNKNOWN_FAILURE', detail: `${result.StatusCode ?? ''} ${result.StatusMessage ?? ''}`.trim() },
  );
  if (!outcome) throw new Error(`End User Messaging could not say whether the message went out: ${result.StatusCode} ${result.StatusMessage}`);
  return outcome;
}

/** The inbox item of a message for its account (idempotent); its id goes in the payload. */
function inboxItemOf(m: PushRendered, ids: { orgId: number; accountId: string; planId: string; runId: string }, now: number) {
  return {
    ...ids,
    ...inboxContentOf(m),
    language: m.language,
    sentAt: now,
    expiresAt: expiresAt(m.expiry, now, INBOX_DEFAULT_DAYS),
  };
}

/** The devices asked for in one turn of the event loop, read together. */
export function deviceReader(): (tenant: TenantStore, accountId: string, deviceId: string) => Promise<Device | undefined> {
  type Ask = { accountId: string; deviceId: string; done: (d: Promise<Device | undefined>) => void };
  let asked: Map<TenantStore, Ask[]> | undefined;
  async function readAll(tenant: TenantStore, asks: Ask[]) {
    const devices = tenant.keyed('device');
    const found = await devices.getMany(asks.map((a) => ({ rest: a.accountId, sort: a.deviceId })));
    for (const [i, a] of asks.entries()) a.done(found[i] ? Promise.resolve(found[i]) : devices.get(a.accountId, a.deviceId));
  }
  function flush() {
    const turn = asked!;
    asked = undefined;
    for (const [tenant, asks] of turn)
      readAll(tenant, asks).catch((e: unknown) => {
        for (const a of asks) a.done(Promise.reject(e));
      });
  }
  return (tenant, accountId, deviceId) =>
    new Promise((resolve) => {
      if (!asked) {
        asked = new Map();
        queueMicrotask(flush);
      }
      const asks = asked.get(tenant) ?? [];
      asked.set(tenant, asks);
      asks.push({ accountId, deviceId, done: resolve });
    });
}

const stale = (): SendOutcome => ({ kind: 'failed', reason: 'STALE_PUSH_TOKEN', detail: 'The device was deactivated or its token replaced before the message was sent.' });

export function pinpointPushSender(rt: Runtime, apiApps: Partial<ApiAppOptions> = {}): ChannelSender {
  const channels = channelReader();
  const applications = applicationReader();
  const deviceOf = deviceReader();
  const toApiApp = apiAppSender(rt, apiApps);
  return {
    async send(outbound: Outbound, { tenant }: SendRoute): Promise<SendOutcome> {
      if (outbound.channel !== 'PUSH_NATIVE') throw new Error('the push sender sends push only');
      const message: OutboundPush = outbound;
      const m = message.rendered;
      const ids = { orgId: tenant.orgId, accountId: message.accountId, planId: message.tags.plan ?? '', runId: message.tags.run ?? '' };
      const now = rt.clock.now();
      if (m.expiry.kind === 'DATE' && m.expiry.at <= now) return { kind: 'failed', reason: 'UNEXPECTED', detail: 'The message expired before it was sent.' };
      const inbox = () => writeInboxItem(tenant, inboxItemOf(m, ids, now));
      if (m.inboxMode === 'INBOX_ONLY') return { kind: 'sent', providerId: `inbox:${await inbox()}` };

      const device: Device | undefined = message.deviceId ? await deviceOf(tenant, message.accountId, message.deviceId) : undefined;
      const app = device?.appId ? await applications(tenant, device.appId) : undefined;
      if (app && isApiAppType(app.appType)) {
        if (!device?.active || device.pushToken !== message.to) return stale();
        const inboxId = m.inboxMode !== 'PUSH_ONLY' && app.apiSendNotificationShowInbox ? await inbox() : undefined;
        return toApiApp(app, message, { planId: ids.planId, runId: ids.runId, ...(inboxId ? { inboxId } : {}) });
      }
      const inboxId = m.inboxMode === 'PUSH_ONLY' ? undefined : await inbox();
      if (!device?.active || device.pushToken !== message.to) return stale();
      const route = routeOf(await channels(tenant), device);
      if (!route.ok) return { kind: 'failed', reason: 'UNEXPECTED', detail: route.detail };
      const request = messageRequest(
        m,
        { token: message.to, channelType: route.channelType as PushChannelType },
        { planId: ids.planId, runId: ids.runId, inboxId },
        timeToLive(m.expiry, now),
      );
      return sendPushRequest(await rt.aws.pinpoint(), route.pinpointAppId, request, message.to);
    },
  };
}
