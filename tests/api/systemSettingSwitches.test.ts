/**
 * Every switch of the system setting (spec 001 3.11) has its effect (docs/settings.md): each is turned on or off
 * through systemSetting.save and the behaviour it governs is read back through the API, the SES stand-in and the
 * push stand-in. The approval sheet switches and the tips have theirs in approvalSheets.test.ts. Only a role
 * with the system setting permission changes the setting; bad input answers with a catalogue error.
 */
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedPush } from '../../functions/channels/push/standIns/push';
import { TRACKING_PATHS } from '../../functions/channels/links';
import { Store } from '../../functions/store/store';
import { deviceKeyOf } from '../../shared/entities';
import { createSdkClient } from '../../shared/sdk/client';
import { received } from '../support/channelStandIns';
import { ApiClient, manualClock, sentMail, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, campaignRule, seedAudience, testAccount, testSegment } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const OFFER = 'https://shop.example.com/offer';
const clock = manualClock(Date.UTC(2026, 10, 26, 3));
let herald: LocalHerald;
let store: Store;
let callers: Callers;
let admin: ApiClient;
let approver: { id: string; client: ApiClient };

beforeAll(async () => {
  herald = await startHerald({ clock, config: { sendRates: { EMAIL: 100_000, SMS: 1000, PUSH_NATIVE: 100_000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'switch');
  admin = callers.admin;
  admin.autoRefresh = true;
  approver = await approverOf(admin, herald, 'switcher');
}, 60_000);
afterAll(() => herald?.stop());
// the clock moves past the workers' setting cache: sign in afresh for each test
beforeEach(async () => {
  await admin.login();
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  await approver.client.login(...approver.client.credentials!);
});

/** Saves the first organization's setting with `change`, and lets the send workers' 10 s cache lapse. */
async function setSwitches(change: Record<string, unknown>) {
  const { organization } = await admin.ok('systemSetting.detail');
  const saved = await admin.ok('systemSetting.save', { ...organization, ...change });
  clock.advance(11_000);
  return saved;
}

/** A single message from draft through one approver's pass to the end of its run. */
async function sendThrough(name: string, channel: string, content: unknown, segmentId: string) {
  const plan = await admin.ok('plan.saveSingle', { name, title: name, channel, content, segmentId });
  await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: clock.now() + DAY });
  await approver.client.ok('planAction.pass', { id: plan.id });
  await until(
    `${name} to be sent`,
    async () => {
      await herald.delivery.idle();
      return admin.ok('plan.detail', { id: plan.id });
    },
    (p) => p.status === 'DEPLOYED',
  );
}

describe('the settings operations', () => {
  it('are refused to a role without the system setting permission (730001), and open to one holding it', async () => {
    const { nobody } = callers;
    expect((await nobody.call('systemSetting.detail')).body.errorCode).toBe('730001');
    const { organization } = await admin.ok('systemSetting.detail');
    expect((await nobody.call('systemSetting.save', { ...organization, mutableContent: true })).body.errorCode).toBe('730001');
    expect((await admin.ok('systemSetting.detail')).organization.mutableContent).toBe(false);

    const role = await admin.ok('userRole.save', { name: 'Settings keeper', code: 'SETTINGS_KEEPER', permissions: ['NAV_HOME', 'NAV_SYSTEM_SETTING'] });
    await admin.ok('user.save', { username: 'keeper', email: 'keeper@example.com', roleId: role.id, password: 'Keeper@123' });
    const keeper = new ApiClient(herald);
    await keeper.login('keeper', 'Keeper@123');
    const saved = await keeper.ok('systemSetting.save', { ...organization, previewAppName: 'Keeper' });
    expect(saved).toMatchObject({ previewAppName: 'Keeper', version: organization.version + 1 });
    await setSwitches({ previewAppName: '' });
  });

  it('answer bad switch values and a default country outside the country list with catalogue errors', async () => {
    const { organization } = await admin.ok('systemSetting.detail');
    for (const name of ['languageAnalysis', 'apiPushCheckDeletedTemplate', 'mutableContent', 'ignoreAccountNotifySetting', 'convertHyperlink', 'iotIdHash']) {
      const bad = await admin.call('systemSetting.save', { ...organization, [name]: 'yes' });
      expect(bad.status, name).toBe(400);
      expect(bad.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining(name) });
    }
    const outside = await admin.call('systemSetting.save', { ...organization, countryList: ['JP', 'US'], defaultCountry: 'FR' });
    expect(outside.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('payload.defaultCountry') });
    expect(outside.body.errorMessage).toContain('country list');
    const ja = await admin.call('systemSetting.save', { ...organization, countryList: ['JP'], defaultCountry: 'US' }, { 'x-lang': 'ja' });
    expect(ja.body.errorMessage).toContain('国リスト');
    expect((await admin.ok('systemSetting.detail')).organization.version).toBe(organization.version);
  });
});

describe('preview app name and country list', () => {
  it('reach every member through the configuration: the push preview names the app, the screens offer the countries', async () => {
    expect((await admin.ok('auth.configuration')).systemSetting).toMatchObject({ previewAppName: '', countryList: [] });
    await setSwitches({ previewAppName: 'Spring Shop', countryList: ['jp', 'US'], defaultCountry: 'JP' });
    expect((await admin.ok('auth.configuration')).systemSetting).toMatchObject({ previewAppName: 'Spring Shop', countryList: ['JP', 'US'], defaultCountry: 'JP' });
    // the other organization keeps its own
    expect((await callers.other.ok('auth.configuration')).systemSetting).toMatchObject({ previewAppName: '', countryList: [] });
    await setSwitches({ previewAppName: '', countryList: [], defaultCountry: '' });
  });
});

describe('the sending switches', () => {
  const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const tag = `sw${Date.now().toString(36)}`;
  // consenting; not consenting in the app; not consenting and the phone not allowing notifications
  const tokens = { consents: randomBytes(32).toString('hex'), declines: randomBytes(32).toString('hex'), blocked: randomBytes(32).toString('hex') };
  let pushSegment: string;
  let mailSegment: string;
  let mails: string[];

  /** An iOS push channel, the three push accounts with a segment of them, and a mail audience. */
  async function setUpAudiences() {
    const app = await admin.ok('application.save', { name: `Switch app ${tag}`, appType: 'IOS', bundleId: 'com.example.switch' });
    await admin.ok('pushChannelSetting.save', {
      title: 'iOS',
      appId: app.id,
      type: 'APNS_SANDBOX',
      authMethod: 'KEY',
      bundleId: 'com.example.switch',
      teamId: 'TEAM123456',
      keyId: 'KEYID12345',
      tokenKey,
    });
    const now = clock.now();
    for (const [name, token] of Object.entries(tokens)) {
      const id = `${tag}-${name}`;
      await store.put('account', testAccount(1, id, now, { attributes: { campaign: tag }, pushConsent: name === 'consents' }));
      await store.put('device', {
        accountKey: deviceKeyOf(1, id),
        deviceId: 'iphone',
        orgId: 1,
        accountId: id,
        platform: 'IOS',
        channel: 'APNS_SANDBOX',
        pushToken: token,
        permission: name === 'blocked' ? 'NOT_ALLOW' : 'ALWAYS',
        active: true,
        source: 'SDK',
        appId: app.id,
        dateUpdated: now,
      });
    }
    pushSegment = await testSegment(store, 1, `Push ${tag}`, campaignRule(tag), now);
    ({ segmentId: mailSegment, emails: mails } = await seedAudience(herald, 1, `${tag}m`, 2));
  }

  const pushContent = (title: string) => ({
    kind: 'PUSH_NATIVE',
    template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { contentType: 'url', title, body: 'Spring sale', url: OFFER } } },
  });
  const mailContent = (subject: string) => ({
    kind: 'EMAIL',
    template: { defaultLanguage: 'en', contents: { en: { subject, preheader: 'Hi', blocks: [{ type: 'button', text: 'See the offer', href: OFFER }] } } },
  });
  const apnsOf = (got: ReceivedPush[], token: string) => {
    const request = got.find((g) => g.address === token)!.request as { MessageConfiguration: { APNSMessage: { RawContent: string; Url?: string } } };
    return { ...request.MessageConfiguration.APNSMessage, raw: JSON.parse(request.MessageConfiguration.APNSMessage.RawContent) };
  };
  /** Sends a push and a mail under the current setting; what the stand-ins received of them. */
  async function sendBoth(name: string) {
    await sendThrough(`${name} push`, 'PUSH_NATIVE', pushContent(`${name} push`), pushSegment);
    await sendThrough(`${name} mail`, 'EMAIL', mailContent(`${name} mail`), mailSegment);
    const pushes = (await received<ReceivedPush>(herald.standIns.endpoints, 'pinpoint', Object.values(tokens))).filter((g) =>
      JSON.parse((g.request as { MessageConfiguration: { APNSMessage: { RawContent: string } } }).MessageConfiguration.APNSMessage.RawContent).aps.alert.title.startsWith(name),
    );
    const mail = (await sentMail(herald)).filter((m) => m.subject === `${name} mail` && mails.includes(m.destination.to[0]!));
    return { pushes, mail };
  }

  let before: Awaited<ReturnType<typeof sendBoth>>;
  let after: Awaited<ReturnType<typeof sendBoth>>;

  beforeAll(async () => {
    await setUpAudiences();
    const { organization } = await admin.ok('systemSetting.detail');
    expect(organization).toMatchObject({ mutableContent: false, convertHyperlink: true, ignoreAccountNotifySetting: false });
    before = await sendBoth('Defaults');
    await setSwitches({ mutableContent: true, convertHyperlink: false, ignoreAccountNotifySetting: true });
    try {
      after = await sendBoth('Switched');
    } finally {
      await setSwitches({ mutableContent: false, convertHyperlink: true, ignoreAccountNotifySetting: false });
    }
  }, 180_000);

  it('mutable content: on, every iOS push asks for it, not only those with media or buttons', () => {
    expect(apnsOf(before.pushes, tokens.consents).raw.aps['mutable-content']).toBeUndefined();
    expect(apnsOf(after.pushes, tokens.consents).raw.aps['mutable-content']).toBe(1);
  });

  it('convert hyperlink: on, links go out as click-tracking links; off, as written', () => {
    const tracked = `${herald.rt.config.publicUrl}${TRACKING_PATHS.click}`;
    expect(before.mail).toHaveLength(2);
    expect(before.mail[0]!.body.html).toContain(tracked);
    expect(before.mail[0]!.body.html).not.toContain(`href="${OFFER}"`);
    expect(apnsOf(before.pushes, tokens.consents).Url).toContain(tracked);
    expect(after.mail).toHaveLength(2);
    expect(after.mail[0]!.body.html).toContain(`href="${OFFER}"`);
    expect(after.mail[0]!.body.html).not.toContain(tracked);
    expect(apnsOf(after.pushes, tokens.consents).Url).toBe(OFFER);
  });

  it('ignore account notify setting: on, a push reaches an account that turned notifications off in the app, never a phone that does not allow them', () => {
    expect(before.pushes.map((g) => g.address).sort()).toEqual([tokens.consents]);
    expect(after.pushes.map((g) => g.address).sort()).toEqual([tokens.consents, tokens.declines].sort());
  });
});

describe('language analysis', () => {
  it('on, an account without a locale is written to in its country’s language; off, in the template’s default language', async () => {
    const tag = `la${randomUUID().slice(0, 6)}`;
    const now = clock.now();
    // no locale in Japan; a locale of its own in Japan; no locale and no country
    const people = { jp: { country: 'JP' }, chosen: { country: 'JP', locale: 'en-US' }, nowhere: {} };
    for (const [name, fields] of Object.entries(people)) {
      const id = `${tag}-${name}`;
      await store.put('account', testAccount(1, id, now, { emails: [`${id}@example.com`], attributes: { campaign: tag }, emailConsent: true, ...fields }));
    }
    const segmentId = await testSegment(store, 1, tag, campaignRule(tag), now);
    const content = (name: string) => ({
      kind: 'EMAIL',
      template: {
        defaultLanguage: 'en',
        contents: {
          en: { subject: `${name} hello`, blocks: [{ type: 'heading', text: 'Hello' }] },
          ja: { subject: `${name} こんにちは`, blocks: [{ type: 'heading', text: 'こんにちは' }] },
        },
      },
    });
    const subjects = async (name: string) =>
      Object.fromEntries(
        (await sentMail(herald))
          .filter((m) => m.subject.startsWith(name))
          .map((m) => [m.destination.to[0]!.slice(tag.length + 1).replace('@example.com', ''), m.subject.slice(name.length + 1)]),
      );

    expect((await admin.ok('systemSetting.detail')).organization.languageAnalysis).toBe(false);
    await sendThrough(`${tag} off`, 'EMAIL', content(`${tag} off`), segmentId);
    expect(await subjects(`${tag} off`)).toEqual({ jp: 'hello', chosen: 'hello', nowhere: 'hello' });
    await setSwitches({ languageAnalysis: true });
    try {
      await sendThrough(`${tag} on`, 'EMAIL', content(`${tag} on`), segmentId);
    } finally {
      await setSwitches({ languageAnalysis: false });
    }
    expect(await subjects(`${tag} on`)).toEqual({ jp: 'こんにちは', chosen: 'hello', nowhere: 'hello' });
  }, 60_000);
});

describe('API push check deleted template', () => {
  it('on, a webhook call of a message made from a library template since deleted is refused and sends nothing; off, the copy is sent', async () => {
    const tag = `dt${randomUUID().slice(0, 6)}`;
    const template = await admin.ok('templateMessage.save', {
      name: `Welcome ${tag}`,
      template: { defaultLanguage: 'en', contents: { en: { subject: `Welcome ${tag}`, blocks: [{ type: 'heading', text: 'Welcome' }] } } },
    });
    const segmentId = (await seedAudience(herald, 1, `${tag}s`, 1)).segmentId;
    const plan = await admin.ok('plan.saveSingle', {
      name: tag,
      title: tag,
      channel: 'EMAIL',
      content: { kind: 'TEMPLATE', templateId: template.id },
      segmentId,
      trigger: { kind: 'ACTION', actionCode: 'signed_up', webhook: true, limiter: { kind: 'EACH_EVENT' } },
    });
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: clock.now() + DAY });
    expect((await approver.client.ok('planAction.pass', { id: plan.id })).status).toBe('ACTIVE');
    const { url, token } = await admin.ok('trigger.issueWebhookToken', { id: plan.id });
    const accountId = `${tag}-eve`;
    await store.put('account', testAccount(1, accountId, clock.now(), { emails: [`${accountId}@example.com`], country: 'JP', emailConsent: true }));
    const hook = async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ accountId }) });
      return { status: res.status, body: (await res.json()) as { errorCode?: string; errorMessage?: string } };
    };
    const sent = async () => {
      await herald.scheduler.fireDue();
      await herald.delivery.idle();
      return (await sentMail(herald)).filter((m) => m.subject === `Welcome ${tag}`).length;
    };

    // the template is there: the call sends its copy
    expect((await hook()).status).toBe(200);
    expect(await until('the first send', sent, (n) => n === 1)).toBe(1);
    await admin.ok('templateMessage.delete', { id: template.id });
    expect((await admin.ok('systemSetting.detail')).organization.apiPushCheckDeletedTemplate).toBe(true);
    const refused = await hook();
    expect(refused.body).toMatchObject({ errorCode: '720003', errorMessage: expect.stringContaining('template was deleted') });
    expect(await sent()).toBe(1);

    await setSwitches({ apiPushCheckDeletedTemplate: false });
    try {
      expect((await hook()).status).toBe(200);
      expect(await until('the copy to be sent', sent, (n) => n === 2)).toBe(2);
    } finally {
      await setSwitches({ apiPushCheckDeletedTemplate: true });
    }
  }, 60_000);
});

describe('feature category presets', () => {
  it('are offered to every author of the organization through the configuration, and name only its own categories, groups and tags', async () => {
    const tag = randomUUID().slice(0, 6);
    const category = await admin.ok('planCategory.save', { name: `Seasonal ${tag}` });
    const group = await admin.ok('planGroup.save', { name: `Spring ${tag}` });
    const planTag = await admin.ok('planTag.save', { name: `Sale ${tag}`, color: '#336699' });
    const foreign = await callers.other.ok('planCategory.save', { name: `Theirs ${tag}` });
    const preset = { name: 'Spring sale', categoryId: category.id, groupId: group.id, tagIds: [planTag.id] };

    expect((await approver.client.ok('auth.configuration')).systemSetting.featureCategoryPresets).toEqual([]);
    const saved = await setSwitches({ featureCategoryPresets: [preset, { name: 'Tags only', tagIds: [planTag.id] }] });
    expect(saved.featureCategoryPresets).toEqual([preset, { name: 'Tags only', tagIds: [planTag.id] }]);
    // an author without the system setting permission is offered them; the other organization is not
    expect((await approver.client.ok('auth.configuration')).systemSetting.featureCategoryPresets).toEqual(saved.featureCategoryPresets);
    expect((await callers.other.ok('auth.configuration')).systemSetting.featureCategoryPresets).toEqual([]);

    const { organization } = await admin.ok('systemSetting.detail');
    const refused = async (featureCategoryPresets: unknown, lang = 'en') =>
      (await admin.call('systemSetting.save', { ...organization, featureCategoryPresets }, { 'x-lang': lang })).body;
    // another organization's category answers as a missing one, naming the field, in the caller's language
    expect(await refused([{ ...preset, categoryId: foreign.id }])).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('featureCategoryPresets.0.categoryId'),
    });
    expect(await refused([{ ...preset, categoryId: randomUUID() }], 'ja')).toMatchObject({ errorMessage: expect.stringContaining('この組織のメッセージのカテゴリ') });
    expect(await refused([preset, { ...preset, name: 'Other', tagIds: [randomUUID()] }])).toMatchObject({
      errorMessage: expect.stringContaining('featureCategoryPresets.1.tagIds.0'),
    });
    expect(await refused([preset, { name: 'spring SALE' }])).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('name of its own') });
    expect(await refused([{ name: '' }])).toMatchObject({ errorCode: '400016' });
    expect((await admin.ok('systemSetting.detail')).organization.version).toBe(organization.version);
    await setSwitches({ featureCategoryPresets: [] });
  });
});

describe('iotId hash', () => {
  it('on, the device ids apps send are kept and matched as their SHA-256; off, as sent', async () => {
    const app = await admin.ok('application.save', { name: `Hash app ${randomUUID().slice(0, 6)}`, appType: 'IOS', bundleId: 'com.example.hash' });
    const issued = await admin.ok('application.issueSecret', { id: app.id });
    const sdk = createSdkClient({ baseUrl: herald.url, appKey: issued.appKey, secret: issued.secret, now: () => clock.now() });
    const device = (deviceId: string) => ({ deviceId, platform: 'IOS' as const, pushToken: randomBytes(32).toString('hex'), permission: 'ALWAYS' as const });
    const deviceIds = async (id: string) => (await admin.ok('account.devices', { id })).map((d: { deviceId: string }) => d.deviceId);

    await sdk.identify({ accountId: 'iot-plain', device: device('VIN-0001') });
    expect(await deviceIds('iot-plain')).toEqual(['VIN-0001']);

    await setSwitches({ iotIdHash: true });
    try {
      const hashed = createHash('sha256').update('VIN-0002').digest('hex');
      await sdk.identify({ accountId: 'iot-hashed', device: device('VIN-0002') });
      expect(await deviceIds('iot-hashed')).toEqual([hashed]);
      // the app keeps naming the device by its own id, and Herald finds it by the hash
      expect(await sdk.permission({ accountId: 'iot-hashed', deviceId: 'VIN-0002', permission: 'NOT_ALLOW' })).toMatchObject({ deviceId: hashed, changed: true });
      expect(await admin.ok('account.devices', { id: 'iot-hashed' })).toEqual([expect.objectContaining({ deviceId: hashed, permission: 'NOT_ALLOW' })]);
      expect(JSON.stringify(await admin.ok('account.devices', { id: 'iot-hashed' }))).not.toContain('VIN-0002');
    } finally {
      await setSwitches({ iotIdHash: false });
    }
  });
});
