/**
 * Tabs of one session (a duplicated tab copies sessionStorage) against a server whose refresh tokens are
 * single-use with reuse detection: each tab is its own instance of the session module, and they talk over a real
 * BroadcastChannel (Node has one).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignIn } from '../../../shared/services';
import type { Session } from './sessionTypes';
import { testSignIn } from './testSignIn';

type Tab = typeof import('./session');

const server = vi.hoisted(() => {
  const state = { current: new Map<string, number>(), revoked: new Set<string>(), refreshes: 0 };
  return {
    state,
    signIn: null as unknown as (sid: string, n: number, expiresIn: number, orgId?: number) => SignIn,
    /** auth.refreshToken with rotation and reuse detection, as functions/services/auth/session.ts does it */
    async post(service: string, payload: { refreshToken: string }): Promise<SignIn> {
      if (service !== 'auth.refreshToken') throw new Error(`unexpected ${service}`);
      const [sid, n] = payload.refreshToken.split('.');
      await new Promise((r) => setTimeout(r, 15));
      if (state.revoked.has(sid)) throw new Error('710004');
      if (state.current.get(sid) !== Number(n)) {
        state.revoked.add(sid);
        throw new Error('710004');
      }
      state.refreshes++;
      state.current.set(sid, Number(n) + 1);
      return this.signIn(sid, Number(n) + 1, 900);
    },
  };
});

vi.mock('./transport', () => ({ post: (service: string, payload: { refreshToken: string }) => server.post(service, payload) }));

server.signIn = (sid, n, expiresIn, orgId = 1) => testSignIn({ accessToken: `access-${sid}-${n}`, refreshToken: `${sid}.${n}`, expiresIn, orgIds: [1, 2], selectedOrg: orgId });

/** Web Locks as the browser grants them: one holder at a time, in request order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name: string, callback: () => Promise<unknown>) {
      const run = tail.then(() => callback());
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const tabs: Tab[] = [];
let sessionCounter = 0;

/** A new tab: a fresh module instance, optionally with a sign-in object already in its sessionStorage. */
async function openTab(stored?: Session): Promise<Tab> {
  vi.resetModules();
  vi.stubGlobal('sessionStorage', memoryStorage(stored ? { 'herald.auth': JSON.stringify(stored) } : {}));
  const tab = await import('./session');
  tabs.push(tab);
  return tab;
}

/** A session the server knows, at token number 1. */
function newSession(): string {
  const sid = `S${++sessionCounter}x${Date.now().toString(36)}`;
  server.state.current.set(sid, 1);
  return sid;
}

beforeEach(() => {
  server.state.refreshes = 0;
});

afterEach(() => {
  for (const tab of tabs.splice(0)) {
    tab.setRemoteSignOutHandler(() => undefined);
    tab.clearSession();
  }
  vi.unstubAllGlobals();
});

describe('tabs sharing a session', () => {
  it('refresh an expiring token once between them under the lock, and both go on with the new one', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const sid = newSession();
    const [a, b] = [await openTab(), await openTab()];
    // Both hold the same sign-in object, 30 s from expiry: their timers refresh at once.
    a.startSession(server.signIn(sid, 1, 30));
    b.startSession(server.signIn(sid, 1, 30));
    await vi.waitFor(() => expect([a.getSession()?.refreshToken, b.getSession()?.refreshToken]).toEqual([`${sid}.2`, `${sid}.2`]));
    await new Promise((r) => setTimeout(r, 100));

    expect(server.state.refreshes).toBe(1);
    expect(server.state.revoked.has(sid)).toBe(false);
    expect(await Promise.all([a.freshAccessToken(), b.freshAccessToken()])).toEqual([`access-${sid}-2`, `access-${sid}-2`]);
    // A forced refresh later uses the newest token, whichever tab makes it.
    await b.refreshSession();
    await vi.waitFor(() => expect(a.getSession()?.refreshToken).toBe(`${sid}.3`));
    expect(server.state.revoked.has(sid)).toBe(false);
  });

  it('many callers in both tabs at once still make one refresh', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const sid = newSession();
    const [a, b] = [await openTab(), await openTab()];
    a.startSession(server.signIn(sid, 1, 900));
    b.startSession(server.signIn(sid, 1, 900));
    const results = await Promise.all([a.refreshSession(), b.refreshSession(), a.refreshSession(), b.refreshSession()]);
    expect(new Set(results.map((s) => s.refreshToken))).toEqual(new Set([`${sid}.2`]));
    expect(server.state.refreshes).toBe(1);
    expect(server.state.revoked.has(sid)).toBe(false);
  });

  it('without Web Locks, a tab takes the announced tokens instead of refreshing itself', async () => {
    const sid = newSession();
    const [a, b] = [await openTab(), await openTab()];
    a.startSession(server.signIn(sid, 1, 900));
    b.startSession(server.signIn(sid, 1, 900));
    await a.refreshSession();
    await vi.waitFor(() => expect(b.getSession()?.refreshToken).toBe(`${sid}.2`));
    expect(await b.freshAccessToken()).toBe(`access-${sid}-2`);
    await b.refreshSession();
    expect(server.state.refreshes).toBe(2);
    expect(server.state.revoked.has(sid)).toBe(false);
  });

  it('a reloaded tab with an old stored token asks the others before refreshing', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const sid = newSession();
    const a = await openTab();
    const old = a.startSession(server.signIn(sid, 1, 30));
    await vi.waitFor(() => expect(a.getSession()?.refreshToken).toBe(`${sid}.2`));

    // The stale tab wakes up with token 1 (already used) about to expire: it must not present it.
    const b = await openTab(old);
    await vi.waitFor(() => expect(b.getSession()?.refreshToken).toBe(`${sid}.2`));
    await new Promise((r) => setTimeout(r, 300));
    expect(server.state.refreshes).toBe(1);
    expect(server.state.revoked.has(sid)).toBe(false);
  });

  it('a logout signs out the other tabs of that session, and only those', async () => {
    const [sid, other] = [newSession(), newSession()];
    const [a, b, c] = [await openTab(), await openTab(), await openTab()];
    const handlers = [vi.fn(), vi.fn(), vi.fn()];
    for (const [i, tab] of [a, b, c].entries()) tab.setRemoteSignOutHandler(handlers[i]);
    const mine = a.startSession(server.signIn(sid, 1, 900));
    b.startSession(server.signIn(sid, 1, 900));
    c.startSession(server.signIn(other, 1, 900));

    a.clearSession();
    a.announceSignOut(mine);
    await vi.waitFor(() => expect(handlers[1]).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(handlers[0]).not.toHaveBeenCalled();
    expect(handlers[2]).not.toHaveBeenCalled();
  });

  it('without a handler, a remote logout clears the session', async () => {
    const sid = newSession();
    const [a, b] = [await openTab(), await openTab()];
    const mine = a.startSession(server.signIn(sid, 1, 900));
    b.startSession(server.signIn(sid, 1, 900));
    a.announceSignOut(mine);
    await vi.waitFor(() => expect(b.getSession()).toBeNull());
  });

  it('an organization switch in one tab moves the other tab to it', async () => {
    const sid = newSession();
    const [a, b] = [await openTab(), await openTab()];
    const followed = vi.fn();
    b.setRemoteOrgChangeHandler(followed);
    a.startSession(server.signIn(sid, 1, 900));
    b.startSession(server.signIn(sid, 1, 900));
    a.startSession(server.signIn(sid, 2, 900, 2), { share: true });
    await vi.waitFor(() => expect(followed).toHaveBeenCalledTimes(1));
    expect(b.getSession()?.refreshToken).toBe(`${sid}.2`);
    expect(followed.mock.calls[0][0].userdetails.organizations.find((o: { isSelected: boolean }) => o.isSelected).id).toBe(2);
  });
});
