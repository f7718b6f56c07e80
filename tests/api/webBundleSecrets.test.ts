/**
 * No secret reaches the web bundle (issue 25, "Must show"): the built portal (web/dist, as `npm test` builds it;
 * built here when missing) and what its server hands a browser (the page, its files, the web config) hold none of
 * the secrets the tests configure: every secret-named literal in the test sources (app, channel and provider
 * secrets, passwords), the secret-named values of this process's environment, and the secrets configured here
 * through the API on a running Herald: an app's issued secret and server key, the OAuth, bearer, basic and API
 * key credentials of applications, APNs and FCM keys, the LINE channel token and secret, and the SSO client secret.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { PATHS } from '../../shared/paths';
import { startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { builtPortal } from '../support/webBuild';

const ROOT = resolve(import.meta.dirname, '../..');
let herald: LocalHerald;
let callers: Callers;
let portal: Awaited<ReturnType<typeof builtPortal>>;
/** secrets configured through the API here, by what they are */
const configured = new Map<string, string>();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Literal values the test sources give to secret-named fields, constants and defaults. */
function secretLiteralsOfTests(): Set<string> {
  const sources = [...filesUnder(join(ROOT, 'tests')), ...filesUnder(join(ROOT, 'functions'))].filter(
    (f) => /\.ts$/.test(f) && (f.includes('/tests/') || /\.test\.ts$/.test(f)) && !f.endsWith('webBundleSecrets.test.ts'),
  );
  const named = /\w*(?:secret|token|password|apikey|privatekey|tokenkey|serverkey|credential|passphrase)\w*['"]?\s*(?::|=|\?\?)\s*'([^'\n]{8,})'/gi;
  const found = new Set<string>();
  for (const file of sources) {
    for (const m of readFileSync(file, 'utf8').matchAll(named)) {
      // words and phrases ("password", "not a key") are a test's wrong input, not a secret
      if (!/^[A-Za-z ]+$/.test(m[1]!)) found.add(m[1]!);
    }
  }
  return found;
}

const pem = (kind: 'ec' | 'rsa') =>
  (kind === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' }) : generateKeyPairSync('rsa', { modulusLength: 2048 })).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
/** the key material of a PEM, without its armour lines (which are not secret) */
const keyBody = (text: string) => text.split('\n')[1]!;

beforeAll(async () => {
  portal = await builtPortal();
  herald = await startHerald({ webRoot: portal.dir });
  callers = await twoOrganizations(herald, 'bundle');
  const { admin } = callers;

  const ios = await admin.ok('application.save', { name: 'Shop iOS', appType: 'IOS', bundleId: 'com.example.shop' });
  const issued = await admin.ok('application.issueSecret', { id: ios.id });
  configured.set('app secret', issued.secret).set('app server key', issued.serverKey);

  const oauthSecret = `oauth-${randomBytes(12).toString('hex')}`;
  const bearer = `bearer-${randomBytes(12).toString('hex')}`;
  const basic = `basic-${randomBytes(12).toString('hex')}`;
  const apiKey = `apikey-${randomBytes(12).toString('hex')}`;
  await admin.ok('application.save', { name: 'CRM', appType: 'OAuth', clientId: 'crm-client', clientSecret: oauthSecret });
  await admin.ok('application.save', { name: 'Bearer', appType: 'BearerToken', bearerToken: bearer });
  await admin.ok('application.save', { name: 'Basic', appType: 'BasicAuth', username: 'api-user', password: basic });
  await admin.ok('application.save', { name: 'Keyed', appType: 'ApiKey', customHeaders: [{ key: 'X-Api-Key', value: apiKey, place: 'header' }] });
  configured.set('OAuth client secret', oauthSecret).set('bearer token', bearer).set('basic password', basic).set('API key header', apiKey);

  const p8 = pem('ec');
  await admin.ok('pushChannelSetting.save', {
    title: 'iOS',
    appId: ios.id,
    type: 'APNS_SANDBOX',
    authMethod: 'KEY',
    bundleId: 'com.example.shop',
    teamId: 'ABCDE12345',
    keyId: 'KEY1234567',
    tokenKey: p8,
  });
  const fcmKey = pem('rsa');
  const serviceJson = JSON.stringify({
    type: 'service_account',
    project_id: 'herald-bundle',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: fcmKey,
    client_email: 'push@herald-bundle.iam.gserviceaccount.com',
  });
  await admin.ok('pushChannelSetting.save', { title: 'Android', appId: ios.id, type: 'GCM', serviceJson });
  configured.set('APNs token key', keyBody(p8)).set('FCM service account key', keyBody(fcmKey));

  const lineToken = randomBytes(40).toString('base64url');
  const lineSecret = randomBytes(16).toString('hex');
  await admin.ok('lineChannel.save', { channelId: '1657000000', accessToken: lineToken, channelSecret: lineSecret, version: (await admin.ok('lineChannel.detail')).version });
  configured.set('LINE channel access token', lineToken).set('LINE channel secret', lineSecret);

  const ssoSecret = `sso-${randomBytes(16).toString('hex')}`;
  const role = (await admin.ok('userRole.getAll'))[0];
  await admin.ok('ssoSetting.save', { enabled: true, issuer: 'https://idp.example', clientId: 'herald', clientSecret: ssoSecret, defaultRoleId: role.id, version: 0 });
  configured.set('SSO client secret', ssoSecret);
}, 300_000);

afterAll(async () => {
  await herald?.stop();
  portal?.cleanup();
});

it('the built portal and what its server hands a browser hold none of the secrets the tests configure', async () => {
  const literals = secretLiteralsOfTests();
  // the extraction still finds the secrets the other tests set, so a changed test cannot empty this list unseen
  for (const known of ['oauth-secret-4711', 'tok-9876', 'k-987654', 'Basic-pw-555', 'provider-issued-secret-0123456789abcdef']) expect(literals).toContain(known);
  const fromEnv = Object.entries(process.env)
    .filter(([name, value]) => /SECRET|TOKEN|PASSWORD|API_KEY|PRIVATE_KEY/i.test(name) && (value ?? '').length >= 8)
    .map(([name, value]) => [`environment ${name}`, value!] as const);
  const secrets: (readonly [string, string])[] = [
    ...configured,
    ['portal app secret', herald.seed.portalAppSecret],
    ...[...literals].map((s) => ['test source literal', s] as const),
    ...fromEnv,
  ];
  expect(configured.size).toBe(11);

  // every file of the build, and the page, the files and the web config as the server answers them
  const files = filesUnder(portal.dir);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  const texts = new Map(files.map((f) => [relative(portal.dir, f), readFileSync(f, 'latin1')]));
  const served = async (path: string) => {
    const res = await fetch(new URL(path, herald.url));
    expect(res.status, path).toBe(200);
    return res.text();
  };
  texts.set('served page', await served('/portalui/'));
  texts.set('served web config', await served(PATHS.webConfig));
  for (const file of files.filter((f) => /\.(js|css|html)$/.test(f)).slice(0, 3))
    texts.set(`served ${relative(portal.dir, file)}`, await served(`/portalui/${relative(portal.dir, file)}`));

  const found = secrets.flatMap(([what, secret]) => [...texts].filter(([, text]) => text.includes(secret)).map(([where]) => `${what} in ${where}`));
  expect(found).toEqual([]);
  // nor any private key at all (the armour line alone is in hints and checks; key material after it is not)
  expect([...texts].filter(([, text]) => /-----BEGIN [A-Z ]*PRIVATE KEY-----\s*[A-Za-z0-9+/=]{40}/.test(text)).map(([where]) => where)).toEqual([]);
});
