/** A small HTTP server that calls the very same Lambda handler API Gateway calls, and serves the web build. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { Context } from 'aws-lambda';
import { AppError } from '../../shared/errors';
import { type ApiEvent, type ApiResult, bodyLimitOf, failure } from '../api/router';
import { securityHeaders } from '../platform/securityHeaders';
import { say } from '../../shared/i18n/say';

type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

/** Reads the body, stopping as soon as it passes the limit (the rest is never held in memory). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolvePromise('too-large');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => !done && resolvePromise(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toEvent(req: IncomingMessage, url: URL, body: Buffer): ApiEvent {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  const utf8 = body.toString('utf8');
  const binary = !Buffer.from(utf8, 'utf8').equals(body);
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.fromEntries(url.searchParams),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: 'local',
      http: { method: req.method ?? 'GET', path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      routeKey: '$default',
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body: binary ? body.toString('base64') : utf8,
    isBase64Encoded: binary,
  };
}

function send(res: ServerResponse, result: ApiResult) {
  // as API Gateway does: each of the answer's cookies is a Set-Cookie header of its own
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
  // as API Gateway does: a binary answer (the tracking pixel) travels base64-encoded
  res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** The request's URL, or undefined when its Host header cannot form one (e.g. `a b`). */
function requestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    return undefined;
  }
}

function webPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.replace(/^\/portalui\/?/, ''));
  } catch {
    return undefined;
  }
}

function serveStatic(res: ServerResponse, webRoot: string, pathname: string, extra: Record<string, string>) {
  const decoded = webPath(pathname);
  if (decoded === undefined) return sendText(res, 400, 'Bad request: the path holds a malformed %-escape.');
  const rel = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  let file = resolve(webRoot, rel || 'index.html');
  if (!file.startsWith(resolve(webRoot))) file = join(webRoot, 'index.html');
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(webRoot, 'index.html');
  if (!existsSync(file)) return sendText(res, 503, 'The web build is missing: run `npm run build:web`.');
  const hashed = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|ttf|eot|svg|png)$/.test(file);
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...extra,
  });
  createReadStream(file).pipe(res);
}

export function startHttpServer(opts: {
  handler: LambdaHandler;
  webRoot: string;
  port: number;
  host?: string;
  headers?: Record<string, string>;
  uploadOrigins?: readonly string[];
  /** told of a fault outside the handler's own answer (a timeout, a body that cannot be read), which the client sees as 400000 */
  onFault?: (err: unknown, path: string) => void;
}): Promise<Server> {
  const hardening = securityHeaders(opts.uploadOrigins);
  const context = { functionName: 'herald-local-api', awsRequestId: 'local', getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
  const server = createServer(async (req, res) => {
    // set before anything is written, so static files, redirects, errors and API answers all carry them
    for (const [name, value] of Object.entries(hardening)) res.setHeader(name, value);
    const url = requestUrl(req);
    if (!url) return sendText(res, 400, 'Bad request: malformed Host header.');
    try {
      if (url.pathname.startsWith('/service/')) {
        // uploads may be larger than calls (see the router's limits)
        const limit = bodyLimitOf(url.pathname);
        const body = await readBody(req, limit);
        if (body === 'too-large') {
          res.setHeader('connection', 'close');
          return send(res, failure(new AppError('401002', say('request.tooLarge', { limit }), undefined, 413), 'en'));
        }
        return send(res, await opts.handler(toEvent(req, url, body), context));
      }
      if (url.pathname === '/' || url.pathname === '/portalui') {
        res.writeHead(302, { location: '/portalui/' });
        return res.end();
      }
      if (url.pathname.startsWith('/portalui/')) return serveStatic(res, opts.webRoot, url.pathname, opts.headers ?? {});
      sendText(res, 404, 'Not found');
    } catch (err) {
      opts.onFault?.(err, url.pathname);
      if (!res.headersSent) send(res, failure(new AppError('400000'), 'en'));
      else res.end();
    }
  });
  // as long as API Gateway's idle time: a client reusing a kept-alive connection just as a short timeout closed it
  // reads ECONNRESET (seen at 5 s, under load, when a client paused about that long between two calls)
  server.keepAliveTimeout = 65_000;
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolvePromise(server));
  });
}
