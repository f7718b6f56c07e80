/** The local stand-in of an API application's server (spec 001 3.7 types OAuth, ApiKey, BearerToken, BasicAuth). */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, closeServer, isObject, listen, parseJson, type ProviderStandIn, ReceivedLog, sendJson, type StandInOptions } from '../../standInKit';

export const API_APP_STANDIN = {
  clientId: 'herald-standin-client',
  clientSecret: 'standin-client-secret',
  apiKeyHeader: 'X-Api-Key',
  apiKeyQuery: 'apiKey',
  apiKey: 'standin-api-key',
  bearerToken: 'standin-bearer-token',
  username: 'herald',
  password: 'standin-password',
} as const;

export const API_APP_PATHS = { OAuth: '/push/oauth', ApiKey: '/push/api-key', BearerToken: '/push/bearer', BasicAuth: '/push/basic', token: '/oauth/token' } as const;
type PushType = Exclude<keyof typeof API_APP_PATHS, 'token'>;

export interface ApiAppReceived {
  at: number;
  id: string;
  path: string;
  type: PushType;
  status: number;
  /** how it was authenticated: the scheme and who (the bearer's token for OAuth, a token it issued; never a secret) */
  auth: { ok: boolean; scheme: string; who?: string; via?: 'header' | 'query' };
  headers: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

type Answer = 'refused' | 'failed' | 'throttled' | 'slow' | 'ok';
const ANSWERS: readonly Answer[] = ['refused', 'failed', 'throttled', 'slow', 'ok'];

const basicOf = (header: string | undefined): [string, string] | undefined => {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const at = text.indexOf(':');
  return at < 0 ? undefined : [text.slice(0, at), text.slice(at + 1)];
};
const bearerOf = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

export async function startApiAppStandIn(opts: StandInOptions = {}): Promise<ProviderStandIn> {
  const received = new ReceivedLog<ApiAppReceived>(opts.file);
  const tokens = new Map<string, number>();
  let issued = 0;
  let expiresIn = 3600;
  const answers = new Map<string, { answer: Answer; times?: number; ms?: number }>();

  function toldFor(address: string): { answer: Answer; ms?: number } {
    const told = answers.get(address);
    if (!told) return { answer: 'ok' };
    if (told.times !== undefined && --told.times <= 0) answers.delete(address);
    return told;
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const oauthError = (status: number, error: string, description: string) =>
      sendJson(res, status, { error, error_description: description }, status === 401 ? { 'www-authenticate': 'Basic realm="standin"' } : {});
    if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) return oauthError(400, 'invalid_request', 'The request must be form-encoded.');
    const form = new URLSearchParams(await bodyOf(req, 10_000));
    if (form.get('grant_type') !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is granted.');
    const basic = basicOf(req.headers.authorization);
    const [id, secret] = basic ? basic.map(decodeURIComponent) : [form.get('client_id') ?? '', form.get('client_secret') ?? ''];
    if (id !== API_APP_STANDIN.clientId || secret !== API_APP_STANDIN.clientSecret) return oauthError(401, 'invalid_client', 'Client authentication failed.');
    const accessToken = `sat_${randomUUID().replace(/-/g, '')}`;
    tokens.set(accessToken, Date.now() + expiresIn * 1000);
    issued++;
    res.setHeader('cache-control', 'no-store');
    return sendJson(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn });
  }

  function authOf(type: PushType, req: IncomingMessage, url: URL): ApiAppReceived['auth'] {
    const header = req.headers.authorization;
    switch (type) {
      case 'OAuth': {
        const t = bearerOf(header);
        const until = t ? tokens.get(t) : undefined;
        return { ok: until !== undefined && until > Date.now(), scheme: 'Bearer', ...(t ? { who: t } : {}) };
      }
      case 'BearerToken':
        return { ok: bearerOf(header) === API_APP_STANDIN.bearerToken, scheme: 'Bearer' };
      case 'BasicAuth': {
        const b = basicOf(header);
        return { ok: b?.[0] === API_APP_STANDIN.username && b[1] === API_APP_STANDIN.password, scheme: 'Basic', ...(b ? { who: b[0] } : {}) };
      }
      case 'ApiKey': {
        const inHeader = req.headers[API_APP_STANDIN.apiKeyHeader.toLowerCase()];
        if (inHeader !== undefined) return { ok: inHeader === API_APP_STANDIN.apiKey, scheme: 'ApiKey', via: 'header' };
        const inQuery = url.searchParams.get(API_APP_STANDIN.apiKeyQuery);
        return { ok: inQuery === API_APP_STANDIN.apiKey, scheme: 'ApiKey', ...(inQuery !== null ? { via: 'query' as const } : {}) };
      }
    }
  }

  async function push(type: PushType, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const auth = authOf(type, req, url);
    const raw = await bodyOf(req, 100_000);
    const body = parseJson(raw);
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([k]) => k !== 'authorization' && k !== API_APP_STANDIN.apiKeyHeader.toLowerCase())
        .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
    );
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== API_APP_STANDIN.apiKeyQuery));
    const id = randomUUID();
    const keep = (status: number) => received.add({ at: Date.now(), id, path: url.pathname, type, status, auth, headers, query, body: isObject(body) ? body : {} });
    if (!auth.ok) {
      keep(401);
      return sendJson(res, 401, { error: 'unauthorized', message: `The ${type} credentials were missing or wrong.` });
    }
    if (!/^application\/json/i.test(req.headers['content-type'] ?? '') || !isObject(body)) {
      keep(400);
      return sendJson(res, 400, { error: 'bad_request', message: 'The body must be a JSON object.' });
    }
    const missing = ['messageId', 'pushToken', 'title', 'body'].filter((k) => typeof body[k] !== 'string' || (k !== 'title' && k !== 'body' && !body[k]));
    if (missing.length > 0) {
      keep(400);
      return sendJson(res, 400, { error: 'bad_request', message: `Missing: ${missing.join(', ')}.` });
    }
    const told = toldFor(String(body.pushToken));
    const status = { refused: 400, failed: 500, throttled: 429, slow: 200, ok: 200 }[told.answer];
    keep(status);
    if (told.answer === 'refused') return sendJson(res, 400, { error: 'invalid_device', message: 'The device is not registered with this application.' });
    if (told.answer === 'failed') return sendJson(res, 500, { error: 'internal', message: 'The stand-in was told to fail.' });
    if (told.answer === 'throttled') return sendJson(res, 429, { error: 'rate_limited', message: 'Too many requests.' }, { 'retry-after': '1' });
    // slow: taken now, answered late (the caller may give up first: then it cannot know it was taken)
    if (told.answer === 'slow') await new Promise((r) => setTimeout(r, told.ms ?? 2000));
    return sendJson(res, 200, { id });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/_standin/received' && method === 'GET') return sendJson(res, 200, received.items);
    if (path === '/_standin/tokens' && method === 'GET') return sendJson(res, 200, { issued });
    if (path === '/_standin/tokens' && method === 'POST') {
      const told = parseJson(await bodyOf(req));
      if (!isObject(told)) return sendJson(res, 400, { message: 'Send { revoke?: true, expiresIn?: seconds }.' });
      if (told.revoke === true) tokens.clear();
      if (typeof told.expiresIn === 'number' && told.expiresIn > 0) expiresIn = told.expiresIn;
      return sendJson(res, 200, { issued, expiresIn });
    }
    if (path === '/_standin/answers' && method === 'POST') {
      const told = parseJson(await bodyOf(req));
      if (!isObject(told) || typeof told.address !== 'string' || !ANSWERS.includes(told.answer as Answer))
        return sendJson(res, 400, { message: `Send { address, answer: ${ANSWERS.join(' | ')}, times?, ms? }.` });
      const times = typeof told.times === 'number' && told.times > 0 ? Math.floor(told.times) : undefined;
      const ms = typeof told.ms === 'number' && told.ms >= 0 ? told.ms : undefined;
      if (told.answer === 'ok') answers.delete(told.address);
      else answers.set(told.address, { answer: told.answer as Answer, ...(times ? { times } : {}), ...(ms !== undefined ? { ms } : {}) });
      return sendJson(res, 200, { ok: true });
    }
    if (method !== 'POST') return sendJson(res, 405, { error: 'method_not_allowed' });
    if (path === API_APP_PATHS.token) return token(req, res);
    const type = (Object.keys(API_APP_PATHS) as (keyof typeof API_APP_PATHS)[]).find(
      (t) => t !== 'token' && (path === API_APP_PATHS[t] || path.startsWith(`${API_APP_PATHS[t]}/`)),
    );
    if (!type || type === 'token') return sendJson(res, 404, { error: 'not_found' });
    return push(type, req, res, url);
  }

  const { server, endpoint } = await listen(handle, opts.port);
  return { endpoint, close: () => closeServer(server) };
}
