// The one way to call an address an organization can aim: fetch's shape with the guard around it. The socket
// connects to the checked address (its own `lookup`, so a second DNS answer cannot slip in another); on AWS https
// and public only; the answer is cut off past `maxBytes`; redirects only to the same host, for GET and HEAD.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../../shared/errors';
import { AddressRefused, checkedAddresses, type OutboundPolicy } from './addresses';
import type { OUTBOUND_TEXTS } from '../../shared/i18n/outboundTexts';
import { say, type TextParams } from '../../shared/i18n/say';

export type { OutboundPolicy } from './addresses';

/** What an answer may hold unless the caller says otherwise: ample for a discovery document or a key set. */
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 15_000;

export type OutboundInit = RequestInit & { maxBytes?: number; timeoutMs?: number };
export type OutboundFetch = (url: string | URL, init?: OutboundInit) => Promise<Response>;

/** The AWS rule until the runtime says otherwise: a module that calls out before a runtime exists stays strict. */
let current: OutboundPolicy = { allowLoopback: false };

/** The runtime's policy (its config object, so a change to it applies to the next call). */
export function setOutboundPolicy(policy: OutboundPolicy): void {
  current = policy;
}

type OutboundRefusal = keyof typeof OUTBOUND_TEXTS;

function refusal(why: OutboundRefusal, params?: TextParams): AppError {
  return new AppError('400016', say(`outbound.${why}`, params));
}

function target(url: string | URL, policy: OutboundPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refusal('badUrl');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw refusal('badUrl');
  if (parsed.protocol === 'http:' && !policy.allowLoopback) throw refusal('httpsOnly');
  if (parsed.username || parsed.password) throw refusal('badUrl');
  return parsed;
}

function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (found) => {
        if (options.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      },
      (e: unknown) => callback(e as NodeJS.ErrnoException, '', 4),
    );
  };
}

function requestBody(body: RequestInit['body'], headers: Headers): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return Buffer.from(body.toString());
  }
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('An outbound call sends a string, form parameters or bytes.');
}

interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Buffer;
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  return headers;
}

async function send(url: URL, method: string, headers: Headers, body: Buffer | undefined, signal: AbortSignal, maxBytes: number, policy: OutboundPolicy): Promise<Answer> {
  // a literal address never reaches the lookup: check it here
  await checkedAddresses(url.hostname, policy);
  const client = url.protocol === 'https:' ? https : http;
  const outgoing = Object.fromEntries(headers);
  if (body) outgoing['content-length'] = String(body.length);
  return new Promise<Answer>((resolve, reject) => {
    // a fresh agent: a pooled socket must not carry a call past the check made for another
    const req = client.request(url, { method, headers: outgoing, lookup: guardedLookup(policy), agent: false, signal });
    const fail = (e: unknown) => {
      req.destroy();
      reject(e);
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const answer = { status, statusText: res.statusMessage ?? '', headers: headersOf(res) };
      if (status >= 300 && status < 400 && answer.headers.has('location')) {
        res.destroy();
        req.destroy();
        resolve({ ...answer, body: Buffer.alloc(0) });
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) return fail(refusal('tooLarge', { limit: maxBytes }));
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) {
          res.destroy();
          fail(refusal('tooLarge', { limit: maxBytes }));
        } else chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => resolve({ ...answer, body: Buffer.concat(chunks) }));
    });
    req.end(body);
  });
}

const NO_BODY = new Set([101, 204, 205, 304]);

export const outboundFetch: OutboundFetch = async (url, init = {}) => {
  const policy = current;
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  const body = requestBody(init.body, headers);
  const maxBytes = init.maxBytes ?? OUTBOUND_MAX_BYTES;
  const timeout = AbortSignal.timeout(init.timeoutMs ?? TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let at = target(url, policy);
  for (let hops = 0; ; hops++) {
    let answer: Answer;
    try {
      answer = await send(at, method, headers, body, signal, maxBytes, policy);
    } catch (e) {
      if (e instanceof AddressRefused) throw refusal('addressRefused');
      if (e instanceof AppError) throw e;
      throw new TypeError(say('cloudRun.unreachable'), { cause: e });
    }
    const location = answer.status >= 300 && answer.status < 400 ? answer.headers.get('location') : null;
    if (location !== null && (method === 'GET' || method === 'HEAD')) {
      let next: URL;
      try {
        next = target(new URL(location, at), policy);
      } catch {
        throw refusal('redirectElsewhere');
      }
      if (next.origin !== at.origin || hops >= MAX_REDIRECTS) throw refusal('redirectElsewhere');
      at = next;
      continue;
    }
    const payload = NO_BODY.has(answer.status) || method === 'HEAD' ? null : new Uint8Array(answer.body);
    return new Response(payload, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  }
};
