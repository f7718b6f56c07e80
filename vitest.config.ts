import { defineConfig } from 'vitest/config';

// The stand-ins start in this process (globalSetup); keep the SDK's Node-version notice out of the output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'functions/**/*.test.ts',
      'infra/**/*.test.ts',
      'tests/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
    ],
    globalSetup: ['tests/support/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what a loaded 2-core machine may take (a reload, a list after a save), not for 1 s.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' },
  },
});
