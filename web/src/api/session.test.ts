/** The refresh token is single-use: concurrent callers must share one refresh. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignIn } from '../../../shared/services';
import { testSignIn } from './testSignIn';

vi.mock('./transport', () => ({ post: vi.fn() }));
const { post } = await import('./transport');
const session = await import('./session');

function signIn(n: number, expiresIn: number): SignIn {
  return testSignIn({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn });
}

const later = <T>(value: T, ms = 20) => new Promise<T>((r) => setTimeout(() => r(value), ms));

afterEach(() => {
  session.clearSession();
  vi.mocked(post).mockReset();
});

describe('session refresh', () => {
  it('uses the stored token while it is far from expiry', async () => {
    session.startSession(signIn(1, 900));
    expect(await session.freshAccessToken()).toBe('access-1');
    expect(post).not.toHaveBeenCalled();
  });

  it('refreshes a token about to expire once, however many calls wait for it', async () => {
    vi.mocked(post).mockImplementation(() => later(signIn(2, 900)));
    session.startSession(signIn(1, 30));
    const tokens = await Promise.all([session.freshAccessToken(), session.freshAccessToken(), session.freshAccessToken()]);
    expect(tokens).toEqual(['access-2', 'access-2', 'access-2']);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('auth.refreshToken', { refreshToken: 'refresh-1' }, null);
    expect(session.getSession()?.refreshToken).toBe('refresh-2');
  });

  it('drops a refresh answer that arrives after sign-out', async () => {
    vi.mocked(post).mockImplementation(() => later(signIn(2, 900)));
    session.startSession(signIn(1, 30));
    const pending = session.refreshSession();
    session.clearSession();
    await expect(pending).rejects.toThrow();
    expect(session.getSession()).toBeNull();
  });

  it('reports a failed timed refresh to the handler', async () => {
    const failure = new Error('710004');
    vi.mocked(post).mockImplementation(() => Promise.reject(failure));
    const handler = vi.fn();
    session.setBackgroundFailureHandler(handler);
    session.startSession(signIn(1, 30));
    await vi.waitFor(() => expect(handler).toHaveBeenCalledWith(failure));
  });

  it('an ended session is no valid login', () => {
    session.startSession(signIn(1, 900));
    expect(session.hasLogin()).toBe(true);
    session.markSessionEnded('600005');
    expect(session.hasLogin()).toBe(false);
  });
});
