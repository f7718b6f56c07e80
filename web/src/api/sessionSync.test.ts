/** The pure parts of sharing one session between tabs: session ids, messages, adopting, and the refresh plan. */
import { describe, expect, it } from 'vitest';
import type { Session } from './sessionTypes';
import { testSignIn } from './testSignIn';
import { isForSession, parseSessionMessage, planRefresh, selectedOrgId, sessionIdOf, shouldAdopt } from './sessionSync';

const AHEAD = 60_000;
const NOW = 1_700_000_000_000;

function session(refreshToken: string, expiresAt: number, extra: Partial<Session> = {}): Session {
  return { ...testSignIn({ accessToken: `access-${refreshToken}`, refreshToken, expiresIn: 900, orgIds: [1] }), expiresAt, ...extra };
}

describe('sessionIdOf', () => {
  it('is the refresh token before the dot', () => {
    expect(sessionIdOf('abc123.secret')).toBe('abc123');
    expect(sessionIdOf('abc.def.ghi')).toBe('abc');
  });
  it('is null without one', () => {
    expect(sessionIdOf('nodot')).toBeNull();
    expect(sessionIdOf('.secret')).toBeNull();
    expect(sessionIdOf('')).toBeNull();
    expect(sessionIdOf(undefined)).toBeNull();
  });
});

describe('parseSessionMessage', () => {
  const s = session('S1.b', NOW);
  it('reads the four kinds', () => {
    expect(parseSessionMessage({ type: 'refreshed', sid: 'S1', session: s })).toEqual({ type: 'refreshed', sid: 'S1', session: s });
    expect(parseSessionMessage({ type: 'signedOut', sid: 'S1' })).toEqual({ type: 'signedOut', sid: 'S1' });
    expect(parseSessionMessage({ type: 'query', sid: 'S1' })).toEqual({ type: 'query', sid: 'S1' });
    expect(parseSessionMessage({ type: 'flush', id: 'x' })).toEqual({ type: 'flush', id: 'x' });
  });
  it('refuses anything else', () => {
    expect(parseSessionMessage(null)).toBeNull();
    expect(parseSessionMessage('signedOut')).toBeNull();
    expect(parseSessionMessage({ type: 'signedOut' })).toBeNull();
    expect(parseSessionMessage({ type: 'signedOut', sid: '' })).toBeNull();
    expect(parseSessionMessage({ type: 'other', sid: 'S1' })).toBeNull();
    expect(parseSessionMessage({ type: 'refreshed', sid: 'S1', session: { refreshToken: 'S1.b' } })).toBeNull();
    // a sign-in object of another session under this session's id
    expect(parseSessionMessage({ type: 'refreshed', sid: 'S2', session: s })).toBeNull();
  });
  it('knows whose session a message is about', () => {
    expect(isForSession({ type: 'signedOut', sid: 'S1' }, s)).toBe(true);
    expect(isForSession({ type: 'signedOut', sid: 'S2' }, s)).toBe(false);
    expect(isForSession({ type: 'signedOut', sid: 'S1' }, null)).toBe(false);
    expect(isForSession({ type: 'flush', id: 'x' }, s)).toBe(false);
  });
});

describe('shouldAdopt', () => {
  const mine = session('S1.a', NOW + 30_000);
  it('takes a newer sign-in object of the same session', () => {
    expect(shouldAdopt(mine, session('S1.b', NOW + 900_000))).toBe(true);
  });
  it('ignores the same token, an older one, and another session', () => {
    expect(shouldAdopt(mine, session('S1.a', NOW + 900_000))).toBe(false);
    expect(shouldAdopt(mine, session('S1.z', NOW + 10_000))).toBe(false);
    expect(shouldAdopt(mine, session('S2.b', NOW + 900_000))).toBe(false);
  });
  it('not when signed out or the session ended', () => {
    expect(shouldAdopt(null, session('S1.b', NOW + 900_000))).toBe(false);
    expect(shouldAdopt({ ...mine, ended: '600005' }, session('S1.b', NOW + 900_000))).toBe(false);
  });
});

describe('planRefresh', () => {
  const from = session('S1.a', NOW + 30_000);
  it('refreshes with the token it was asked for when nothing changed', () => {
    expect(planRefresh(from, from, NOW, AHEAD)).toEqual({ kind: 'refresh', refreshToken: 'S1.a' });
  });
  it('still refreshes a fresh token nobody rotated (the server said it expired)', () => {
    const fresh = session('S1.a', NOW + 900_000);
    expect(planRefresh(fresh, fresh, NOW, AHEAD)).toEqual({ kind: 'refresh', refreshToken: 'S1.a' });
  });
  it('takes a fresh sign-in object another tab got meanwhile', () => {
    const latest = session('S1.b', NOW + 900_000);
    expect(planRefresh(from, latest, NOW, AHEAD)).toEqual({ kind: 'adopt', session: latest });
  });
  it('refreshes with the newest token when that one is about to expire too', () => {
    expect(planRefresh(from, session('S1.b', NOW + 50_000), NOW, AHEAD)).toEqual({ kind: 'refresh', refreshToken: 'S1.b' });
  });
  it('gives up after a sign-out or a new sign-in', () => {
    expect(planRefresh(from, null, NOW, AHEAD)).toEqual({ kind: 'gone' });
    expect(planRefresh(from, session('S2.a', NOW + 900_000), NOW, AHEAD)).toEqual({ kind: 'gone' });
  });
});

it('selectedOrgId reads the selected organization', () => {
  expect(selectedOrgId(session('S1.a', NOW))).toBe(1);
  expect(selectedOrgId(null)).toBeNull();
});
