/**
 * An account's devices and a push's links, end to end through the API and the Pinpoint stand-in: the
 * organization's `supportSendMultiDevicesPerUser` off sends one push per account (to its most recently active
 * device that allows notifications), on sends one to each; test sends offer the same devices. A push opens a
 * deep link in the app's own scheme or a universal link; a bad link is refused with a catalogue error in the
 * reader's language; a Pinpoint template with a DEEP_LINK action imports; a tracked button counts its click once
 * per device it was sent to. The organization's white list holds on a trigger's sends as on a campaign's.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceKeyOf } from '../../shared/entities';
import { FIELD_NAMES, fillText, RENDER_TEXTS } from '../../shared/i18n';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedPush } from '../../functions/channels/push/standIns/push';
import { Store } from '../../functions/store/store';
import { type ApiClient, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { received as receivedAt } from '../support/channelStandIns';
import { approverOf } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const tag = `pd${randomUUID().slice(0, 6)}`;
const testAddress = `${tag}@example.com`;

let herald: LocalHerald;
let store: Store;
let callers: Callers;
let approver: ApiClient;
let approverId: string;
let appId: string;
let segmentId: string;

const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const fcmKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const serviceJson = JSON.stringify({ type: 'service_account', project_id: 'herald-push', private_key: fcmKey, client_email: 'push@herald-push.iam.gserviceaccount.com' });

const tokens = {
  tablet: randomBytes(32).toString('hex'),
  phone: `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(105).toString('base64url')}`,
  watch: randomBytes(32).toString('hex'),
};
const SHOP = 'https://shop.example.com/autumn';
const TEMPLATE = {
  channel: 'PUSH_NATIVE',
  defaultLanguage: 'en',
  contents: {
    en: {
      contentType: 'url',
      title: 'Autumn sale',
      body: 'Everything 30% off.',
      url: 'myshop://sale/autumn',
      buttons: [
        { text: 'Shop now', action: 'WEBSITE', value: SHOP },
        { text: 'Coupons', action: 'OPEN_PAGE', value: 'myshop://coupons' },
      ],
    },
  },
} as const;

beforeAll(async () => {
  herald = await startHerald({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, tag);
  const { admin } = callers;
  appId = (await admin.ok('application.save', { name: `Shop ${tag}`, appType: 'IOS', bundleId: 'com.example.shop' })).id;
  await admin.ok('pushChannelSetting.save', {
    title: 'iOS',
    appId,
    type: 'APNS_SANDBOX',
    authMethod: 'KEY',
    bundleId: 'com.example.shop',
    teamId: 'TEAM123456',
    keyId: 'KEYID12345',
    tokenKey,
  });
  await admin.ok('pushChannelSetting.save', { title: 'Android', appId, type: 'GCM', serviceJson });
  // the account is a test account too (its address a kept test address), so test sends reach its devices
  const { organization } = await admin.ok('systemSetting.detail');
  await admin.ok('systemSetting.save', { ...organization, testAddresses: [testAddress] });
  await admin.ok('account.save', { id: tag, emails: [testAddress], firstName: 'Ann', locale: 'en-US', pushConsent: true, attributes: { campaign: tag, hooked: tag } });
  // the tablet was used an hour ago, the phone a minute ago; the watch is newest but shows no notifications
  const now = herald.rt.clock.now();
  const device = (deviceId: keyof typeof tokens, platform: 'IOS' | 'ANDROID', dateUpdated: number, permission = 'ALWAYS') =>
    store.put('device', {
      accountKey: deviceKeyOf(1, tag),
      deviceId,
      orgId: 1,
      accountId: tag,
      platform,
      channel: platform === 'IOS' ? 'APNS_SANDBOX' : 'GCM',
      pushToken: tokens[deviceId],
      permission,
      active: true,
      source: 'SDK',
      appId,
      dateUpdated,
    });
  await Promise.all([device('tablet', 'IOS', now - 3600_000), device('phone', 'ANDROID', now - 60_000), device('watch', 'IOS', now, 'NOT_ALLOW')]);
  segmentId = (await admin.ok('segment.save', { name: `Devices ${tag}`, rule: { op: 'AND', conditions: [{ field: 'attributes.campaign', operator: 'equals', value: tag }] } })).id;
  ({ id: approverId, client: approver } = await approverOf(admin, herald, `approver${tag}`));
  // a staging organization: only the listed account receives (the trigger test below sends to one that is not)
  await admin.ok('organization.saveWhiteList', { id: 1, content: tag });
}, 120_000);
afterAll(() => herald?.stop());

const setMultiDevice = async (on: boolean) => {
  const org = await callers.admin.ok('organization.detail', { id: 1 });
  await callers.admin.ok('organization.save', { ...org, supportSendMultiDevicesPerUser: on });
};

/** A push plan sent through review and approval to the account's devices; the requests the stand-in got for it. */
async function sendPlan(): Promise<{ planId: string; got: ReceivedPush[] }> {
  const { admin } = callers;
  const draft = await admin.ok('plan.saveSingle', {
    name: `Push ${randomUUID().slice(0, 6)}`,
    title: 'Push',
    channel: 'PUSH_NATIVE',
    content: { kind: 'PUSH_NATIVE', template: TEMPLATE },
    segmentId,
  });
  await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approverId], deadline: herald.rt.clock.now() + DAY });
  await approver.ok('planAction.pass', { id: draft.id });
  await until(
    'the push to be sent',
    () => admin.ok('plan.detail', { id: draft.id }),
    (p) => p.status === 'DEPLOYED',
  );
  const got = (await receivedAt<ReceivedPush>(herald.standIns.endpoints, 'pinpoint', Object.values(tokens))).filter((g) =>
    String((g.request as { TraceId?: string }).TraceId).startsWith(draft.id),
  );
  return { planId: draft.id, got };
}

/** A device's tracked link of the push's first button, as the app gets it. */
function buttonLink(got: ReceivedPush): string {
  const config = (got.request as any).MessageConfiguration;
  const buttons = config.APNSMessage ? JSON.parse(config.APNSMessage.RawContent).herald.buttons : JSON.parse(config.GCMMessage.Data['herald.buttons']);
  return buttons[0].value;
}

describe('the organization’s multi-device switch', () => {
  it('off: one push per account, to its most recently active device that allows notifications; on: one to each device; test sends follow it', async () => {
    const { admin } = callers;
    await setMultiDevice(false);
    expect((await admin.ok('plan.getTestTargets', { channel: 'PUSH_NATIVE' })).targets.map((t) => t.to)).toEqual(['phone']);
    const off = await sendPlan();
    expect(off.got.map((g) => g.address)).toEqual([tokens.phone]);
    // the tap opens the app's own page: a deep link, untracked, as FCM's and APNs' DEEP_LINK action
    const gcm = (off.got[0]!.request as any).MessageConfiguration.GCMMessage;
    expect(gcm).toMatchObject({ Action: 'DEEP_LINK', Url: 'myshop://sale/autumn' });
    expect(JSON.parse(gcm.Data['herald.buttons'])[1]).toMatchObject({ action: 'OPEN_PAGE', value: 'myshop://coupons' });
    expect((await admin.ok('planStatistics.detail', { id: off.planId })).totals).toMatchObject({ matched: 1, sent: 1, skipped: 0 });

    await setMultiDevice(true);
    expect((await admin.ok('plan.getTestTargets', { channel: 'PUSH_NATIVE' })).targets.map((t) => t.to).sort()).toEqual(['phone', 'tablet', 'watch']);
    const on = await sendPlan();
    expect(on.got.map((g) => g.address).sort()).toEqual([tokens.phone, tokens.tablet].sort());
    // the watch, which shows no notifications, is recorded as skipped
    expect((await admin.ok('planStatistics.detail', { id: on.planId })).totals).toMatchObject({ sent: 2, skipped: 1 });

    // a tracked button followed from each device: one click per device, however often it is tapped
    const [phone, tablet] = [on.got.find((g) => g.address === tokens.phone)!, on.got.find((g) => g.address === tokens.tablet)!];
    for (const link of [buttonLink(phone), buttonLink(phone), buttonLink(tablet)]) {
      expect(link).toMatch(/\/service\/t\/c\/[\w-]+$/);
      const res = await fetch(link.replace(/^https?:\/\/[^/]+/, herald.url), { redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([302, SHOP]);
    }
    expect(buttonLink(phone)).not.toBe(buttonLink(tablet));
    expect((await admin.ok('planStatistics.detail', { id: on.planId })).totals).toMatchObject({ clicks: 2, opens: 2 });
    await setMultiDevice(false);
  }, 120_000);
});

describe('the organization’s white list', () => {
  it('holds on a trigger’s sends as on a campaign’s: while it has entries, only the accounts it names get the push', async () => {
    const { admin } = callers;
    const stranger = `${tag}-b`;
    const strangerToken = randomBytes(32).toString('hex');
    await admin.ok('account.save', { id: stranger, firstName: 'Bo', pushConsent: true, attributes: { hooked: tag } });
    await store.put('device', {
      accountKey: deviceKeyOf(1, stranger),
      deviceId: 'phone-b',
      orgId: 1,
      accountId: stranger,
      platform: 'IOS',
      channel: 'APNS_SANDBOX',
      pushToken: strangerToken,
      permission: 'ALWAYS',
      active: true,
      source: 'SDK',
      appId,
      dateUpdated: herald.rt.clock.now(),
    });
    const hooked = (await admin.ok('segment.save', { name: `Hooked ${tag}`, rule: { op: 'AND', conditions: [{ field: 'attributes.hooked', operator: 'equals', value: tag }] } }))
      .id;
    const draft = await admin.ok('plan.saveSingle', {
      name: `Paid ${tag}`,
      title: 'Paid',
      channel: 'PUSH_NATIVE',
      content: { kind: 'PUSH_NATIVE', template: TEMPLATE },
      segmentId: hooked,
      trigger: { kind: 'ACTION', actionCode: 'order_paid', webhook: true },
    });
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approverId], deadline: herald.rt.clock.now() + DAY });
    expect((await approver.ok('planAction.pass', { id: draft.id })).status).toBe('ACTIVE');
    const { url, token } = await admin.ok('trigger.issueWebhookToken', { id: draft.id });
    for (const accountId of [tag, stranger]) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ accountId }) });
      expect(res.status).toBe(200);
    }
    const detail = await until(
      'both trigger sends recorded',
      () => admin.ok('planStatistics.detail', { id: draft.id }),
      (d) => d.totals.sent + d.totals.skipped >= 2,
    );
    // the account the list does not name is skipped as not matched (its record says: not on the white list)
    expect(detail).toMatchObject({ totals: { sent: 1, skipped: 1 }, reasons: { skipped: { USER_NOT_MATCHED: 1 } } });
    const got = await receivedAt<ReceivedPush>(herald.standIns.endpoints, 'pinpoint', [tokens.phone, strangerToken]);
    expect(got.filter((g) => String((g.request as { TraceId?: string }).TraceId).startsWith(draft.id)).map((g) => g.address)).toEqual([tokens.phone]);
  }, 120_000);
});

/** the refusal of a bad push link, in `lang`, naming the field */
const appLinkText = (lang: 'en' | 'zh' | 'ja', field: 'url' | 'page') => fillText(RENDER_TEXTS.appLink[lang], { param: FIELD_NAMES[field][lang] });

describe('a push’s links', () => {
  const save = (contents: unknown, lang: 'en' | 'zh' | 'ja' = 'en') =>
    callers.admin.call(
      'templateMessage.save',
      { name: `Links ${randomUUID().slice(0, 6)}`, template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: contents } } },
      { 'x-lang': lang },
    );

  it('take a deep link in the app’s scheme or a universal link, and refuse others with a catalogue error in the reader’s language', async () => {
    for (const url of ['myshop://sale/autumn', 'https://shop.example.com/sale/autumn', 'fb123456:item/4', '{{attributes.offer|myshop://sale}}']) {
      expect((await save({ title: 'T', contentType: 'url', url })).body, url).toMatchObject({ state: 'S' });
    }
    for (const lang of ['en', 'zh', 'ja'] as const) {
      for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'myshop://sale autumn', 'https://', 'sale/autumn']) {
        const refused = (await save({ title: 'T', contentType: 'url', url }, lang)).body;
        expect(refused, `${url} ${lang}`).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining(appLinkText(lang, 'url')) });
      }
    }
    // a button that opens a page of the app: its name, or an app link that must be one
    expect((await save({ title: 'T', body: 'B', buttons: [{ text: 'Go', action: 'OPEN_PAGE', value: 'coupons' }] })).body).toMatchObject({ state: 'S' });
    const bad = (await save({ title: 'T', body: 'B', buttons: [{ text: 'Go', action: 'OPEN_PAGE', value: 'javascript:alert(1)' }] }, 'ja')).body;
    expect(bad).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining(appLinkText('ja', 'page')) });
  });

  it('a Pinpoint push template with a DEEP_LINK action imports with its deep link', async () => {
    const { admin } = callers;
    const name = `PP deep ${tag}`;
    const file = {
      Templates: [
        {
          PushNotificationTemplateResponse: {
            TemplateName: name,
            TemplateType: 'PUSH',
            Default: { Title: 'Sale', Body: 'Up to 30% off', Action: 'DEEP_LINK', Url: 'myshop://sale/autumn' },
          },
        },
      ],
    };
    expect(await admin.ok('templateMessage.importFile', { file: JSON.stringify(file) })).toMatchObject({ created: 1, failures: [] });
    const row = (await admin.ok('templateMessage.getListByPage', { page: 0, size: 10, name })).list[0]!;
    expect((await admin.ok('templateMessage.detail', { id: row.id })).template).toMatchObject({
      channel: 'PUSH_NATIVE',
      contents: { en: { contentType: 'url', title: 'Sale', url: 'myshop://sale/autumn' } },
    });
    // another organization's id answers as missing
    expect((await callers.other.call('templateMessage.detail', { id: row.id })).body.errorCode).toBe('720003');
  });
});
