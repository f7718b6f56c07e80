/**
 * `npm test`: builds the web app (the browser tests use it), runs every suite with vitest, and closes with
 * the line `N passed, N failed` summed over all of them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { CHROMIUM_MISSING, findChromium } from './support/chromium';
import { totals, type VitestJsonReport } from './support/vitestReport';

const env = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' };
const args = process.argv.slice(2);

// Without Chromium every browser file would fail late and one by one; say so before spending minutes on the build.
if (!findChromium()) {
  console.error(CHROMIUM_MISSING);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!process.env.HERALD_SKIP_WEB_BUILD) {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit', env });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
// A report left by an earlier run must not stand in for a run that crashed before writing one.
rmSync(report, { force: true });
const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
  stdio: 'inherit',
  env,
});

const counted = existsSync(report) ? totals(JSON.parse(readFileSync(report, 'utf8')) as VitestJsonReport) : { passed: 0, failed: 0 };
const failed = run.status !== 0 && counted.failed === 0 ? 1 : counted.failed;
console.log(`${counted.passed} passed, ${failed} failed`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
