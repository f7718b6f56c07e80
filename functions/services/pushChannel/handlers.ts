// Push channel settings (/push-channel): each Herald application's APNs, APNs sandbox and FCM credentials.
// Nothing secret is answered or logged.
import { createPrivateKey } from 'node:crypto';
import { channelOf } from '../../../shared/content';
import { APP_CHANNEL } from '../../../shared/delivery';
import type { Device, PushChannel, PushServiceType } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { PUSH_TEXTS, textIn } from '../../../shared/i18n';
import { PUSH_CHANNEL_MESSAGES as M, type Payload, type PushChannelView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { adapterOf } from '../../channels';
import { sendPushRequest } from '../../channels/push/pinpoint';
import { messageRequest } from '../../channels/push/render';
import { pinpointSdk } from '../../platform/aws';
import { seal, unseal } from '../../platform/keys';
import { auditNew, auditNext, checkVersion, newId } from '../../store/audit';
import { type BoundItem, CONDITIONS } from '../../store/store';
import { claimUnique, uniqueOwner } from '../../store/unique';
import { Accounts } from '../../domain/accounts';
import { Pkcs12Error, readPkcs12 } from './pkcs12';
import { withParams } from '../../../shared/i18n/say';

type SavePayload = Payload<'pushChannelSetting.save'>;

function viewOf(c: PushChannel, appNames: ReadonlyMap<string, string>): PushChannelView {
  const credentialSet = c.type === 'GCM' ? Boolean(c.serviceJsonSealed) : c.authMethod === 'KEY' ? Boolean(c.tokenKeySealed) : Boolean(c.certificateSealed && c.privateKeySealed);
  const name = appNames.get(c.appId);
  return {
    id: c.id,
    title: c.title,
    appId: c.appId,
    ...(name !== undefined ? { appName: name } : {}),
    type: c.type,
    isDefault: c.isDefault,
    enabled: c.enabled,
    ...(c.authMethod ? { authMethod: c.authMethod } : {}),
    ...(c.bundleId ? { bundleId: c.bundleId } : {}),
    ...(c.teamId ? { teamId: c.teamId } : {}),
    ...(c.keyId ? { keyId: c.keyId } : {}),
    ...(c.certificateSubject ? { certificateSubject: c.certificateSubject } : {}),
    ...(c.certificateExpiresAt ? { certificateExpiresAt: c.certificateExpiresAt } : {}),
    ...(c.projectId ? { projectId: c.projectId } : {}),
    ...(c.clientEmail ? { clientEmail: c.clientEmail } : {}),
    credentialSet,
    ...(c.pinpointAppId ? { pinpointAppId: c.pinpointAppId } : {}),
    version: c.version,
    dateCreated: c.dateCreated,
    dateUpdated: c.dateUpdated,
    updatedBy: c.updatedBy,
  };
}

async function appNamesOf(ctx: AuthedContext): Promise<Map<string, string>> {
  const apps = await ctx.tenant.list('application', ['id', 'name']);
  return new Map(apps.map((a) => [a.id, a.name]));
}

function credentialsOf(p: SavePayload, stored: PushChannel | undefined, ctx: AuthedContext): Partial<PushChannel> {
  const keys = ctx.rt.keys;
  if (p.type === 'GCM') {
    if (!p.serviceJson) {
      if (stored?.type === 'GCM' && stored.serviceJsonSealed) return { serviceJsonSealed: stored.serviceJsonSealed, projectId: stored.projectId, clientEmail: stored.clientEmail };
      throw new AppError('720006', M.serviceJsonMissing);
    }
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(p.serviceJson) as Record<string, unknown>;
      if (json.type !== 'service_account' || typeof json.project_id !== 'string' || typeof json.client_email !== 'string' || typeof json.private_key !== 'string')
        throw new Error();
      createPrivateKey(json.private_key);
    } catch {
      throw new AppError('720009', M.serviceJson);
    }
    return { serviceJsonSealed: seal(keys, p.serviceJson), projectId: String(json.project_id).slice(0, 200), clientEmail: String(json.client_email).slice(0, 320) };
  }
  const apnsStored = stored && stored.type !== 'GCM' && stored.authMethod === p.authMethod ? stored : undefined;
  if (p.authMethod === 'KEY') {
    if (!p.tokenKey) {
      if (apnsStored?.tokenKeySealed) return { tokenKeySealed: apnsStored.tokenKeySealed };
      throw new AppError('720006', M.tokenKeyMissing);
    }
    try {
      if (createPrivateKey(p.tokenKey).asymmetricKeyType !== 'ec') throw new Error();
    } catch {
      throw new AppError('720009', M.tokenKey);
    }
    return { tokenKeySealed: seal(keys, p.tokenKey.trim()) };
  }
  if (!p.certificate) {
    if (apnsStored?.certificateSealed && apnsStored.privateKeySealed) {
      return {
        certificateSealed: apnsStored.certificateSealed,
        privateKeySealed: apnsStored.privateKeySealed,
        certificateSubject: apnsStored.certificateSubject,
        certificateExpiresAt: apnsStored.certificateExpiresAt,
      };
    }
    throw new AppError('720006', M.certificateMissing);
  }
  let read;
  try {
    read = readPkcs12(Buffer.from(p.certificate.replace(/\s+/g, ''), 'base64'), p.certificatePassword ?? '');
  } catch (e) {
    if (e instanceof Pkcs12Error && /unsupported encryption/.test(e.message)) throw new AppError('720009', M.certificateLegacy);
    throw new AppError('720009', M.certificateUnreadable);
  }
  if (read.expiresAt <= ctx.rt.clock.now()) throw new AppError('720009', M.certificateExpired);
  return {
    certificateSealed: seal(keys, read.certificatePem),
    privateKeySealed: seal(keys, read.privateKeyPem),
    certificateSubject: read.subject,
    certificateExpiresAt: read.expiresAt,
  };
}

function pinpointError(e: unknown): AppError {
  const name = (e as { name?: string }).name ?? '';
  if (name === 'BadRequestException' || name === 'ForbiddenException') return new AppError('720009', withParams(M.refused, { detail: String((e as Error).message).slice(0, 300) }));
  return new AppError('400013', M.unreachable);
}

const DELETE_COMMANDS = {
  APNS: 'DeleteApnsChannelCommand',
  APNS_SANDBOX: 'DeleteApnsSandboxChannelCommand',
  GCM: 'DeleteGcmChannelCommand',
} as const;

async function dropPinpointChannel(ctx: AuthedContext, c: PushChannel): Promise<void> {
  if (!c.pinpointAppId) return;
  try {
    const [sdk, pinpoint] = await Promise.all([pinpointSdk(), ctx.rt.aws.pinpoint()]);
    await pinpoint.send(new sdk[DELETE_COMMANDS[c.type]]({ ApplicationId: c.pinpointAppId }) as never);
  } catch (e) {
    if ((e as { name?: string }).name !== 'NotFoundException') throw pinpointError(e);
  }
}

async function putPinpointChannel(ctx: AuthedContext, pinpointAppId: string, c: PushChannel): Promise<void> {
  const open = (sealed: string | undefined) => (sealed ? unseal(ctx.rt.keys, sealed) : undefined);
  const [{ UpdateApnsChannelCommand, UpdateApnsSandboxChannelCommand, UpdateGcmChannelCommand }, pinpoint] = await Promise.all([pinpointSdk(), ctx.rt.aws.pinpoint()]);
  if (c.type === 'GCM') {
    await pinpoint.send(
      new UpdateGcmChannelCommand({
        ApplicationId: pinpointAppId,
        GCMChannelRequest: { ServiceJson: open(c.serviceJsonSealed), DefaultAuthenticationMethod: 'TOKEN', Enabled: c.enabled },
      }),
    );
    return;
  }
  const request =
    c.authMethod === 'KEY'
      ? { BundleId: c.bundleId, TeamId: c.teamId, TokenKeyId: c.keyId, TokenKey: open(c.tokenKeySealed), DefaultAuthenticationMethod: 'KEY', Enabled: c.enabled }
      : { Certificate: open(c.certificateSealed), PrivateKey: open(c.privateKeySealed), DefaultAuthenticationMethod: 'CERTIFICATE', Enabled: c.enabled };
  if (c.type === 'APNS') await pinpoint.send(new UpdateApnsChannelCommand({ ApplicationId: pinpointAppId, APNSChannelRequest: request }));
  else await pinpoint.send(new UpdateApnsSandboxChannelCommand({ ApplicationId: pinpointAppId, APNSSandboxChannelRequest: request }));
}

async function pinpointAppOf(ctx: AuthedContext, appId: string, channels: readonly PushChannel[]): Promise<string> {
  const known = channels.find((c) => c.appId === appId && c.pinpointAppId)?.pinpointAppId;
  if (known) return known;
  const [{ CreateAppCommand }, pinpoint] = await Promise.all([pinpointSdk(), ctx.rt.aws.pinpoint()]);
  try {
    const out = await pinpoint.send(
      new CreateAppCommand({
        CreateApplicationRequest: { Name: `herald-${ctx.tenant.orgId}-${appId}`.slice(0, 64), tags: { 'herald:org': String(ctx.tenant.orgId), 'herald:app': appId } },
      }),
    );
    if (!out.ApplicationResponse?.Id) throw new Error('CreateApp answered no id');
    return out.ApplicationResponse.Id;
  } catch (e) {
    throw pinpointError(e);
  }
}

function testMessage(ctx: AuthedContext, channel: PushChannel, title?: string, body?: string) {
  return {
    language: ctx.lang,
    contentType: 'text' as const,
    title: title || textIn(PUSH_TEXTS.testTitle, ctx.lang),
    subtitle: '',
    body: body || textIn(PUSH_TEXTS.testBody, ctx.lang, { title: channel.title }),
    buttons: [],
    extras: {},
    sound: 'default',
    expiry: { kind: 'NONE' as const },
    priority: 'SEND_ANYWAY' as const,
    inboxMode: 'PUSH_ONLY' as const,
  };
}

const reachedBy = (c: PushChannel) => (d: Device) => d.active && Boolean(d.pushToken) && d.channel === c.type && (d.appId === c.appId || (!d.appId && c.isDefault));

export const pushChannelSettingHandlers: AreaHandlers<'pushChannelSetting'> = {
  async list(_p, ctx) {
    const [channels, names] = await Promise.all([ctx.tenant.list('pushChannel'), appNamesOf(ctx)]);
    channels.sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
    return { list: channels.map((c) => viewOf(c, names)) };
  },

  async applications(_p, ctx) {
    const apps = await ctx.tenant.list('application', ['id', 'name', 'appType']);
    apps.sort((a, b) => a.name.localeCompare(b.name));
    return { list: apps.map((a) => ({ id: a.id, name: a.name, appType: a.appType })) };
  },

  async detail({ id }, ctx) {
    const [c, names] = await Promise.all([ctx.tenant.require('pushChannel', id), appNamesOf(ctx)]);
    return viewOf(c, names);
  },

  async save(p, ctx) {
    const now = ctx.rt.clock.now();
    const stored = p.id ? await ctx.tenant.require('pushChannel', p.id) : undefined;
    if (stored) checkVersion(stored, p.version);
    const app = await ctx.tenant.get('application', p.appId);
    if (!app) throw new AppError('720003', M.appMissing);
    // the guard is read before the channels: a default set after this read changes it, and the save conflicts
    const [guardOwner, channels] = await Promise.all([uniqueOwner(ctx.tenant, 'pushChannel', 'default', p.type), ctx.tenant.list('pushChannel')]);
    const others = channels.filter((c) => c.id !== stored?.id);
    if (others.some((c) => c.appId === p.appId && c.type === p.type)) throw new AppError('720001', M.taken);
    const credentials = credentialsOf(p, stored, ctx);
    // the first channel of a service is its default; a new default takes the mark from the old one
    const isDefault = p.isDefault || !others.some((c) => c.type === p.type && c.isDefault);
    const pinpointAppId = stored && stored.appId === p.appId && stored.pinpointAppId ? stored.pinpointAppId : await pinpointAppOf(ctx, p.appId, others);
    const apns = p.type !== 'GCM';
    const next: PushChannel = ctx.tenant.own({
      id: stored?.id ?? newId(),
      title: p.title,
      appId: p.appId,
      type: p.type as PushServiceType,
      isDefault,
      enabled: p.enabled,
      ...(apns ? { authMethod: p.authMethod, bundleId: p.bundleId } : {}),
      ...(apns && p.authMethod === 'KEY' ? { teamId: p.teamId, keyId: p.keyId } : {}),
      ...credentials,
      pinpointAppId,
      ...(stored ? auditNext(stored, now, ctx.identity.userId) : auditNew(now, ctx.identity.userId)),
    });
    try {
      await putPinpointChannel(ctx, pinpointAppId, next);
    } catch (e) {
      throw pinpointError(e);
    }
    // a channel moved to another application or service leaves its old place
    if (stored && (stored.type !== next.type || stored.appId !== next.appId)) await dropPinpointChannel(ctx, stored);
    // The channel, the other defaults of its service unset, and the service's default guard, all or nothing: of
    // two saves making a default at once, the second finds the guard or an unset channel changed and conflicts.
    const writes: BoundItem[] = [stored ? ctx.tenant.putVersioned('pushChannel', next, stored.version) : ctx.tenant.putNew('pushChannel', next, '720007')];
    if (isDefault) {
      for (const c of others.filter((o) => o.type === next.type && o.isDefault)) {
        writes.push(ctx.tenant.updateItem('pushChannel', c.id, { set: { isDefault: false, dateUpdated: now }, add: { version: 1 } }, CONDITIONS.versionIs(c.version)));
      }
      writes.push(claimUnique(ctx.tenant, 'pushChannel', 'default', next.type, next.id, guardOwner));
    }
    await ctx.tenant.transact(writes, '720007');
    return viewOf(next, new Map([[app.id, app.name]]));
  },

  async delete({ id, version }, ctx) {
    const stored = await ctx.tenant.require('pushChannel', id);
    checkVersion(stored, version);
    await dropPinpointChannel(ctx, stored);
    await ctx.tenant.deleteIf('pushChannel', id, CONDITIONS.versionIs(stored.version), '720007');
    return { ok: true as const };
  },

  async testSend({ id, accountId, title, body }, ctx) {
    const channel = await ctx.tenant.require('pushChannel', id);
    if (!channel.enabled) throw new AppError('720009', M.testDisabled);
    const account = await new Accounts(ctx.tenant).get(accountId);
    if (!account) throw new AppError('720003');
    const devices = (await ctx.tenant.keyed('device').list(accountId)).filter(reachedBy(channel));
    if (devices.length === 0 || !channel.pinpointAppId) throw new AppError('720009', M.testNoDevice);
    const message = testMessage(ctx, channel, title, body);
    const ids = { planId: 'test', runId: `t${ctx.rt.clock.now()}` };
    const results = await Promise.all(
      devices.map(async (d) => {
        const token = d.pushToken!;
        try {
          const outcome = await sendPushRequest(
            await ctx.rt.aws.pinpoint(),
            channel.pinpointAppId!,
            messageRequest(message, { token, channelType: channel.type }, ids, undefined),
            token,
          );
          if (outcome.kind === 'sent') return { deviceId: d.deviceId, status: 'SENT' as const, providerId: outcome.providerId };
          if (outcome.kind === 'throttled') return { deviceId: d.deviceId, status: 'THROTTLED' as const };
          if (outcome.kind === 'dead') {
            await adapterOf(APP_CHANNEL).retire(token, ctx.tenant, ids.planId);
            return { deviceId: d.deviceId, status: 'DEAD' as const, detail: outcome.detail };
          }
          return { deviceId: d.deviceId, status: 'FAILED' as const, detail: outcome.detail };
        } catch {
          return { deviceId: d.deviceId, status: 'FAILED' as const, detail: 'End User Messaging could not say whether the message went out.' };
        }
      }),
    );
    return { results };
  },
};

export const templateMessagePushHandlers: Pick<AreaHandlers<'templateMessage'>, 'getPushChannels'> = {
  async getPushChannels({ id }, ctx) {
    const template = await ctx.tenant.require('templateMessage', id);
    if (channelOf(template.template) !== APP_CHANNEL) return { list: [] };
    const [channels, names] = await Promise.all([ctx.tenant.list('pushChannel'), appNamesOf(ctx)]);
    return {
      list: channels
        .filter((c) => c.enabled)
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((c) => ({ id: c.id, title: c.title, type: c.type, appId: c.appId, ...(names.has(c.appId) ? { appName: names.get(c.appId)! } : {}), isDefault: c.isDefault })),
    };
  },
};
