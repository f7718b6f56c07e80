/**
 * `npm start`'s first step: builds the web app only when its sources changed since the last build, so a restart
 * with nothing changed is ready in seconds instead of waiting for Vite. The sources are the web folder, the
 * shared code the web app imports, and the lock file; the build's index.html is the stamp.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const STAMP = join(ROOT, 'web/dist/index.html');
const SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'shared', 'package-lock.json'];

/** The newest modification time under a path (a file or a folder), and that file. */
function newest(path: string): { at: number; file: string } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { at: stat.mtimeMs, file: path };
  let best = { at: 0, file: path };
  for (const name of readdirSync(path)) {
    const found = newest(join(path, name));
    if (found.at > best.at) best = found;
  }
  return best;
}

export function webBuildReason(): string | null {
  if (!existsSync(STAMP)) return 'no build yet';
  const built = statSync(STAMP).mtimeMs;
  for (const source of SOURCES) {
    const path = join(ROOT, source);
    if (!existsSync(path)) continue;
    const found = newest(path);
    if (found.at > built) return `${found.file.slice(ROOT.length + 1)} changed`;
  }
  return null;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const reason = webBuildReason();
  if (reason === null) {
    console.log('Web app: up to date, not rebuilt.');
  } else {
    console.log(`Web app: building (${reason})...`);
    const run = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
}
