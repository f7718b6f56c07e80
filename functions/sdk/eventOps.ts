/** The SDK's events call: the app's events recorded, announced to standing triggers and counted for its messages. */
import { type AccountEvent, type Device, deviceKeyOf } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { SdkRequest } from '../../shared/sdk/contract';
import { APP_CHANNEL } from '../../shared/delivery';
import { announceEvents } from '../delivery';
import { eventKeyOf, insightSourceOf, recordEvents } from '../domain/insights';
import { countOnce, scrollCounts } from '../domain/messageCounts';
import { organizationZoneOf } from '../domain/organizationSetting';
import { Ledger } from '../delivery';
import { type SdkContext, sdkOnce, type Op } from './context';
import { requireAccount } from './accountOps';

async function requireReferences(ctx: SdkContext, events: SdkRequest<'events'>['events']): Promise<void> {
  const wanted = [
    ...new Set(
      events.flatMap((e) => [e.geofenceId && `geofence:${e.geofenceId}`, e.beaconId && `beacon:${e.beaconId}`, e.planId && `plan:${e.planId}`]).filter(Boolean) as string[],
    ),
  ];
  const found = await ctx.tenant.getEach(
    wanted.map((w) => {
      const [entity, id] = w.split(/:(.*)/s) as ['geofence' | 'beacon' | 'plan', string];
      return { entity, id, attributes: ['id'] };
    }),
  );
  const missing = wanted.filter((_w, i) => !found[i]);
  if (missing.length > 0) throw new AppError('720003', `No ${missing[0]!.replace(':', ' ')}.`);
}

const COUNTED_EVENTS: Partial<Record<string, 'opens' | 'clicks'>> = { 'message.opened': 'opens', 'message.clicked': 'clicks' };

/** The once-only counts an event makes on its message. */
function countsOf(e: AccountEvent, accountId: string): { slot: string; field: string; perDevice: boolean }[] {
  const kind = COUNTED_EVENTS[e.type];
  if (kind) return [{ slot: sdkOnce.slot(e.type, accountId, e.deviceId), field: kind, perDevice: true }];
  if (e.type === 'message.buttonTapped' && e.buttonId) return [{ slot: sdkOnce.slot(e.type, accountId, e.deviceId, e.buttonId), field: `cta:${e.buttonId}`, perDevice: true }];
  if (e.type === 'message.scrolled' && e.depth) return scrollCounts(accountId, e.depth).map((c) => ({ ...c, perDevice: false }));
  return [];
}

async function countMessageEvents(ctx: SdkContext, accountId: string, items: readonly AccountEvent[]): Promise<void> {
  const counted = items.filter((e) => e.planId && countsOf(e, accountId).length > 0);
  if (counted.length === 0) return;
  const devices = new Map<string, Device | undefined>();
  for (const id of new Set(counted.flatMap((e) => (e.deviceId ? [e.deviceId] : [])))) devices.set(id, await ctx.tenant.keyed('device').get(accountId, id));
  const ledger = new Ledger(ctx.platform, ctx.rt.clock);
  for (const e of counted) {
    const devicePlatform = e.deviceId ? devices.get(e.deviceId)?.platform : undefined;
    for (const { slot, field, perDevice } of countsOf(e, accountId)) {
      const platform = perDevice ? devicePlatform : undefined;
      const adds = COUNTED_EVENTS[e.type]
        ? await ledger.orgCounterItems(
            { orgId: ctx.tenant.orgId, planId: e.planId!, channel: APP_CHANNEL, accountId, ...(platform ? { os: platform } : {}) },
            { [COUNTED_EVENTS[e.type]!]: 1 },
          )
        : [];
      // the marker goes with the event it stands for (its retention), as the insight markers do
      await countOnce(ctx.tenant, e.planId!, slot, e.expiresAt, { [field]: 1, ...(platform ? { [`${field}|${platform}`]: 1 } : {}) }, adds);
    }
  }
}

export const events: Op<'events'> = async (p, ctx) => {
  await requireAccount(ctx, p.accountId);
  await requireReferences(ctx, p.events);
  const now = ctx.rt.clock.now();
  const expiresAt = Math.floor(now / 1000) + ctx.rt.config.sdk.eventRetentionDays * 86_400;
  const accountKey = deviceKeyOf(ctx.tenant.orgId, p.accountId);
  const source = insightSourceOf(ctx.app);
  const items: AccountEvent[] = p.events.map((e) => ({
    accountKey,
    // the same event sent again (a retried call) has the same key, so it is stored and counted once
    eventKey: eventKeyOf(ctx.app.id, e),
    orgId: ctx.tenant.orgId,
    accountId: p.accountId,
    appId: ctx.app.id,
    type: e.type,
    at: e.at,
    receivedAt: now,
    expiresAt,
    source,
    ...Object.fromEntries(
      (['name', 'deviceId', 'planId', 'buttonId', 'depth', 'thingId', 'url', 'geofenceId', 'beaconId', 'properties'] as const)
        .filter((k) => e[k] !== undefined)
        .map((k) => [k, e[k]]),
    ),
  }));
  const unique = [...new Map(items.map((i) => [i.eventKey, i])).values()];
  const recorded = await recordEvents(ctx.tenant, source, p.accountId, unique, await organizationZoneOf(ctx.platform, ctx.tenant.orgId, ctx.rt.clock.now()));
  await countMessageEvents(ctx, p.accountId, unique);
  // recorded first: the triggers listening for them hear of them through the delivery queue, within seconds;
  // an event recorded before was announced then
  if (recorded.length > 0)
    await announceEvents(ctx.rt.ports, {
      orgId: ctx.tenant.orgId,
      accountId: p.accountId,
      receivedAt: now,
      events: recorded.map((item) => ({ ...item, id: item.eventKey })),
    });
  return { accepted: items.length };
};
