/** How CDK bundles every Herald Lambda: locally with esbuild, no Docker (settings in ./lambdaBundling.ts, shared with the bench). */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { inOneShell, LAMBDA_BUNDLING, letterFontCopyCommands, packagesBesideCopyCommands } from './lambdaBundling';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** esbuild cannot bundle argon2's native binary: it is copied beside the bundle for x86_64 glibc, fetched by npm on a non-Linux host. */
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

export type BundledFunctionProps = Pick<NodejsFunctionProps, 'entry' | 'handler' | 'projectRoot' | 'depsLockFilePath' | 'runtime' | 'architecture' | 'bundling'>;

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
        afterBundling: (_inputDir, outputDir) => [inOneShell([...argon2CopyCommands(outputDir), ...letterFontCopyCommands(outputDir), ...packagesBesideCopyCommands(outputDir)])],
      },
    },
  };
}
