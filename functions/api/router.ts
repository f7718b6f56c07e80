/**
 * The router Lambda: decode the envelope, authenticate, find the operation in the catalogue, check the permission,
 * validate the payload, dispatch, encode.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { App } from '../../shared/entities';
import { MAX_PAYLOAD_BYTES, type ResponseEnvelope } from '../../shared/envelopeFormat';
import { AppError, errorMessage, type Lang, LANGS } from '../../shared/errors';
import { recordUndelivered } from '../tracking/feedback';
import { trackingRoutes } from '../tracking/handler';
import { providerWebhooks } from '../channels';
import { sdkApi } from '../sdk/handler';
import { triggerHook } from '../sdk/triggerHook';
import { SDK_BASE_PATH, SDK_HEADERS, SDK_OPENAPI_PATH } from '../../shared/sdk/contract';
import { WEB_SNIPPET_PATH } from '../../shared/services/insights';
import { WEB_SNIPPET } from '../sdk/webSnippet';
import { sdkOpenApi } from '../../shared/sdk/openapi';
import { PATHS } from '../../shared/paths';
import { APP_VERSION, findOperation } from '../../shared/services';
import { errorFields } from '../platform/logger';
import { unseal } from '../platform/keys';
import type { Runtime } from '../platform/runtime';
import { HANDLERS } from '../services';
import { MAX_ASSET_KEY_BYTES, MAX_ASSET_NAME_BYTES } from '../services/asset';
import { Store } from '../store/store';
import { capabilitiesOf } from '../services/auth';
import type { Handler, Prefetching, RequestContext } from '../contract/context';
import { decryptPayload, encryptJson, signPayload, verifySign } from './envelope';
import { detailIn } from '../contract/problems';
import { withUntenantedStore } from '../contract/untenanted';
import { afterCommitQueue, authenticateFor, authorize, authorizeInTarget, checkAnswer, dispatch, validate } from './steps';
import { say, textsInJson } from '../../shared/i18n';

/** Largest request body; the inflated payload has its own limit (MAX_PAYLOAD_BYTES). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Largest upload body: a 3 MB GIF as base64 or in a form, under Lambda's 6 MB. */
export const MAX_UPLOAD_BODY_BYTES = 5 * 1024 * 1024;

const UPLOAD_ROUTES: Record<string, 'json' | 'form'> = {
  [PATHS.upload]: 'json',
  [`${PATHS.upload}Form`]: 'form',
  [`${PATHS.upload}/uploadS3`]: 'json',
  [`${PATHS.upload}/uploadS3Form`]: 'form',
};

export function bodyLimitOf(path: string): number {
  return UPLOAD_ROUTES[path.replace(/\/+$/, '')] ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
}

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

const HEADER_RULES = {
  'x-device-id': /^[A-Za-z0-9._:-]{1,128}$/,
  'x-app-key': /^[A-Za-z0-9._-]{1,64}$/,
  'x-timestamp': /^[0-9]{10,16}$/,
};

function reply(status: number, body: unknown, lang: Lang, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: textsInJson(JSON.stringify(body), lang),
  };
}

function success(payload: unknown, lang: Lang, sign: string | null = null): ApiResult {
  const envelope: ResponseEnvelope = { state: 'S', payload, sign, errorCode: null, error: null, errorMessage: null };
  return reply(200, envelope, lang);
}

export function failure(err: AppError, lang: Lang): ApiResult {
  const envelope: ResponseEnvelope = {
    state: 'F',
    payload: null,
    sign: null,
    errorCode: err.code,
    error: errorMessage(err.code, 'en'),
    errorMessage: err.detail ? `${errorMessage(err.code, lang)} ${detailIn(err, lang)}` : errorMessage(err.code, lang),
  };
  return reply(err.status, envelope, lang, err.headers);
}

function cookiesOf(event: ApiEvent): Record<string, string> {
  const pairs = event.cookies ?? (event.headers?.cookie ?? '').split(';');
  const found: Record<string, string> = Object.create(null);
  for (const pair of pairs.slice(0, 50)) {
    const at = pair.indexOf('=');
    if (at > 0) found[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return found;
}

function langOf(headers: Record<string, string | undefined>): Lang {
  const wanted = (headers['x-lang'] ?? headers['accept-language'] ?? 'en').slice(0, 2).toLowerCase();
  return (LANGS as readonly string[]).includes(wanted) ? (wanted as Lang) : 'en';
}

function bodyBytes(event: ApiEvent, limit = MAX_BODY_BYTES): Buffer {
  const raw = event.body ?? '';
  const tooLarge = () => new AppError('401002', say('request.tooLarge', { limit }), undefined, 413);
  if (raw.length > limit * (event.isBase64Encoded ? 1.34 : 1)) throw tooLarge();
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.length > limit) throw tooLarge();
  return bytes;
}

function bodyOf(event: ApiEvent, limit = MAX_BODY_BYTES): string {
  return bodyBytes(event, limit).toString('utf8');
}

async function uploadPayload(event: ApiEvent, kind: 'json' | 'form', path: string): Promise<unknown> {
  const bytes = bodyBytes(event, MAX_UPLOAD_BODY_BYTES);
  const flag = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v === true || v === 'true' || v === '1');
  if (kind === 'json') {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new AppError('401002', say('request.bodyNotJson'));
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('401002', say('request.bodyNotObject'));
    const infos = [body.uploadBase64Info, body.files].flat().filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null);
    return {
      baseDir: body.baseDir,
      use: body.use,
      accessible: flag(body.accessible),
      files: infos.map((f) => ({ name: f.fileName, contentBase64: f.content })),
    };
  }
  let form: FormData;
  try {
    form = await new Request(`http://upload${path}`, {
      method: 'POST',
      headers: { 'content-type': event.headers?.['content-type'] ?? '' },
      body: new Uint8Array(bytes),
    }).formData();
  } catch {
    throw new AppError('401002', say('request.notMultipart'));
  }
  const files = [...form.getAll('fileData'), ...form.getAll('files')].filter((f): f is File => typeof f !== 'string');
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  return {
    baseDir: text('baseDir'),
    use: text('use'),
    accessible: flag(text('accessible')),
    files: await Promise.all(files.map(async (f) => ({ name: f.name, contentBase64: Buffer.from(await f.arrayBuffer()).toString('base64') }))),
  };
}

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

export function createApiHandler(rt: Runtime, handlers: ReadonlyMap<string, Handler<never>> = HANDLERS) {
  const store = new Store(rt);
  const tracking = trackingRoutes(rt, store);
  const findApp = appDirectory(store, rt);
  const sdk = sdkApi(rt, store);
  const hook = triggerHook(rt, store);
  const webhooks = providerWebhooks(rt, store, (channel, report) => recordUndelivered({ rt, store }, channel, report));
  let openApi: string | undefined;

  async function callingApp(headers: Record<string, string | undefined>) {
    for (const [name, rule] of Object.entries(HEADER_RULES)) {
      if (!rule.test(headers[name] ?? '')) throw new AppError('401001', say('request.header', { name }));
    }
    if (Math.abs(rt.clock.now() - Number(headers['x-timestamp'])) > rt.config.maxClockSkewMs) throw new AppError('401005');
    const registered = await findApp(headers['x-app-key']!);
    if (!registered) throw new AppError('400001');
    return registered;
  }

  async function envelope(event: ApiEvent, lang: Lang): Promise<ApiResult> {
    const headers = event.headers ?? {};
    const contentType = headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) throw new AppError('400015', say('request.contentType'));
    const registered = await callingApp(headers);

    let body: unknown;
    try {
      body = JSON.parse(bodyOf(event));
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('401002', say('request.bodyNotJson'));
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('401002', say('request.bodyNotObject'));
    const { service, payload: rawPayload, sign } = body as Record<string, unknown>;
    if (typeof service !== 'string' || service.length === 0 || service.length > 128) {
      throw new AppError('401002', say('request.noService'));
    }
    const aes = rt.config.authType === 'AES256';
    let payload = rawPayload;
    if (aes && findOperation(service)) {
      if (typeof rawPayload !== 'string') throw new AppError('400010', say('request.base64Payload'));
      verifySign(rawPayload, sign, registered.secret);
      payload = decryptPayload(rawPayload, registered.secret, MAX_PAYLOAD_BYTES);
    }
    return runOperation(service, payload, event, lang, registered, aes);
  }

  async function runOperation(service: string, payload: unknown, event: ApiEvent, lang: Lang, registered: { app: App; secret: string }, encrypt: boolean): Promise<ApiResult> {
    const headers = event.headers ?? {};
    const op = findOperation(service);
    const handler = op && handlers.get(service);
    if (!op || !handler) throw new AppError('400011', say('request.unknownService', { service: service.slice(0, 64) }));

    const afterCommit = afterCommitQueue();
    const setCookies: string[] = [];
    const ctx: RequestContext = withUntenantedStore(
      {
        rt,
        ...capabilitiesOf(store, rt.config.sendRates),
        app: registered.app,
        deviceId: headers['x-device-id']!,
        sourceIp: (rt.config.viewerIpHeader && headers[rt.config.viewerIpHeader]) || event.requestContext?.http?.sourceIp || 'unknown',
        lang,
        identity: null,
        cookies: cookiesOf(event),
        setCookie: (cookie) => setCookies.push(cookie),
        afterCommit: afterCommit.add,
      },
      store,
    );
    ctx.identity = await authenticateFor(op, ctx, headers.authorization, (handler as Prefetching).prefetch);
    // An operation that names its organization is authorized there, once its payload is read.
    if (ctx.identity && !op.orgOf) authorize(op, ctx.identity.permissions);
    const input = validate(op, payload);
    if (ctx.identity && op.orgOf) await authorizeInTarget(op, ctx, ctx.identity, input);
    const result = checkAnswer(service, op, await dispatch(handler, input, ctx), ctx);
    await afterCommit.run();
    const withCookies = (answer: ApiResult): ApiResult => (setCookies.length > 0 ? { ...answer, cookies: setCookies } : answer);
    if (!encrypt) return withCookies(success(result, lang));
    // the texts go into the caller's language before the answer is sealed
    const encoded = encryptJson(textsInJson(JSON.stringify(result ?? null), lang), registered.secret);
    return withCookies(success(encoded, lang, signPayload(encoded, registered.secret)));
  }

  async function upload(event: ApiEvent, path: string, lang: Lang): Promise<ApiResult> {
    const registered = await callingApp(event.headers ?? {});
    const payload = await uploadPayload(event, UPLOAD_ROUTES[path]!, path);
    return runOperation('upload.index', payload, event, lang, registered, false);
  }

  async function asset(path: string): Promise<ApiResult> {
    const rest = path.slice(PATHS.assets.length + 1);
    const [org, ...segments] = rest.split('/');
    let names: string[];
    try {
      names = segments.map(decodeURIComponent);
    } catch {
      names = [];
    }
    const unstorable = names.some((n) => Buffer.byteLength(n) > MAX_ASSET_NAME_BYTES) || Buffer.byteLength(names.join('/')) > MAX_ASSET_KEY_BYTES;
    // a control character (NUL above all) names no asset: storage is not asked
    const unnamed = (n: string) => !n || n === '.' || n === '..' || n.includes('/') || /[\u0000-\u001f\u007f]/.test(n);
    if (!/^[0-9]{1,9}$/.test(org ?? '') || names.length === 0 || unstorable || names.some(unnamed)) {
      return { statusCode: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not found' };
    }
    const stored = await rt.ports.storage.get(`assets/${Number(org)}/${names.join('/')}`);
    if (!stored) return { statusCode: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not found' };
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return {
      statusCode: 200,
      headers: {
        'content-type': stored.contentType ?? 'application/octet-stream',
        'cache-control': 'public, max-age=300',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'; img-src https: data:; style-src 'unsafe-inline'",
      },
      body: Buffer.concat(chunks).toString('base64'),
      isBase64Encoded: true,
    };
  }

  async function route(event: ApiEvent): Promise<ApiResult> {
    const path = (event.rawPath ?? '/').replace(/\/+$/, '') || '/';
    const method = event.requestContext?.http?.method ?? 'GET';
    const lang = langOf(event.headers ?? {});
    if (path === PATHS.init || path === PATHS.api) {
      if (method !== 'POST') throw new AppError('400005');
      if (path === PATHS.init) return success({ authType: rt.config.authType, version: APP_VERSION }, lang);
      return await envelope(event, lang);
    }
    if (UPLOAD_ROUTES[path]) {
      if (method !== 'POST') throw new AppError('400005');
      return await upload(event, path, lang);
    }
    if (path.startsWith(`${PATHS.assets}/`) && (method === 'GET' || method === 'HEAD')) return await asset(path);
    if (path === PATHS.webConfig && method === 'GET') {
      // The browser needs the portal's app key, and in AES256 mode its secret: obfuscation, not secrecy.
      const portal = await findApp(rt.config.portalAppKey);
      return reply(
        200,
        {
          appKey: rt.config.portalAppKey,
          authType: rt.config.authType,
          appSecret: rt.config.authType === 'AES256' ? (portal?.secret ?? null) : null,
        },
        lang,
      );
    }
    if (path === SDK_OPENAPI_PATH && (method === 'GET' || method === 'HEAD')) {
      openApi ??= JSON.stringify(sdkOpenApi());
      return { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' }, body: openApi };
    }
    if (path === WEB_SNIPPET_PATH && (method === 'GET' || method === 'HEAD')) {
      return { statusCode: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' }, body: WEB_SNIPPET };
    }
    if (path.startsWith(`${SDK_BASE_PATH}/`) && method === 'OPTIONS') {
      // the web snippet's preflight: the call itself is held to the web app's origins (functions/sdk/handler.ts)
      const origin = event.headers?.origin;
      return {
        statusCode: 204,
        headers: {
          ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': ['content-type', ...Object.values(SDK_HEADERS)].join(', '),
          'access-control-max-age': '600',
        },
        body: '',
      };
    }
    if (path.startsWith(`${SDK_BASE_PATH}/`)) {
      const { payload, corsOrigin } = await sdk(event, path);
      const answer = success(payload, lang);
      return corsOrigin ? { ...answer, headers: { ...answer.headers, 'access-control-allow-origin': corsOrigin, vary: 'Origin' } } : answer;
    }
    if (path.startsWith(`${PATHS.hooks}/`)) return success(await hook(event, path), lang);
    const webhook = webhooks.find((w) => path.startsWith(`${w.path}/`));
    if (webhook) return await webhook.handle(event, path);
    const tracked = await tracking(event, path);
    if (tracked) return tracked;
    throw new AppError('400011', say('request.noPath'));
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
