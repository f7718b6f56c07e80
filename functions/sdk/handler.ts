// The app SDK API's gate: every call names its app by key and signs method, path, timestamp. Costs per call: one read
// of the app (kept 30 s), one conditional write of the nonce and one counter update, in parallel, then (for a call
// naming a device) the organization's setting, and the operation's own reads and writes.
// Checked in order: operation, headers, clock, app, signature, then the nonce (a second use is a replay) and the
// app's rate.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { errors as joseErrors, jwtVerify } from 'jose';
import { type Application, APP_KEY_PATTERN } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { allowedOriginsOf } from '../../shared/services/insights';
import { SDK_BASE_PATH, SDK_HEADERS, SDK_OPERATIONS, SDK_USER_TOKEN, type SdkOperation, sdkStringToSign } from '../../shared/sdk/contract';
import { unseal } from '../platform/keys';
import { firstIssue, payloadProblem } from '../contract/problems';
import type { Runtime } from '../platform/runtime';
import { organizationSettingOf } from '../domain/organizationSetting';
import { CONDITIONS, type Store, type TenantStore } from '../store/store';
import { SDK_HANDLERS } from './operations';
import { say } from '../../shared/i18n/say';

/** A device id (iotId) as Herald keeps it under the system setting's iotId hash: its SHA-256, in hex. */
export const hashedDeviceId = (deviceId: string) => createHash('sha256').update(deviceId, 'utf8').digest('hex');

function replaceDeviceIds(value: unknown, replace: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceDeviceIds(v, replace));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'deviceId' && typeof v === 'string' ? replace(v) : replaceDeviceIds(v, replace)]));
}

/** With the iotId hash switch on, device ids are kept and answered as their SHA-256: Herald never holds the id itself. */
async function withIotIdHash(tenant: TenantStore, data: unknown): Promise<unknown> {
  if (!JSON.stringify(data).includes('"deviceId"')) return data;
  if (!(await organizationSettingOf(tenant)).iotIdHash) return data;
  return replaceDeviceIds(data, hashedDeviceId);
}

export const SDK_MAX_BODY_BYTES = 256 * 1024;

/** Wrong signatures (and unknown app keys) a minute before 400014, per app key and address. */
export const SDK_BAD_SIGNATURE_LIMITS = { perKeyAddress: 20, perAddress: 60, perKey: 200, windowSeconds: 60 } as const;
/** A web app's signing secret sits in the snippet on its pages, so it proves nothing. */
export const SDK_WEB_LIMITS = { perAddressPerMinute: 120, operations: ['identify', 'events'] as readonly SdkOperation[] } as const;

/** After a call failed against a freshly read app, the app is read again at most this often. */
const REREAD_MS = 5_000;
const APP_TTL_MS = 30_000;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP = /^[0-9]{10,16}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const USER_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

interface KeptApp {
  app: Application;
  secret: Buffer;
  serverKey?: Uint8Array;
}
interface Kept {
  at: number;
  entry: KeptApp | null;
  failed: boolean;
}

interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** 400014 (HTTP 429) with the wait until the window ends (epoch seconds), as the auth throttle answers. */
function tooMany(now: number, endsAt: number): AppError {
  const wait = Math.max(1, endsAt - Math.floor(now / 1000));
  return new AppError('400014', `Too many calls with a wrong signature. Try again in ${wait} s.`, { 'retry-after': String(wait) });
}

function memoryWindows(maxKeys = 10_000) {
  const windows = new Map<string, { count: number; startedAt: number }>();
  const seconds = (now: number) => Math.floor(now / 1000);
  const live = (l: Limit, now: number) => {
    const w = windows.get(l.key);
    return w && w.startedAt + l.windowSeconds > seconds(now) ? w : undefined;
  };
  return {
    /** When the window of the first limit at its maximum ends (epoch seconds), or undefined. */
    over(now: number, limits: Limit[]): number | undefined {
      for (const l of limits) {
        const w = live(l, now);
        if (w && w.count >= l.max) return w.startedAt + l.windowSeconds;
      }
      return undefined;
    },
    count(now: number, limits: Limit[]): void {
      for (const l of limits) {
        const w = live(l, now);
        if (w) w.count++;
        else {
          windows.delete(l.key);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
          windows.set(l.key, { count: 1, startedAt: seconds(now) });
        }
      }
    },
  };
}

export function sdkApi(rt: Runtime, store: Store) {
  const cache = new Map<string, Kept>();
  const failures = memoryWindows();

  /** Reads the active app with an issued secret that `appKey` names (null if none) and keeps it 30 s. */
  async function readApp(appKey: string): Promise<Kept> {
    const [, org, id] = APP_KEY_PATTERN.exec(appKey) ?? [];
    const app = org && id ? ((await store.get('application', { orgId: Number(org), id })) as Application | undefined) : undefined;
    const entry = app && app.status === 'ACTIVE' && app.appKey === appKey && app.secretSealed ? { app, secret: Buffer.from(unseal(rt.keys, app.secretSealed)) } : null;
    cache.delete(appKey);
    if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
    const kept = { at: Date.now(), entry, failed: entry === null };
    cache.set(appKey, kept);
    return kept;
  }

  async function appFor(appKey: string, failedWithKept: boolean): Promise<Kept> {
    const hit = cache.get(appKey);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < APP_TTL_MS && !(failedWithKept && (!hit.failed || age >= REREAD_MS))) return hit;
    return readApp(appKey);
  }

  async function checkUserToken(appKey: string, kept: KeptApp, token: string, accountId: string): Promise<void> {
    if (token.length > 4096 || !USER_TOKEN.test(token)) throw new AppError('400017', `Header ${SDK_HEADERS.userToken} is not a compact JWT.`);
    const verify = async (k: KeptApp) => {
      if (!k.app.serverKeySealed) throw new AppError('400017', 'This app has no server key: issue one on the Applications screen.');
      k.serverKey ??= new TextEncoder().encode(unseal(rt.keys, k.app.serverKeySealed));
      return jwtVerify(token, k.serverKey, {
        algorithms: [SDK_USER_TOKEN.algorithm],
        audience: appKey,
        subject: accountId,
        requiredClaims: ['sub', 'aud', 'iat', 'exp'],
        currentDate: new Date(rt.clock.now()),
        clockTolerance: Math.floor(rt.config.maxClockSkewMs / 1000),
      });
    };
    try {
      let result;
      try {
        result = await verify(kept);
      } catch (e) {
        // a server key replaced since the app was kept: read it again, as for the signing secret
        if (!(e instanceof joseErrors.JWSSignatureVerificationFailed)) throw e;
        const again = await appFor(appKey, true);
        again.failed = true;
        if (!again.entry || again.entry === kept) throw e;
        result = await verify(again.entry);
      }
      const { iat, exp } = result.payload as { iat: number; exp: number };
      if (exp - iat > SDK_USER_TOKEN.maxLifetimeSeconds) throw new AppError('400017', `A user token lasts at most ${SDK_USER_TOKEN.maxLifetimeSeconds} s.`);
      if (iat * 1000 > rt.clock.now() + rt.config.maxClockSkewMs) throw new AppError('400017', 'The user token is issued in the future.');
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (e instanceof joseErrors.JWTExpired) throw new AppError('400018', 'The user token has expired: get a new one from your back end.');
      throw new AppError('400017', "The user token does not check: sign it with the app's server key, for this accountId and app key.");
    }
  }

  async function countCall(app: Application, address: string): Promise<void> {
    const now = rt.clock.now();
    const minute = Math.floor(now / 60_000);
    const over = async (id: string, limit: number, whose: string) => {
      const count = await store.increment('rateLimit', { id: `${id}#${minute}` }, 1, (minute + 2) * 60);
      if (count <= limit) return;
      const wait = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
      throw new AppError('400014', `More than ${limit} calls a minute from this ${whose}. Try again in ${wait} s.`, { 'retry-after': String(wait) });
    };
    await Promise.all([
      over(`sdk#${app.appKey}`, app.rateLimitPerMinute || rt.config.sdk.ratePerMinute, 'app'),
      ...(app.appType === 'WEB' ? [over(`sdkweb#${app.appKey}#${address}`, SDK_WEB_LIMITS.perAddressPerMinute, 'address')] : []),
    ]);
  }

  /** 400002 unless a web app's call is one it may make, from one of its origins. */
  function checkWebCall(app: Application, operation: SdkOperation, origin: string | undefined): void {
    if (app.appType !== 'WEB') return;
    if (!SDK_WEB_LIMITS.operations.includes(operation)) throw new AppError('400002', say('insight.webOperation'));
    if (!origin || !allowedOriginsOf(app).includes(origin)) throw new AppError('400002', say('insight.webOrigin'));
  }

  /** The nonce is written once; a second write of it is a replayed call. */
  async function spendNonce(appKey: string, nonce: string, timestamp: number): Promise<void> {
    const expiresAt = Math.ceil((timestamp + rt.config.maxClockSkewMs) / 1000) + 60;
    try {
      await store.put('sdkNonce', { id: `${appKey}#${nonce}`, expiresAt }, CONDITIONS.isNew('id'), '400009');
    } catch (e) {
      if (e instanceof AppError && e.code === '400009') throw new AppError('400009', 'This call was received before: send each call with a new nonce.');
      throw e;
    }
  }

  return async function call(event: APIGatewayProxyEventV2, path: string): Promise<{ payload: unknown; corsOrigin?: string }> {
    const operation = path.slice(SDK_BASE_PATH.length + 1);
    if (!Object.hasOwn(SDK_OPERATIONS, operation)) throw new AppError('400011', 'No such SDK operation.');
    if ((event.requestContext?.http?.method ?? 'GET') !== 'POST') throw new AppError('400005');
    const headers = event.headers ?? {};
    if (!/^application\/json\b/i.test(headers['content-type'] ?? '')) throw new AppError('400015', say('request.contentType'));
    const appKey = headers[SDK_HEADERS.appKey] ?? '';
    const timestamp = headers[SDK_HEADERS.timestamp] ?? '';
    const nonce = headers[SDK_HEADERS.nonce] ?? '';
    const signature = headers[SDK_HEADERS.signature];
    if (!APP_KEY_PATTERN.test(appKey)) throw new AppError('401001', say('request.header', { name: SDK_HEADERS.appKey }));
    if (!TIMESTAMP.test(timestamp)) throw new AppError('401001', say('request.header', { name: SDK_HEADERS.timestamp }));
    if (!NONCE.test(nonce)) throw new AppError('401001', say('request.header', { name: SDK_HEADERS.nonce }));
    if (!signature) throw new AppError('400008');
    if (Math.abs(rt.clock.now() - Number(timestamp)) > rt.config.maxClockSkewMs) throw new AppError('401005');

    const raw = event.body ?? '';
    const body = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
    if (body.length > SDK_MAX_BODY_BYTES) throw new AppError('401002', say('request.tooLarge', { limit: SDK_MAX_BODY_BYTES }), undefined, 413);

    const toSign = sdkStringToSign({ method: 'POST', path, timestamp, nonce, bodySha256: createHash('sha256').update(body).digest('hex') });
    const given = SIGNATURE.test(signature) ? Buffer.from(signature, 'base64url') : Buffer.alloc(0);
    const signedBy = (secret: Buffer) => {
      const expected = createHmac('sha256', secret).update(toSign).digest();
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    const address = (rt.config.viewerIpHeader && headers[rt.config.viewerIpHeader]) || event.requestContext?.http?.sourceIp || 'unknown';
    const { perKeyAddress, perAddress, perKey, windowSeconds } = SDK_BAD_SIGNATURE_LIMITS;
    const byCaller: Limit[] = [
      { key: `${appKey}|${address}`, max: perKeyAddress, windowSeconds },
      { key: `|${address}`, max: perAddress, windowSeconds },
    ];
    const byKey: Limit[] = [{ key: `${appKey}|`, max: perKey, windowSeconds }];
    const hit = cache.get(appKey);
    let kept = hit && Date.now() - hit.at < APP_TTL_MS ? hit : undefined;
    if (!kept?.entry || !signedBy(kept.entry.secret)) {
      // a caller past its limit is refused before any read
      const now = rt.clock.now();
      const over = failures.over(now, byCaller);
      if (over !== undefined) throw tooMany(now, over);
      // none kept, or the kept entry may hold a secret replaced since: read (again at most every REREAD_MS)
      kept = await appFor(appKey, kept !== undefined);
      if (!kept.entry || !signedBy(kept.entry.secret)) {
        kept.failed = true;
        failures.count(now, [...byCaller, ...byKey]);
        const keyOver = failures.over(now, byKey);
        if (keyOver !== undefined) throw tooMany(now, keyOver);
        throw new AppError(kept.entry ? '400009' : '400001');
      }
    }
    const found = kept.entry;
    checkWebCall(found.app, operation as SdkOperation, headers.origin);
    await Promise.all([spendNonce(appKey, nonce, Number(timestamp)), countCall(found.app, address)]);

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError('401002', say('request.bodyNotJson'));
    }
    const op = operation as SdkOperation;
    const problem = payloadProblem(json);
    if (problem) throw new AppError('400016', problem);
    const parsed = SDK_OPERATIONS[op].request.safeParse(json);
    if (!parsed.success) throw new AppError('400016', firstIssue(parsed.error));
    const token = headers[SDK_HEADERS.userToken];
    const accountId = (parsed.data as { accountId: string }).accountId;
    if (token !== undefined) await checkUserToken(appKey, found, token, accountId);
    const ctx = { rt, platform: store, tenant: store.forOrg(found.app.orgId), app: found.app, proven: token !== undefined };
    const request = await withIotIdHash(ctx.tenant, parsed.data);
    const result = await (SDK_HANDLERS[op] as (p: unknown, c: typeof ctx) => Promise<unknown>)(request, ctx);
    const payload = SDK_OPERATIONS[op].response.parse(result);
    return found.app.appType === 'WEB' ? { payload, corsOrigin: headers.origin } : { payload };
  };
}
