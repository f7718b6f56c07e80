/**
 * Single sign-on with OpenID Connect (issue 25 item 2) against a real OpenID provider (oidc-provider) started
 * here: the provider's settings per organization (the client secret never answered nor logged, another
 * organization's settings never seen), the authorization code flow with PKCE, state and nonce from the sign-in
 * page's call through the provider's own login and consent pages to an ordinary Herald session, a just-in-time
 * account with the default role, logout through the provider; and what is refused: a replayed callback, an ID
 * token sent as an API token, and ID tokens that are forged, expired, for another client or of another sign-in, on
 * the verifier and through the whole callback; profile claims an ID token lacks are read from the userinfo endpoint.
 */
import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importJWK, SignJWT, decodeJwt, exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { authorizationUrl, discover, exchangeCode, providerKeys, verifyIdToken } from '../../functions/services/auth/oidc';
import { STARTS_PER_ADDRESS } from '../../functions/services/auth/sso';
import type { SignIn } from '../../shared/services';
import { landingAfterSignIn } from '../../web/src/app/access';
import { randomToken } from '../../functions/platform/randomTokens';
import { capturedLog } from '../support/channelStandIns';
import { ApiClient, sentMail, startHerald } from '../support/herald';
import { type LocalOidc, startOidcProvider } from '../support/oidcProvider';
import { type Callers, twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let oidc: LocalOidc;
let callers: Callers;
let staffRoleId: string;
let orgCode: string;
const log = capturedLog();
/** codes, states and tokens met on the way: none may reach a log line */
const credentials: string[] = [];

async function ssoSettingVersion(client: ApiClient): Promise<number> {
  return (await client.ok('ssoSetting.detail')).version;
}

/** The sign-in page's call for the organization, the provider's pages, and the callback page's call. */
async function signInThroughProvider(login: string, code = orgCode) {
  const anon = new ApiClient(herald);
  const started = await anon.ok('auth.checkSsoUserLoginState', { orgCode: code });
  const back = await oidc.signIn(started.loginUrl!, login);
  const callback = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  const answer = await anon.call<any>('auth.checkSsoUserLoginState', callback);
  credentials.push(callback.code, callback.state, answer.payload?.signIn?.refreshToken ?? '');
  return { anon, started, callback, answer };
}

/** The browser's stored session of a sign-in answer, as the callback page keeps it. */
const session = (signIn: SignIn) => ({ ...signIn, expiresAt: Date.now() + signIn.expiresIn * 1000 });

/** An ID token the provider really issues to Herald's client, got by the test acting as that client. */
async function genuineIdToken(nonce = randomToken(16)) {
  const meta = await discover(oidc.issuer, { loopbackHttp: true });
  const codeVerifier = randomToken(48);
  const redirectUri = `${herald.url}/portalui/`;
  const url = authorizationUrl(meta, { clientId: oidc.clientId, redirectUri, state: randomToken(16), nonce, codeVerifier });
  const back = await oidc.signIn(url, 'token-holder');
  const { idToken } = await exchangeCode(meta, { clientId: oidc.clientId, clientSecret: oidc.clientSecret, code: back.searchParams.get('code')!, redirectUri, codeVerifier });
  credentials.push(idToken);
  return { idToken, nonce, meta };
}

beforeAll(async () => {
  herald = await startHerald({ logLevel: 'debug', logSink: log.sink });
  oidc = await startOidcProvider({ redirectUri: `${herald.url}/portalui/` });
  callers = await twoOrganizations(herald, 'sso');
  const staff = await callers.admin.ok('userRole.save', { name: 'SSO staff', code: 'SSO_STAFF', permissions: ['NAV_DASHBOARD', 'NAV_HOME'] });
  staffRoleId = staff.id;
  const orgs = await callers.admin.ok('organization.list', { page: 0, size: 50 });
  orgCode = orgs.list.find((o: { id: number }) => o.id === 1)!.code;
  await callers.admin.ok('ssoSetting.save', {
    enabled: true,
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    defaultRoleId: staffRoleId,
    version: 0,
  });
}, 60_000);

afterAll(async () => {
  await oidc?.stop();
  await herald?.stop();
});

describe('the provider settings', () => {
  it('answer whether a client secret is set, never the secret, and the addresses to register at the provider', async () => {
    const detail = await callers.admin.ok('ssoSetting.detail');
    expect(detail).toMatchObject({ enabled: true, issuer: oidc.issuer, clientId: oidc.clientId, clientSecretSet: true, defaultRoleId: staffRoleId });
    expect(detail.redirectUri).toBe(`${herald.url}/portalui/`);
    expect(JSON.stringify(detail)).not.toContain(oidc.clientSecret);
    // a save without the secret keeps it
    const saved = await callers.admin.ok('ssoSetting.save', { ...detail, clientSecret: '', version: detail.version });
    expect(saved.clientSecretSet).toBe(true);
    expect(JSON.stringify(saved)).not.toContain(oidc.clientSecret);
  });

  it('another organization sees none of them and cannot remove them; a role of another organization is refused', async () => {
    expect(await callers.other.ok('ssoSetting.detail')).toMatchObject({ enabled: false, issuer: '', clientId: '', clientSecretSet: false, version: 0 });
    const version = await ssoSettingVersion(callers.admin);
    expect((await callers.other.call('ssoSetting.remove', { version })).body.errorCode).toBe('720003');
    const foreignRole = await callers.other.call('ssoSetting.save', { enabled: true, issuer: oidc.issuer, clientId: 'x', defaultRoleId: staffRoleId, version: 0 });
    expect(foreignRole.body).toMatchObject({ errorCode: '720003' });
    expect((await callers.nobody.call('ssoSetting.detail')).body.errorCode).toBe('730001');
    expect((await callers.admin.ok('ssoSetting.detail')).enabled).toBe(true);
  });

  it('a default role is granted by whoever saves it: one holding permissions the caller lacks is refused', async () => {
    const manager = await callers.admin.ok('userRole.save', { name: 'SSO manager', code: 'SSO_MANAGER', permissions: ['NAV_PORTAL_USER', 'NAV_HOME'] });
    await callers.admin.ok('user.save', { username: 'sso-manager', email: 'sso-manager@example.com', roleId: manager.id, password: 'Manage@123' });
    const client = new ApiClient(herald);
    await client.login('sso-manager', 'Manage@123');
    const before = await callers.admin.ok('ssoSetting.detail');
    const higher = await client.call('ssoSetting.save', { enabled: true, issuer: oidc.issuer, clientId: oidc.clientId, defaultRoleId: staffRoleId, version: before.version });
    expect(higher.body.errorCode).toBe('730001');
    expect(higher.body.errorMessage).toContain('NAV_DASHBOARD');
    expect(await callers.admin.ok('ssoSetting.detail')).toEqual(before);
  });

  it('bad input gets a catalogue error', async () => {
    const good = { enabled: true, issuer: oidc.issuer, clientId: 'c', defaultRoleId: staffRoleId, version: 0 };
    for (const issuer of ['ftp://idp.example', 'http://idp.example', 'https://idp.example/?q=1', 'not a url']) {
      const r = await callers.other.call('ssoSetting.save', { ...good, issuer });
      expect(r.body.errorCode, issuer).toBe('400016');
      expect(r.body.errorMessage).toContain('The issuer is the https address');
    }
    expect((await callers.other.call('ssoSetting.save', { ...good, clientId: ' ' })).body.errorCode).toBe('400016');
    const ja = await new ApiClient(herald).call('auth.checkSsoUserLoginState', { code: 'c' }, { 'x-lang': 'ja' });
    expect(ja.body).toMatchObject({ errorCode: '400016' });
    expect(ja.body.errorMessage).toContain('サインインのコールバックには code と state の両方が必要');
  });

  it('no client secret reaches a log line', () => {
    expect(log.text()).not.toContain(oidc.clientSecret);
  });
});

describe('signing in through the provider', () => {
  it('an organization without SSO, or an unknown code, signs in natively', async () => {
    const anon = new ApiClient(herald);
    expect(await anon.ok('auth.checkSsoUserLoginState', {})).toEqual({ enabled: false, loginUrl: null, signIn: null });
    expect(await anon.ok('auth.checkSsoUserLoginState', { orgCode: 'OTHER_SSO' })).toEqual({ enabled: false, loginUrl: null, signIn: null });
    expect(await anon.ok('auth.checkSsoUserLoginState', { orgCode: 'NO_SUCH_ORG' })).toEqual({ enabled: false, loginUrl: null, signIn: null });
  });

  it('ends in an ordinary Herald session for a just-in-time account with the default role', async () => {
    const { started, answer } = await signInThroughProvider('alice');
    const login = new URL(started.loginUrl!);
    expect(login.origin).toBe(oidc.issuer);
    expect(Object.fromEntries(login.searchParams)).toMatchObject({ response_type: 'code', client_id: oidc.clientId, code_challenge_method: 'S256', scope: 'openid email profile' });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(login.searchParams.get(p)).toMatch(/^[\w-]{20,}$/);
    expect(answer.body.state).toBe('S');
    const signIn = answer.payload.signIn;
    expect(signIn).toMatchObject({ tokenType: 'Bearer', loginType: 'SSO' });
    expect(signIn.userdetails).toMatchObject({ username: 'alice', email: 'alice@idp.example', firstName: 'Person', lastName: 'alice' });
    expect(signIn.userdetails.organizations).toEqual([expect.objectContaining({ id: 1, isSelected: true, role: expect.objectContaining({ id: staffRoleId }) })]);
    expect(signIn.userdetails.rolePermissions.sort()).toEqual(['NAV_DASHBOARD', 'NAV_HOME']);
    expect(signIn.logoutUrl).toMatch(new RegExp(`^${oidc.issuer}/session/end\\?`));
    expect(JSON.stringify(answer.payload)).not.toContain(oidc.clientSecret);

    const alice = new ApiClient(herald);
    alice.token = signIn.accessToken;
    expect(await alice.ok('auth.validToken')).toMatchObject({ userId: signIn.userdetails.id, orgId: 1 });
    // the refresh token rotates like any other, and stays an SSO session with its logout address
    const refreshed = await alice.ok('auth.refreshToken', { refreshToken: signIn.refreshToken });
    expect(refreshed).toMatchObject({ loginType: 'SSO', logoutUrl: signIn.logoutUrl });
    // the administrator sees the new member with the default role
    const members = await callers.admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'alice' });
    expect(members.list).toEqual([expect.objectContaining({ username: 'alice', roleName: 'SSO staff' })]);

    // the next sign-in finds the same account
    const again = await signInThroughProvider('alice');
    expect(again.answer.payload.signIn.userdetails.id).toBe(signIn.userdetails.id);
  });

  it('an account made by single sign-on has no password: no reset link, no password sign-in', async () => {
    expect((await signInThroughProvider('erin')).answer.body.state).toBe('S');
    const anon = new ApiClient(herald);
    await anon.ok('auth.passwordEmail', { email: 'erin@idp.example' });
    for (let i = 0; i < 3; i++) await herald.jobs.idle();
    expect((await sentMail(herald)).filter((m) => m.destination.to.includes('erin@idp.example'))).toEqual([]);
    expect((await anon.call('auth.login', { username: 'erin', password: 'Erin@12345' })).body.errorCode).toBe('710002');
  });

  it('a replayed callback is refused: the state is spent by the first', async () => {
    const { anon, callback, answer } = await signInThroughProvider('bob');
    expect(answer.body.state).toBe('S');
    const replay = await anon.call('auth.checkSsoUserLoginState', callback);
    expect(replay.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect(replay.body.errorMessage).toContain('already been used or has expired');
    const made = await new ApiClient(herald).call('auth.checkSsoUserLoginState', { code: callback.code, state: randomToken(32) });
    expect(made.body.errorCode).toBe('400017');
  });

  it('logout ends the Herald session and answers the provider logout address, which the provider accepts', async () => {
    const { answer } = await signInThroughProvider('carol');
    const carol = new ApiClient(herald);
    carol.token = answer.payload.signIn.accessToken;
    const out = await carol.ok('auth.logout', { refreshToken: answer.payload.signIn.refreshToken });
    expect(out.logoutUrl).toBe(answer.payload.signIn.logoutUrl);
    const url = new URL(out.logoutUrl!);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${herald.url}/portalui/`);
    expect(url.searchParams.get('client_id')).toBe(oidc.clientId);
    const atProvider = await fetch(url, { redirect: 'manual' });
    expect(atProvider.status).toBe(200);
    expect(await atProvider.text()).toContain('logout');
    expect((await carol.call('auth.validToken')).body.errorCode).toBe('710005');
  });

  it('lands an administrator of an organization whose onboarding is pending on onboarding, as a password sign-in does', async () => {
    // the sign-in of organization 1 (onboarded) lands where a password sign-in would
    const plain = (await signInThroughProvider('alice')).answer.payload.signIn;
    expect(plain.userdetails.organizations.find((o: { isSelected: boolean }) => o.isSelected).onboardingPending).toBe(false);
    expect(landingAfterSignIn(session(plain))).toBe('/dashboard');

    // a new organization, its provider settings made by its administrator with an administering default role
    const created = await callers.admin.ok('organization.save', { name: 'SSO onboarding', code: 'SSO_ONBOARDING' });
    const inNew = new ApiClient(herald);
    await inNew.login();
    inNew.token = (await inNew.ok('user.switchOrganization', { orgId: created.id })).accessToken;
    const admins = await inNew.ok('userRole.save', { name: 'SSO admins', code: 'SSO_ADMINS', permissions: ['NAV_ORGANIZATION', 'NAV_DASHBOARD'] });
    await inNew.ok('ssoSetting.save', { enabled: true, issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, defaultRoleId: admins.id, version: 0 });
    await inNew.ok('user.switchOrganization', { orgId: 1 });

    const signIn = (await signInThroughProvider('dora', 'SSO_ONBOARDING')).answer.payload.signIn;
    expect(signIn.userdetails.organizations).toEqual([expect.objectContaining({ id: created.id, isSelected: true, onboardingPending: true })]);
    expect(landingAfterSignIn(session(signIn))).toBe('/onboarding/welcome');
    // a page the person asked for before signing in still wins, as after a password sign-in
    expect(landingAfterSignIn(session(signIn), '/dashboard')).toBe('/dashboard');

    // once its administrator has finished onboarding, the next SSO sign-in lands on the dashboard
    const dora = new ApiClient(herald);
    dora.token = signIn.accessToken;
    await dora.ok('organization.completeOnboarding', { id: created.id });
    const after = (await signInThroughProvider('dora', 'SSO_ONBOARDING')).answer.payload.signIn;
    expect(after.userdetails.organizations[0].onboardingPending).toBe(false);
    expect(landingAfterSignIn(session(after))).toBe('/dashboard');
  });
});

describe('ID tokens that are refused', () => {
  it('an ID token sent as a bearer token or as a refresh token', async () => {
    const { idToken } = await genuineIdToken();
    const holder = new ApiClient(herald);
    holder.token = idToken;
    expect((await holder.call('auth.validToken')).body.errorCode).toBe('710005');
    expect((await holder.call('user.getListByPage', { page: 0, size: 5 })).body.errorCode).toBe('710005');
    expect((await new ApiClient(herald).call('auth.refreshToken', { refreshToken: idToken })).body.errorCode).toBe('400016');
  });

  it('the genuine token passes; for another client (audience), it is refused', async () => {
    const { idToken, nonce, meta } = await genuineIdToken();
    const p = { issuer: oidc.issuer, clientId: oidc.clientId, nonce, now: Date.now() };
    await expect(verifyIdToken(idToken, providerKeys(meta), p)).resolves.toMatchObject({ sub: 'token-holder', iss: oidc.issuer });
    await expect(verifyIdToken(idToken, providerKeys(meta), { ...p, clientId: 'another-client' })).rejects.toMatchObject({ code: '400017' });
    await expect(verifyIdToken(idToken, providerKeys(meta), { ...p, issuer: 'http://127.0.0.1:1' })).rejects.toMatchObject({ code: '400017' });
  });

  it('an expired token', async () => {
    const { idToken, nonce, meta } = await genuineIdToken();
    const { exp } = decodeJwt(idToken);
    const p = { issuer: oidc.issuer, clientId: oidc.clientId, nonce };
    await expect(verifyIdToken(idToken, providerKeys(meta), { ...p, now: (exp! + 60) * 1000 })).rejects.toMatchObject({ code: '400017' });
  });

  it('a token of another sign-in (nonce)', async () => {
    const { idToken, meta } = await genuineIdToken();
    await expect(verifyIdToken(idToken, providerKeys(meta), { issuer: oidc.issuer, clientId: oidc.clientId, nonce: 'other', now: Date.now() })).rejects.toMatchObject({
      code: '400017',
    });
  });

  it('a forged token: the same claims and key id, signed with another key', async () => {
    const { idToken, nonce, meta } = await genuineIdToken();
    const { kid, alg } = decodeProtectedHeader(idToken);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = await importJWK(await exportJWK(privateKey), alg ?? 'RS256');
    const forged = await new SignJWT(decodeJwt(idToken)).setProtectedHeader({ alg: alg ?? 'RS256', kid }).sign(key);
    await expect(verifyIdToken(forged, providerKeys(meta), { issuer: oidc.issuer, clientId: oidc.clientId, nonce, now: Date.now() })).rejects.toMatchObject({
      code: '400017',
    });
    // an unsigned token, and one signed with the client secret (HS256) as a provider never signs for Herald
    const [h, b] = idToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${b}.`;
    await expect(verifyIdToken(none, providerKeys(meta), { issuer: oidc.issuer, clientId: oidc.clientId, nonce, now: Date.now() })).rejects.toMatchObject({ code: '400017' });
    const hs = await new SignJWT(decodeJwt(idToken)).setProtectedHeader({ alg: 'HS256', kid }).sign(new TextEncoder().encode(oidc.clientSecret));
    await expect(verifyIdToken(hs, providerKeys(meta), { issuer: oidc.issuer, clientId: oidc.clientId, nonce, now: Date.now() })).rejects.toMatchObject({ code: '400017' });
    expect(h).toBeTruthy();
  });
});

describe('ID tokens refused through the whole callback', () => {
  /** A sign-in whose token endpoint hands Herald what `rewrite` makes of the provider's ID token. */
  async function refusedThroughFlow(login: string, rewrite: (idToken: string) => Promise<string>) {
    oidc.rewriteNextIdToken(rewrite);
    const { answer } = await signInThroughProvider(login);
    expect(answer.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect(answer.body.errorMessage).toContain('The identity token from the identity provider could not be verified.');
    expect(answer.payload?.signIn ?? null).toBeNull();
    // no account was made for the person either
    expect((await callers.admin.ok('user.getListByPage', { page: 0, size: 50, keyword: login })).list).toEqual([]);
  }
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('the provider re-signing the same claims passes, so what follows is refused for its claims alone', async () => {
    oidc.rewriteNextIdToken((t) => oidc.reSigned(t, (claims) => claims));
    expect((await signInThroughProvider('resigned')).answer.body.state).toBe('S');
  });

  it('a forged token: the same claims and key id, signed with another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = await importJWK(await exportJWK(privateKey), 'RS256');
    await refusedThroughFlow('forged', async (t) => new SignJWT(decodeJwt(t)).setProtectedHeader(decodeProtectedHeader(t) as { alg: string }).sign(key));
  });

  it('an expired token, signed by the provider', async () => {
    await refusedThroughFlow('expired', (t) => oidc.reSigned(t, (c) => ({ ...c, iat: nowSeconds() - 1200, exp: nowSeconds() - 600 })));
  });

  it('a token for another client, or for several without Herald as the authorized party', async () => {
    await refusedThroughFlow('audience', (t) => oidc.reSigned(t, (c) => ({ ...c, aud: 'another-client' })));
    await refusedThroughFlow('audiences', (t) => oidc.reSigned(t, ({ azp: _azp, ...c }) => ({ ...c, aud: [oidc.clientId, 'another-client'], azp: 'another-client' })));
  });

  it('a token of another issuer, and an unsigned one', async () => {
    await refusedThroughFlow('issuer', (t) => oidc.reSigned(t, (c) => ({ ...c, iss: 'http://127.0.0.1:1' })));
    await refusedThroughFlow('unsigned', async (t) => `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${t.split('.')[1]}.`);
  });

  it('a replayed token: the ID token of an earlier, accepted sign-in', async () => {
    let earlier = '';
    oidc.rewriteNextIdToken(async (t) => {
      earlier = t;
      return t;
    });
    expect((await signInThroughProvider('replayed')).answer.body.state).toBe('S');
    credentials.push(earlier);
    oidc.rewriteNextIdToken(async () => earlier);
    const { answer } = await signInThroughProvider('replayer');
    expect(answer.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect((await callers.admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'replayer' })).list).toEqual([]);
  });
});

describe('profile claims from the userinfo endpoint', () => {
  const withoutProfile = ({ email: _e, email_verified: _v, name: _n, given_name: _g, family_name: _f, preferred_username: _p, ...rest }: Record<string, unknown>) => rest;

  it("are read when the ID token has no e-mail or name, for the new account's address, name and username", async () => {
    oidc.rewriteNextIdToken((t) => oidc.reSigned(t, withoutProfile));
    const { answer } = await signInThroughProvider('dora');
    expect(answer.body.state).toBe('S');
    expect(answer.payload.signIn.userdetails).toMatchObject({ username: 'dora', email: 'dora@idp.example', firstName: 'Person', lastName: 'dora' });
  });

  it("are refused when they are of another subject than the ID token's", async () => {
    oidc.rewriteNextIdToken((t) => oidc.reSigned(t, (c) => ({ ...withoutProfile(c), sub: 'someone-else' })));
    const { answer } = await signInThroughProvider('mallory');
    expect(answer.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect((await callers.admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'mallory' })).list).toEqual([]);
  });
});

describe('logs', () => {
  it('no client secret, code, state or token reaches a log line', () => {
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [oidc.clientSecret, ...credentials.filter(Boolean)]) expect(text).not.toContain(secret);
  });
});

describe('starting sign-ins', () => {
  it('one address starts a bounded number of sign-ins (each is a stored record), then gets 400014', async () => {
    const anon = new ApiClient(herald);
    let refused: any;
    for (let i = 0; i <= STARTS_PER_ADDRESS && !refused; i++) {
      const r = await anon.call('auth.checkSsoUserLoginState', { orgCode });
      if (r.body.state !== 'S') refused = r;
    }
    expect(refused?.body).toMatchObject({ errorCode: '400014' });
  });
});
