/**
 * Bundle size after `vite build`: the JavaScript a browser loads before the login route can render (the entry
 * chunk plus its static imports, then the sign-in entry's chunk and its static imports), gzip-compressed, and the
 * total of all JavaScript. Reads web/dist/.vite/manifest.json (or the manifest of the build folder given).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What the login route may load, gzip (issue 22: at most 120 KB). A fresh load of /login renders the form with
 * React alone (web/src/app/signInApp.tsx): React and React DOM (67 KB) and i18next (18 KB) are most of it; the data
 * router, the route table and the shell load after sign-in (155 KB before, 112 KB after).
 */
export const LOGIN_ROUTE_BUDGET = 115 * 1024;

export interface Size {
  raw: number;
  gzip: number;
}

export interface BundleSizes {
  entry: Size & { chunks: number };
  loginRoute: Size & { chunks: number; files: string[] };
  loginCssGzip: number;
  all: Size & { files: number };
}

/** The sizes of the build in `dist` (the folder `vite build` wrote, with its .vite/manifest.json). */
export function measureBundle(dist: string): BundleSizes {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

  const gzipCache = new Map<string, Size>();
  const sizeOf = (file: string) => {
    let s = gzipCache.get(file);
    if (!s) {
      const bytes = readFileSync(join(dist, file));
      s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      gzipCache.set(file, s);
    }
    return s;
  };

  /** A chunk and everything it imports statically (what loads before it can run). */
  const staticClosure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
      into.add(key);
      staticClosure(chunk.imports ?? [], into);
    }
    return into;
  };

  const total = (keys: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const key of keys) {
      const file = manifest[key].file;
      if (!file.endsWith('.js')) continue;
      const s = sizeOf(file);
      raw += s.raw;
      gzip += s.gzip;
    }
    return { raw, gzip };
  };

  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].src?.endsWith('index.html'));
  if (!entryKey) throw new Error('The manifest names no entry chunk.');
  const loginKey = Object.keys(manifest).find((k) => manifest[k].src?.endsWith('app/signInApp.tsx'));
  if (!loginKey) throw new Error('The manifest has no chunk for app/signInApp.tsx.');

  const entry = staticClosure([entryKey]);
  const loginRoute = staticClosure([loginKey], new Set(entry));

  const allJs = new Set<string>();
  let allRaw = 0;
  let allGzip = 0;
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js') || allJs.has(chunk.file)) continue;
    allJs.add(chunk.file);
    const s = sizeOf(chunk.file);
    allRaw += s.raw;
    allGzip += s.gzip;
  }
  const cssFiles = new Set([...loginRoute].flatMap((k) => manifest[k].css ?? []));
  return {
    entry: { chunks: entry.size, ...total(entry) },
    loginRoute: { chunks: loginRoute.size, files: [...loginRoute].map((k) => manifest[k].file), ...total(loginRoute) },
    loginCssGzip: [...cssFiles].reduce((n, f) => n + sizeOf(f).gzip, 0),
    all: { files: allJs.size, raw: allRaw, gzip: allGzip },
  };
}

// `npx tsx bench/bundle.ts` (after `npm run build:web`)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = resolve(import.meta.dirname, '../web/dist');
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    console.error('No web/dist/.vite/manifest.json: run `npm run build:web` first.');
    process.exit(1);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const { entry, loginRoute, loginCssGzip, all } = measureBundle(dist);
  console.log(`entry chunk + static imports: ${entry.chunks} chunks, ${entry.gzip} bytes gzip (${kb(entry.gzip)}; ${kb(entry.raw)} raw)`);
  console.log(`login route initial JS: ${loginRoute.chunks} chunks, ${loginRoute.gzip} bytes gzip (${kb(loginRoute.gzip)}; ${kb(loginRoute.raw)} raw)`);
  console.log(`login route CSS: ${loginCssGzip} bytes gzip (${kb(loginCssGzip)})`);
  console.log(`total JS: ${all.files} files, ${all.gzip} bytes gzip (${kb(all.gzip)}; ${kb(all.raw)} raw)`);
  const within = loginRoute.gzip <= LOGIN_ROUTE_BUDGET;
  console.log(`login route budget ${kb(LOGIN_ROUTE_BUDGET)} gzip: ${within ? 'within' : 'OVER'}`);
  if (!within) process.exitCode = 1;
}
