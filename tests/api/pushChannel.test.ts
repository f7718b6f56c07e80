/**
 * Push channel settings (issue 20 item 7, /push-channel): APNs (.p8 key or .p12 certificate, sandbox or
 * production) and FCM credentials per application, saved to the application's End User Messaging application
 * on the Pinpoint stand-in, one default per service, sealed at rest and never answered or logged; a test send to
 * an account's devices; `templateMessage.getPushChannels`; bad input and other organizations' ids refused with
 * catalogue errors.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, deviceKeyOf, tableName } from '../../shared/entities';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedPush } from '../../functions/channels/push/standIns/push';
import { Store } from '../../functions/store/store';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startHerald } from '../support/herald';
import { capturedLog, received as receivedAt } from '../support/channelStandIns';
import { type Callers, twoOrganizations } from '../support/organizations';
import { shiftMs } from '../support/testDate';

let herald: LocalHerald;
let store: Store;
let callers: Callers;
const log = capturedLog();

/** Every key a test made: none may reach a log line. */
const secrets: string[] = [];
const kept = (pem: string) => {
  secrets.push(pem.split('\n')[1]!);
  return pem;
};
/** A .p8 token key as Apple issues them (an EC P-256 key, PKCS#8 PEM). */
const p8 = () => kept(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
/** made once, before the server starts: an RSA key made while a request waits blocks the loop for a while */
const RSA_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
/** A Firebase service account JSON. */
const serviceJson = (project = 'herald-test') =>
  JSON.stringify({
    type: 'service_account',
    project_id: project,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: kept(RSA_KEY),
    client_email: `herald@${project}.iam.gserviceaccount.com`,
    client_id: '1234567890',
  });
const apnsToken = () => randomBytes(32).toString('hex');

beforeAll(async () => {
  herald = await startHerald({ logLevel: 'debug', logSink: log.sink });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'pushcfg');
});
afterAll(() => herald?.stop());

const received = (tokens: Iterable<string>) => receivedAt<ReceivedPush>(herald.standIns.endpoints, 'pinpoint', tokens);

async function newApp(name: string) {
  return (await callers.admin.ok('application.save', { name: `${name} ${randomBytes(3).toString('hex')}`, appType: 'IOS', bundleId: 'com.example.shop' })) as {
    id: string;
    name: string;
  };
}

const keyChannel = (appId: string, over: Record<string, unknown> = {}) => ({
  title: 'iOS sandbox',
  appId,
  type: 'APNS_SANDBOX',
  authMethod: 'KEY',
  bundleId: 'com.example.shop',
  teamId: 'ABCDE12345',
  keyId: 'KEY1234567',
  tokenKey: p8(),
  ...over,
});

describe('saving a channel', () => {
  it('creates the End User Messaging application and channel, answers no secret, and keeps the secret sealed', async () => {
    const app = await newApp('Shop');
    const tokenKey = p8();
    const saved = await callers.admin.ok('pushChannelSetting.save', keyChannel(app.id, { tokenKey }));
    expect((await callers.admin.ok('pushChannelSetting.applications', {})).list).toEqual(expect.arrayContaining([{ id: app.id, name: app.name, appType: 'IOS' }]));
    expect(saved).toMatchObject({
      title: 'iOS sandbox',
      appId: app.id,
      appName: app.name,
      type: 'APNS_SANDBOX',
      authMethod: 'KEY',
      teamId: 'ABCDE12345',
      keyId: 'KEY1234567',
      credentialSet: true,
      isDefault: true,
      enabled: true,
      version: 1,
    });
    expect(saved.pinpointAppId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(saved)).not.toContain('PRIVATE KEY');
    // the stand-in has the app and its channel, enabled, with a token key
    const channel = await (
      await fetch(`${herald.standIns.endpoints.pinpoint}/v1/apps/${saved.pinpointAppId}/channels/apns_sandbox`, { headers: { authorization: 'AWS4-HMAC-SHA256 Credential=x' } })
    ).json();
    expect(channel).toMatchObject({ Platform: 'APNS_SANDBOX', Enabled: true, HasTokenKey: true, DefaultAuthenticationMethod: 'KEY' });
    // stored sealed: the key's text is nowhere in the table
    const rows = await herald.rt.aws.doc.send(new ScanCommand({ TableName: tableName(herald.rt.config.tablePrefix, 'pushChannel') }));
    expect(JSON.stringify(rows.Items)).not.toContain(tokenKey.split('\n')[1]);

    // FCM on the same application goes to the same End User Messaging application
    const json = serviceJson('shop-prod');
    const fcm = await callers.admin.ok('pushChannelSetting.save', { title: 'Android', appId: app.id, type: 'GCM', serviceJson: json });
    expect(fcm).toMatchObject({
      type: 'GCM',
      projectId: 'shop-prod',
      clientEmail: 'herald@shop-prod.iam.gserviceaccount.com',
      credentialSet: true,
      pinpointAppId: saved.pinpointAppId,
    });
    expect(JSON.stringify(fcm)).not.toContain('PRIVATE KEY');

    // an edit without the key keeps it; list and detail show no secret either
    const edited = await callers.admin.ok('pushChannelSetting.save', { ...keyChannel(app.id), id: saved.id, version: 1, title: 'iOS (dev)', tokenKey: undefined });
    expect(edited).toMatchObject({ title: 'iOS (dev)', credentialSet: true, version: 2, pinpointAppId: saved.pinpointAppId });
    const list = await callers.admin.ok('pushChannelSetting.list', {});
    const detail = await callers.admin.ok('pushChannelSetting.detail', { id: fcm.id });
    for (const answer of [list, detail]) {
      expect(JSON.stringify(answer)).not.toMatch(/PRIVATE KEY|private_key|Sealed/);
    }
    // no secret reached a log line
    const all = log.text();
    expect(all).not.toContain(tokenKey.split('\n')[1]);
    expect(all).not.toContain(JSON.parse(json).private_key.split('\n')[1]);
  });

  it('reads a .p12 certificate with its password, shows its subject and expiry, and refuses a wrong password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'p12-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'k.pem'),
        '-out',
        join(dir, 'c.pem'),
        '-days',
        // openssl dates it by the real clock: valid for 30 days past the test's (HERALD_TEST_START may move it on)
        String(30 + Math.ceil(Math.max(0, shiftMs()) / 86_400_000)),
        '-subj',
        '/CN=Apple Push Services: com.example.cert',
      ],
      { stdio: 'ignore' },
    );
    execFileSync('openssl', ['pkcs12', '-export', '-in', join(dir, 'c.pem'), '-inkey', join(dir, 'k.pem'), '-out', join(dir, 'c.p12'), '-passout', 'pass:s3cret'], {
      stdio: 'ignore',
    });
    const certificate = readFileSync(join(dir, 'c.p12')).toString('base64');
    const app = await newApp('Cert');
    const channel = { title: 'iOS prod', appId: app.id, type: 'APNS', authMethod: 'CERTIFICATE', bundleId: 'com.example.cert', certificate };
    const wrong = await callers.admin.call('pushChannelSetting.save', { ...channel, certificatePassword: 'nope' }, { 'x-lang': 'ja' });
    expect(wrong.body).toMatchObject({ errorCode: '720009', errorMessage: expect.stringContaining('このパスワードでは開けない') });
    const saved = await callers.admin.ok('pushChannelSetting.save', { ...channel, certificatePassword: 's3cret' });
    expect(saved).toMatchObject({ type: 'APNS', authMethod: 'CERTIFICATE', credentialSet: true, certificateSubject: expect.stringContaining('com.example.cert') });
    expect(saved.certificateExpiresAt).toBeGreaterThan(Date.now());
    const pinpointChannel = await (
      await fetch(`${herald.standIns.endpoints.pinpoint}/v1/apps/${saved.pinpointAppId}/channels/apns`, { headers: { authorization: 'AWS4-HMAC-SHA256 Credential=x' } })
    ).json();
    expect(pinpointChannel).toMatchObject({ Platform: 'APNS', DefaultAuthenticationMethod: 'CERTIFICATE', HasCredential: true });
  });

  it('keeps one default per push service', async () => {
    const [a, b] = [await newApp('Default A'), await newApp('Default B')];
    const first = await callers.admin.ok('pushChannelSetting.save', { title: 'FCM A', appId: a.id, type: 'GCM', serviceJson: serviceJson() });
    const second = await callers.admin.ok('pushChannelSetting.save', { title: 'FCM B', appId: b.id, type: 'GCM', serviceJson: serviceJson(), isDefault: true });
    const gcm = (await callers.admin.ok('pushChannelSetting.list', {})).list.filter((c) => c.type === 'GCM');
    expect(gcm.filter((c) => c.isDefault).map((c) => c.id)).toEqual([second.id]);
    expect(gcm.some((c) => c.id === first.id)).toBe(true);
  });

  it('two channels saved as the default of one service at once leave exactly one default; the later save conflicts', async () => {
    const apps = [await newApp('Race X'), await newApp('Race A'), await newApp('Race B')];
    const made = [];
    for (const [i, app] of apps.entries()) made.push(await callers.admin.ok('pushChannelSetting.save', keyChannel(app.id, { type: 'APNS', title: `Race ${i}`, isDefault: false })));
    const [, a, b] = made;
    const versions = new Map([a!, b!].map((c) => [c.id, c.version]));
    const defaults = async () => (await callers.admin.ok('pushChannelSetting.list', {})).list.filter((c) => c.type === 'APNS' && c.isDefault);
    // several rounds, each racing the two saves; whichever wins, one default is left
    for (let round = 0; round < 4; round++) {
      const [first, second] = round % 2 === 0 ? [a!, b!] : [b!, a!];
      const answers = await Promise.all(
        [first, second].map((c) =>
          callers.admin.call('pushChannelSetting.save', {
            ...keyChannel(c.appId, { type: 'APNS', title: c.title }),
            tokenKey: undefined,
            id: c.id,
            version: versions.get(c.id),
            isDefault: true,
          }),
        ),
      );
      const outcomes = answers.map((x) => (x.body.state === 'S' ? 'saved' : x.body.errorCode));
      for (const outcome of outcomes) expect(outcome).toMatch(/^(saved|720007)$/);
      expect(outcomes).toContain('saved');
      const left = await defaults();
      expect(left).toHaveLength(1);
      for (const c of [a!, b!]) versions.set(c.id, (await callers.admin.ok('pushChannelSetting.detail', { id: c.id })).version);
    }
  });

  it('deletes a channel from End User Messaging too', async () => {
    const app = await newApp('Gone');
    const saved = await callers.admin.ok('pushChannelSetting.save', keyChannel(app.id, { type: 'APNS' }));
    await callers.admin.ok('pushChannelSetting.delete', { id: saved.id });
    expect((await callers.admin.call('pushChannelSetting.detail', { id: saved.id })).body.errorCode).toBe('720003');
    const res = await fetch(`${herald.standIns.endpoints.pinpoint}/v1/apps/${saved.pinpointAppId}/channels/apns`, { headers: { authorization: 'AWS4-HMAC-SHA256 Credential=x' } });
    expect(res.status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers each refusal with its catalogue error, in the caller’s language, and stores nothing', async () => {
    const { admin } = callers;
    const app = await newApp('Bad');
    const before = (await admin.ok('pushChannelSetting.list', {})).list.length;
    const code = async (payload: unknown, lang = 'en') => (await admin.call('pushChannelSetting.save', payload, { 'x-lang': lang })).body;
    expect(await code({ ...keyChannel(app.id), title: '' })).toMatchObject({ errorCode: '400016' });
    expect(await code({ ...keyChannel(app.id), type: 'WNS' })).toMatchObject({ errorCode: '400016' });
    expect(await code({ ...keyChannel(app.id), teamId: 'short' }, 'zh')).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('Team ID 是 Apple 开发者账号'),
    });
    expect(await code({ ...keyChannel(app.id), keyId: undefined })).toMatchObject({ errorCode: '400016' });
    expect(await code({ ...keyChannel(app.id), authMethod: undefined })).toMatchObject({ errorCode: '400016' });
    expect(await code({ ...keyChannel(app.id), tokenKey: 'not a key' })).toMatchObject({ errorCode: '400016' });
    // a PEM that is not an EC key is not a .p8
    const rsa = kept(RSA_KEY);
    expect(await code({ ...keyChannel(app.id), tokenKey: rsa }, 'ja')).toMatchObject({
      errorCode: '720009',
      errorMessage: expect.stringContaining('トークンキーは Apple から受け取った'),
    });
    expect(await code({ ...keyChannel(app.id), tokenKey: undefined })).toMatchObject({ errorCode: '720006' });
    expect(await code({ title: 'FCM', appId: app.id, type: 'GCM', serviceJson: '{"type":"user"}' })).toMatchObject({ errorCode: '720009' });
    expect(await code({ title: 'FCM', appId: app.id, type: 'GCM', serviceJson: 'not json' })).toMatchObject({ errorCode: '720009' });
    expect(await code({ title: 'FCM', appId: app.id, type: 'GCM' })).toMatchObject({ errorCode: '720006' });
    expect(await code({ ...keyChannel('no-such-app') })).toMatchObject({ errorCode: '720003' });
    expect(await code({ ...keyChannel(app.id), authMethod: 'CERTIFICATE', certificate: Buffer.from('garbage').toString('base64'), certificatePassword: 'x' })).toMatchObject({
      errorCode: '720009',
    });
    expect((await admin.ok('pushChannelSetting.list', {})).list.length).toBe(before);
    // the same service twice on one application
    await admin.ok('pushChannelSetting.save', keyChannel(app.id));
    expect(await code(keyChannel(app.id))).toMatchObject({ errorCode: '720001' });
    // a stale version
    const saved = (await admin.ok('pushChannelSetting.list', {})).list.find((c) => c.appId === app.id)!;
    expect(await code({ ...keyChannel(app.id), id: saved.id, version: saved.version + 5 })).toMatchObject({ errorCode: '720007' });
    expect((await admin.call('pushChannelSetting.testSend', { id: saved.id, accountId: '' })).body.errorCode).toBe('400016');
    expect((await admin.call('pushChannelSetting.testSend', { id: saved.id, accountId: 'nobody-here' })).body.errorCode).toBe('720003');
    expect((await admin.call('pushChannelSetting.delete', { id: '' })).body.errorCode).toBe('400016');
    expect((await admin.call('templateMessage.getPushChannels', {})).body.errorCode).toBe('400016');
  });
});

describe('other organizations and permissions', () => {
  it('another organization’s ids answer as missing; a member without the permission is refused', async () => {
    const { admin, other, nobody } = callers;
    const app = await newApp('Mine');
    const saved = await admin.ok('pushChannelSetting.save', keyChannel(app.id, { type: 'APNS' }));
    for (const [service, payload] of [
      ['pushChannelSetting.detail', { id: saved.id }],
      ['pushChannelSetting.delete', { id: saved.id }],
      ['pushChannelSetting.testSend', { id: saved.id, accountId: 'a' }],
      ['pushChannelSetting.save', { ...keyChannel(app.id), id: saved.id }],
    ] as const) {
      expect([service, (await other.call(service, payload)).body.errorCode]).toEqual([service, '720003']);
    }
    // an application of another organization cannot carry this one's channel
    expect((await other.call('pushChannelSetting.save', keyChannel(app.id))).body.errorCode).toBe('720003');
    expect((await other.ok('pushChannelSetting.list', {})).list.map((c) => c.id)).not.toContain(saved.id);
    expect((await nobody.call('pushChannelSetting.list', {})).body.errorCode).toBe('730001');
    expect((await other.ok('pushChannelSetting.applications', {})).list.map((a) => a.id)).not.toContain(app.id);
    const template = await admin.ok('templateMessage.save', {
      name: `Push ${randomBytes(3).toString('hex')}`,
      template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Hi', body: 'There' } } },
    });
    expect((await other.call('templateMessage.getPushChannels', { id: template.id })).body.errorCode).toBe('720003');
    expect((await admin.ok('pushChannelSetting.detail', { id: saved.id })).id).toBe(saved.id);
  });
});

describe('templateMessage.getPushChannels', () => {
  it('answers the enabled channels for a push template, none for another channel’s', async () => {
    const { admin } = callers;
    const app = await newApp('Templates');
    const on = await admin.ok('pushChannelSetting.save', keyChannel(app.id, { type: 'APNS', title: 'On' }));
    const off = await admin.ok('pushChannelSetting.save', { title: 'Off', appId: app.id, type: 'GCM', serviceJson: serviceJson(), enabled: false });
    const push = await admin.ok('templateMessage.save', {
      name: `Push ${randomBytes(3).toString('hex')}`,
      template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Hi', body: 'There' } } },
    });
    const mail = await admin.ok('templateMessage.save', {
      name: `Mail ${randomBytes(3).toString('hex')}`,
      template: { defaultLanguage: 'en', contents: { en: { subject: 'Hello' } } },
    });
    const ids = (await admin.ok('templateMessage.getPushChannels', { id: push.id })).list.map((c) => c.id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
    expect((await admin.ok('templateMessage.getPushChannels', { id: mail.id })).list).toEqual([]);
  });
});

describe('a test send', () => {
  it('goes to the account’s devices on the channel’s service; a dead token deactivates its device', async () => {
    const { admin } = callers;
    const app = await newApp('Test send');
    const channel = await admin.ok('pushChannelSetting.save', keyChannel(app.id));
    const accountId = `push-test-${randomBytes(4).toString('hex')}`;
    const now = Date.now();
    await store.put('account', {
      ...accountKey(1, accountId),
      orgId: 1,
      id: accountId,
      emails: [],
      tags: [],
      attributes: {},
      emailConsent: false,
      smsConsent: false,
      pushConsent: true,
      lineConsent: false,
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: 't',
      updatedBy: 't',
    });
    const [live, dead, android] = [apnsToken(), apnsToken(), 'f'.repeat(150)];
    const device = (deviceId: string, pushToken: string, over: Record<string, unknown> = {}) =>
      store.put('device', {
        accountKey: deviceKeyOf(1, accountId),
        deviceId,
        orgId: 1,
        accountId,
        platform: 'IOS',
        channel: 'APNS_SANDBOX',
        pushToken,
        permission: 'ALWAYS',
        active: true,
        source: 'SDK',
        appId: app.id,
        dateUpdated: 1,
        ...over,
      });
    await Promise.all([device('live', live), device('dead', dead), device('android', android, { platform: 'ANDROID', channel: 'GCM' })]);
    await fetch(`${herald.standIns.endpoints.pinpoint}/_standin/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: dead, answer: 'dead' }),
    });

    const { results } = await admin.ok('pushChannelSetting.testSend', { id: channel.id, accountId });
    expect(results.map((r) => [r.deviceId, r.status]).sort()).toEqual([
      ['dead', 'DEAD'],
      ['live', 'SENT'],
    ]);
    const got = await received([live, dead, android]);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ address: live, channelType: 'APNS_SANDBOX', applicationId: channel.pinpointAppId });
    expect(JSON.parse((got[0]!.request as any).MessageConfiguration.APNSMessage.RawContent).aps.alert.title).toBe('Herald test notification');
    expect((await store.get('device', { accountKey: deviceKeyOf(1, accountId), deviceId: 'dead' }))?.active).toBe(false);
    // a disabled channel sends nothing
    await admin.ok('pushChannelSetting.save', { ...keyChannel(app.id), id: channel.id, tokenKey: undefined, enabled: false });
    expect((await admin.call('pushChannelSetting.testSend', { id: channel.id, accountId })).body.errorCode).toBe('720009');
  });
});

describe('secrets', () => {
  it('no key, certificate or service account of any test above reached a log line', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    const all = log.text();
    expect(secrets.length).toBeGreaterThan(10);
    for (const s of secrets) expect(all).not.toContain(s);
    expect(all).not.toMatch(/PRIVATE KEY|private_key|s3cret/);
  });
});
