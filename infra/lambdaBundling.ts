/** The AWS SDK is bundled: its tree-shaken ES modules import in a third of the runtime's CommonJS time, and its version is the tested one. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LETTER_FONTS, type LetterFont, letterFontPath } from '../functions/channels/letterPdf';

/** Beside the bundle, loaded by `import()` on the few requests that need them: inlined, every cold start would parse them (issue 22). */
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
  // ssh2's optional native speed-ups fall back to plain JS when absent
  external: ['@node-rs/argon2', 'cpu-features', '*.node', ...LAMBDA_PACKAGES_BESIDE, ...LAMBDA_PACKAGES_BESIDE.map((p) => `${p}/*`)],
  minify: true,
} as const;

/** Issue 22's budgets; 1.6 MiB once presets, IoT data and the scroll rate passed 1.5 MiB. */
export const ROUTER_BUNDLE_BUDGET_BYTES = 1.6 * 1024 * 1024;
export const ROUTER_COLD_IMPORT_BUDGET_MS = 150;

function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (looked from ${from})`);
  }
}

/** The tested versions, all plain JavaScript, so no install for the Lambda's platform. */
export function packagesBeside(root = dirname(fileURLToPath(import.meta.url))): [string, string][] {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    const dir = packageDir(name, from);
    if (found.has(dir)) return;
    const under = dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.set(dir, under);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    // type declarations are never loaded at run time
    for (const dep of Object.keys(pkg.dependencies ?? {})) if (!dep.startsWith('@types/')) visit(dep, dir);
  };
  for (const name of LAMBDA_PACKAGES_BESIDE) visit(name, root);
  return [...found].filter(([dir]) => ![...found.keys()].some((other) => other !== dir && dir.startsWith(`${other}/`)));
}

/** Commands as one shell line: CDK starts a shell per command, and about 120 of them per Lambda were most of a synth's time. */
export function inOneShell(commands: readonly string[]): string {
  return commands.join(' && ');
}

export function packagesBesideCopyCommands(outputDir: string): string[] {
  return packagesBeside().flatMap(([dir, under]) => {
    const target = join(outputDir, 'node_modules', under);
    return [`mkdir -p "${dirname(target)}"`, `cp -R "${dir}" "${target}"`];
  });
}

/** esbuild does not follow a file read */
export function letterFontCopyCommands(outputDir: string): string[] {
  const fonts = (Object.keys(LETTER_FONTS) as LetterFont[]).map((font) => letterFontPath(font));
  return [`mkdir -p "${join(outputDir, 'fonts')}"`, ...fonts.map((font) => `cp "${font}" "${join(outputDir, 'fonts')}/"`)];
}

/** A 32 MB young generation halves the SDK's scavenges: about 15 % less CPU a request (bench/api.ts). */
export const LAMBDA_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=32'] as const;
