/**
 * Bundle size after `vite build`: the JavaScript a browser loads before the login route can render (the entry
 * chunk plus its static imports, then the login page's chunk and its static imports), gzip-compressed, and the
 * total of all JavaScript. Reads web/dist/.vite/manifest.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

const LOGIN_ROUTE_BUDGET = 200 * 1024;
const dist = resolve(import.meta.dirname, '../web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No web/dist/.vite/manifest.json: run `npm run build:web` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let s = gzipCache.get(file);
  if (!s) {
    const bytes = readFileSync(join(dist, file));
    s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, s);
  }
  return s;
}

/** A chunk and everything it imports statically (what loads before it can run). */
function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
    into.add(key);
    staticClosure(chunk.imports ?? [], into);
  }
  return into;
}

function total(keys: Iterable<string>) {
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
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('The manifest names no entry chunk.');
const loginKey = Object.keys(manifest).find((k) => manifest[k].src?.endsWith('pages/auth/LoginPage.tsx'));
if (!loginKey) throw new Error('The manifest has no chunk for pages/auth/LoginPage.tsx.');

const entry = staticClosure([entryKey]);
const loginRoute = staticClosure([loginKey], new Set(entry));
const entrySize = total(entry);
const loginSize = total(loginRoute);

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
const cssGzip = [...cssFiles].reduce((n, f) => n + sizeOf(f).gzip, 0);

console.log(`entry chunk + static imports: ${entry.size} chunks, ${entrySize.gzip} bytes gzip (${kb(entrySize.gzip)}; ${kb(entrySize.raw)} raw)`);
console.log(`login route initial JS: ${loginRoute.size} chunks, ${loginSize.gzip} bytes gzip (${kb(loginSize.gzip)}; ${kb(loginSize.raw)} raw)`);
console.log(`login route CSS: ${cssGzip} bytes gzip (${kb(cssGzip)})`);
console.log(`total JS: ${allJs.size} files, ${allGzip} bytes gzip (${kb(allGzip)}; ${kb(allRaw)} raw)`);
const within = loginSize.gzip <= LOGIN_ROUTE_BUDGET;
console.log(`login route budget ${kb(LOGIN_ROUTE_BUDGET)} gzip: ${within ? 'within' : 'OVER'}`);
if (!within) process.exitCode = 1;
