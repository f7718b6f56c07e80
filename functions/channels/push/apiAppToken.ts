// An OAuth API application's access token: the client credentials grant (RFC 6749 4.4) at the application's token
// URL, form-encoded, the client authenticated with HTTP Basic (2.3.1).
import { createHash } from 'node:crypto';
import type { Application } from '../../../shared/entities';
import type { Clock } from '../../platform/runtime';
import { type HttpAnswer, httpCall } from './apiAppHttp';
import { say } from '../../../shared/i18n/say';

const DEFAULT_LIFETIME_MS = 5 * 60_000;
/** Given back this much before it expires (a tenth of a short lifetime), so no send carries a token that expires on the way. */
const MARGIN_MS = 60_000;

export type TokenAnswer = { ok: true; token: string } | { ok: false; retryable: boolean; detail: string };

export interface OAuthCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/** How long a token of `expiresIn` seconds is kept. */
export function keepMs(expiresIn: unknown): number {
  const lifetime = typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : DEFAULT_LIFETIME_MS;
  return Math.max(0, lifetime - Math.min(MARGIN_MS, lifetime / 10));
}

/** The token endpoint's answer in the words a send record keeps (stored in English, shown in the reader's language). */
export function tokenProblem(answer: HttpAnswer): { retryable: boolean; detail: string } {
  if (answer.kind === 'answer') {
    const retryable = answer.status >= 500 || answer.status === 408 || answer.status === 429;
    return { retryable, detail: `${say('push.tokenAnswered', { status: answer.status })} ${excerpt(answer.text)}`.trim() };
  }
  if (answer.kind === 'refused') return { retryable: false, detail: answer.detail };
  // nothing was pushed yet: a token endpoint that did not answer is a failure to reach it, whatever it did
  return { retryable: true, detail: say('push.tokenUnreachable', { code: answer.kind === 'unsent' ? answer.code : answer.why }) };
}

export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return '';
  return `${say('push.answerBegan')} ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

export function oauthTokens(clock: Clock, timeoutMs: () => number) {
  const kept = new Map<string, { answer: Promise<TokenAnswer>; until: number }>();
  // an edited application (another URL, client or secret) gets a token of its own
  const keyOf = (app: Pick<Application, 'orgId' | 'id'>, c: OAuthCredentials) =>
    `${app.orgId}:${app.id}:${createHash('sha256').update(`${c.tokenUrl}\n${c.clientId}\n${c.clientSecret}`).digest('hex').slice(0, 16)}`;

  async function fetchToken(c: OAuthCredentials): Promise<{ answer: TokenAnswer; keep: number }> {
    const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString('base64');
    const answer = await httpCall(c.tokenUrl, {
      headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      timeoutMs: timeoutMs(),
    });
    if (answer.kind !== 'answer' || answer.status < 200 || answer.status >= 300) return { answer: { ok: false, ...tokenProblem(answer) }, keep: 0 };
    let json: { access_token?: unknown; expires_in?: unknown };
    try {
      json = JSON.parse(answer.text) as typeof json;
    } catch {
      json = {};
    }
    if (typeof json.access_token !== 'string' || !json.access_token) return { answer: { ok: false, retryable: false, detail: say('push.tokenMissing') }, keep: 0 };
    return { answer: { ok: true, token: json.access_token }, keep: keepMs(typeof json.expires_in === 'string' ? Number(json.expires_in) : json.expires_in) };
  }

  return {
    /** The application's token: the one kept, or a new one (fetched once however many sends ask at the same time). */
    get(app: Pick<Application, 'orgId' | 'id'>, c: OAuthCredentials): Promise<TokenAnswer> {
      const key = keyOf(app, c);
      const hit = kept.get(key);
      if (hit && clock.now() < hit.until) return hit.answer;
      const entry = { answer: Promise.resolve<TokenAnswer>({ ok: false, retryable: true, detail: '' }), until: Number.POSITIVE_INFINITY };
      entry.answer = fetchToken(c).then(
        ({ answer, keep }) => {
          // a refusal is not kept: the next send asks again
          if (answer.ok) entry.until = clock.now() + keep;
          else if (kept.get(key) === entry) kept.delete(key);
          return answer;
        },
        (e: unknown) => {
          if (kept.get(key) === entry) kept.delete(key);
          throw e;
        },
      );
      kept.set(key, entry);
      return entry.answer;
    },
    async drop(app: Pick<Application, 'orgId' | 'id'>, c: OAuthCredentials, token: string): Promise<void> {
      const key = keyOf(app, c);
      const hit = kept.get(key);
      if (!hit) return;
      const answer = await hit.answer.catch(() => undefined);
      if (answer?.ok && answer.token === token && kept.get(key) === hit) kept.delete(key);
    },
  };
}

export type OAuthTokens = ReturnType<typeof oauthTokens>;
