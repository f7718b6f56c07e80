import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './tests/support/workers';

// The stand-ins start in this process (globalSetup); keep the SDK's Node-version notice out of the output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// The tests' JVMs (DynamoDB Local, here and under a spawned `npm start`) live minutes: the optimizing compiler's
// work cost more than it saved (three heavy API files: 68 CPU s of DynamoDB Local against 36 with the quick one
// alone; the whole API suite about 55 s less), added to any JDK_JAVA_OPTIONS the developer set.
process.env.JDK_JAVA_OPTIONS = [process.env.JDK_JAVA_OPTIONS, '-XX:TieredStopAtLevel=1'].filter(Boolean).join(' ');

/** Options both projects run with (a project does not take them from the root config). */
const common = {
  pool: 'forks' as const,
  // Node in the test processes: a young generation four times the default, collected on the main thread. A test
  // process allocates fast and briefly (requests, SDK calls, a Herald's whole work), so scavenges were frequent, and
  // with both workers' processes, Chromium and DynamoDB Local on two cores the collector's helper threads only added
  // CPU: three heavy API files run side by side with and without these flags cost 56 against 65 and 68 against 76
  // CPU s.
  execArgv: ['--max-semi-space-size=64', '--single-threaded-gc'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A poll waits for what a loaded 2-core machine may take (a reload, a list after a save), not for 1 s.
  expect: { poll: { timeout: 15_000, interval: 50 } },
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' },
  // HERALD_TEST_START shifts every test process's clock to a chosen day (tests/support/testDate.ts)
  setupFiles: ['tests/support/testDate.ts', 'tests/support/textsByKey.ts'],
};

/** The files that boot a Herald (and the browser files a Chromium) of their own. */
const SERVER_FILES = ['tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'];

/** Where the unit files are. */
const UNIT_DIRS = ['shared', 'functions', 'infra', 'tests', 'web/src'];
const UNIT_FILES = UNIT_DIRS.map((dir) => (dir === 'web/src' ? `${dir}/**/*.test.{ts,tsx}` : `${dir}/**/*.test.ts`));

/**
 * The unit files that mock modules, stub globals, fake timers or run in another environment: each runs in a
 * process of its own. Found by reading the files, so a new one is never shared by mistake.
 */
const ISOLATED_UNITS = UNIT_DIRS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name) && !name.includes('node_modules'))
    .map((name) => `${dir}/${name}`)
    .filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\b|@vitest-environment/.test(readFileSync(file, 'utf8'))),
);

export default defineConfig({
  test: {
    // Once, for both projects: the stand-ins every file's Herald runs on (projects inherit what it provides).
    globalSetup: ['tests/support/globalSetup.ts'],
    // Two on the 2-core machine: a whole run with three kept the CPU busy and took longer (773 s against 712 s).
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        test: {
          ...common,
          // Runs first (projects are ordered by name: servers before units; longest files first within one), so the
          // short unit files fill the end of the run.
          name: 'servers',
          include: SERVER_FILES,
          // deletes each file's tables when it ends
          setupFiles: [...common.setupFiles, 'tests/support/reclaimTables.ts'],
          // Each file still boots its own Herald on its own tables, and each browser file opens its own
          // contexts; what the files of a worker share is the loaded code (about 2.5 s of imports a file) and,
          // through tests/e2e/browser.ts, one Chromium. These files set no mocks and restore what env they change.
          isolate: false,
        },
      },
      {
        test: {
          ...common,
          name: 'units',
          include: UNIT_FILES,
          exclude: [...SERVER_FILES, ...ISOLATED_UNITS, '**/node_modules/**'],
          // A fresh process per file cost more than most of these files' tests (about 20 s of the run's CPU, a fifth
          // of the units'); they share their worker's loaded code as the server files do, and restore what env they change.
          isolate: false,
        },
      },
      {
        test: {
          ...common,
          name: 'units-isolated',
          include: ISOLATED_UNITS,
          exclude: [...SERVER_FILES, '**/node_modules/**'],
        },
      },
    ],
  },
});
