/**
 * How CDK bundles every Herald Lambda (the settings themselves are ./lambdaBundling.ts, shared with the bench):
 * locally with esbuild, no Docker, and after bundling argon2's native binary, the letter fonts and the packages
 * kept beside the bundle copied next to it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LAMBDA_BUNDLING, letterFontCopyCommands, packagesBesideCopyCommands } from './lambdaBundling';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * @node-rs/argon2 loads a native binary, which esbuild cannot bundle: it stays external and is copied next to
 * the bundle with its linux-x64-gnu binary (the Lambda runs x86_64 on Amazon Linux, glibc). Where the binary
 * package is not installed (a non-Linux build host), npm fetches it for the Lambda's platform.
 */
function argon2CopyCommands(outputDir: string): string[] {
  const require = createRequire(import.meta.url);
  const mainPkg = require.resolve('@node-rs/argon2/package.json');
  const mainDir = dirname(mainPkg);
  const version = (require(mainPkg) as { version: string }).version;
  const target = join(outputDir, 'node_modules', '@node-rs');
  let binaryDir: string | undefined;
  try {
    binaryDir = dirname(createRequire(mainPkg).resolve('@node-rs/argon2-linux-x64-gnu/package.json'));
  } catch {
    binaryDir = undefined;
  }
  if (binaryDir && existsSync(binaryDir)) {
    return [`mkdir -p "${target}"`, `cp -R "${mainDir}" "${join(target, 'argon2')}"`, `cp -R "${binaryDir}" "${join(target, 'argon2-linux-x64-gnu')}"`];
  }
  return [
    `npm install --prefix "${outputDir}" --no-save --no-package-lock --os=linux --cpu=x64 --libc=glibc ` + `@node-rs/argon2@${version} @node-rs/argon2-linux-x64-gnu@${version}`,
  ];
}

/** The bundling half of a Herald function's props: its entry, runtime and how it is built. */
export type BundledFunctionProps = Pick<NodejsFunctionProps, 'entry' | 'handler' | 'projectRoot' | 'depsLockFilePath' | 'runtime' | 'architecture' | 'bundling'>;

/** How every Herald Lambda is bundled (infra/lambdaBundling.ts): ESM for Node 22, the AWS SDK bundled, argon2's binary copied. */
export function bundledFunction(entry: string): BundledFunctionProps {
  return {
    entry: join(ROOT, entry),
    handler: 'handler',
    projectRoot: ROOT,
    depsLockFilePath: join(ROOT, 'package-lock.json'),
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.X86_64,
    bundling: {
      format: OutputFormat.ESM,
      target: LAMBDA_BUNDLING.target,
      mainFields: [...LAMBDA_BUNDLING.mainFields],
      banner: LAMBDA_BUNDLING.banner,
      externalModules: [...LAMBDA_BUNDLING.external],
      minify: LAMBDA_BUNDLING.minify,
      sourceMap: true,
      sourcesContent: false,
      forceDockerBundling: false,
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (_inputDir, outputDir) => [...argon2CopyCommands(outputDir), ...letterFontCopyCommands(outputDir), ...packagesBesideCopyCommands(outputDir)],
      },
    },
  };
}
