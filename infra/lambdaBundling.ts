/**
 * How every Herald Lambda is bundled by esbuild: ESM for Node 22, argon2 external (its native binary is copied
 * beside the bundle). The AWS SDK is bundled, not taken from the runtime: its ES modules, tree-shaken to what
 * Herald uses, import in about a third of the time the runtime's CommonJS packages take (each of those is
 * resolved, read and scanned for its exports), and the SDK's version is the one tested. The API stack hands these
 * to CDK; `bench/api.ts` builds the router with the same settings to time its cold import.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LETTER_FONTS, type LetterFont, letterFontPath } from '../functions/channels/letterPdf';

/**
 * Packages that stay out of the bundle and are copied beside it (`node_modules/`), because only a few requests
 * use them and they load by `import()` at that point: pdf-lib, fontkit and subset-font (HarfBuzz in WebAssembly; letters,
 * functions/channels/letterPdf.ts) are 1.5 MB of the router's 3.5 MB; re2js (cloud sources' column patterns)
 * 147 KB, the Pinpoint SDK (push channels; functions/platform/aws.ts) 69 KB, docx (the Word report), the Bedrock
 * runtime SDK (the AI composer, functions/platform/ai.ts), Powertools' logger (24 KB; loaded once per cold start
 * by functions/platform/powertoolsLog.ts), its metrics (16 KB) and tracer (127 KB with the X-Ray SDK; both loaded
 * at a worker's cold start by functions/platform/lambdaWorker.ts, never by the router), libphonenumber-js (118 KB;
 * imports and the app SDK read typed numbers, shared/phone.ts), and the SDK's nested clients (58 KB: STS, SSO and
 * SSO-OIDC, which only
 * the credential chain's role, web-identity and SSO sources load by `import()`; a Lambda reads its credentials
 * from the environment), and for the same reason those credential sources themselves (34 KB: profile files,
 * SSO, process, web identity, login, container and instance metadata; already beside as the Pinpoint SDK's), and
 * nodemailer (about 190 KB; an organization's own SMTP server, functions/channels/email/smtp.ts).
 * esbuild inlines a dynamic `import()` into the one file it writes, where every cold start would read and parse it.
 */
export const LAMBDA_PACKAGES_BESIDE = [
  'pdf-lib',
  '@pdf-lib/fontkit',
  're2js',
  '@aws-sdk/client-pinpoint',
  'docx',
  '@aws-sdk/client-bedrock-runtime',
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  '@aws-lambda-powertools/tracer',
  '@aws-sdk/nested-clients',
  'libphonenumber-js',
  'subset-font',
  'nodemailer',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
] as const;

export const LAMBDA_BUNDLING = {
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: "import { createRequire as __heraldCreateRequire } from 'node:module'; const require = __heraldCreateRequire(import.meta.url);",
  // ssh2 (SFTP cloud sources) tries its optional native speed-ups inside try/catch and falls back to plain JS:
  // left out of the bundle, they are simply absent at run time
  external: ['@node-rs/argon2', 'cpu-features', '*.node', ...LAMBDA_PACKAGES_BESIDE, ...LAMBDA_PACKAGES_BESIDE.map((p) => `${p}/*`)],
  minify: true,
} as const;

/**
 * Budgets of the router Lambda (issue 22): its bundle file, and `await import(bundle)` in a fresh process. The file
 * passed 1.5 MiB with presets, the account's IoT data and the scroll rate (1,576,464 bytes): 1.6 MiB, each
 * feature's handlers being code the router serves.
 */
export const ROUTER_BUNDLE_BUDGET_BYTES = 1.6 * 1024 * 1024;
export const ROUTER_COLD_IMPORT_BUDGET_MS = 150;

/** The installed package's folder as Node finds it from the folder `from` (node_modules upwards; no `exports` map in the way). */
function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (looked from ${from})`);
  }
}

/**
 * The installed copies of LAMBDA_PACKAGES_BESIDE and of everything they depend on, as [folder, path under
 * node_modules]: the versions the tests ran with, all plain JavaScript, so no install for the Lambda's platform.
 * A dependency nested in its parent's own node_modules comes along with the parent's folder.
 */
export function packagesBeside(root = dirname(fileURLToPath(import.meta.url))): [string, string][] {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    const dir = packageDir(name, from);
    if (found.has(dir)) return;
    const under = dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.set(dir, under);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    // type declarations are never loaded at run time (the X-Ray SDK lists @types/cls-hooked, and with it @types/node)
    for (const dep of Object.keys(pkg.dependencies ?? {})) if (!dep.startsWith('@types/')) visit(dep, dir);
  };
  for (const name of LAMBDA_PACKAGES_BESIDE) visit(name, root);
  // a folder inside an already copied one (its own node_modules) is copied with it
  return [...found].filter(([dir]) => ![...found.keys()].some((other) => other !== dir && dir.startsWith(`${other}/`)));
}

/** Copies LAMBDA_PACKAGES_BESIDE (and their dependencies) into `outputDir/node_modules`; CDK's afterBundling step. */
export function packagesBesideCopyCommands(outputDir: string): string[] {
  return packagesBeside().flatMap(([dir, under]) => {
    const target = join(outputDir, 'node_modules', under);
    return [`mkdir -p "${dirname(target)}"`, `cp -R "${dir}" "${target}"`];
  });
}

/** The letter fonts (functions/channels/letterPdf.ts) beside the bundle: esbuild does not follow a file read. */
export function letterFontCopyCommands(outputDir: string): string[] {
  const fonts = (Object.keys(LETTER_FONTS) as LetterFont[]).map((font) => letterFontPath(font));
  return [`mkdir -p "${join(outputDir, 'fonts')}"`, ...fonts.map((font) => `cp "${font}" "${join(outputDir, 'fonts')}/"`)];
}

/**
 * Node options of every Herald Lambda. A young generation of 32 MB instead of the default 16: the AWS SDK
 * allocates much short-lived garbage per call, and with half as many scavenges a request costs about 15 % less
 * CPU (measured with `bench/api.ts`, which runs the local server with these options too).
 */
export const LAMBDA_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=32'] as const;
