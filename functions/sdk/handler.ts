/**
 * The app SDK API's gate: every call names its app by key and signs method, path, timestamp, nonce and body with
 * the app's secret (shared/sdk/contract). Checked in order: the operation, the headers, the clock, the app, the
 * signature, then the nonce (a second use is a replay) and the app's calls this minute; only then the body.
 * Costs per call: one read of the app (kept 30 s), one conditional write of the nonce and one counter
 * update, in parallel, then the operation's own reads and writes.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type Application, APP_KEY_PATTERN } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { SDK_BASE_PATH, SDK_HEADERS, SDK_OPERATIONS, type SdkOperation, sdkStringToSign } from '../../shared/sdk/contract';
import { unseal } from '../platform/keys';
import { firstIssue } from '../api/steps';
import type { Runtime } from '../platform/runtime';
import { CONDITIONS, type Store } from '../store/store';
import { SDK_HANDLERS } from './operations';

/** Largest SDK body: a hundred events with their properties fit easily. */
export const SDK_MAX_BODY_BYTES = 256 * 1024;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP = /^[0-9]{10,16}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;


export function sdkApi(rt: Runtime, store: Store) {
  const cache = new Map<string, { at: number; entry: { app: Application; secret: Buffer } | null }>();

  /**
   * The active app with an issued secret that `appKey` names, or null. Kept for 30 s, so a replaced secret or a
   * switched-off app stops working within 30 s; a call that fails with the kept secret reads the app again.
   */
  async function findApp(appKey: string, fresh = false) {
    const now = Date.now();
    const hit = cache.get(appKey);
    if (hit && !fresh && now - hit.at < 30_000) return hit.entry;
    const [, org, id] = APP_KEY_PATTERN.exec(appKey) ?? [];
    const app = org && id ? ((await store.get('application', { orgId: Number(org), id })) as Application | undefined) : undefined;
    const entry = app && app.status === 'ACTIVE' && app.appKey === appKey && app.secretSealed ? { app, secret: Buffer.from(unseal(rt.keys, app.secretSealed)) } : null;
    if (cache.size > 1000) cache.clear();
    cache.set(appKey, { at: now, entry });
    return entry;
  }

  /** 400014 past the app's calls this minute; the counter lives in DynamoDB, so it holds across instances. */
  async function countCall(app: Application): Promise<void> {
    const limit = app.rateLimitPerMinute || rt.config.sdk.ratePerMinute;
    const now = rt.clock.now();
    const minute = Math.floor(now / 60_000);
    const count = await store.increment('rateLimit', { id: `sdk#${app.appKey}#${minute}` }, 1, (minute + 2) * 60);
    if (count > limit) {
      const wait = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
      throw new AppError('400014', `More than ${limit} calls a minute from this app. Try again in ${wait} s.`, { 'retry-after': String(wait) });
    }
  }

  /** The nonce is written once; a second write of it is a replayed call. */
  async function useNonce(appKey: string, nonce: string, timestamp: number): Promise<void> {
    const expiresAt = Math.ceil((timestamp + rt.config.maxClockSkewMs) / 1000) + 60;
    try {
      await store.put('sdkNonce', { id: `${appKey}#${nonce}`, expiresAt }, CONDITIONS.isNew('id'), '400009');
    } catch (e) {
      if (e instanceof AppError && e.code === '400009') throw new AppError('400009', 'This call was received before: send each call with a new nonce.');
      throw e;
    }
  }

  /** Answers one SDK call with its payload, or throws its catalogue error. */
  return async function call(event: APIGatewayProxyEventV2, path: string): Promise<unknown> {
    const operation = path.slice(SDK_BASE_PATH.length + 1);
    if (!Object.hasOwn(SDK_OPERATIONS, operation)) throw new AppError('400011', 'No such SDK operation.');
    if ((event.requestContext?.http?.method ?? 'GET') !== 'POST') throw new AppError('400005');
    const headers = event.headers ?? {};
    if (!/^application\/json\b/i.test(headers['content-type'] ?? '')) throw new AppError('400015', 'Send Content-Type: application/json.');
    const appKey = headers[SDK_HEADERS.appKey] ?? '';
    const timestamp = headers[SDK_HEADERS.timestamp] ?? '';
    const nonce = headers[SDK_HEADERS.nonce] ?? '';
    const signature = headers[SDK_HEADERS.signature];
    if (!APP_KEY_PATTERN.test(appKey)) throw new AppError('401001', `Header ${SDK_HEADERS.appKey} is missing or malformed.`);
    if (!TIMESTAMP.test(timestamp)) throw new AppError('401001', `Header ${SDK_HEADERS.timestamp} is missing or malformed.`);
    if (!NONCE.test(nonce)) throw new AppError('401001', `Header ${SDK_HEADERS.nonce} is missing or malformed.`);
    if (!signature) throw new AppError('400008');
    if (Math.abs(rt.clock.now() - Number(timestamp)) > rt.config.maxClockSkewMs) throw new AppError('401005');

    const raw = event.body ?? '';
    const body = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
    if (body.length > SDK_MAX_BODY_BYTES) throw new AppError('401002', `The request body is larger than ${SDK_MAX_BODY_BYTES} bytes.`, undefined, 413);

    const toSign = sdkStringToSign({ method: 'POST', path, timestamp, nonce, bodySha256: createHash('sha256').update(body).digest('hex') });
    const given = SIGNATURE.test(signature) ? Buffer.from(signature, 'base64url') : Buffer.alloc(0);
    const signedBy = (secret: Buffer) => {
      const expected = createHmac('sha256', secret).update(toSign).digest();
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    let found = await findApp(appKey);
    // a kept entry may hold a secret replaced since: read the app again before refusing
    if (found && !signedBy(found.secret)) found = await findApp(appKey, true);
    if (!found) throw new AppError('400001');
    if (!signedBy(found.secret)) throw new AppError('400009');
    await Promise.all([useNonce(appKey, nonce, Number(timestamp)), countCall(found.app)]);

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError('401002', 'The body is not JSON.');
    }
    const op = operation as SdkOperation;
    const parsed = SDK_OPERATIONS[op].request.safeParse(json);
    if (!parsed.success) throw new AppError('400016', firstIssue(parsed.error));
    const ctx = { rt, store, tenant: store.forOrg(found.app.orgId), app: found.app };
    const result = await (SDK_HANDLERS[op] as (p: unknown, c: typeof ctx) => Promise<unknown>)(parsed.data, ctx);
    return SDK_OPERATIONS[op].response.parse(result);
  };
}
