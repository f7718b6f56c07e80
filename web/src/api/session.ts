/**
 * The stored sign-in object (spec 000 section 3) in sessionStorage, and its silent refresh. Refresh tokens are
 * single-use (a reused one revokes the session), so at most one refresh runs at a time: callers share it.
 */
import type { SignIn } from '../../../shared/services';
import { REFRESH_AHEAD_MS } from '../app/constants';
import { post } from './transport';

export interface Session extends SignIn {
  /** epoch ms when the access token expires */
  expiresAt: number;
  /** set when the server said the session is over (600005): the next navigation signs out */
  ended?: string;
}

const KEY = 'herald.auth';

function read(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function write(value: Session | null) {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage full or blocked: the session lives in memory only
  }
}

let current: Session | null = read();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<Session> | null = null;
let onBackgroundFailure: (error: unknown) => void = () => undefined;

function publish(next: Session | null) {
  current = next;
  write(next);
  schedule();
  for (const l of listeners) l();
}

function schedule() {
  clearTimeout(timer);
  if (!current || current.ended) return;
  const wait = Math.max(current.expiresAt - Date.now() - REFRESH_AHEAD_MS, 0);
  timer = setTimeout(() => {
    refreshSession().catch((e) => onBackgroundFailure(e));
  }, wait);
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the client does when a timed refresh fails (toast, redirect); set by the client module. */
export function setBackgroundFailureHandler(handler: (error: unknown) => void): void {
  onBackgroundFailure = handler;
}

export function startSession(signIn: SignIn): Session {
  const session: Session = { ...signIn, expiresAt: Date.now() + signIn.expiresIn * 1000 };
  publish(session);
  return session;
}

export function clearSession(): void {
  inflight = null;
  publish(null);
}

/** The server ended the session: keep showing the page, but sign out at the next navigation. */
export function markSessionEnded(code: string): void {
  if (current && !current.ended) publish({ ...current, ended: code });
}

export function patchUserDetails(patch: Partial<Session['userdetails']>): void {
  if (current) publish({ ...current, userdetails: { ...current.userdetails, ...patch } });
}

export function hasLogin(): boolean {
  return Boolean(current && !current.ended && current.refreshToken);
}

export function permissionsHeld(): readonly string[] {
  return current?.userdetails.rolePermissions ?? [];
}

/** Rotates the refresh token; concurrent callers get the same promise. */
export function refreshSession(): Promise<Session> {
  if (inflight) return inflight;
  const from = current;
  if (!from) return Promise.reject(new Error('no session'));
  inflight = (post('auth.refreshToken', { refreshToken: from.refreshToken }, null) as Promise<SignIn>)
    .then((signIn) => {
      // A sign-out while the refresh ran wins over its answer.
      if (current?.refreshToken !== from.refreshToken) throw new Error('session changed');
      return startSession(signIn);
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The access token to send, refreshed first when it is about to expire. */
export async function freshAccessToken(): Promise<string | null> {
  if (!current || current.ended) return current?.accessToken ?? null;
  if (current.expiresAt - Date.now() > REFRESH_AHEAD_MS) return current.accessToken;
  const s = await refreshSession();
  return s.accessToken;
}

schedule();
