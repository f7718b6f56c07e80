/** Pages load as their own chunks; one that has not arrived within 120 s (spec 000 section 8) counts as failed. */
import { type ComponentType, lazy } from 'react';
import { CHUNK_TIMEOUT_MS } from './constants';

export class ChunkLoadError extends Error {
  constructor(readonly reason: 'timeout' | 'failed') {
    super(reason === 'timeout' ? 'The page took too long to load.' : 'The page could not be loaded.');
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    load.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed'));
      },
    );
  });
}

// biome-ignore lint/suspicious/noExplicitAny: pages differ in props; one lazy wrapper takes any page component
export type PageModule = { default: ComponentType<any> };

export function lazyPage(load: () => Promise<PageModule>) {
  const Page = lazy(() => withChunkTimeout(load()));
  return Object.assign(Page, { preload: load });
}
