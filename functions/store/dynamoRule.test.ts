/**
 * The dependency-cruiser rule `dynamodb-client-only-in-store` (.dependency-cruiser.cjs, run by `npm run lint:deps`):
 * a handler that imports the DynamoDB client is reported; the store importing it is not. The files are planted in
 * a temporary tree laid out like the repository (its node_modules linked), so the real tree is never touched.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, expect, it } from 'vitest';

const RULE = 'dynamodb-client-only-in-store';
let root: string;

function plant(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function violationsOf(paths: string[]): Promise<{ from: string; to: string }[]> {
  const options = await extractDepcruiseOptions(resolve('.dependency-cruiser.cjs'));
  // the repository's tsconfig is not needed for plain package imports; the cruise runs from the planted tree
  const ruleSet = options.ruleSet as (typeof options.ruleSet & { options?: Record<string, unknown> }) | undefined;
  const { tsConfig: _t, ...ruleOptions } = ruleSet?.options ?? {};
  const result = await cruise(paths, { ...options, ruleSet: { ...ruleSet, options: ruleOptions } as typeof options.ruleSet, baseDir: root, validate: true, outputType: 'json' });
  const output = JSON.parse(String(result.output)) as ICruiseResult;
  return output.summary.violations.filter((v) => v.rule.name === RULE).map((v) => ({ from: v.from, to: v.to }));
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dynamo-rule-'));
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  plant('functions/services/planted/handlers.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const planted = GetCommand;\n");
  plant('functions/services/planted/raw.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const raw = DynamoDBClient;\n");
  plant('functions/store/store.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const allowed = GetCommand;\n");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

it('reports a handler that imports the DynamoDB document or low-level client', async () => {
  const found = await violationsOf(['functions/services/planted']);
  expect(found.map((v) => v.from).sort()).toEqual(['functions/services/planted/handlers.ts', 'functions/services/planted/raw.ts']);
  expect(found.every((v) => /@aws-sdk\/(lib|client)-dynamodb/.test(v.to))).toBe(true);
}, 60_000);

it('lets the store import it', async () => {
  expect(await violationsOf(['functions/store'])).toEqual([]);
}, 60_000);
