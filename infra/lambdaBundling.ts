/**
 * How every Herald Lambda is bundled by esbuild: ESM for Node 22, argon2 external (its native binary is copied
 * beside the bundle). The AWS SDK is bundled, not taken from the runtime: its ES modules, tree-shaken to what
 * Herald uses, import in about a third of the time the runtime's CommonJS packages take (each of those is
 * resolved, read and scanned for its exports), and the SDK's version is the one tested. The API stack hands these
 * to CDK; `bench/api.ts` builds the router with the same settings to time its cold import.
 */
export const LAMBDA_BUNDLING = {
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: "import { createRequire as __heraldCreateRequire } from 'node:module'; const require = __heraldCreateRequire(import.meta.url);",
  // ssh2 (SFTP cloud sources) tries its optional native speed-ups inside try/catch and falls back to plain JS:
  // left out of the bundle, they are simply absent at run time
  external: ['@node-rs/argon2', 'cpu-features', '*.node'],
  minify: true,
} as const;

/**
 * Node options of every Herald Lambda. A young generation of 32 MB instead of the default 16: the AWS SDK
 * allocates much short-lived garbage per call, and with half as many scavenges a request costs about 15 % less
 * CPU (measured with `bench/api.ts`, which runs the local server with these options too).
 */
export const LAMBDA_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=32'] as const;
