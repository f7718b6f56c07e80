#!/usr/bin/env node
/**
 * `depcruise <paths…> --config <file> [--output-type <type>]` through dependency-cruiser's API. The `depcruise`
 * command refuses Node 20 (its engines field asks for ^22||^24||>=26) although the cruise itself runs on it; this
 * does what the command does: read the config and the tsconfig it names, cruise, print the report, and exit 1
 * when a rule of severity error fails.
 */
import { resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

function parseArgs(argv) {
  const paths = [];
  let config = '.dependency-cruiser.cjs';
  let outputType = 'err-long';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--config' || arg === '-c') config = argv[++i];
    else if (arg === '--output-type' || arg === '-T') outputType = argv[++i];
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else paths.push(arg);
  }
  if (paths.length === 0) throw new Error('usage: depcruise.mjs <paths…> [--config <file>] [--output-type <type>]');
  return { paths, config, outputType };
}

const { paths, config, outputType } = parseArgs(process.argv.slice(2));
const options = await extractDepcruiseOptions(resolve(config));
const tsConfigFile = options.ruleSet?.options?.tsConfig?.fileName;
const result = await cruise(paths, { ...options, validate: true, outputType }, {}, { tsConfig: tsConfigFile ? extractTSConfig(tsConfigFile) : {} });
process.stdout.write(`${result.output}\n`);
process.exitCode = result.exitCode > 0 ? 1 : 0;
