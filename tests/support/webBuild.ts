/**
 * The portal's production build for tests that read it: web/dist when `npm test` (or `npm run build:web`) built
 * it, else a build of its own in a temporary folder, removed by `cleanup`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const WEB = resolve(import.meta.dirname, '../../web');

export async function buildInto(dir: string): Promise<void> {
  // as `npm run build:web` does: vitest's NODE_ENV=test would give React's development build
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(WEB, 'vite.config.ts'), mode: 'production', build: { outDir: dir, emptyOutDir: true }, logLevel: 'silent' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** The folder of a built portal, and how to remove it when the test built its own. */
export async function builtPortal(): Promise<{ dir: string; cleanup: () => void }> {
  const dist = join(WEB, 'dist');
  if (existsSync(join(dist, '.vite/manifest.json'))) return { dir: dist, cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'herald-web-'));
  await buildInto(dir);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
