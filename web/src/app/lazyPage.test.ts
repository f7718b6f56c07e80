import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './lazyPage';

afterEach(() => {
  vi.useRealTimers();
});

describe('withChunkTimeout', () => {
  it('gives up on a chunk that has not arrived after 120 s (spec 000 section 8), not before', async () => {
    vi.useFakeTimers();
    let settled: unknown;
    withChunkTimeout(new Promise(() => undefined)).catch((e) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' });
  });

  it('leaves a chunk that arrives in time alone', async () => {
    vi.useFakeTimers();
    let resolve!: (v: string) => void;
    const pending = withChunkTimeout(new Promise<string>((r) => (resolve = r)), 1_000);
    await vi.advanceTimersByTimeAsync(999);
    resolve('page');
    await vi.advanceTimersByTimeAsync(10);
    await expect(pending).resolves.toBe('page');
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
