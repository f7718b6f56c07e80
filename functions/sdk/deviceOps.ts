/** The SDK's device calls: a push permission's change and a device's sign-out. */
import type { Device } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { SdkContext, Op } from './context';
import { requireAccount, recordPermission, countPushUnsubscribes } from './accountOps';
import { say } from '../../shared/i18n/say';

async function requireDevice(ctx: SdkContext, accountId: string, deviceId: string): Promise<Device> {
  await requireAccount(ctx, accountId);
  const stored = await ctx.tenant.keyed('device').get(accountId, deviceId);
  if (!stored) throw new AppError('720003', say('request.noDevice', { device: deviceId, account: accountId }));
  return stored as Device;
}

export const permission: Op<'permission'> = async (p, ctx) => {
  const stored = await requireDevice(ctx, p.accountId, p.deviceId);
  const changed = stored.permission !== p.permission;
  if (changed) {
    const now = ctx.rt.clock.now();
    await ctx.tenant.keyed('device').update(p.accountId, p.deviceId, { permission: p.permission, dateUpdated: now });
    await recordPermission(ctx, p.accountId, p.deviceId, stored.permission, p.permission, now);
    await countPushUnsubscribes(ctx, p.accountId, stored, stored.permission, p.permission, now);
  }
  return { accountId: p.accountId, deviceId: p.deviceId, permission: p.permission, changed };
};

export const signOut: Op<'signOut'> = async (p, ctx) => {
  await requireDevice(ctx, p.accountId, p.deviceId);
  await ctx.tenant.keyed('device').update(p.accountId, p.deviceId, { active: false, dateUpdated: ctx.rt.clock.now() });
  return { accountId: p.accountId, deviceId: p.deviceId };
};
