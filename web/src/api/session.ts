/**
 * The stored sign-in object (spec 000 section 3) in sessionStorage, and its silent refresh. Refresh tokens are
 * single-use (a reused one revokes the session), so at most one refresh runs at a time: callers in the tab share
 * it, and tabs of the same session (a duplicated tab copies sessionStorage) take turns under a cross-tab lock and
 * hand each other the new sign-in object over a BroadcastChannel (sessionSync.ts).
 */
import type { SignIn } from '../../../shared/services';
import { REFRESH_AHEAD_MS } from './constants';
import type { Session, SessionHandlers } from './sessionTypes';
import { CHANNEL_NAME, isForSession, LOCK_NAME, parseSessionMessage, planRefresh, selectedOrgId, type SessionMessage, sessionIdOf, shouldAdopt } from './sessionSync';
import { post } from './transport';

export type { Session } from './sessionTypes';

const KEY = 'herald.auth';
/** After a page load, how long a refresh waits for other tabs to answer the query for newer tokens. */
const STARTUP_QUERY_MS = 200;
/**
 * How long a tab opened without a session waits for an open tab to hand it theirs. An open tab busy rendering a
 * heavy screen answers late (300 ms was missed on a loaded machine and sent a signed-in user to the sign-in page);
 * a browser with no open tab waits this long before its sign-in page.
 */
const HELLO_MS = 1_000;
/** The longest wait for this tab's own flush marker to come back through the channel. */
const FLUSH_TIMEOUT_MS = 500;

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
let onBackgroundFailure: SessionHandlers['backgroundFailure'] = () => undefined;
let onRemoteSignOut: SessionHandlers['remoteSignOut'] = () => clearSession();
let onRemoteOrgChange: SessionHandlers['remoteOrgChange'] = () => undefined;

const channel = openChannel();
const flushes = new Map<string, () => void>();
let queriedUntil = 0;
/** Until then, a tab that opened without a session takes the first open tab's answer. */
let welcomeUntil = 0;

function publish(next: Session | null) {
  // a tab that has had a session (or lost it) takes no other tab's: only a new tab's first moments do
  welcomeUntil = 0;
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

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  try {
    const c = new BroadcastChannel(CHANNEL_NAME);
    c.onmessage = (e: MessageEvent) => receive(e.data);
    // Node (unit tests) would otherwise stay alive for the channel.
    (c as { unref?: () => void }).unref?.();
    return c;
  } catch {
    return null;
  }
}

function announce(message: SessionMessage): void {
  try {
    channel?.postMessage(message);
  } catch {
    // the other tabs find out by themselves
  }
}

function receive(data: unknown): void {
  const message = parseSessionMessage(data);
  if (!message) return;
  if (message.type === 'flush') {
    flushes.get(message.id)?.();
    return;
  }
  if (message.type === 'hello') {
    if (current && !current.ended) announce({ type: 'welcome', session: current });
    return;
  }
  if (message.type === 'welcome') {
    // a new tab of a signed-in browser opens signed in; the two tabs then share the session as duplicated tabs do
    if (!current && Date.now() < welcomeUntil && !message.session.ended) publish(message.session);
    return;
  }
  if (!isForSession(message, current)) return;
  // biome-ignore lint/nursery/useExhaustiveSwitchCases: flush, hello and welcome returned above (Biome does not narrow by them; tsc does)
  switch (message.type) {
    case 'query':
      if (current && !current.ended) announce({ type: 'refreshed', sid: message.sid, session: current });
      return;
    case 'refreshed':
      if (shouldAdopt(current, message.session)) adopt(message.session);
      return;
    case 'signedOut':
      inflight = null;
      onRemoteSignOut();
      return;
  }
}

/** Another tab's newer sign-in object for this session replaces this tab's. */
function adopt(incoming: Session): void {
  const orgBefore = selectedOrgId(current);
  const { ended: _ended, ...next } = incoming;
  publish(next);
  if (selectedOrgId(next) !== orgBefore) onRemoteOrgChange(next);
}

/**
 * Resolves once the messages other tabs posted before now have been handled here: a marker sent through a
 * second channel object arrives after them. (A tab that refreshed announces before it releases the lock, but
 * the lock may reach the next tab before the announcement does.)
 */
function channelFlushed(): Promise<void> {
  if (!channel) return Promise.resolve();
  return new Promise((resolve) => {
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    let probe: BroadcastChannel | null = null;
    const done = () => {
      clearTimeout(guard);
      flushes.delete(id);
      probe?.close();
      resolve();
    };
    const guard = setTimeout(done, FLUSH_TIMEOUT_MS);
    flushes.set(id, done);
    try {
      probe = new BroadcastChannel(CHANNEL_NAME);
      probe.postMessage({ type: 'flush', id } satisfies SessionMessage);
    } catch {
      done();
    }
  });
}

/** Lets the other tabs' news arrive: their answers to a fresh tab's query, and anything already sent. */
async function othersHeard(): Promise<void> {
  const left = queriedUntil - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  await channelFlushed();
}

/** Runs the refresh under the cross-tab lock where the browser has one; with the in-tab single flight only otherwise. */
function withRefreshLock(task: () => Promise<Session>): Promise<Session> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return task();
  return new Promise<Session>((resolve, reject) => {
    let started = false;
    locks
      .request(LOCK_NAME, async () => {
        started = true;
        await task().then(resolve, reject);
      })
      .catch((e: unknown) => {
        if (started) reject(e);
        // Locks refused (a sandboxed frame): go on without.
        else task().then(resolve, reject);
      });
  });
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the client does when a timed refresh fails (toast, redirect); wired by `app/wiring.ts`. */
export function setBackgroundFailureHandler(handler: SessionHandlers['backgroundFailure']): void {
  onBackgroundFailure = handler;
}

/** What a tab does when another tab of its session logged out; wired by `app/wiring.ts`. */
export function setRemoteSignOutHandler(handler: SessionHandlers['remoteSignOut']): void {
  onRemoteSignOut = handler;
}

/** What a tab does when another tab of its session switched organization; wired by `app/wiring.ts`. */
export function setRemoteOrgChangeHandler(handler: SessionHandlers['remoteOrgChange']): void {
  onRemoteOrgChange = handler;
}

/** Stores a sign-in object; `share` hands it to the other tabs of its session (new tokens of the same session). */
export function startSession(signIn: SignIn, opts: { share?: boolean } = {}): Session {
  const session: Session = { ...signIn, expiresAt: Date.now() + signIn.expiresIn * 1000 };
  publish(session);
  const sid = sessionIdOf(session.refreshToken);
  if (opts.share && sid) announce({ type: 'refreshed', sid, session });
  return session;
}

/** Tells the other tabs of an ended session (logout) to sign out too. */
export function announceSignOut(ended: Session): void {
  const sid = sessionIdOf(ended.refreshToken);
  if (sid) announce({ type: 'signedOut', sid });
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

async function refreshFrom(from: Session): Promise<Session> {
  await othersHeard();
  const plan = planRefresh(from, current, Date.now(), REFRESH_AHEAD_MS);
  if (plan.kind === 'gone') throw new Error('session changed');
  if (plan.kind === 'adopt') return plan.session;
  const signIn = (await post('auth.refreshToken', { refreshToken: plan.refreshToken }, null)) as SignIn;
  // A sign-out while the refresh ran wins over its answer.
  if (current?.refreshToken !== plan.refreshToken) throw new Error('session changed');
  return startSession(signIn, { share: true });
}

/**
 * Rotates the refresh token; concurrent callers in the tab get the same promise. Under the cross-tab lock it
 * first takes in what other tabs of the session announced, and skips the refresh when one of them already did it.
 */
export function refreshSession(): Promise<Session> {
  if (inflight) return inflight;
  const from = current;
  if (!from) return Promise.reject(new Error('no session'));
  const run: Promise<Session> = withRefreshLock(() => refreshFrom(from)).finally(() => {
    if (inflight === run) inflight = null;
  });
  inflight = run;
  return run;
}

/** The access token to send, refreshed first when it is about to expire. */
export async function freshAccessToken(): Promise<string | null> {
  if (!current || current.ended) return current?.accessToken ?? null;
  if (current.expiresAt - Date.now() > REFRESH_AHEAD_MS) return current.accessToken;
  const s = await refreshSession();
  return s.accessToken;
}

// A reloaded tab may hold tokens that another tab has rotated since: ask the others for newer ones. A tab opened
// without a session asks the open tabs for theirs.
{
  const sid = sessionIdOf(current?.refreshToken);
  if (channel && sid && !current?.ended) {
    queriedUntil = Date.now() + STARTUP_QUERY_MS;
    announce({ type: 'query', sid });
  } else if (channel && !current) {
    welcomeUntil = Date.now() + HELLO_MS;
    announce({ type: 'hello' });
  }
}

/** Resolves once an open tab has handed this new tab its session, or none did in time (at most HELLO_MS). */
export function sessionFromOtherTabs(): Promise<void> {
  return new Promise((resolve) => {
    const left = welcomeUntil - Date.now();
    if (current || left <= 0) {
      resolve();
      return;
    }
    const arrived = () => {
      if (current) done();
    };
    const timeout = setTimeout(() => done(), left);
    function done() {
      clearTimeout(timeout);
      listeners.delete(arrived);
      resolve();
    }
    listeners.add(arrived);
  });
}
schedule();
