/** Plain OpenID Connect over HTTP, as a relying party. */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, customFetch, errors as joseErrors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AppError } from '../../../shared/errors';
import { isProviderAddress, SSO_MESSAGES } from '../../../shared/services';
import { type OutboundInit, outboundFetch } from '../../platform/outbound';

export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
}

const TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { at: number; meta: ProviderMetadata }>();
const keySets = new Map<string, JWTVerifyGetKey>();

/** The largest ID token accepted (common providers' are 1-4 KB). */
export const MAX_ID_TOKEN_BYTES = 64 * 1024;
/** How far in the future an ID token's `iat` may be (clock skew), and the oldest `iat` accepted, in seconds. */
export const IAT_SKEW_SECONDS = 60;
export const ID_TOKEN_MAX_AGE_SECONDS = 600;

const unreachable = () => new AppError('400017', SSO_MESSAGES.providerUnreachable);

/** Every outbound HTTP call to an identity provider: discovery, its keys, the token and userinfo endpoints. */
export async function providerFetch(url: string | URL, init: OutboundInit = {}): Promise<Response> {
  return outboundFetch(url, { ...init, timeoutMs: TIMEOUT_MS });
}

/** What may be said of the addresses a document names: plain http only on loopback, for a deployment on loopback. */
export interface AddressRule {
  loopbackHttp: boolean;
}

export async function discover(issuer: string, rule: AddressRule): Promise<ProviderMetadata> {
  const hit = discovered.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return checkedAddresses(hit.meta, rule);
  let meta: Partial<ProviderMetadata>;
  try {
    const res = await providerFetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!res.ok) throw unreachable();
    meta = (await res.json()) as Partial<ProviderMetadata>;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unreachable();
  }
  // OpenID Connect Discovery 1.0 section 4.3: the document must name exactly the issuer it was fetched for
  if (meta.issuer !== issuer || !meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri) throw unreachable();
  const full = checkedAddresses(meta as ProviderMetadata, rule);
  discovered.set(issuer, { at: Date.now(), meta: full });
  return full;
}

function checkedAddresses(meta: ProviderMetadata, rule: AddressRule): ProviderMetadata {
  const named = [meta.authorization_endpoint, meta.token_endpoint, meta.jwks_uri, meta.userinfo_endpoint, meta.end_session_endpoint];
  if (named.some((url) => url !== undefined && !isProviderAddress(url, rule.loopbackHttp))) throw new AppError('400017', SSO_MESSAGES.providerAddress);
  return meta;
}

export function providerKeys(meta: ProviderMetadata): JWTVerifyGetKey {
  let keys = keySets.get(meta.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: TIMEOUT_MS, [customFetch]: (url, init) => providerFetch(url, init) });
    keySets.set(meta.jwks_uri, keys);
  }
  return keys;
}

export function codeChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function authorizationUrl(meta: ProviderMetadata, p: { clientId: string; redirectUri: string; state: string; nonce: string; codeVerifier: string }): string {
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    scope: 'openid email profile',
    state: p.state,
    nonce: p.nonce,
    code_challenge: codeChallengeOf(p.codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The code for tokens at the token endpoint; a confidential client authenticates with HTTP Basic (client_secret_basic). */
export async function exchangeCode(
  meta: ProviderMetadata,
  p: { clientId: string; clientSecret?: string; code: string; redirectUri: string; codeVerifier: string },
): Promise<{ idToken: string; accessToken?: string }> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code: p.code, redirect_uri: p.redirectUri, code_verifier: p.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (p.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`).toString('base64')}`;
  } else {
    body.set('client_id', p.clientId);
  }
  let answer: { id_token?: unknown; access_token?: unknown };
  try {
    // room for an oversized ID token to arrive whole, so its own check refuses it by name (still bounded)
    const res = await providerFetch(meta.token_endpoint, { method: 'POST', headers, body, maxBytes: 4 * 1024 * 1024 });
    if (!res.ok) throw unreachable();
    answer = (await res.json()) as { id_token?: unknown; access_token?: unknown };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unreachable();
  }
  if (typeof answer.id_token !== 'string') throw unreachable();
  return { idToken: answer.id_token, ...(typeof answer.access_token === 'string' && answer.access_token ? { accessToken: answer.access_token } : {}) };
}

export interface IdClaims {
  iss: string;
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  preferredUsername?: string;
  hostedDomain?: string;
}

/** Asymmetric algorithms only: an HS256 token would be signed with the client secret, which Herald also holds. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** OpenID Connect Core 3.1.3.7: the signature against the provider's keys, the issuer. */
export async function verifyIdToken(idToken: string, keys: JWTVerifyGetKey, p: { issuer: string; clientId: string; nonce: string; now: number }): Promise<IdClaims> {
  const refused = () => new AppError('400017', SSO_MESSAGES.idToken);
  if (Buffer.byteLength(idToken) > MAX_ID_TOKEN_BYTES) throw new AppError('400017', SSO_MESSAGES.idTokenLarge);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: p.issuer,
      audience: p.clientId,
      algorithms: ALGORITHMS,
      currentDate: new Date(p.now),
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      clockTolerance: 30,
    }));
  } catch (e) {
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError) throw refused();
    throw e;
  }
  if (payload.nonce !== p.nonce) throw refused();
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== p.clientId) throw refused();
  const sub = text(payload.sub);
  if (!sub) throw refused();
  // issued for this sign-in: not dated ahead of a minute's skew, nor older than the time a sign-in may take
  const iat = payload.iat as number;
  const nowSeconds = p.now / 1000;
  if (iat > nowSeconds + IAT_SKEW_SECONDS) throw new AppError('400017', SSO_MESSAGES.idTokenFuture);
  if (iat < nowSeconds - ID_TOKEN_MAX_AGE_SECONDS) throw new AppError('400017', SSO_MESSAGES.idTokenOld);
  const hostedDomain = text(payload.hd)?.toLowerCase();
  return { iss: p.issuer, sub, ...profileOf(payload), ...(hostedDomain ? { hostedDomain } : {}) };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function profileOf(payload: Record<string, unknown>): Omit<IdClaims, 'iss' | 'sub'> {
  return {
    email: text(payload.email),
    // some providers (Amazon Cognito) send the flag as a string
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: text(payload.name),
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    preferredUsername: text(payload.preferred_username),
  };
}

/** Whether the ID token left out what a new account is made from (many providers keep it for the userinfo endpoint). */
export const lacksProfile = (c: IdClaims) => !c.email || !(c.name || c.givenName || c.familyName);

/** The claims the ID token lacks, from the userinfo endpoint (OpenID Connect Core 5.3). */
export async function withUserInfo(meta: ProviderMetadata, accessToken: string | undefined, claims: IdClaims): Promise<IdClaims> {
  if (!meta.userinfo_endpoint || !accessToken) return claims;
  let info: Record<string, unknown>;
  try {
    const res = await providerFetch(meta.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    if (!res.ok) throw unreachable();
    info = (await res.json()) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unreachable();
  }
  if (!info || typeof info !== 'object' || text(info.sub) !== claims.sub) throw new AppError('400017', SSO_MESSAGES.idToken);
  const fromInfo = profileOf(info);
  const merged: IdClaims = { ...claims };
  for (const key of Object.keys(fromInfo) as (keyof typeof fromInfo)[]) {
    if (merged[key] === undefined) Object.assign(merged, { [key]: fromInfo[key] });
  }
  // whether the address is verified goes with the address it is said of
  if (!claims.email) merged.emailVerified = fromInfo.emailVerified;
  return merged;
}
