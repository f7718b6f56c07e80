/**
 * Minting a user token, as the organization's back end does it (never the app: the server key must not ship in
 * it). Any JWT library does the same; this one is what the tests and docs/sdk/README.md use.
 */
import { SignJWT } from 'jose';
import { SDK_USER_TOKEN } from './contract';

export interface UserTokenClaims {
  serverKey: string;
  appKey: string;
  accountId: string;
  /** seconds the token lasts, at most SDK_USER_TOKEN.maxLifetimeSeconds */
  lifetimeSeconds?: number;
  /** epoch ms it is issued at (tests move it) */
  now?: number;
}

export async function mintSdkUserToken({ serverKey, appKey, accountId, lifetimeSeconds = 600, now = Date.now() }: UserTokenClaims): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: SDK_USER_TOKEN.algorithm, typ: 'JWT' })
    .setSubject(accountId)
    .setAudience(appKey)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(new TextEncoder().encode(serverKey));
}
