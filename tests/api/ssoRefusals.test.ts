/**
 * What a single sign-on refuses (issue 38), against a real OpenID provider (oidc-provider): a callback from
 * another browser than the one that started the sign-in, a provider address that is not https (a `javascript:`
 * authorization or logout endpoint never reaches the browser), and ID tokens dated ahead of a minute's skew,
 * older than the time a sign-in may take, or larger than the cap: on the verifier and through the whole callback.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import {
  authorizationUrl,
  discover,
  exchangeCode,
  IAT_SKEW_SECONDS,
  ID_TOKEN_MAX_AGE_SECONDS,
  MAX_ID_TOKEN_BYTES,
  providerKeys,
  verifyIdToken,
} from '../../functions/services/auth/oidc';
import { splitRefreshToken } from '../../functions/services/auth/tokens';
import { randomToken } from '../../functions/platform/randomTokens';
import { Store } from '../../functions/store/store';
import { ApiClient, startHerald } from '../support/herald';
import { type LocalOidc, startOidcProvider } from '../support/oidcProvider';

let herald: LocalHerald;
let oidc: LocalOidc;
let admin: ApiClient;

/** A new organization whose SSO uses `provider`; answers its code. */
async function organizationWith(provider: LocalOidc, code: string): Promise<string> {
  const created = await admin.ok('organization.save', { name: `SSO ${code}`, code });
  const inOrg = new ApiClient(herald);
  await inOrg.login();
  inOrg.token = (await inOrg.ok('user.switchOrganization', { orgId: created.id })).accessToken;
  const role = (await inOrg.ok('userRole.getAll'))[0].id;
  await inOrg.ok('ssoSetting.save', { enabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, defaultRoleId: role, version: 0 });
  return code;
}

/** The sign-in page's call in `browser`, and the provider's pages: the callback the provider sends back. */
async function startIn(browser: ApiClient, login: string, code = 'SSO_REFUSALS') {
  const started = await browser.ok('auth.checkSsoUserLoginState', { orgCode: code });
  const back = await oidc.signIn(started.loginUrl!, login);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

beforeAll(async () => {
  herald = await startHerald();
  oidc = await startOidcProvider({ redirectUri: `${herald.url}/portalui/` });
  admin = new ApiClient(herald);
  await admin.login();
  await organizationWith(oidc, 'SSO_REFUSALS');
}, 60_000);

afterAll(async () => {
  await oidc?.stop();
  await herald?.stop();
});

describe('the browser that started a sign-in', () => {
  it('gets an HttpOnly, SameSite cookie for it, with the state nowhere in it', async () => {
    const browser = new ApiClient(herald);
    const res = await fetch(`${herald.url}/service/web/api/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': 'd', 'x-app-key': herald.rt.config.portalAppKey, 'x-timestamp': String(Date.now()) },
      body: JSON.stringify({ service: 'auth.checkSsoUserLoginState', payload: { orgCode: 'SSO_REFUSALS' } }),
    });
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^herald_sso_\w+=[\w-]{40,}; Max-Age=600; Path=\/service\/; HttpOnly; SameSite=Lax$/);
    const state = new URL(((await res.json()) as any).payload.loginUrl).searchParams.get('state')!;
    expect(cookie).not.toContain(state);
    expect(browser.cookies.size).toBe(0);
  });

  it("is the only one that finishes it: a callback without its cookie, or with another browser's, is refused and leaves it to the first", async () => {
    const first = new ApiClient(herald);
    const callback = await startIn(first, 'bound');
    expect(first.cookies.size).toBe(1);

    const bare = await new ApiClient(herald).call('auth.checkSsoUserLoginState', callback);
    expect(bare.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect(bare.body.errorMessage).toContain('This sign-in was started in another browser');

    // another browser holding a cookie of its own sign-in
    const other = new ApiClient(herald);
    await other.ok('auth.checkSsoUserLoginState', { orgCode: 'SSO_REFUSALS' });
    expect(other.cookies.size).toBe(1);
    const foreign = await other.call('auth.checkSsoUserLoginState', callback);
    expect(foreign.body).toMatchObject({ state: 'F', errorCode: '400017' });
    // the first browser's cookie value under the other's name, or copied under a wrong value: refused too
    const [name] = [...first.cookies.keys()];
    other.cookies.set(name!, randomToken(32));
    expect((await other.call('auth.checkSsoUserLoginState', callback)).body.errorCode).toBe('400017');
    const zh = await new ApiClient(herald).call('auth.checkSsoUserLoginState', callback, { 'x-lang': 'zh' });
    expect(zh.body.errorMessage).toContain('此次登录是在另一个浏览器中开始的');

    // the browser that started it still signs in, and its cookie is then cleared
    const done = await first.call<any>('auth.checkSsoUserLoginState', callback);
    expect(done.body.state).toBe('S');
    expect(done.payload.signIn.userdetails.username).toBe('bound');
    expect(first.cookies.size).toBe(0);
  });

  it('two sign-ins under way in one browser (two tabs) each finish', async () => {
    const browser = new ApiClient(herald);
    const one = await startIn(browser, 'tabs');
    const two = await startIn(browser, 'tabs');
    expect(browser.cookies.size).toBe(2);
    expect((await browser.call('auth.checkSsoUserLoginState', two)).body.state).toBe('S');
    expect((await browser.call('auth.checkSsoUserLoginState', one)).body.state).toBe('S');
  });
});

describe("a provider's addresses that reach the browser", () => {
  const providers: LocalOidc[] = [];
  afterAll(async () => {
    for (const p of providers) await p.stop();
  });

  async function providerNaming(change: (d: Record<string, unknown>) => Record<string, unknown>, code: string) {
    const p = await startOidcProvider({ redirectUri: `${herald.url}/portalui/`, discovery: change });
    providers.push(p);
    return organizationWith(p, code);
  }

  it('a javascript: logout (end-session) endpoint is never answered: the sign-in is refused before the browser leaves', async () => {
    const code = await providerNaming((d) => ({ ...d, end_session_endpoint: 'javascript:alert(document.cookie)//' }), 'SSO_JS_LOGOUT');
    const answer = await new ApiClient(herald).call<any>('auth.checkSsoUserLoginState', { orgCode: code });
    expect(answer.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect(answer.body.errorMessage).toContain('only https is allowed');
    expect(JSON.stringify(answer.body)).not.toContain('javascript:');
  });

  it('a javascript: or data: authorization endpoint, and a plain http one off loopback, are refused alike', async () => {
    for (const [endpoint, code] of [
      ['javascript:alert(1)', 'SSO_JS_AUTH'],
      ['data:text/html,<script>alert(1)</script>', 'SSO_DATA_AUTH'],
      ['http://idp.example/authorize', 'SSO_HTTP_AUTH'],
    ] as const) {
      await providerNaming((d) => ({ ...d, authorization_endpoint: endpoint }), code);
      const answer = await new ApiClient(herald).call('auth.checkSsoUserLoginState', { orgCode: code }, { 'x-lang': 'ja' });
      expect(answer.body, endpoint).toMatchObject({ state: 'F', errorCode: '400017' });
      expect(answer.body.errorMessage).toContain('https のみ許可されます');
    }
  });

  it('a logout address stored with a session before this rule is not answered at logout or on refresh', async () => {
    const browser = new ApiClient(herald);
    const signIn = (await browser.call<any>('auth.checkSsoUserLoginState', await startIn(browser, 'olduser'))).payload.signIn;
    expect(signIn.logoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/session\/end\?/);
    const { sessionId } = splitRefreshToken(signIn.refreshToken)!;
    await new Store(herald.rt).update('session', { id: sessionId }, { logoutUrl: 'javascript:alert(1)' });
    const refreshed = await new ApiClient(herald).ok('auth.refreshToken', { refreshToken: signIn.refreshToken });
    expect(refreshed.logoutUrl).toBeNull();
    const client = new ApiClient(herald);
    client.token = refreshed.accessToken;
    expect(await client.ok('auth.logout', { refreshToken: refreshed.refreshToken })).toEqual({ ok: true, logoutUrl: null });
  });
});

describe('ID tokens by their date and size', () => {
  const now = () => Math.floor(Date.now() / 1000);

  /** An ID token the provider really issues to Herald's client, got by the test acting as that client. */
  async function genuine() {
    const meta = await discover(oidc.issuer, { loopbackHttp: true });
    const nonce = randomToken(16);
    const codeVerifier = randomToken(48);
    const redirectUri = `${herald.url}/portalui/`;
    const back = await oidc.signIn(authorizationUrl(meta, { clientId: oidc.clientId, redirectUri, state: randomToken(16), nonce, codeVerifier }), 'dated');
    const { idToken } = await exchangeCode(meta, { clientId: oidc.clientId, clientSecret: oidc.clientSecret, code: back.searchParams.get('code')!, redirectUri, codeVerifier });
    const verify = (token: string) => verifyIdToken(token, providerKeys(meta), { issuer: oidc.issuer, clientId: oidc.clientId, nonce, now: Date.now() });
    return { idToken, verify };
  }

  it('on the verifier: iat within a minute ahead passes, beyond it is refused; older than the maximum age is refused; over the size cap is refused', async () => {
    const { idToken, verify } = await genuine();
    const dated = (iat: number) => oidc.reSigned(idToken, (c) => ({ ...c, iat, exp: Math.max(iat, now()) + 600 }));
    await expect(verify(await dated(now() + IAT_SKEW_SECONDS - 10))).resolves.toMatchObject({ sub: 'dated' });
    await expect(verify(await dated(now() + IAT_SKEW_SECONDS + 30))).rejects.toMatchObject({ code: '400017', detail: expect.stringContaining('dated in the future') });
    await expect(verify(await dated(now() + 3600))).rejects.toMatchObject({ code: '400017' });
    await expect(verify(await dated(now() - ID_TOKEN_MAX_AGE_SECONDS + 30))).resolves.toMatchObject({ sub: 'dated' });
    await expect(verify(await dated(now() - ID_TOKEN_MAX_AGE_SECONDS - 30))).rejects.toMatchObject({ code: '400017', detail: expect.stringContaining('too old') });

    const padded = (bytes: number) => oidc.reSigned(idToken, (c) => ({ ...c, pad: 'x'.repeat(bytes) }));
    const under = await padded(MAX_ID_TOKEN_BYTES * 0.7);
    expect(under.length).toBeLessThan(MAX_ID_TOKEN_BYTES);
    await expect(verify(under)).resolves.toMatchObject({ sub: 'dated' });
    const over = await padded(MAX_ID_TOKEN_BYTES);
    expect(over.length).toBeGreaterThan(MAX_ID_TOKEN_BYTES);
    await expect(verify(over)).rejects.toMatchObject({ code: '400017', detail: expect.stringContaining('too large') });
    expect(decodeJwt(idToken).sub).toBe('dated');
  });

  it('through the whole callback, each refusal in the caller language and no account made', async () => {
    const cases = [
      ['future', (c: Record<string, unknown>) => ({ ...c, iat: now() + 3600, exp: now() + 7200 }), '身份令牌的签发时间在未来'],
      ['stale', (c: Record<string, unknown>) => ({ ...c, iat: now() - 3600, exp: now() + 600 }), '身份令牌过旧'],
      ['huge', (c: Record<string, unknown>) => ({ ...c, pad: 'x'.repeat(1024 * 1024) }), '身份令牌过大'],
    ] as const;
    for (const [login, change, text] of cases) {
      oidc.rewriteNextIdToken((t) => oidc.reSigned(t, change));
      const browser = new ApiClient(herald);
      const answer = await browser.call<any>('auth.checkSsoUserLoginState', await startIn(browser, login), { 'x-lang': 'zh' });
      expect(answer.body, login).toMatchObject({ state: 'F', errorCode: '400017' });
      expect(answer.body.errorMessage).toContain(text);
      expect((await admin.ok('user.getListByPage', { page: 0, size: 50, keyword: login })).list).toEqual([]);
    }
  });
});
