// One POST to an API application's server (its push endpoint or token URL) through the guarded outbound call
// (functions/platform/outbound.ts: on AWS only public https addresses, every address the host resolves to checked),
// with what became of it said in the terms exactly-once needs: an answer; refused before anything left (the guard).
import { AppError } from '../../../shared/errors';
import { outboundFetch } from '../../platform/outbound';
import { say } from '../../../shared/i18n/say';

export type HttpAnswer =
  | { kind: 'answer'; status: number; text: string }
  /** the guard refused the address: nothing was sent */
  | { kind: 'refused'; detail: string }
  /** the connection was never made (no such host, nobody listening): nothing was sent */
  | { kind: 'unsent'; code: string }
  /** no answer in time, or the connection broke on the way: the server may have the request */
  | { kind: 'noAnswer'; why: string };

/** Errors of a connection that never opened: the request cannot have reached the server. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
/** An answer larger than this is not read (a push endpoint answers a few bytes). */
const MAX_ANSWER = 256 * 1024;

export async function httpCall(url: string, init: { headers: Record<string, string>; body: string | URLSearchParams; timeoutMs: number }): Promise<HttpAnswer> {
  try {
    const res = await outboundFetch(url, { method: 'POST', headers: init.headers, body: init.body, timeoutMs: init.timeoutMs, maxBytes: MAX_ANSWER });
    return { kind: 'answer', status: res.status, text: await res.text() };
  } catch (e) {
    if (e instanceof AppError) {
      // an answer too large was an answer: the server had the request
      if (e.detail?.startsWith(say('outbound.tooLarge').split('{')[0]!)) return { kind: 'noAnswer', why: e.detail };
      return { kind: 'refused', detail: e.detail ?? e.message };
    }
    const cause = (e as { cause?: { code?: string; name?: string; message?: string } }).cause;
    if (cause?.code && NEVER_CONNECTED.has(cause.code)) return { kind: 'unsent', code: cause.code };
    if (cause?.name === 'AbortError' || cause?.name === 'TimeoutError' || cause?.code === 'ABORT_ERR') return { kind: 'noAnswer', why: `no answer within ${init.timeoutMs} ms` };
    return { kind: 'noAnswer', why: cause?.code ?? cause?.message ?? (e as Error).message };
  }
}
