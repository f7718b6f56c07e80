import type { Runtime } from '../../platform/runtime';
import { lineAccessTokenOf } from '../../domain/lineChannel';
import { keptPerTenant } from '../../platform/keptPerOrg';
import type { TenantStore } from '../../store/store';
import type { ChannelSender, Outbound, SendOutcome, SendRoute } from '../sender';
import { classifyLine } from './answers';
import { say } from '../../../shared/i18n/say';

export const LINE_API = 'https://api.line.me';
/** a token read is kept this long, so a busy run reads it a few times a minute, not once a message */
const TOKEN_CACHE_MS = 10_000;
const TIMEOUT_MS = 10_000;

export interface LineSenderOptions {
  baseUrl?: string;
  tokenOf?: (tenant: TenantStore) => Promise<string | undefined>;
  retries?: number;
  retryDelayMs?: number;
}

function detailOf(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { message, details } = body as { message?: unknown; details?: unknown };
  const parts = typeof message === 'string' ? [message] : [];
  if (Array.isArray(details)) {
    for (const d of details.slice(0, 5)) {
      if (d && typeof d === 'object') parts.push(`${String((d as { property?: unknown }).property ?? '')}: ${String((d as { message?: unknown }).message ?? '')}`);
    }
  }
  return parts.join('; ').slice(0, 500);
}

export function lineSender(rt: Runtime, opts: LineSenderOptions = {}): ChannelSender {
  const baseUrl = (opts.baseUrl ?? rt.aws.endpoints.line ?? LINE_API).replace(/\/+$/, '');
  const retries = opts.retries ?? 2;
  const retryDelayMs = opts.retryDelayMs ?? 500;
  const tokenOf =
    opts.tokenOf ??
    keptPerTenant(
      (tenant) => lineAccessTokenOf(tenant),
      TOKEN_CACHE_MS,
      () => rt.clock.now(),
    );

  async function post(message: Extract<Outbound, { channel: 'LINE' }>, token: string): Promise<SendOutcome | undefined> {
    const res = await fetch(`${baseUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-line-retry-key': message.retryKey },
      body: JSON.stringify({ to: message.to, messages: message.messages }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (res.status === 200) return classifyLine({ ok: true, providerId: res.headers.get('x-line-request-id') ?? '' });
    // the retry key was accepted before: that request's message went out
    if (res.status === 409 && res.headers.get('x-line-accepted-request-id')) return classifyLine({ ok: true, providerId: res.headers.get('x-line-accepted-request-id')! });
    return classifyLine({ ok: false, code: String(res.status), detail: detailOf(body) });
  }

  return {
    async send(message: Outbound, { tenant }: SendRoute): Promise<SendOutcome> {
      if (message.channel !== 'LINE') throw new Error('the LINE sender sends LINE messages only');
      let token: string | undefined;
      try {
        token = await tokenOf(tenant);
      } catch {
        // the setting could not be read: nothing went to LINE, so the claim is given back and tried later
        return { kind: 'throttled' };
      }
      if (!token) return classifyLine({ ok: false, code: 'NO_TOKEN', detail: say('line.noToken') })!;
      let unknown: unknown;
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelayMs * attempt));
        try {
          const outcome = await post(message, token);
          if (outcome) return outcome;
          unknown = new Error('LINE answered with a server error; the message may have been sent');
        } catch (e) {
          // a network error or a timeout: the same retry key makes a second try safe
          unknown = new Error(`LINE did not answer: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      throw unknown;
    },
  };
}
