import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from './constants';
import { ChunkLoadError, withChunkTimeout } from './lazyPage';

afterEach(() => {
  vi.useRealTimers();
});

describe('withChunkTimeout', () => {
  it('gives up on a chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(new Promise(() => undefined));
    const outcome = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a loaded chunk through', async () => {
    await expect(withChunkTimeout(Promise.resolve('page'))).resolves.toBe('page');
  });

  it('turns a failed download into a ChunkLoadError', async () => {
    const error = await withChunkTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.reason).toBe('failed');
  });
});
