/** Short-lived signed access tokens (JWT, HS256) and the shape of refresh tokens (stored only as hashes). */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from '../../../shared/errors';
import type { Runtime } from '../../platform/runtime';

export interface AccessClaims {
  sub: string;
  org: number;
  rol: string;
  sid: string;
  stp: string;
  exp: number;
}

const ISSUER = 'herald';

/** The signing key as a key object, made once: given raw bytes, jose imports the key again on every call. */
const keyObjects = new WeakMap<Uint8Array, KeyObject>();
function jwtKeyOf(rt: Runtime): KeyObject {
  let key = keyObjects.get(rt.keys.jwtKey);
  if (!key) keyObjects.set(rt.keys.jwtKey, (key = createSecretKey(rt.keys.jwtKey)));
  return key;
}

const verified = new WeakMap<KeyObject, Map<string, AccessClaims>>();
const MAX_VERIFIED = 10_000;

export async function issueAccessToken(rt: Runtime, claims: Omit<AccessClaims, 'exp'>): Promise<{ token: string; expiresAt: number }> {
  const nowS = Math.floor(rt.clock.now() / 1000);
  const exp = nowS + rt.config.accessTokenSeconds;
  const token = await new SignJWT({ org: claims.org, rol: claims.rol, sid: claims.sid, stp: claims.stp })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(nowS)
    .setExpirationTime(exp)
    .sign(jwtKeyOf(rt));
  return { token, expiresAt: exp * 1000 };
}

/** Any token that is not a valid, unexpired Herald token answers 710005. */
export async function verifyAccessToken(rt: Runtime, token: string): Promise<AccessClaims> {
  const key = jwtKeyOf(rt);
  let known = verified.get(key);
  if (!known) verified.set(key, (known = new Map()));
  const hit = known.get(token);
  if (hit) {
    // jose's rule: a token is expired once the current second reaches `exp`.
    if (Math.floor(rt.clock.now() / 1000) < hit.exp) return hit;
    known.delete(token);
    throw new AppError('710005');
  }
  const claims = await verifySignature(rt, key, token);
  if (known.size >= MAX_VERIFIED) known.delete(known.keys().next().value!);
  known.set(token, claims);
  return claims;
}

async function verifySignature(rt: Runtime, key: KeyObject, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: new Date(rt.clock.now()),
    });
    const { sub, org, rol, sid, stp, exp } = payload as Partial<AccessClaims>;
    if (typeof sub !== 'string' || typeof org !== 'number' || typeof rol !== 'string' || typeof sid !== 'string' || typeof stp !== 'string' || typeof exp !== 'number') {
      throw new AppError('710005');
    }
    return { sub, org, rol, sid, stp, exp };
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof joseErrors.JOSEError || e instanceof TypeError) throw new AppError('710005');
    throw e;
  }
}

/** A refresh token is `<sessionId>.<secret>`: the session is found by id, the secret checked by hash. */
export function splitRefreshToken(token: string): { sessionId: string; secret: string } | null {
  const m = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{16,128})$/.exec(token);
  return m ? { sessionId: m[1], secret: m[2] } : null;
}
