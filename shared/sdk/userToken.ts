/** As the organization's back end mints it: the server key must never ship in the app. */
import { SignJWT } from 'jose';
import { SDK_USER_TOKEN } from './contract';

export interface UserTokenClaims {
  serverKey: string;
  appKey: string;
  accountId: string;
  lifetimeSeconds?: number;
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
