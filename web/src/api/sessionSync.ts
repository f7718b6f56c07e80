/**
 * What tabs of one session tell each other over the `herald-session` channel, and the decisions made from it.
 * A duplicated tab copies sessionStorage, so two tabs hold the same single-use refresh token: only one may
 * present it, and the others take the sign-in object it got.
 */
import type { Session } from './sessionTypes';

export const CHANNEL_NAME = 'herald-session';
export const LOCK_NAME = 'herald-refresh';

export type SessionMessage =
  /** new tokens for the session (a refresh or an organization switch), or an answer to `query` */
  | { type: 'refreshed'; sid: string; session: Session }
  /** the session was ended (logout): the other tabs forget it */
  | { type: 'signedOut'; sid: string }
  /** a tab that just loaded asks for newer tokens than its stored ones */
  | { type: 'query'; sid: string }
  /** a tab's own marker, sent from a second channel object: once it arrives, earlier messages have too */
  | { type: 'flush'; id: string }
  /** a tab opened without a session asks the open tabs of this browser for theirs */
  | { type: 'hello' }
  /** an open tab's answer to `hello` */
  | { type: 'welcome'; session: Session };

/** The session id: the refresh token's part before the '.'. */
export function sessionIdOf(refreshToken: string | null | undefined): string | null {
  if (!refreshToken) return null;
  const dot = refreshToken.indexOf('.');
  return dot > 0 ? refreshToken.slice(0, dot) : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isSession(v: unknown): v is Session {
  return (
    isObject(v) &&
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.expiresAt === 'number' &&
    Number.isFinite(v.expiresAt) &&
    isObject(v.userdetails)
  );
}

/** The message, or null for anything that is not one of ours. */
export function parseSessionMessage(data: unknown): SessionMessage | null {
  if (!isObject(data)) return null;
  if (data.type === 'flush') return typeof data.id === 'string' ? { type: 'flush', id: data.id } : null;
  if (data.type === 'hello') return { type: 'hello' };
  if (data.type === 'welcome') return isSession(data.session) ? { type: 'welcome', session: data.session } : null;
  if (typeof data.sid !== 'string' || !data.sid) return null;
  switch (data.type) {
    case 'refreshed':
      return isSession(data.session) && sessionIdOf(data.session.refreshToken) === data.sid ? { type: 'refreshed', sid: data.sid, session: data.session } : null;
    case 'signedOut':
      return { type: 'signedOut', sid: data.sid };
    case 'query':
      return { type: 'query', sid: data.sid };
    default:
      return null;
  }
}

/** Whether the message concerns this tab's session. */
export function isForSession(message: SessionMessage, current: Session | null): boolean {
  return 'sid' in message && Boolean(current) && sessionIdOf(current!.refreshToken) === message.sid;
}

/**
 * Take another tab's sign-in object when it is for the same session and newer: a different refresh token that
 * expires no earlier (a late or repeated message carries an older one). An ended session stays ended.
 */
export function shouldAdopt(current: Session | null, incoming: Session): boolean {
  if (!current || current.ended) return false;
  const sid = sessionIdOf(current.refreshToken);
  return Boolean(sid) && sid === sessionIdOf(incoming.refreshToken) && incoming.refreshToken !== current.refreshToken && incoming.expiresAt >= current.expiresAt;
}

/** An access token that needs no refresh yet. */
export function isFresh(session: Session, now: number, aheadMs: number): boolean {
  return session.expiresAt - now > aheadMs;
}

export type RefreshPlan = { kind: 'gone' } | { kind: 'adopt'; session: Session } | { kind: 'refresh'; refreshToken: string };

/**
 * Inside the refresh lock: `from` is the sign-in object the refresh was asked for, `latest` what this tab holds
 * now (possibly taken from another tab meanwhile). Signed out or another session: nothing to do. Rotated
 * elsewhere and still fresh: use it. Otherwise refresh with the newest token (never an already used one).
 */
export function planRefresh(from: Session, latest: Session | null, now: number, aheadMs: number): RefreshPlan {
  if (!latest || sessionIdOf(latest.refreshToken) !== sessionIdOf(from.refreshToken)) return { kind: 'gone' };
  if (latest.refreshToken !== from.refreshToken && isFresh(latest, now, aheadMs)) return { kind: 'adopt', session: latest };
  return { kind: 'refresh', refreshToken: latest.refreshToken };
}

/** The selected organization of a sign-in object. */
export function selectedOrgId(session: Session | null): number | null {
  return session?.userdetails.organizations.find((o) => o.isSelected)?.id ?? null;
}
