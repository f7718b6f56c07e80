/**
 * `npm start` builds the web app only when its sources changed since the last build, so a restart with nothing changed
 * is ready in seconds instead of waiting for Vite; a build runs while the stand-ins boot.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { stopWithThisProcess } from './orphanGuard';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'shared', 'package-lock.json'];
const STAMP = 'web/dist/index.html';
/** Vite never reads tests, and other people's test edits must not cost a rebuild. */
const NOT_READ_BY_VITE = /\.test\.tsx?$/;

function newest(path: string): { at: number; file: string } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { at: NOT_READ_BY_VITE.test(path) ? 0 : stat.mtimeMs, file: path };
  let best = { at: 0, file: path };
  for (const name of readdirSync(path)) {
    const found = newest(join(path, name));
    if (found.at > best.at) best = found;
  }
  return best;
}

/** Why the web app must be built, or null when the last build is newer than every source. */
export function webBuildReason(root = ROOT): string | null {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp)) return 'no build yet';
  const built = statSync(stamp).mtimeMs;
  for (const source of SOURCES) {
    const path = join(root, source);
    if (!existsSync(path)) continue;
    const found = newest(path);
    if (found.at > built) return `${relative(root, found.file)} changed`;
  }
  return null;
}

export interface WebBuild {
  /** settles when the build is over (at once when none was needed); rejects when it failed */
  done: Promise<void>;
  stop(): void;
}

export function buildWebIfChanged(env: NodeJS.ProcessEnv = process.env): WebBuild {
  const nothing: WebBuild = { done: Promise.resolve(), stop: () => undefined };
  if (env.HERALD_SKIP_WEB_BUILD) {
    console.log('Web app: not checked (HERALD_SKIP_WEB_BUILD is set).');
    return nothing;
  }
  const reason = webBuildReason();
  if (reason === null) {
    console.log('Web app: up to date, not rebuilt.');
    return nothing;
  }
  console.log(`Web app: building (${reason})...`);
  const began = new Date();
  const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  const vite = spawn(process.execPath, [viteBin, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  stopWithThisProcess(vite);
  const done = new Promise<void>((resolve, reject) => {
    vite.once('error', reject);
    vite.once('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`Web app: the build failed (${signal ?? `exit code ${code}`}).`));
      // Stamped with the time the build began: a source saved during the build makes the next start build again.
      utimesSync(join(ROOT, STAMP), began, began);
      console.log(`Web app: built in ${((Date.now() - began.getTime()) / 1000).toFixed(1)} s.`);
      resolve();
    });
  });
  return { done, stop: () => void (vite.exitCode === null && vite.signalCode === null && vite.kill('SIGTERM')) };
}
