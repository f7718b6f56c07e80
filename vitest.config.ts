import { defineConfig } from 'vitest/config';

// The stand-ins start in this process (globalSetup); keep the SDK's Node-version notice out of the output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** Options both projects run with (a project does not take them from the root config). */
const common = {
  pool: 'forks' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A poll waits for what a loaded 2-core machine may take (a reload, a list after a save), not for 1 s.
  expect: { poll: { timeout: 15_000, interval: 50 } },
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' },
};

/** The files that boot a Herald (and the browser files a Chromium) of their own. */
const SERVER_FILES = ['tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'];

export default defineConfig({
  test: {
    // Once, for both projects: the stand-ins every file's Herald runs on (projects inherit what it provides).
    globalSetup: ['tests/support/globalSetup.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...common,
          // Runs first (projects are ordered by name: servers before units; longest files first within one), so the
          // short unit files fill the end of the run.
          name: 'servers',
          include: SERVER_FILES,
          // deletes each file's tables when it ends
          setupFiles: ['tests/support/reclaimTables.ts'],
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
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'tests/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          exclude: [...SERVER_FILES, '**/node_modules/**'],
        },
      },
    ],
  },
});
