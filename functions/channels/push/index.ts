/** Push (native): one message per account, to its most recently active device that may show notifications. */
import { channelOf } from '../../../shared/content';
import { type Device, isApiAppType } from '../../../shared/entities';
import { say } from '../../../shared/i18n';
import { organizationSettingOf } from '../../domain/organizationSetting';
import type { ChannelAdapter, Reach, Target } from '../adapter';
import { consentAndOptOut } from '../optOut';
import { classifyPush } from './answers';
import { pinpointPushSender } from './pinpoint';
import { renderPush } from './render';

/** The longest recipient target the delivery messages carry: a longer device id cannot be one. */
const MAX_TARGET = 128;

export const pushAdapter: ChannelAdapter<'PUSH_NATIVE'> = {
  channel: 'PUSH_NATIVE',
  sendable: true,
  async reach(accounts, tenant) {
    // ignoring the account's notify setting (system setting) still honours the device's own permission
    const [{ ignoreAccountNotifySetting }, org] = await Promise.all([organizationSettingOf(tenant), tenant.organization()]);
    const everyDevice = org?.supportSendMultiDevicesPerUser === true;
    const devicesOf = tenant.keyed('device');
    return Promise.all(
      accounts.map(async (a): Promise<Reach> => {
        const devices: Device[] = await devicesOf.list(a.id);
        if (devices.length === 0) return { reason: 'USER_NOT_MATCHED' };
        const live = devices.filter((d) => d.active && d.pushToken && d.deviceId.length <= MAX_TARGET).sort((x, y) => y.dateUpdated - x.dateUpdated);
        if (live.length === 0) return { reason: 'APP_UNINSTALLED' };
        const targets = live.map(
          (d): Target => ({ address: d.pushToken!, consent: (a.pushConsent || ignoreAccountNotifySetting) && d.permission !== 'NOT_ALLOW', target: d.deviceId, os: d.platform }),
        );
        // one device per account: the newest that may notify, else the newest (recorded as without consent)
        if (!everyDevice) return targets.find((t) => t.consent) ?? targets[0]!;
        const [first, ...others] = targets;
        return others.length ? { ...first!, more: others } : first!;
      }),
    );
  },
  suppressed: (recipients, tenant) => consentAndOptOut('PUSH_NATIVE', recipients, tenant),
  // with no enabled channel set up in End User Messaging and no API application to call, no device could be reached
  async missingSetup(tenant) {
    const channels = await tenant.list('pushChannel', ['enabled', 'pinpointAppId']);
    if (channels.some((c) => c.enabled && c.pinpointAppId)) return undefined;
    const apps = await tenant.list('application', ['appType', 'status', 'apiUrl']);
    return apps.some((a) => isApiAppType(a.appType) && a.status !== 'INACTIVE' && a.apiUrl) ? undefined : say('push.planWithoutChannel');
  },
  planContent: (template) => (channelOf(template) === 'PUSH_NATIVE' && template.channel === 'PUSH_NATIVE' ? { kind: 'PUSH_NATIVE', template } : undefined),
  prepare(content, send) {
    if (content.kind !== 'PUSH_NATIVE') return undefined;
    const template = content.template;
    return (r, links) => ({ ...renderPush(template, r, links), ...(send.mutableContent ? { mutableContent: true } : {}) });
  },
  message: ({ recipient, rendered, tags }) => ({
    channel: 'PUSH_NATIVE',
    to: recipient.address,
    accountId: recipient.accountId,
    ...(recipient.target ? { deviceId: recipient.target } : {}),
    rendered,
    tags,
  }),
  classify: classifyPush,
  testName: (t, accountId) => ({ to: t.target ?? accountId, ...(t.target ? { detail: t.target } : {}) }),
  provider: (rt) => pinpointPushSender(rt),
  readFeedback: () => ({ kind: 'ignored' }),
  async retire(address, tenant) {
    const devices = tenant.keyed('device');
    const mine = await devices.ownOnIndex('byToken', address);
    await Promise.all(mine.map((d) => devices.update(d.rest, d.sort, { active: false, dateUpdated: tenant.rt.clock.now() })));
  },
};
