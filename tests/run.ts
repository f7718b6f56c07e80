/**
 * `npm test`: builds the web app (the browser tests use it), runs every suite with vitest, and closes with
 * the line `N passed, N failed` summed over all of them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const env = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' };
const args = process.argv.slice(2);

if (!process.env.HERALD_SKIP_WEB_BUILD) {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit', env });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
  stdio: 'inherit',
  env,
});

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number };
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numFailedTests === 0 ? r.numFailedTestSuites : 0);
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
