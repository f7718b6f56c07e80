/**
 * A real OpenID provider (oidc-provider) in the test process on a free loopback port, with one client registered
 * for a Herald's callback, and a helper that signs a person in through its development interactions (login form,
 * then consent) the way a browser would, cookies and redirects included. Its signing key is the test's, so a test
 * can have the provider's token endpoint hand out a token the provider itself signed but would never issue
 * (expired, for another client, without profile claims) and see what the relying party does with it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, importJWK, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';

const SIGNING_KID = 'local-oidc-rs256';

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  /** follows the provider's pages as `login` and answers where it sends the browser back to `redirectUri` */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** what the provider says of the person who signs in as `login` (over its defaults: a verified address at idp.example) */
  setClaims(login: string, claims: Record<string, unknown>): void;
  /** the next ID token the token endpoint answers is replaced by what `rewrite` makes of it (once) */
  rewriteNextIdToken(rewrite: (idToken: string) => Promise<string>): void;
  /** an ID token with these claims, signed with the provider's own key and key id */
  signIdToken(claims: JWTPayload): Promise<string>;
  /** `idToken`'s claims changed by `change`, signed again with the provider's own key */
  reSigned(idToken: string, change: (claims: JWTPayload) => JWTPayload): Promise<string>;
  stop(): Promise<void>;
}

export async function startOidcProvider(opts: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
  /** changes the discovery document the provider publishes (a provider that names addresses of its choice) */
  discovery?: (document: Record<string, unknown>) => Record<string, unknown>;
}): Promise<LocalOidc> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = opts.clientId ?? 'herald';
  const clientSecret = opts.clientSecret ?? 'provider-issued-secret-0123456789abcdef';
  const signingJwk = { ...(await exportJWK(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey)), kid: SIGNING_KID, alg: 'RS256', use: 'sig' };
  const claimsOf = new Map<string, Record<string, unknown>>();
  const provider = new Provider(issuer, {
    jwks: { keys: [signingJwk] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'preferred_username'] },
    // profile and e-mail in the ID token itself, as the common providers put them (not only at userinfo)
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Grant: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: `${id}@idp.example`,
            email_verified: true,
            name: `Person ${id}`,
            given_name: 'Person',
            family_name: id,
            preferred_username: id,
            ...claimsOf.get(id),
          };
        },
      };
    },
  });
  let rewriteNext: ((idToken: string) => Promise<string>) | undefined;
  provider.use(async (ctx, next) => {
    await next();
    if (opts.discovery && ctx.path === '/.well-known/openid-configuration' && ctx.status === 200) ctx.body = opts.discovery(ctx.body as Record<string, unknown>);
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (rewriteNext && ctx.method === 'POST' && ctx.path === '/token' && ctx.status === 200 && typeof body?.id_token === 'string') {
      const rewrite = rewriteNext;
      rewriteNext = undefined;
      ctx.body = { ...body, id_token: await rewrite(body.id_token) };
    }
  });
  server.on('request', provider.callback());

  const signIdToken = async (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: SIGNING_KID }).sign(await importJWK(signingJwk, 'RS256'));
  const reSigned = async (idToken: string, change: (claims: JWTPayload) => JWTPayload) => {
    if (decodeProtectedHeader(idToken).kid !== SIGNING_KID) throw new Error('the provider signed with an unexpected key');
    return signIdToken(change(decodeJwt(idToken)));
  };

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const cookies = new Map<string, string>();
    const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 12; step++) {
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: cookieHeader() } });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      init = {};
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url);
        if (url.href.startsWith(opts.redirectUri)) return url;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt: prompt ?? 'consent' };
      url = new URL(action.replace(/&amp;/g, '&'), url);
      init = { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('the provider did not send the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    provider,
    signIn,
    setClaims: (login, claims) => claimsOf.set(login, claims),
    rewriteNextIdToken: (rewrite) => {
      rewriteNext = rewrite;
    },
    signIdToken,
    reSigned,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
