/** Short-lived signed access tokens (JWT, HS256) and the shape of refresh tokens (stored only as hashes). */
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

export async function issueAccessToken(rt: Runtime, claims: Omit<AccessClaims, 'exp'>): Promise<{ token: string; expiresAt: number }> {
  const nowS = Math.floor(rt.clock.now() / 1000);
  const exp = nowS + rt.config.accessTokenSeconds;
  const token = await new SignJWT({ org: claims.org, rol: claims.rol, sid: claims.sid, stp: claims.stp })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(nowS)
    .setExpirationTime(exp)
    .sign(rt.keys.jwtKey);
  return { token, expiresAt: exp * 1000 };
}

/** Any token that is not a valid, unexpired Herald token answers 710005. */
export async function verifyAccessToken(rt: Runtime, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, rt.keys.jwtKey, {
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
