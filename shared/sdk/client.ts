/** A typed client of the app SDK API (tests use it; apps may copy it), on Web Crypto so it runs in Node and browsers alike. */
import { SDK_BASE_PATH, SDK_HEADERS, SDK_OPERATION_NAMES, type SdkOperation, type SdkRequest, type SdkResponse, sdkStringToSign } from './contract';

export interface SdkClientOptions {
  baseUrl: string;
  appKey: string;
  secret: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export class SdkError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(`${errorCode}: ${message}`);
  }
}

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function newNonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(18)).buffer);
}

export async function signSdkCall(secret: string, appKey: string, path: string, body: string, timestamp: number, nonce = newNonce()): Promise<Record<string, string>> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const toSign = sdkStringToSign({ method: 'POST', path, timestamp: String(timestamp), nonce, bodySha256: await sha256Hex(body) });
  return {
    'content-type': 'application/json',
    [SDK_HEADERS.appKey]: appKey,
    [SDK_HEADERS.timestamp]: String(timestamp),
    [SDK_HEADERS.nonce]: nonce,
    [SDK_HEADERS.signature]: base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(toSign))),
  };
}

export interface SdkCallOptions {
  userToken?: string;
}

export type SdkClient = { [O in SdkOperation]: (request: SdkRequest<O>, options?: SdkCallOptions) => Promise<SdkResponse<O>> };

/** a call whose answer was lost (a network error, 502, 503, 504) is sent again with the same body */
const TRIES = 3;

/** Ids given once before the first try, so a retried call never counts an event twice. */
function withEventIds(operation: SdkOperation, request: unknown): unknown {
  const r = request as { events?: unknown[] };
  if (operation !== 'events' || !Array.isArray(r?.events)) return request;
  const eventId = () => base64url(crypto.getRandomValues(new Uint8Array(12)).buffer);
  return { ...r, events: r.events.map((e) => (e && typeof e === 'object' && !('id' in e) ? { ...e, id: eventId() } : e)) };
}

export function createSdkClient(opts: SdkClientOptions): SdkClient {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  async function send(operation: SdkOperation, request: unknown, options: SdkCallOptions = {}): Promise<unknown> {
    const path = `${SDK_BASE_PATH}/${operation}`;
    const body = JSON.stringify(withEventIds(operation, request));
    for (let attempt = 1; ; attempt++) {
      // a nonce is good for one call
      const headers = await signSdkCall(opts.secret, opts.appKey, path, body, now());
      if (options.userToken) headers[SDK_HEADERS.userToken] = options.userToken;
      let res: Response;
      try {
        res = await doFetch(`${opts.baseUrl.replace(/\/+$/, '')}${path}`, { method: 'POST', headers, body });
      } catch (err) {
        if (attempt >= TRIES) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
        continue;
      }
      if ([502, 503, 504].includes(res.status) && attempt < TRIES) {
        await new Promise((r) => setTimeout(r, 100 * attempt));
        continue;
      }
      const answer = (await res.json()) as { state?: string; payload?: unknown; errorCode?: string; errorMessage?: string };
      if (answer.state !== 'S') throw new SdkError(res.status, answer.errorCode ?? '400000', answer.errorMessage ?? 'Refused');
      return answer.payload;
    }
  }
  return Object.fromEntries(SDK_OPERATION_NAMES.map((name) => [name, (request: unknown, options?: SdkCallOptions) => send(name, request, options)])) as SdkClient;
}
