/**
 * Architecture rules of .dependency-cruiser.cjs (run by `npm run lint:deps`), shown on planted imports: a handler
 * that imports the DynamoDB client is reported and the store is not; functions/ goes one way (the pipeline and
 * tracking never import an operation, nothing enters the pipeline but by its door; the operations never import the
 * API that dispatches to them; in web/src, no page imports the router or the shell, nor the API layer the app). The files are planted in a
 * temporary tree laid out like the repository (its node_modules linked), so the real tree is never touched.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, expect, it } from 'vitest';

let root: string;

function plant(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function violationsOf(paths: string[], rule = 'dynamodb-client-only-in-store'): Promise<{ from: string; to: string }[]> {
  const options = await extractDepcruiseOptions(resolve('.dependency-cruiser.cjs'));
  // the repository's tsconfig is not needed for plain package imports; the cruise runs from the planted tree
  const ruleSet = options.ruleSet as (typeof options.ruleSet & { options?: Record<string, unknown> }) | undefined;
  const { tsConfig: _t, ...ruleOptions } = ruleSet?.options ?? {};
  const result = await cruise(paths, { ...options, ruleSet: { ...ruleSet, options: ruleOptions } as typeof options.ruleSet, baseDir: root, validate: true, outputType: 'json' });
  const output = JSON.parse(String(result.output)) as ICruiseResult;
  return output.summary.violations.filter((v) => v.rule.name === rule).map((v) => ({ from: v.from, to: v.to }));
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dynamo-rule-'));
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  plant('functions/services/planted/handlers.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const planted = GetCommand;\n");
  plant('functions/services/planted/raw.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const raw = DynamoDBClient;\n");
  plant('functions/store/store.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const allowed = GetCommand;\n");
  // the layers: an operation, the pipeline's door and its ledger, a domain read, and importers of each
  plant('functions/services/plan/handlers.ts', 'export const operation = 1;\n');
  plant('functions/delivery/ledger.ts', 'export const ledger = 1;\n');
  plant('functions/delivery/index.ts', "export { ledger } from './ledger';\n");
  plant('functions/domain/settings.ts', 'export const setting = 1;\n');
  plant(
    'functions/delivery/worker.ts',
    "import { operation } from '../services/plan/handlers';\nimport { setting } from '../domain/settings';\nexport const w = operation + setting;\n",
  );
  plant('functions/tracking/handler.ts', "import { ledger } from '../delivery/ledger';\nexport const t = ledger;\n");
  plant('functions/services/message/handlers.ts', "import { ledger } from '../../delivery';\nexport const m = ledger;\n");
  plant('functions/channels/email/index.ts', "import { ledger } from '../../delivery';\nexport const c = ledger;\n");
  // the API dispatches to the operations, which share the contract below both
  plant('functions/api/router.ts', 'export const router = 1;\n');
  plant('functions/contract/context.ts', 'export const context = 1;\n');
  plant('functions/services/user/users.ts', "import { router } from '../../api/router';\nimport { context } from '../../contract/context';\nexport const u = router + context;\n");
  plant('functions/contract/problems.ts', "import { router } from '../api/router';\nexport const p = router;\n");
  // web: the router, the shell and the pages, the API layer and the app that wires it
  plant('web/src/router/RootShell.tsx', 'export const RootShell = 1;\n');
  plant('web/src/components/PageSpinner.tsx', 'export const PageSpinner = 1;\n');
  plant(
    'web/src/pages/segment/SegmentEditorPage.tsx',
    "import { RootShell } from '../../router/RootShell';\nimport { PageSpinner } from '../../components/PageSpinner';\nexport const s = RootShell + PageSpinner;\n",
  );
  plant('web/src/app/access.ts', 'export const access = 1;\n');
  plant('web/src/api/auth.ts', "import { access } from '../app/access';\nexport const auth = access;\n");
  plant('web/src/pages/notification/NotificationBell.tsx', 'export const bell = 1;\n');
  plant('web/src/layout/AppLayout.tsx', 'export const layout = 1;\n');
  plant('web/src/layout/TopBar.tsx', "import { bell } from '../pages/notification/NotificationBell';\nimport { layout } from './AppLayout';\nexport const top = bell + layout;\n");
  plant('web/src/pages/index.ts', "import { layout } from '../layout/AppLayout';\nimport { s } from './segment/SegmentEditorPage';\nexport const pages = layout + s;\n");
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

// the layers of functions/: the rule, what it is shown on, the files cruised and the imports it reports (from, to)
it.each([
  ['delivery-imports-no-layer-above', 'the pipeline importing an operation, but not a domain read', ['delivery/worker.ts'], [['delivery/worker.ts', 'services/plan/handlers.ts']]],
  [
    'delivery-through-its-door',
    'code outside the pipeline, let in only by its door',
    ['tracking/handler.ts', 'services/message/handlers.ts'],
    [['tracking/handler.ts', 'delivery/ledger.ts']],
  ],
  ['channels-imports-no-layer-above', 'a channel adapter reaching up into the pipeline', ['channels/email/index.ts'], [['channels/email/index.ts', 'delivery/index.ts']]],
  [
    'operations-not-to-api',
    'an operation or the contract importing the API that dispatches to them',
    ['services/user/users.ts', 'contract/problems.ts'],
    [
      ['contract/problems.ts', 'api/router.ts'],
      ['services/user/users.ts', 'api/router.ts'],
    ],
  ],
])(
  '%s: %s',
  async (rule, _shown, paths, found) => {
    const inFunctions = (path: string) => `functions/${path}`;
    expect(await violationsOf(paths.map(inFunctions), rule)).toEqual(found.map(([from, to]) => ({ from: inFunctions(from!), to: inFunctions(to!) })));
  },
  60_000,
);

it('reports a page importing the router, and the API layer importing the app', async () => {
  expect(await violationsOf(['web/src/pages/segment/SegmentEditorPage.tsx'], 'pages-not-to-router')).toEqual([
    { from: 'web/src/pages/segment/SegmentEditorPage.tsx', to: 'web/src/router/RootShell.tsx' },
  ]);
  expect(await violationsOf(['web/src/api/auth.ts'], 'api-not-to-app')).toEqual([{ from: 'web/src/api/auth.ts', to: 'web/src/app/access.ts' }]);
}, 60_000);

it('reports the shell and the pages importing each other, but not within either', async () => {
  const found = await violationsOf(['web/src/layout/TopBar.tsx', 'web/src/pages/index.ts'], 'pages-and-layout-apart');
  expect(found.sort((a, b) => a.from.localeCompare(b.from))).toEqual([
    { from: 'web/src/layout/TopBar.tsx', to: 'web/src/pages/notification/NotificationBell.tsx' },
    { from: 'web/src/pages/index.ts', to: 'web/src/layout/AppLayout.tsx' },
  ]);
}, 60_000);
