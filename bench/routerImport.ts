/**
 * The router Lambda's cold import: bundles functions/api/lambda.ts as the API stack does (infra/lambdaBundling.ts)
 * and times `await import(bundle)` in fresh Node processes. The bundle sits under node_modules/.cache so its
 * external packages (argon2, and the PDF libraries the Lambda has beside its bundle) resolve from the repository's
 * node_modules, as they do from the Lambda's own.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { LAMBDA_BUNDLING } from '../infra/lambdaBundling';

const ROOT = resolve(import.meta.dirname, '..');

export async function buildRouterBundle(): Promise<string> {
  const outdir = join(ROOT, 'node_modules/.cache/herald-bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, 'router.mjs');
  await build({
    entryPoints: [join(ROOT, 'functions/api/lambda.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: LAMBDA_BUNDLING.format,
    target: LAMBDA_BUNDLING.target,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    external: [...LAMBDA_BUNDLING.external],
    minify: LAMBDA_BUNDLING.minify,
    logLevel: 'error',
  });
  return outfile;
}

/**
 * Milliseconds `await import(bundle)` takes in each of `runs` fresh processes: wall time, and the process's CPU
 * time over the import (which a machine busy with other work inflates less).
 */
export function timeColdImports(bundle: string, runs: number): { wall: number; cpu: number }[] {
  const script = [
    'const t = performance.now();',
    'const c = process.cpuUsage();',
    `await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
    'const { user, system } = process.cpuUsage(c);',
    'console.log(JSON.stringify({ wall: performance.now() - t, cpu: (user + system) / 1000 }));',
  ].join(' ');
  const times = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      encoding: 'utf8',
    });
    times.push(JSON.parse(out.trim().split('\n').pop()!) as { wall: number; cpu: number });
  }
  return times;
}

/** The bundle file's size in bytes (what the Lambda reads and parses at a cold start). */
export function bundleBytes(bundle: string): number {
  return statSync(bundle).size;
}

// `npx tsx bench/routerImport.ts`: the router's figures alone, without bench/api.ts's server runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bundle = await buildRouterBundle();
  const times = timeColdImports(bundle, 5);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`router bundle: ${bundleBytes(bundle)} bytes (${(bundleBytes(bundle) / 1024 / 1024).toFixed(2)} MB)`);
  console.log(`router bundle cold import: median ${median(times.map((t) => t.wall)).toFixed(0)} ms wall of 5, ${median(times.map((t) => t.cpu)).toFixed(0)} ms CPU`);
}
