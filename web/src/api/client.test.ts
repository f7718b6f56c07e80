/** The client re-reads every answer with the catalogue's schema and refuses one that breaks it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError';

vi.mock('./transport', () => ({ post: vi.fn() }));
vi.mock('./errorHandler', () => ({ handleApiError: vi.fn() }));
const { post } = await import('./transport');
const { call } = await import('./client');

afterEach(() => vi.mocked(post).mockReset());

describe('call', () => {
  it('answers what the schema reads, dropping fields it does not name', async () => {
    vi.mocked(post).mockResolvedValue({ version: '4.1.0', upToDate: true, passwordHash: 'x' });
    expect(await call('auth.checkVersion', { version: '4.1.0' })).toEqual({ version: '4.1.0', upToDate: true });
  });

  it('refuses an answer that breaks its schema instead of using it', async () => {
    vi.mocked(post).mockResolvedValue({ version: 41 });
    const failure = call('auth.checkVersion', { version: '4.1.0' }, { quiet: true });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: '400000' });
  });
});
