/**
 * How every Herald Lambda is bundled by esbuild: ESM for Node 22, the AWS SDK from the runtime, argon2 external
 * (its native binary is copied beside the bundle). The API stack hands these to CDK; `bench/api.ts` builds the
 * router with the same settings to time its cold import.
 */
export const LAMBDA_BUNDLING = {
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: "import { createRequire as __heraldCreateRequire } from 'node:module'; const require = __heraldCreateRequire(import.meta.url);",
  external: ['@aws-sdk/*', '@node-rs/argon2'],
  minify: true,
} as const;
