/**
 * The router Lambda: decode the envelope, authenticate, find the operation in the catalogue, check the
 * permission, validate the payload, dispatch, encode. Every failure is a catalogue code; nothing else leaks.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { App } from '../../shared/entities';
import { decryptPayload, encryptPayload, MAX_PAYLOAD_BYTES, signPayload, verifySign, type ResponseEnvelope } from '../../shared/envelope';
import { AppError, errorMessage, type Lang, LANGS } from '../../shared/errors';
import { trackingRoutes } from '../tracking/handler';
import { PATHS } from '../../shared/paths';
import { APP_VERSION, findOperation } from '../../shared/services';
import { errorFields } from '../platform/logger';
import { unseal } from '../platform/keys';
import type { Runtime } from '../platform/runtime';
import { HANDLERS } from '../services';
import { Store } from '../store/store';
import type { Handler, Prefetching, RequestContext } from './context';
import { afterCommitQueue, authenticateFor, authorize, authorizeInTarget, checkAnswer, dispatch, validate } from './steps';

/** Largest request body; the inflated payload has its own limit (MAX_PAYLOAD_BYTES). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

const HEADER_RULES = {
  'x-device-id': /^[A-Za-z0-9._:-]{1,128}$/,
  'x-app-key': /^[A-Za-z0-9._-]{1,64}$/,
  'x-timestamp': /^[0-9]{10,16}$/,
};

function reply(status: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

function success(payload: unknown, sign: string | null = null): ApiResult {
  const envelope: ResponseEnvelope = { state: 'S', payload, sign, errorCode: null, error: null, errorMessage: null };
  return reply(200, envelope);
}

export function failure(err: AppError, lang: Lang): ApiResult {
  const envelope: ResponseEnvelope = {
    state: 'F',
    payload: null,
    sign: null,
    errorCode: err.code,
    error: errorMessage(err.code, 'en'),
    errorMessage: err.detail ? `${errorMessage(err.code, lang)} ${err.detail}` : errorMessage(err.code, lang),
  };
  return reply(err.status, envelope, err.headers);
}

function langOf(headers: Record<string, string | undefined>): Lang {
  const wanted = (headers['x-lang'] ?? headers['accept-language'] ?? 'en').slice(0, 2).toLowerCase();
  return (LANGS as readonly string[]).includes(wanted) ? (wanted as Lang) : 'en';
}

function bodyOf(event: ApiEvent): string {
  const raw = event.body ?? '';
  if (raw.length > MAX_BODY_BYTES * (event.isBase64Encoded ? 1.34 : 1)) {
    throw new AppError('401002', `The request body is larger than ${MAX_BODY_BYTES} bytes.`, undefined, 413);
  }
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new AppError('401002', `The request body is larger than ${MAX_BODY_BYTES} bytes.`, undefined, 413);
  }
  return text;
}

/** Registered apps and their secrets, cached briefly so each request does not read them. */
function appDirectory(store: Store, rt: Runtime) {
  const cache = new Map<string, { at: number; entry: { app: App; secret: string } | null }>();
  return async (appKey: string) => {
    const now = Date.now();
    const hit = cache.get(appKey);
    if (hit && now - hit.at < 60_000) return hit.entry;
    const app = await store.get('app', { appKey });
    const entry = app && app.status === 'ACTIVE' ? { app, secret: unseal(rt.keys, app.secretSealed) } : null;
    if (cache.size > 1000) cache.clear();
    cache.set(appKey, { at: now, entry });
    return entry;
  };
}

/** `handlers` is the dispatch table; a test may put handlers of its own in front of it. */
export function createApiHandler(rt: Runtime, handlers: ReadonlyMap<string, Handler<never>> = HANDLERS) {
  const store = new Store(rt);
  const tracking = trackingRoutes(rt, store);
  const findApp = appDirectory(store, rt);

  async function envelope(event: ApiEvent, lang: Lang): Promise<ApiResult> {
    const headers = event.headers ?? {};
    const contentType = headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) throw new AppError('400015', 'Send Content-Type: application/json.');
    for (const [name, rule] of Object.entries(HEADER_RULES)) {
      if (!rule.test(headers[name] ?? '')) throw new AppError('401001', `Header ${name} is missing or malformed.`);
    }
    if (Math.abs(rt.clock.now() - Number(headers['x-timestamp'])) > rt.config.maxClockSkewMs) throw new AppError('401005');
    const registered = await findApp(headers['x-app-key']!);
    if (!registered) throw new AppError('400001');

    let body: unknown;
    try {
      body = JSON.parse(bodyOf(event));
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('401002', 'The body is not JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('401002', 'The body must be an object.');
    const { service, payload: rawPayload, sign } = body as Record<string, unknown>;
    if (typeof service !== 'string' || service.length === 0 || service.length > 128) {
      throw new AppError('401002', 'The body needs a service name.');
    }
    const op = findOperation(service);
    const handler = op && handlers.get(service);
    if (!op || !handler) throw new AppError('400011', `Unknown service ${service.slice(0, 64)}.`);

    const aes = rt.config.authType === 'AES256';
    let payload = rawPayload;
    if (aes) {
      if (typeof rawPayload !== 'string') throw new AppError('400010', 'In AES256 mode the payload is a base64 string.');
      verifySign(rawPayload, sign, registered.secret);
      payload = decryptPayload(rawPayload, registered.secret, MAX_PAYLOAD_BYTES);
    }

    const afterCommit = afterCommitQueue();
    const ctx: RequestContext = {
      rt,
      store,
      app: registered.app,
      deviceId: headers['x-device-id']!,
      sourceIp: (rt.config.viewerIpHeader && headers[rt.config.viewerIpHeader]) || event.requestContext?.http?.sourceIp || 'unknown',
      lang,
      identity: null,
      afterCommit: afterCommit.add,
    };
    ctx.identity = await authenticateFor(op, ctx, headers['authorization'], (handler as Prefetching).prefetch);
    // An operation that names its organization is authorized there, once its payload is read.
    if (ctx.identity && !op.orgOf) authorize(op, ctx.identity.permissions);
    const input = validate(op, payload);
    if (ctx.identity && op.orgOf) await authorizeInTarget(op, ctx, ctx.identity, input);
    const result = checkAnswer(service, op, await dispatch(handler, input, ctx), ctx);
    await afterCommit.run();
    if (!aes) return success(result);
    const encoded = encryptPayload(result, registered.secret);
    return success(encoded, signPayload(encoded, registered.secret));
  }

  async function route(event: ApiEvent): Promise<ApiResult> {
    const path = (event.rawPath ?? '/').replace(/\/+$/, '') || '/';
    const method = event.requestContext?.http?.method ?? 'GET';
    const lang = langOf(event.headers ?? {});
    if (path === PATHS.init || path === PATHS.api) {
      if (method !== 'POST') throw new AppError('400005');
      if (path === PATHS.init) return success({ authType: rt.config.authType, version: APP_VERSION });
      return await envelope(event, lang);
    }
    if (path === PATHS.webConfig && method === 'GET') {
      // The browser needs the portal's app key, and in AES256 mode its secret: obfuscation, not secrecy.
      const portal = await findApp(rt.config.portalAppKey);
      return reply(200, {
        appKey: rt.config.portalAppKey,
        authType: rt.config.authType,
        appSecret: rt.config.authType === 'AES256' ? (portal?.secret ?? null) : null,
      });
    }
    const tracked = await tracking(event, path);
    if (tracked) return tracked;
    throw new AppError('400011', 'No such path.');
  }

  const core = async (event: ApiEvent): Promise<ApiResult> => {
    const started = Date.now();
    const lang = langOf(event.headers ?? {});
    try {
      const result = await route(event);
      rt.log.debug('request', { path: event.rawPath, ms: Date.now() - started, status: result.statusCode });
      return result;
    } catch (err) {
      if (err instanceof AppError) {
        rt.log.info('request refused', { path: event.rawPath, code: err.code, status: err.status, ms: Date.now() - started });
        return failure(err, lang);
      }
      rt.log.error('unexpected error', { path: event.rawPath, ms: Date.now() - started, ...errorFields(err) });
      return failure(new AppError('400000'), lang);
    }
  };

  return middy<ApiEvent, ApiResult>(core);
}
