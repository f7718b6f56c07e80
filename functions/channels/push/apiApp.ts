// Push to a device of an API application (spec 001 3.7): an HTTPS POST through the outbound guard, with the
// credentials of its type. Repeats carry the same `Idempotency-Key`; no answer on the last try, or an earlier try
// that may have been taken, throws so the claim stays open and becomes UNCERTAIN (never sent twice).
import type { Application } from '../../../shared/entities';
import { unseal } from '../../platform/keys';
import type { Runtime } from '../../platform/runtime';
import type { TenantStore } from '../../store/store';
import type { SendOutcome } from '../sender';
import { type HttpAnswer, httpCall } from './apiAppHttp';
import { excerpt, type OAuthCredentials, oauthTokens } from './apiAppToken';
import type { OutboundPush } from './outbound';
import { say } from '../../../shared/i18n/say';

export interface ApiAppOptions {
  timeoutMs: number;
  attempts: number;
  backoffMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const API_APP_DEFAULTS: ApiAppOptions = { timeoutMs: 10_000, attempts: 3, backoffMs: 500, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

const KEEP_APP_MS = 5_000;

export function apiAppPayload(message: OutboundPush, ids: { planId: string; runId: string; inboxId?: string; messageId: string }) {
  const m = message.rendered;
  return {
    messageId: ids.messageId,
    planId: ids.planId,
    runId: ids.runId,
    accountId: message.accountId,
    deviceId: message.deviceId ?? '',
    pushToken: message.to,
    language: m.language,
    contentType: m.contentType,
    title: m.title,
    subtitle: m.subtitle,
    body: m.body,
    ...(m.url ? { url: m.url } : {}),
    buttons: m.buttons,
    ...(m.media ? { media: m.media } : {}),
    ...(m.location ? { location: m.location } : {}),
    extras: m.extras,
    ...(m.sound ? { sound: m.sound } : {}),
    ...(m.badge !== undefined ? { badge: m.badge } : {}),
    priority: m.priority,
    ...(ids.inboxId ? { inboxId: ids.inboxId } : {}),
  };
}

/** The organization's applications, each kept for a few seconds (a batch sends to many devices of one app). */
export function applicationReader(): (tenant: TenantStore, appId: string) => Promise<Application | undefined> {
  const kept = new Map<string, { at: number; app: Promise<Application | undefined> }>();
  return (tenant, appId) => {
    const key = `${tenant.orgId}:${appId}`;
    const hit = kept.get(key);
    if (hit && Date.now() - hit.at < KEEP_APP_MS) return hit.app;
    const app = tenant.get('application', appId);
    kept.set(key, { at: Date.now(), app });
    app.catch(() => kept.delete(key));
    return app;
  };
}

function requestOf(rt: Runtime, app: Application): { url: URL; headers: Record<string, string> } | { problem: string } {
  let url: URL;
  try {
    url = new URL(app.apiUrl);
  } catch {
    return { problem: say('push.apiBadUrl') };
  }
  const headers: Record<string, string> = {};
  for (const h of app.customHeaders) {
    const sealed = app.headerValuesSealed?.[h.key];
    if (!sealed) continue;
    const value = unseal(rt.keys, sealed);
    if (h.place === 'query') url.searchParams.append(h.key, value);
    else headers[h.key.toLowerCase()] = value;
  }
  if (app.appType === 'BearerToken') {
    if (!app.bearerTokenSealed) return { problem: say('push.apiNoBearer') };
    headers.authorization = `Bearer ${unseal(rt.keys, app.bearerTokenSealed)}`;
  }
  if (app.appType === 'BasicAuth') {
    if (!app.passwordSealed) return { problem: say('push.apiNoPassword') };
    headers.authorization = `Basic ${Buffer.from(`${app.username}:${unseal(rt.keys, app.passwordSealed)}`).toString('base64')}`;
  }
  return { url, headers };
}

function oauthOf(rt: Runtime, app: Application): OAuthCredentials | undefined {
  if (!app.tokenUrl || !app.clientId || !app.clientSecretSealed) return undefined;
  return { tokenUrl: app.tokenUrl, clientId: app.clientId, clientSecret: unseal(rt.keys, app.clientSecretSealed) };
}

const failed = (detail: string): SendOutcome => ({ kind: 'failed', reason: 'UNEXPECTED', detail: detail.slice(0, 500) });

/** Whether a try may be made again: the server failed, or never had it, or did not answer. */
const retryable = (a: HttpAnswer) => (a.kind === 'answer' ? a.status >= 500 || a.status === 408 : a.kind !== 'refused');

export function apiAppSender(rt: Runtime, options: Partial<ApiAppOptions> = {}) {
  const opts = { ...API_APP_DEFAULTS, ...options };
  const tokens = oauthTokens(rt.clock, () => opts.timeoutMs);

  return async function sendToApiApp(app: Application, message: OutboundPush, ids: { planId: string; runId: string; inboxId?: string }): Promise<SendOutcome> {
    if (app.status === 'INACTIVE') return failed(say('push.apiInactive'));
    if (!app.apiUrl) return failed(say('push.apiNoUrl'));
    let request: ReturnType<typeof requestOf>;
    let oauth: OAuthCredentials | undefined;
    try {
      request = requestOf(rt, app);
      oauth = app.appType === 'OAuth' ? oauthOf(rt, app) : undefined;
    } catch {
      // a sealed value this deployment's key cannot open: nothing was sent
      return failed(say('push.apiSealed'));
    }
    if ('problem' in request) return failed(request.problem);
    if (app.appType === 'OAuth' && !oauth) return failed(say('push.apiNoClient'));
    // one key for every try of this message to this device: the server can tell a repeat
    const messageId = `${ids.planId}:${ids.runId}:${message.accountId}:${message.deviceId ?? message.to}`;
    const body = JSON.stringify(apiAppPayload(message, { ...ids, messageId }));
    const attempts = app.apiSendRepeat ? Math.max(1, opts.attempts) : 1;
    let mayHaveIt = false;
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      const again = () => opts.sleep(opts.backoffMs * 2 ** (attempt - 1));
      let token: string | undefined;
      if (oauth) {
        const got = await tokens.get(app, oauth);
        if (!got.ok) {
          if ((await got.retryable) && !last) {
            await again();
            continue;
          }
          if (mayHaveIt) throw new Error(`An earlier try may have reached the application endpoint; then: ${got.detail}`);
          return failed(got.detail);
        }
        token = got.token;
      }
      const answer = await httpCall(request.url.href, {
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': messageId,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
        timeoutMs: opts.timeoutMs,
      });
      if (answer.kind === 'answer' && answer.status >= 200 && answer.status < 300) return { kind: 'sent', providerId: providerIdOf(answer.text, messageId) };
      if (answer.kind === 'answer' && answer.status === 401 && oauth && token && !refreshed) {
        // the token was revoked or expired early: one new token, and this try again (not counted as a repeat)
        refreshed = true;
        await tokens.drop(app, oauth, token);
        attempt--;
        continue;
      }
      if (answer.kind === 'answer' && answer.status === 429 && !mayHaveIt) return { kind: 'throttled' };
      if (answer.kind === 'noAnswer') mayHaveIt = true;
      if (retryable(answer) && !last) {
        await again();
        continue;
      }
      if (answer.kind === 'refused') return failed(answer.detail);
      if (answer.kind === 'noAnswer' || mayHaveIt) {
        const said = answer.kind === 'noAnswer' ? answer.why : answer.kind === 'answer' ? `HTTP ${answer.status}` : answer.code;
        throw new Error(`The application endpoint may have taken the message (${said} after ${attempt} attempt(s)).`);
      }
      if (answer.kind === 'unsent') return failed(say('push.apiUnreachable', { code: answer.code, attempts: attempt }));
      return failed(`${say('push.apiAnswered', { status: answer.status, attempts: attempt })} ${excerpt(answer.text)}`.trim());
    }
  };
}

function providerIdOf(text: string, messageId: string): string {
  try {
    const json = JSON.parse(text) as { id?: unknown; messageId?: unknown };
    const id = typeof json.id === 'string' ? json.id : typeof json.messageId === 'string' ? json.messageId : undefined;
    if (id) return `api:${id.slice(0, 200)}`;
  } catch {
    // an answer without JSON is fine
  }
  return `api:${messageId}`;
}
