/** The SDK's account calls: identify (addresses, consents, the device), device and attributes. */
import { type Account, accountSchema, addressKeyOf, type Device, type SentRecord } from '../../shared/entities';
import { ACCOUNT_MESSAGES } from '../../shared/entities/account';
import { AppError } from '../../shared/errors';
import { normalizePhones } from '../../shared/phone';
import type { SDK_PROTECTED_FIELDS, SdkRequest } from '../../shared/sdk/contract';
import { firstIssue } from '../contract/problems';
import { APP_CHANNEL } from '../../shared/delivery';
import { Accounts } from '../domain/accounts';
import { organizationSettingOf } from '../domain/organizationSetting';
import { Ledger } from '../delivery';
import { type SdkContext, sdkOnce, type Op, actor } from './context';
import { say } from '../../shared/i18n/say';

function mergeAttributes(stored: Account['attributes'], given: Record<string, unknown> | undefined): Account['attributes'] {
  if (!given) return stored;
  const next: Record<string, unknown> = { ...stored };
  for (const [k, v] of Object.entries(given)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next as Account['attributes'];
}

export function checked(account: Account): Account {
  const parsed = accountSchema.safeParse(account);
  if (!parsed.success) throw new AppError('400016', firstIssue(parsed.error));
  return parsed.data;
}

async function changeAccount(ctx: SdkContext, id: string, change: (stored: Account | undefined) => Account | undefined): Promise<{ account: Account; created: boolean }> {
  const accounts = new Accounts(ctx.tenant);
  for (let attempt = 0; ; attempt++) {
    const stored = await accounts.get(id);
    const next = change(stored);
    if (!next) throw new AppError('720003', say('request.noAccount', { id }));
    try {
      if (stored) await accounts.replace(checked(next), stored.version);
      else await accounts.create(checked(next));
      return { account: next, created: !stored };
    } catch (e) {
      if (attempt < 3 && e instanceof AppError && (e.code === '720007' || e.code === '720001')) continue;
      throw e;
    }
  }
}

export async function requireAccount(ctx: SdkContext, id: string): Promise<Account> {
  const account = await new Accounts(ctx.tenant).get(id);
  if (!account) throw new AppError('720003', say('request.noAccount', { id }));
  return account;
}

function deviceKey(ctx: SdkContext, accountId: string, deviceId: string) {
  return ctx.tenant.keyed('device').key(accountId, deviceId) as { accountKey: string; deviceId: string };
}

const timeKey = (at: number) => String(Math.max(0, Math.min(at, 9_999_999_999_999))).padStart(13, '0');

export async function recordPermission(ctx: SdkContext, accountId: string, deviceId: string, from: string | undefined, to: string, at: number): Promise<void> {
  await ctx.tenant.keyed('permissionRecord').put(accountId, {
    recordKey: `${timeKey(at)}#${deviceId}`,
    orgId: ctx.tenant.orgId,
    accountId,
    deviceId,
    ...(from ? { from } : {}),
    to,
    at,
    appId: ctx.app.id,
  });
}

export const PUSH_UNSUBSCRIBE_WINDOW_MS = 5 * 60_000;

/**
 * Spec 001 section 9's push unsubscribes: a device whose notifications go from allowed to off counts once as an
 * unsubscribe of each push message it received in the five minutes before (a push counts as received when the push
 * service took it: its send's doneAt, found by the device's token in the sends-by-address index). Each (message,
 * account, device) counts once, with a marker in the same transaction as the run's and the organization's counters,
 * so a change reported again, or off, on and off again, adds nothing.
 */
export async function countPushUnsubscribes(
  ctx: SdkContext,
  accountId: string,
  device: Pick<Device, 'deviceId' | 'pushToken' | 'platform'>,
  from: string | undefined,
  to: string,
  now: number,
): Promise<void> {
  if (to !== 'NOT_ALLOW' || !from || from === 'NOT_ALLOW' || !device.pushToken) return;
  const addressKey = addressKeyOf(ctx.tenant.orgId, device.pushToken);
  if (!addressKey) return;
  const received: SentRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  // newest first, stopping at the first send older than the window
  read: do {
    const page = await ctx.platform.queryPage('sentRecord', { index: 'byAddress', partition: { name: 'addressKey', value: addressKey }, forward: false, limit: 20, startKey });
    for (const item of page.items as SentRecord[]) {
      if (item.doneAt === undefined || item.doneAt > now) continue;
      if (item.doneAt < now - PUSH_UNSUBSCRIBE_WINDOW_MS) break read;
      if (item.status === 'SENT' && item.channel === APP_CHANNEL && item.accountId === accountId) received.push(item);
    }
    startKey = page.lastKey;
  } while (startKey);
  if (received.length === 0) return;
  const ledger = new Ledger(ctx.platform, ctx.rt.clock);
  const markers = ctx.tenant.keyed('deliveryCounter');
  const expiresAt = Math.floor(now / 1000) + ctx.rt.config.sdk.eventRetentionDays * 86_400;
  for (const planId of new Set(received.map((r) => r.planId))) {
    const send = received.find((r) => r.planId === planId)!;
    const marker = markers.putNew(sdkOnce.rest(planId), { slot: sdkOnce.slot('unsubscribe', accountId, device.deviceId), expiresAt }, '720001');
    const counters = await ledger.counterItems({ orgId: ctx.tenant.orgId, planId, runId: send.runId, accountId, channel: APP_CHANNEL, os: device.platform }, { unsubscribes: 1 });
    try {
      await ctx.platform.transact([marker, ...counters]);
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // counted before
    }
  }
}

type Protected = (typeof SDK_PROTECTED_FIELDS)[number];

async function hasDevices(ctx: SdkContext, accountId: string): Promise<boolean> {
  const page = await ctx.tenant.keyed('device').queryPage(accountId, { limit: 1, attributes: ['deviceId'] });
  return page.items.length > 0;
}

// An account the organization imported never takes a device from the secret alone.
async function putDevice(
  ctx: SdkContext,
  accountId: string,
  given: NonNullable<SdkRequest<'identify'>['device']>,
  trusted: boolean,
  ownAccount: boolean,
  refuse = false,
): Promise<{ created: boolean; ignored: Protected[] }> {
  const key = deviceKey(ctx, accountId, given.deviceId);
  const stored = await ctx.tenant.keyed('device').get(accountId, given.deviceId);
  if (!trusted && !stored && (!ownAccount || (await hasDevices(ctx, accountId)))) {
    if (refuse)
      throw new AppError('400018', ownAccount ? 'This account has devices: a new one needs a user token.' : 'This account was not made by this app: a device needs a user token.');
    return { created: false, ignored: ['device'] };
  }
  const keepToken = !trusted && stored !== undefined && given.pushToken !== undefined && given.pushToken !== stored.pushToken;
  if (keepToken && refuse) throw new AppError('400018', 'A new push token for a stored device needs a user token.');
  const now = ctx.rt.clock.now();
  const permission = given.permission ?? stored?.permission ?? 'NOT_ALLOW';
  const device: Device = {
    ...stored,
    ...key,
    orgId: ctx.tenant.orgId,
    accountId,
    platform: given.platform,
    channel: (keepToken ? stored?.channel : given.channel) ?? stored?.channel ?? (given.platform === 'IOS' ? 'APNS' : 'GCM'),
    ...(given.pushToken !== undefined && !keepToken ? { pushToken: given.pushToken } : {}),
    ...(given.os !== undefined ? { os: given.os } : {}),
    ...(given.appVersion !== undefined ? { appVersion: given.appVersion } : {}),
    ...(given.model !== undefined ? { model: given.model } : {}),
    permission,
    active: true,
    source: 'SDK',
    appId: ctx.app.id,
    dateUpdated: now,
  };
  await ctx.tenant.keyed('device').put(accountId, device);
  if (given.permission && given.permission !== stored?.permission) {
    await recordPermission(ctx, accountId, given.deviceId, stored?.permission, given.permission, now);
    // the sends went to the token stored before this call
    await countPushUnsubscribes(ctx, accountId, { ...device, pushToken: stored?.pushToken ?? device.pushToken }, stored?.permission, given.permission, now);
  }
  return { created: !stored, ignored: keepToken ? ['device.pushToken'] : [] };
}

const sameEmails = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((e, i) => e.toLowerCase() === b[i]!.toLowerCase());
const samePhones = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p, i) => p === b[i]);
const addressText = (a: object | undefined) => JSON.stringify(Object.entries(a ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)));

async function phonesOf(ctx: SdkContext, given: readonly string[] | undefined): Promise<string[] | undefined> {
  if (given === undefined) return undefined;
  const { defaultCountry } = await organizationSettingOf(ctx.tenant);
  const read = normalizePhones(given, defaultCountry || undefined);
  if ('bad' in read) throw new AppError('400016', `phones.${given.indexOf(read.bad)}: ${ACCOUNT_MESSAGES.phone}`);
  return read.phones;
}
const CONSENTS = [
  ['email', 'emailConsent'],
  ['sms', 'smsConsent'],
  ['push', 'pushConsent'],
  ['line', 'lineConsent'],
] as const;

const thingsOf = (p: { vehicles?: Account['vehicles']; iotDevices?: Account['iotDevices'] }): Pick<Account, 'vehicles' | 'iotDevices'> => ({
  ...(p.vehicles !== undefined ? { vehicles: p.vehicles } : {}),
  ...(p.iotDevices !== undefined ? { iotDevices: p.iotDevices } : {}),
});

export const identify: Op<'identify'> = async (p, ctx) => {
  const now = ctx.rt.clock.now();
  let ignored: Protected[] = [];
  let ownAccount = false;
  const phones = await phonesOf(ctx, p.phones);
  const { account, created } = await changeAccount(ctx, p.accountId, (stored) => {
    const base: Account = stored ?? {
      orgId: ctx.tenant.orgId,
      id: p.accountId,
      emails: [],
      tags: [],
      attributes: {},
      emailConsent: false,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      version: 0,
      dateCreated: now,
      dateUpdated: now,
      createdBy: actor(ctx.app),
      updatedBy: actor(ctx.app),
    };
    // the app's own new user, or the organization's proof: anything goes; otherwise only what is missing, and
    // only on an account this app made (an imported account takes no address from the secret alone)
    const trusted = !stored || ctx.proven;
    ownAccount = base.createdBy === actor(ctx.app);
    ignored = [];
    const emails = p.emails as string[] | undefined;
    const emailsAllowed = emails !== undefined && (trusted || (ownAccount && base.emails.length === 0));
    if (emails !== undefined && !emailsAllowed && !sameEmails(emails, base.emails)) ignored.push('emails');
    // phone numbers, the LINE user id and the postal address are addresses too: the same rule as e-mail
    const storedPhones = base.phones ?? [];
    const phonesAllowed = phones !== undefined && (trusted || (ownAccount && storedPhones.length === 0));
    if (phones !== undefined && !phonesAllowed && !samePhones(phones, storedPhones)) ignored.push('phones');
    const lineAllowed = p.lineUserId !== undefined && (trusted || (ownAccount && base.lineUserId === undefined));
    if (p.lineUserId !== undefined && !lineAllowed && p.lineUserId !== base.lineUserId) ignored.push('lineUserId');
    const addressAllowed = p.address !== undefined && (trusted || (ownAccount && base.address === undefined));
    if (p.address !== undefined && !addressAllowed && addressText(p.address) !== addressText(base.address)) ignored.push('address');
    const consents: Partial<Pick<Account, (typeof CONSENTS)[number][1]>> = {};
    for (const [given, field] of CONSENTS) {
      const value = p.consents?.[given];
      if (value === undefined || value === base[field]) continue;
      if (trusted) consents[field] = value;
      else ignored.push(`consents.${given}`);
    }
    return {
      ...base,
      ...(emailsAllowed ? { emails } : {}),
      ...(phonesAllowed ? { phones } : {}),
      ...(lineAllowed ? { lineUserId: p.lineUserId } : {}),
      ...(addressAllowed ? { address: p.address as Account['address'] } : {}),
      ...(p.firstName !== undefined ? { firstName: p.firstName } : {}),
      ...(p.lastName !== undefined ? { lastName: p.lastName } : {}),
      ...(p.locale !== undefined ? { locale: p.locale } : {}),
      ...(p.timeZone !== undefined ? { timeZone: p.timeZone } : {}),
      ...(p.country !== undefined ? { country: p.country } : {}),
      ...(p.tags !== undefined ? { tags: p.tags as string[] } : {}),
      ...thingsOf(p),
      attributes: mergeAttributes(base.attributes, p.attributes as Record<string, unknown> | undefined),
      ...consents,
      version: base.version + 1,
      dateUpdated: now,
      updatedBy: actor(ctx.app),
    };
  });
  if (p.device) ignored.push(...(await putDevice(ctx, p.accountId, p.device, created || ctx.proven, ownAccount)).ignored);
  return { accountId: account.id, created, version: account.version, ...(ignored.length > 0 ? { ignored } : {}) };
};

export const device: Op<'device'> = async (p, ctx) => {
  const account = await requireAccount(ctx, p.accountId);
  const { created } = await putDevice(ctx, p.accountId, p.device, ctx.proven, account.createdBy === actor(ctx.app), true);
  return { accountId: p.accountId, deviceId: p.device.deviceId, created };
};

export const attributes: Op<'attributes'> = async (p, ctx) => {
  const now = ctx.rt.clock.now();
  const { account } = await changeAccount(ctx, p.accountId, (stored) => {
    if (!stored) return undefined;
    const removed = new Set(p.removeTags ?? []);
    const tags = [...new Set([...stored.tags, ...(p.addTags ?? [])])].filter((t) => !removed.has(t));
    return {
      ...stored,
      tags,
      ...thingsOf(p),
      attributes: mergeAttributes(stored.attributes, p.attributes as Record<string, unknown> | undefined),
      version: stored.version + 1,
      dateUpdated: now,
      updatedBy: actor(ctx.app),
    };
  });
  return { accountId: account.id, created: false, version: account.version };
};
