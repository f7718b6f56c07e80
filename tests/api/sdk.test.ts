/**
 * The app SDK API (issue 10 item 2): signed calls from an organization's apps, through the typed client the
 * OpenAPI file documents. Refusals: an unknown app key, a bad or missing signature, a replayed call, a stale
 * clock, too many calls; accounts of another organization are never reached; the OpenAPI file validates, matches
 * what the server serves, and names exactly the client's operations with the client's schemas.
 * Issue 19: the signing secret alone (it ships in the app) never replaces an existing account's addresses,
 * consents or push; a user token from the organization's back end does; wrong signatures are limited without reads.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { SDK_BASE_PATH, SDK_HEADERS, SDK_OPENAPI_PATH, SDK_OPERATION_NAMES, SDK_OPERATIONS, type SdkOperation } from '../../shared/sdk/contract';
import { createSdkClient, type SdkClient, SdkError, signSdkCall } from '../../shared/sdk/client';
import { sdkOpenApi } from '../../shared/sdk/openapi';
import { mintSdkUserToken } from '../../shared/sdk/userToken';
import { SDK_BAD_SIGNATURE_LIMITS } from '../../functions/sdk/handler';
import { tableName } from '../../shared/entities';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
type Issued = { appKey: string; secret: string; serverKey: string; id: string };
let ours: Issued;
let theirs: Issued;
let sdk: SdkClient;
let sdkOther: SdkClient;

async function newApp(client: ApiClient, name: string, extra: Record<string, unknown> = {}): Promise<Issued> {
  const app = await client.ok('application.save', { name, appType: 'IOS', bundleId: 'com.example.shop', ...extra });
  const issued = await client.ok('application.issueSecret', { id: app.id });
  return { id: app.id, ...issued } as Issued;
}

/** What the organization's back end sends the app for one of its users. */
const tokenFor = (accountId: string, app: Issued = ours, extra: { lifetimeSeconds?: number; now?: number; serverKey?: string; appKey?: string } = {}) =>
  mintSdkUserToken({ serverKey: app.serverKey, appKey: app.appKey, accountId, ...extra });

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'sdk'));
  ours = await newApp(admin, 'Shop iOS');
  theirs = await newApp(other, 'Their app');
  sdk = createSdkClient({ baseUrl: herald.url, appKey: ours.appKey, secret: ours.secret });
  sdkOther = createSdkClient({ baseUrl: herald.url, appKey: theirs.appKey, secret: theirs.secret });
});
afterAll(() => herald?.stop());

async function refusal(promise: Promise<unknown>): Promise<SdkError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SdkError);
  return err as SdkError;
}

async function signedPost(path: string, body: string, opts: { appKey?: string; secret?: string; timestamp?: number; nonce?: string; drop?: string } = {}) {
  const headers = await signSdkCall(opts.secret ?? ours.secret, opts.appKey ?? ours.appKey, path, body, opts.timestamp ?? Date.now(), opts.nonce);
  if (opts.drop) delete headers[opts.drop];
  const res = await fetch(`${herald.url}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as { state: string; errorCode: string | null; errorMessage: string | null; payload: unknown } };
}

describe('apps and their secrets', () => {
  it('an app gets a key naming its organization; its secret is shown once and never read back', async () => {
    expect(ours.appKey).toMatch(/^hk\.[0-9]+\./);
    const detail = await admin.ok('application.detail', { id: ours.id });
    expect(detail).toMatchObject({ appKey: ours.appKey, name: 'Shop iOS' });
    expect(JSON.stringify(detail)).not.toContain(ours.secret);
    expect(detail).not.toHaveProperty('secretSealed');
    const list = await admin.ok('application.getListByPage', {});
    expect(JSON.stringify(list)).not.toContain('secretSealed');
    // another organization's app answers as missing
    expect((await admin.call('application.issueSecret', { id: theirs.id })).body.errorCode).toBe('720003');
    expect((await admin.call('application.issueSecret', { id: '' })).body.errorCode).toBe('400016');
  });

  it('a new secret works at once', async () => {
    const app = await newApp(admin, 'Rotating');
    const before = createSdkClient({ baseUrl: herald.url, appKey: app.appKey, secret: app.secret });
    await before.identify({ accountId: 'rot-1' });
    const again = await admin.ok('application.issueSecret', { id: app.id });
    expect(again.secret).not.toBe(app.secret);
    expect(again.appKey).toBe(app.appKey);
    const after = createSdkClient({ baseUrl: herald.url, appKey: app.appKey, secret: again.secret });
    expect(await after.identify({ accountId: 'rot-1' })).toMatchObject({ created: false });
  });
});

describe('signed calls', () => {
  it('register an account with its device, set attributes and tags, and report permission changes', async () => {
    const created = await sdk.identify({
      accountId: 'u-100',
      emails: ['hana@example.com'],
      firstName: 'Hana',
      locale: 'ja-JP',
      timeZone: 'Asia/Tokyo',
      country: 'jp',
      consents: { push: true, email: true },
      attributes: { plan: 'gold', visits: 3 },
      tags: ['vip'],
      device: { deviceId: 'ios-1', platform: 'IOS', pushToken: 'a'.repeat(64), os: 'iOS 18.1', appVersion: '2.3.0', model: 'iPhone16,1', permission: 'ALWAYS' },
    });
    expect(created).toMatchObject({ accountId: 'u-100', created: true });
    const again = await sdk.identify({ accountId: 'u-100', attributes: { visits: 4, plan: null } });
    expect(again.created).toBe(false);

    const account = await admin.ok('account.detail', { id: 'u-100' });
    expect(account).toMatchObject({
      emails: ['hana@example.com'],
      firstName: 'Hana',
      locale: 'ja-JP',
      timeZone: 'Asia/Tokyo',
      country: 'JP',
      pushConsent: true,
      emailConsent: true,
      smsConsent: false,
      tags: ['vip'],
      attributes: { visits: 4 },
    });
    expect(account.attributes).not.toHaveProperty('plan');

    await sdk.attributes({ accountId: 'u-100', addTags: ['new', 'vip'], removeTags: ['vip'], attributes: { tier: 2 } });
    expect(await admin.ok('account.detail', { id: 'u-100' })).toMatchObject({ tags: ['new'], attributes: { visits: 4, tier: 2 } });

    expect(await sdk.permission({ accountId: 'u-100', deviceId: 'ios-1', permission: 'NOT_ALLOW' })).toMatchObject({ changed: true });
    expect(await sdk.permission({ accountId: 'u-100', deviceId: 'ios-1', permission: 'NOT_ALLOW' })).toMatchObject({ changed: false });
    const devices = await admin.ok('account.devices', { id: 'u-100' });
    expect(devices).toEqual([
      expect.objectContaining({ deviceId: 'ios-1', platform: 'IOS', channel: 'APNS', permission: 'NOT_ALLOW', active: true, source: 'SDK', appVersion: '2.3.0' }),
    ]);
    const records = await admin.ok('account.permissionRecords', { id: 'u-100' });
    expect(records.map((r: { from?: string; to: string }) => [r.from, r.to])).toEqual([
      ['ALWAYS', 'NOT_ALLOW'],
      [undefined, 'ALWAYS'],
    ]);

    // a second device of an account that has one needs the user token (issue 19)
    await sdk.device({ accountId: 'u-100', device: { deviceId: 'android-1', platform: 'ANDROID', pushToken: 'fcm-token' } }, { userToken: await tokenFor('u-100') });
    await sdk.signOut({ accountId: 'u-100', deviceId: 'ios-1' });
    const after = await admin.ok('account.devices', { id: 'u-100' });
    expect(Object.fromEntries(after.map((d: { deviceId: string; active: boolean }) => [d.deviceId, d.active]))).toEqual({ 'ios-1': false, 'android-1': true });
  });

  it('track custom, message, geofence and beacon events of the organization', async () => {
    const fence = await admin.ok('geofence.save', { name: 'Store', latitude: 35.66, longitude: 139.7, radius: 100 });
    const beacon = await admin.ok('beacon.save', { name: 'Door', uuid: 'F7826DA6-4FA2-4E98-8024-BC5B71E0893E', major: 1, minor: 1 });
    const theirFence = await other.ok('geofence.save', { name: 'Their store', latitude: 35, longitude: 139, radius: 100 });
    await sdk.identify({ accountId: 'u-200' });
    const at = Date.now();
    const result = await sdk.events({
      accountId: 'u-200',
      events: [
        { type: 'custom', name: 'purchase', at, properties: { amount: 1200, currency: 'JPY' } },
        { type: 'geofence.enter', geofenceId: fence.id, at: at + 1 },
        { type: 'beacon.exit', beaconId: beacon.id, at: at + 2 },
      ],
    });
    expect(result).toEqual({ accepted: 3 });
    const page = await admin.ok('account.events', { id: 'u-200', size: 2 });
    expect(page.list.map((e: { type: string }) => e.type)).toEqual(['beacon.exit', 'geofence.enter']);
    const rest = await admin.ok('account.events', { id: 'u-200', size: 2, cursor: page.cursor });
    expect(rest.list).toEqual([expect.objectContaining({ type: 'custom', name: 'purchase', properties: { amount: 1200, currency: 'JPY' } })]);
    // another organization's geofence answers as missing, and nothing of the call is kept
    const refused = await refusal(
      sdk.events({
        accountId: 'u-200',
        events: [
          { type: 'custom', name: 'x', at },
          { type: 'geofence.exit', geofenceId: theirFence.id, at },
        ],
      }),
    );
    expect(refused.errorCode).toBe('720003');
    expect((await admin.ok('account.events', { id: 'u-200', size: 10 })).list).toHaveLength(3);
    // an event without what its type needs
    expect((await refusal(sdk.events({ accountId: 'u-200', events: [{ type: 'message.buttonTapped', planId: 'p1', at } as never] }))).errorCode).toBe('400016');
  });

  it("never reach another organization's accounts", async () => {
    await sdk.identify({ accountId: 'shared-id', firstName: 'Ours', attributes: { secret: 'ours' } });
    // the other organization's app writes its own account of the same id
    expect(await sdkOther.identify({ accountId: 'shared-id', firstName: 'Theirs' })).toMatchObject({ created: true });
    expect(await admin.ok('account.detail', { id: 'shared-id' })).toMatchObject({ firstName: 'Ours', attributes: { secret: 'ours' } });
    expect(await other.ok('account.detail', { id: 'shared-id' })).toMatchObject({ firstName: 'Theirs', attributes: {} });
    // an account only ours has is missing to their app
    for (const call of [
      () => sdkOther.events({ accountId: 'u-100', events: [{ type: 'custom', name: 'peek', at: Date.now() }] }),
      () => sdkOther.permission({ accountId: 'u-100', deviceId: 'ios-1', permission: 'ALWAYS' }),
      () => sdkOther.signOut({ accountId: 'u-100', deviceId: 'android-1' }),
      () => sdkOther.attributes({ accountId: 'u-100', addTags: ['theirs'] }),
      () => sdkOther.device({ accountId: 'u-100', device: { deviceId: 'x', platform: 'IOS' } }),
    ]) {
      expect((await refusal(call())).errorCode).toBe('720003');
    }
    expect((await other.call('account.detail', { id: 'u-100' })).body.errorCode).toBe('720003');
    expect((await admin.ok('account.detail', { id: 'u-100' })).tags).toEqual(['new']);
  });

  it("refuse bad input with the catalogue's codes", async () => {
    expect((await refusal(sdk.identify({ accountId: '' }))).errorCode).toBe('400016');
    expect((await refusal(sdk.identify({ accountId: 'a#b' }))).errorCode).toBe('400016');
    expect((await refusal(sdk.identify({ accountId: 'x', locale: 'not a locale!' }))).errorCode).toBe('400016');
    expect((await refusal(sdk.identify({ accountId: 'x', attributes: { '1bad': 1 } }))).errorCode).toBe('400016');
    expect((await refusal(sdk.events({ accountId: 'u-200', events: [] }))).errorCode).toBe('400016');
    expect((await refusal(sdk.device({ accountId: 'u-200', device: { deviceId: 'd', platform: 'WINDOWS' as never } }))).errorCode).toBe('400016');
    expect((await refusal(sdk.permission({ accountId: 'u-200', deviceId: 'missing', permission: 'ALWAYS' }))).errorCode).toBe('720003');
    const path = `${SDK_BASE_PATH}/identify`;
    const notJson = await signedPost(path, '{oops');
    expect(notJson.body.errorCode).toBe('401002');
    const tooMany = await signedPost(path, JSON.stringify({ accountId: 'x', attributes: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, i])) }));
    expect(tooMany.body.errorCode).toBe('400016');
    // a lone surrogate or a prototype key is refused by name, never a 5xx
    for (const raw of [
      '{"accountId":"x","firstName":"\\ud800"}',
      '{"accountId":"x","attributes":{"constructor":"x"}}',
      '{"accountId":"x","attributes":{"__proto__":{"polluted":1}}}',
      '{"accountId":"x","attributes":{"prototype":1}}',
    ]) {
      const r = await signedPost(path, raw);
      expect([r.status, r.body.errorCode]).toEqual([400, '400016']);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const unknown = await signedPost(`${SDK_BASE_PATH}/nothing`, '{}');
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, '400011']);
    const get = await fetch(`${herald.url}${path}`);
    expect(((await get.json()) as { errorCode: string }).errorCode).toBe('400005');
  });
});

describe('refused calls', () => {
  const path = `${SDK_BASE_PATH}/identify`;
  const body = JSON.stringify({ accountId: 'refused-1' });

  it('an unknown app key', async () => {
    expect((await signedPost(path, body, { appKey: 'hk.999999.nope' })).body.errorCode).toBe('400001');
    expect((await signedPost(path, body, { appKey: `${ours.appKey}x` })).body.errorCode).toBe('400001');
    expect((await signedPost(path, body, { appKey: 'portal' })).body.errorCode).toBe('401001');
    // an app that is switched off is unknown too (a new server reads it without the cache)
    const off = await newApp(admin, 'Switched off');
    const stored = await admin.ok('application.detail', { id: off.id });
    await admin.ok('application.save', { ...stored, status: 'INACTIVE' });
    const res = await signedPost(path, body, { appKey: off.appKey, secret: off.secret });
    expect(res.body.errorCode).toBe('400001');
  });

  it('a bad or missing signature', async () => {
    const wrong = await signedPost(path, body, { secret: theirs.secret });
    expect([wrong.status, wrong.body.errorCode]).toEqual([400, '400009']);
    // a body changed after signing
    const headers = await signSdkCall(ours.secret, ours.appKey, path, body, Date.now());
    const tampered = await fetch(`${herald.url}${path}`, { method: 'POST', headers, body: JSON.stringify({ accountId: 'refused-2' }) });
    expect(((await tampered.json()) as { errorCode: string }).errorCode).toBe('400009');
    expect((await signedPost(path, body, { drop: SDK_HEADERS.signature })).body.errorCode).toBe('400008');
    expect((await signedPost(path, body, { drop: SDK_HEADERS.nonce })).body.errorCode).toBe('401001');
    // a signature for another path
    const elsewhere = await signSdkCall(ours.secret, ours.appKey, `${SDK_BASE_PATH}/attributes`, body, Date.now());
    const moved = await fetch(`${herald.url}${path}`, { method: 'POST', headers: elsewhere, body });
    expect(((await moved.json()) as { errorCode: string }).errorCode).toBe('400009');
    expect((await admin.call('account.detail', { id: 'refused-2' })).body.errorCode).toBe('720003');
  });

  it('a replayed call, and one whose clock is far off', async () => {
    const nonce = 'replay-nonce-0123456789';
    const timestamp = Date.now();
    const headers = await signSdkCall(ours.secret, ours.appKey, path, body, timestamp, nonce);
    const first = await fetch(`${herald.url}${path}`, { method: 'POST', headers, body });
    expect(((await first.json()) as { state: string }).state).toBe('S');
    const replay = await fetch(`${herald.url}${path}`, { method: 'POST', headers, body });
    const answer = (await replay.json()) as { errorCode: string; errorMessage: string };
    expect(answer).toMatchObject({ errorCode: '400009', errorMessage: expect.stringContaining('received before') });
    expect((await signedPost(path, body, { timestamp: Date.now() - 6 * 60_000 })).body.errorCode).toBe('401005');
    expect((await signedPost(path, body, { timestamp: Date.now() + 6 * 60_000 })).body.errorCode).toBe('401005');
  });

  it('too many calls a minute from one app', async () => {
    const limited = await newApp(admin, 'Limited', { rateLimitPerMinute: 3 });
    const client = createSdkClient({ baseUrl: herald.url, appKey: limited.appKey, secret: limited.secret });
    // stay inside one minute window
    const untilNext = 60_000 - (Date.now() % 60_000);
    if (untilNext < 5_000) await new Promise((r) => setTimeout(r, untilNext + 100));
    for (let i = 0; i < 3; i++) await client.identify({ accountId: `limited-${i}` });
    const err = await refusal(client.identify({ accountId: 'limited-3' }));
    expect([err.status, err.errorCode]).toEqual([429, '400014']);
    // other apps are not slowed by it
    await sdk.identify({ accountId: 'not-limited' });
  });
});

describe('what the signing secret alone may do (issue 19)', () => {
  const victimDevice = { deviceId: 'victim-phone', platform: 'IOS' as const, pushToken: 'v'.repeat(64), appVersion: '1.0.0', permission: 'ALWAYS' as const };

  async function victim(id: string) {
    await sdk.identify({ accountId: id, emails: [`${id}@example.com`], firstName: 'Victim', consents: { email: true, push: true }, device: victimDevice });
  }
  const devicesOf = async (id: string) => (await admin.ok('account.devices', { id })) as { deviceId: string; pushToken?: string; appVersion?: string }[];

  it("an app's new user gets addresses, consents and push; another account with the same address is untouched", async () => {
    await victim('owner-1');
    const created = await sdk.identify({
      accountId: 'newcomer-1',
      emails: ['owner-1@example.com'],
      consents: { sms: true },
      device: { deviceId: 'n-1', platform: 'ANDROID', pushToken: 'n'.repeat(40) },
    });
    expect(created).toEqual({ accountId: 'newcomer-1', created: true, version: 1 });
    expect(await admin.ok('account.detail', { id: 'newcomer-1' })).toMatchObject({ emails: ['owner-1@example.com'], smsConsent: true });
    expect(await admin.ok('account.detail', { id: 'owner-1' })).toMatchObject({
      emails: ['owner-1@example.com'],
      emailConsent: true,
      pushConsent: true,
      smsConsent: false,
      version: 1,
    });
    expect((await devicesOf('owner-1')).map((d) => [d.deviceId, d.pushToken])).toEqual([['victim-phone', 'v'.repeat(64)]]);
  });

  it("without a user token, identify keeps an existing account's addresses, consents and push, says so, and changes the rest", async () => {
    await victim('victim-1');
    const answer = await sdk.identify({
      accountId: 'victim-1',
      emails: ['attacker@example.com'],
      consents: { email: false, sms: true, push: true },
      firstName: 'Renamed',
      attributes: { level: 3 },
      device: { deviceId: 'attacker-phone', platform: 'ANDROID', pushToken: 'evil-token' },
    });
    expect(answer).toMatchObject({ created: false, ignored: ['emails', 'consents.email', 'consents.sms', 'device'] });
    // the known device: its push token stays, what is not identity changes
    const same = await sdk.identify({ accountId: 'victim-1', emails: ['victim-1@example.com'], device: { ...victimDevice, pushToken: 'evil-token', appVersion: '1.1.0' } });
    expect(same.ignored).toEqual(['device.pushToken']);
    expect(await admin.ok('account.detail', { id: 'victim-1' })).toMatchObject({
      emails: ['victim-1@example.com'],
      emailConsent: true,
      smsConsent: false,
      pushConsent: true,
      firstName: 'Renamed',
      attributes: { level: 3 },
    });
    expect((await devicesOf('victim-1')).map((d) => [d.deviceId, d.pushToken, d.appVersion])).toEqual([['victim-phone', 'v'.repeat(64), '1.1.0']]);
    // the device operation refuses what it cannot do, and writes nothing
    expect((await refusal(sdk.device({ accountId: 'victim-1', device: { deviceId: 'attacker-phone', platform: 'ANDROID', pushToken: 'evil-token' } }))).errorCode).toBe('400018');
    const moved = await refusal(sdk.device({ accountId: 'victim-1', device: { ...victimDevice, pushToken: 'evil-token', appVersion: '9.9.9' } }));
    expect([moved.status, moved.errorCode]).toEqual([401, '400018']);
    expect((await devicesOf('victim-1')).map((d) => [d.deviceId, d.pushToken, d.appVersion])).toEqual([['victim-phone', 'v'.repeat(64), '1.1.0']]);
    // a device's own details and its permission need no token
    await sdk.device({ accountId: 'victim-1', device: { deviceId: 'victim-phone', platform: 'IOS', appVersion: '1.2.0' } });
    await sdk.permission({ accountId: 'victim-1', deviceId: 'victim-phone', permission: 'WHEN_IN_USE' });
  });

  it('without a user token, what is missing is added only to an account the app made; an imported account takes nothing', async () => {
    // the organization's own account: the secret alone adds no address and no device (no push takeover)
    await admin.ok('account.save', { id: 'imported-1', firstName: 'Imported' });
    const answer = await sdk.identify({
      accountId: 'imported-1',
      emails: ['imported-1@example.com'],
      device: { deviceId: 'first-phone', platform: 'IOS', pushToken: 'f'.repeat(64) },
    });
    expect(answer.ignored).toEqual(['emails', 'device']);
    expect(await admin.ok('account.detail', { id: 'imported-1' })).toMatchObject({ emails: [] });
    expect(await devicesOf('imported-1')).toEqual([]);
    expect((await refusal(sdk.device({ accountId: 'imported-1', device: { deviceId: 'first-phone', platform: 'IOS', pushToken: 'f'.repeat(64) } }))).errorCode).toBe('400018');
    expect(await devicesOf('imported-1')).toEqual([]);
    // with the organization's token it does
    await sdk.identify({ accountId: 'imported-1', device: { deviceId: 'first-phone', platform: 'IOS', pushToken: 'f'.repeat(64) } }, { userToken: await tokenFor('imported-1') });
    expect((await devicesOf('imported-1')).map((d) => d.deviceId)).toEqual(['first-phone']);

    // the app's own user, made without an address or a device: its first address and first device come later
    await sdk.identify({ accountId: 'app-made-1', firstName: 'Later' });
    const later = await sdk.identify({
      accountId: 'app-made-1',
      emails: ['later@example.com'],
      device: { deviceId: 'later-phone', platform: 'ANDROID', pushToken: 'l'.repeat(40) },
    });
    expect(later.ignored).toBeUndefined();
    expect(await admin.ok('account.detail', { id: 'app-made-1' })).toMatchObject({ emails: ['later@example.com'] });
    expect((await devicesOf('app-made-1')).map((d) => d.deviceId)).toEqual(['later-phone']);
  });

  it('with a user token for the account, the app replaces addresses, consents and push', async () => {
    await victim('owner-2');
    const userToken = await tokenFor('owner-2');
    const answer = await sdk.identify(
      {
        accountId: 'owner-2',
        emails: ['new-address@example.com'],
        consents: { email: false, sms: true },
        device: { deviceId: 'new-phone', platform: 'ANDROID', pushToken: 'new-token' },
      },
      { userToken },
    );
    expect(answer.ignored).toBeUndefined();
    await sdk.device({ accountId: 'owner-2', device: { ...victimDevice, pushToken: 'rotated-token' } }, { userToken });
    expect(await admin.ok('account.detail', { id: 'owner-2' })).toMatchObject({ emails: ['new-address@example.com'], emailConsent: false, smsConsent: true });
    expect(Object.fromEntries((await devicesOf('owner-2')).map((d) => [d.deviceId, d.pushToken]))).toEqual({ 'victim-phone': 'rotated-token', 'new-phone': 'new-token' });
  });

  it('phone numbers, the LINE user id and the postal address follow the e-mail rule (issue 20)', async () => {
    const setting = await admin.ok('systemSetting.detail', {});
    await admin.ok('systemSetting.save', { ...setting.organization, defaultCountry: 'JP' });
    const line = `U${'4af4980629'.repeat(3)}ab`;
    const address = { recipientName: 'Aiko Sato', lines: ['1-2-3 Shibuya', 'Room 401'], city: 'Shibuya-ku', region: 'Tokyo', postcode: '150-0002', country: 'jp' };
    // a new user: national numbers read as the default country's, international ones as they are, stored in E.164
    const created = await sdk.identify({ accountId: 'phone-1', phones: ['090-1234-5678', '+86 138 0013 8000', '+1 (206) 555-0100'], lineUserId: line, address });
    expect(created.ignored).toBeUndefined();
    expect(await admin.ok('account.detail', { id: 'phone-1' })).toMatchObject({
      phones: ['+819012345678', '+8613800138000', '+12065550100'],
      lineUserId: line,
      address: { ...address, country: 'JP' },
    });
    // without a token an existing account keeps them, and says so; the same numbers typed another way are no change
    const attack = await sdk.identify({
      accountId: 'phone-1',
      phones: ['+81 80 0000 0000'],
      lineUserId: `U${'0'.repeat(32)}`,
      address: { lines: ['Elsewhere'] },
      firstName: 'Aiko',
    });
    expect(attack.ignored).toEqual(['phones', 'lineUserId', 'address']);
    const same = await sdk.identify({ accountId: 'phone-1', phones: ['09012345678', '+8613800138000', '+12065550100'], lineUserId: line });
    expect(same.ignored).toBeUndefined();
    expect(await admin.ok('account.detail', { id: 'phone-1' })).toMatchObject({
      firstName: 'Aiko',
      phones: ['+819012345678', '+8613800138000', '+12065550100'],
      lineUserId: line,
      address: { lines: ['1-2-3 Shibuya', 'Room 401'] },
    });
    // an account the organization made takes none from the secret alone, even as its first
    await admin.ok('account.save', { id: 'phone-imported', firstName: 'Imported' });
    expect((await sdk.identify({ accountId: 'phone-imported', phones: ['+819011112222'], lineUserId: line, address })).ignored).toEqual(['phones', 'lineUserId', 'address']);
    expect(await admin.ok('account.detail', { id: 'phone-imported' })).not.toHaveProperty('lineUserId');
    // an account this app made takes its first ones; a user token replaces them
    await sdk.identify({ accountId: 'phone-2', firstName: 'Later' });
    expect((await sdk.identify({ accountId: 'phone-2', phones: ['03-1234-5678'] })).ignored).toBeUndefined();
    expect((await sdk.identify({ accountId: 'phone-2', phones: ['03-9999-0000'] })).ignored).toEqual(['phones']);
    await sdk.identify({ accountId: 'phone-2', phones: ['03-9999-0000'], lineUserId: line }, { userToken: await tokenFor('phone-2') });
    expect(await admin.ok('account.detail', { id: 'phone-2' })).toMatchObject({ phones: ['+81399990000'], lineUserId: line });
    // junk is a catalogue error that names the number, and nothing is written
    const junk = await refusal(sdk.identify({ accountId: 'phone-3', phones: ['+81 90 1234 5678', 'call me'] }));
    expect([junk.errorCode, junk.message]).toEqual(['400016', expect.stringContaining('phones.1')]);
    expect((await refusal(sdk.identify({ accountId: 'phone-3', lineUserId: 'U123' }))).errorCode).toBe('400016');
    expect((await admin.call('account.detail', { id: 'phone-3' })).body.errorCode).toBe('720003');
  });

  it('a user token that does not check is refused, and nothing changes', async () => {
    await victim('victim-2');
    const change = { accountId: 'victim-2', emails: ['attacker@example.com'], firstName: 'Changed' };
    const hour = 3600_000;
    const cases: [string, string | Promise<string>, string][] = [
      ['signed with the signing secret', tokenFor('victim-2', ours, { serverKey: ours.secret }), '400017'],
      ['for another account', tokenFor('someone-else'), '400017'],
      ["for another organization's app", tokenFor('victim-2', theirs), '400017'],
      ['for another app key', tokenFor('victim-2', ours, { appKey: theirs.appKey }), '400017'],
      ['lasting more than an hour', tokenFor('victim-2', ours, { lifetimeSeconds: 2 * 3600 }), '400017'],
      ['issued in the future', tokenFor('victim-2', ours, { now: Date.now() + hour }), '400017'],
      ['not a JWT', 'not-a-token', '400017'],
      ['expired', tokenFor('victim-2', ours, { now: Date.now() - 2 * hour, lifetimeSeconds: 3600 }), '400018'],
    ];
    for (const [why, token, code] of cases) {
      const err = await refusal(sdk.identify(change, { userToken: await token }));
      expect([why, err.errorCode]).toEqual([why, code]);
    }
    // a token signed with alg none or another algorithm is not taken either
    const [, body] = (await tokenFor('victim-2')).split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.x`;
    expect((await refusal(sdk.identify(change, { userToken: unsigned }))).errorCode).toBe('400017');
    expect(await admin.ok('account.detail', { id: 'victim-2' })).toMatchObject({ emails: ['victim-2@example.com'], firstName: 'Victim', version: 1 });
  });

  it('a server key is shown once, never read back, and a new one works at once while the old one stops', async () => {
    const app = await newApp(admin, 'Server keys');
    expect(app.serverKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(app.serverKey).not.toBe(app.secret);
    const client = createSdkClient({ baseUrl: herald.url, appKey: app.appKey, secret: app.secret });
    await client.identify({ accountId: 'sk-1', emails: ['sk-1@example.com'] });
    const rotated = await admin.ok('application.issueSecret', { id: app.id, key: 'server' });
    expect(rotated).not.toHaveProperty('secret');
    expect(rotated.serverKey).toBeDefined();
    expect(rotated.serverKey).not.toBe(app.serverKey);
    const detail = await admin.ok('application.detail', { id: app.id });
    expect(JSON.stringify(detail)).not.toContain(rotated.serverKey!);
    expect(detail).not.toHaveProperty('serverKeySealed');
    // the signing secret is unchanged, so the app keeps working
    const withNew = await tokenFor('sk-1', { ...app, serverKey: rotated.serverKey! });
    expect(await client.identify({ accountId: 'sk-1', emails: ['sk-1b@example.com'] }, { userToken: withNew })).toMatchObject({ created: false });
    expect((await admin.ok('account.detail', { id: 'sk-1' })).emails).toEqual(['sk-1b@example.com']);
    expect((await refusal(client.identify({ accountId: 'sk-1' }, { userToken: await tokenFor('sk-1', app) }))).errorCode).toBe('400017');
    // a new signing secret leaves the server key as it is
    const newSecret = await admin.ok('application.issueSecret', { id: app.id });
    expect(newSecret).not.toHaveProperty('serverKey');
  });
});

describe('wrong signatures (issue 19)', () => {
  let local: LocalHerald;
  let app: Issued;
  let appReads = 0;
  const path = `${SDK_BASE_PATH}/identify`;
  const body = JSON.stringify({ accountId: 'flood-1' });

  beforeAll(async () => {
    local = await startHerald({ config: { viewerIpHeader: 'x-herald-viewer-ip' } });
    const { admin: localAdmin } = await twoOrganizations(local, 'flood');
    app = await newApp(localAdmin, 'Flooded');
    const table = tableName(local.rt.config.tablePrefix, 'application');
    local.rt.aws.dynamo.middlewareStack.add(
      (next) => (args) => {
        if ((args.input as { TableName?: string }).TableName === table) appReads++;
        return next(args);
      },
      { step: 'initialize', name: 'appReadCounter' },
    );
  });
  afterAll(() => local?.stop());

  async function post(address: string, opts: { secret?: string; appKey?: string } = {}) {
    const headers = await signSdkCall(opts.secret ?? app.secret, opts.appKey ?? app.appKey, path, body, Date.now());
    const res = await fetch(`${local.url}${path}`, { method: 'POST', headers: { ...headers, 'x-herald-viewer-ip': address }, body });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), ...((await res.json()) as { errorCode: string | null }) };
  }

  it('50 wrong signatures from one address: refused with 400014 past the limit, at a bounded number of reads', async () => {
    await post('198.51.100.1'); // the app is now kept
    appReads = 0;
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await post('198.51.100.2', { secret: theirs.secret }));
    const limit = SDK_BAD_SIGNATURE_LIMITS.perKeyAddress;
    expect(answers.slice(0, limit).every((a) => a.errorCode === '400009')).toBe(true);
    expect(answers.slice(limit).every((a) => a.errorCode === '400014' && a.status === 429 && Number(a.retryAfter) > 0)).toBe(true);
    // one read to see whether the secret was replaced, then none (the old code read once a call)
    expect(appReads).toBeLessThanOrEqual(2);
    // the app itself, behind the same address, is not refused, and another address is not limited
    expect((await post('198.51.100.2')).errorCode).toBeNull();
    expect((await post('198.51.100.3', { secret: theirs.secret })).errorCode).toBe('400009');
  });

  it('unknown app keys from one address cost at most the limit in reads', async () => {
    const { perAddress } = SDK_BAD_SIGNATURE_LIMITS;
    appReads = 0;
    const codes = [];
    for (let i = 0; i < perAddress + 10; i++) codes.push((await post('198.51.100.4', { appKey: `hk.1.nothing-${i}` })).errorCode);
    expect(codes.slice(0, perAddress).every((c) => c === '400001')).toBe(true);
    expect(codes.slice(perAddress).every((c) => c === '400014')).toBe(true);
    expect(appReads).toBe(perAddress);
  });

  it('wrong signatures for one key from many addresses are limited per key', async () => {
    const { perKey, perKeyAddress } = SDK_BAD_SIGNATURE_LIMITS;
    // the first test already counted perKeyAddress + 1 failures for this key
    let last = '';
    for (let i = 0; i < perKey; i++) last = (await post(`203.0.113.${Math.floor(i / perKeyAddress)}`, { secret: theirs.secret })).errorCode ?? '';
    expect(last).toBe('400014');
    expect((await post('192.0.2.200')).errorCode).toBeNull();
  });
});

describe('the OpenAPI file', () => {
  const file = JSON.parse(readFileSync(new URL('../../docs/sdk/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, { post: { operationId: string; requestBody: { content: { 'application/json': { schema: unknown } } } } }>;
  };

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(file as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is what the contract makes and what the server serves (regenerate with npm run sdk:openapi)', async () => {
    expect(file).toEqual(sdkOpenApi());
    const served = await fetch(`${herald.url}${SDK_OPENAPI_PATH}`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(file);
  });

  it("names exactly the typed client's operations, at the paths the client calls", () => {
    const documented = Object.entries(file.paths).map(([p, item]) => [p, item.post.operationId]);
    expect(documented).toEqual(SDK_OPERATION_NAMES.map((name) => [`${SDK_BASE_PATH}/${name}`, name]));
    expect(Object.keys(sdk).sort()).toEqual([...SDK_OPERATION_NAMES].sort());
  });

  it("takes the requests the client's types take, and refuses what the server refuses", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const samples: { [O in SdkOperation]: { good: unknown[]; bad: unknown[] } } = {
      identify: {
        good: [
          { accountId: 'a1' },
          {
            accountId: 'a1',
            emails: ['a@example.com'],
            locale: 'ja-JP',
            consents: { push: true },
            attributes: { n: 1, s: 'x', b: true, gone: null },
            device: { deviceId: 'd', platform: 'IOS', permission: 'ALWAYS' },
          },
        ],
        bad: [{}, { accountId: '' }, { accountId: 'a#1' }, { accountId: 'a', device: { deviceId: 'd', platform: 'WINDOWS' } }, { accountId: 'a', consents: { push: 'yes' } }],
      },
      device: {
        good: [{ accountId: 'a', device: { deviceId: 'd', platform: 'ANDROID', channel: 'GCM', pushToken: 't' } }],
        bad: [{ accountId: 'a' }, { accountId: 'a', device: { deviceId: '', platform: 'IOS' } }],
      },
      attributes: {
        good: [{ accountId: 'a', addTags: ['x'], removeTags: [], attributes: { k: 'v' } }],
        bad: [
          { accountId: 'a', addTags: [''] },
          { accountId: 'a', attributes: { k: { nested: 1 } } },
        ],
      },
      events: {
        good: [
          {
            accountId: 'a',
            events: [
              { type: 'custom', name: 'n', at: 1, properties: { p: 1 } },
              { type: 'geofence.enter', geofenceId: 'g', at: 2 },
            ],
          },
        ],
        bad: [
          { accountId: 'a', events: [] },
          { accountId: 'a', events: [{ type: 'unknown', at: 1 }] },
          { accountId: 'a', events: [{ type: 'custom', name: 'n', at: 0 }] },
          { accountId: 'a', events: [{ type: 'custom', name: 'n', at: 1, properties: { '1x': 1 } }] },
        ],
      },
      permission: {
        good: [{ accountId: 'a', deviceId: 'd', permission: 'WHEN_IN_USE' }],
        bad: [
          { accountId: 'a', deviceId: 'd', permission: 'MAYBE' },
          { accountId: 'a', permission: 'ALWAYS' },
        ],
      },
      signOut: { good: [{ accountId: 'a', deviceId: 'd' }], bad: [{ accountId: 'a' }, { deviceId: 'd' }] },
      inbox: { good: [{ accountId: 'a' }, { accountId: 'a', page: 1, size: 50, unreadOnly: true }], bad: [{}, { accountId: 'a', size: 0 }, { accountId: 'a', size: 101 }] },
      inboxRead: { good: [{ accountId: 'a', ids: ['p#r'] }], bad: [{ accountId: 'a', ids: [] }, { accountId: 'a' }] },
      inboxDelete: { good: [{ accountId: 'a', ids: ['p#r'] }], bad: [{ accountId: 'a', ids: [''] }, { ids: ['x'] }] },
    };
    for (const name of SDK_OPERATION_NAMES) {
      const validate = ajv.compile(file.paths[`${SDK_BASE_PATH}/${name}`]!.post.requestBody.content['application/json'].schema as object);
      for (const good of samples[name].good) {
        expect([name, validate(good), SDK_OPERATIONS[name].request.safeParse(good).success]).toEqual([name, true, true]);
      }
      for (const bad of samples[name].bad) {
        expect([name, validate(bad), SDK_OPERATIONS[name].request.safeParse(bad).success]).toEqual([name, false, false]);
      }
    }
  });
});
