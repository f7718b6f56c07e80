/**
 * Architecture rules, checked in CI by `npm run lint:deps` (dependency-cruiser 18; `.ci/depcruise.mjs` runs it).
 * CommonJS in a .cjs file: the package is `"type": "module"`, so a .js config would be read as an ES module.
 *
 * Service areas: each folder `functions/services/<area>/` is an area. Its public module is
 * `functions/services/<area>/index.ts`, which re-exports by name what other areas and code outside
 * `functions/services/` may use; every other file in the folder is the area's own. The area's `handlers.ts`
 * (its operations) is imported only by the dispatch table, `functions/services/index.ts`, never by the public
 * module, so areas whose operations use each other (auth and user) import no circle. A test (`*.test.ts`) beside
 * an area's code is part of that area; a test outside `functions/services/` may import the internals it tests.
 */
const AREA = '^functions/services/[^/]+/';
const PUBLIC_MODULE = '^functions/services/[^/]+/index\\.ts$';
const DISPATCH_TABLE = '^functions/services/index\\.ts$';
const TEST_FILE = '\\.test\\.tsx?$';
/** The providers' local stand-ins: each channel's `standIns/` folder, their registry and their kit. */
const STAND_IN = '^functions/channels/(standIns\\.ts$|standInKit\\.ts$|[^/]+/standIns/)';

/**
 * The DynamoDB client, resolved (node_modules/...) or not (a fixture without node_modules): only the store may
 * hold it, so every read and write of tenant data goes through its tenant-bound API.
 */
const DYNAMODB_CLIENT = '(^|/)@aws-sdk/(lib|client)-dynamodb(/|$)';
/** Production modules besides functions/store allowed the DynamoDB client, each for a reason. */
const DYNAMODB_PLATFORM_MODULES = [
  // the store itself: the tenant store, the org-keyed tables, table creation
  '^functions/store/',
  // makes the client every module is handed through the runtime
  '^functions/platform/aws\\.ts$',
  // the delivery pipeline's own bookkeeping (ledger, rate windows, policy counters): transactions and conditional
  // updates on the hot send path, each keyed from the run it works on, never from a caller's payload (the journey's
  // moves too: transactions of 50 conditional moves whose refused positions it reads); the standing triggers'
  // limiter windows, throttles and index reads, keyed from the plan and account at hand
  '^functions/delivery/(journeyWrites|ledger|pipeline|policy|rate|triggers)\\.ts$',
  // the local stand-ins (the SQS-like queue on a table, the tables of a fresh DynamoDB Local): not deployed
  '^functions/local/(queue|standins)\\.ts$',
];

/**
 * The layers of functions/, top to bottom: a module imports its own layer and the ones below, never one above,
 * so the send path goes one way. Operations hand work to the pipeline through the ports (queue, scheduler) and
 * the pipeline's door; the pipeline and tracking never reach an operation; what both read (organization
 * settings, send rates, accounts, preset values, the inbox, the LINE channel) lives in functions/domain, below
 * both. functions/contract (the request context, the problems, the capabilities, the untenanted door) is the
 * operation contract every layer may use; the router, its Lambda and its steps are the entry.
 */
const LAYERS = [
  { name: 'entry', paths: ['^functions/local/', '^functions/seed\\.ts$', '^functions/api/(router|lambda|steps)\\.ts$'] },
  { name: 'operations', paths: ['^functions/(services|sdk|jobs)/'] },
  { name: 'tracking', paths: ['^functions/tracking/'] },
  { name: 'delivery', paths: ['^functions/delivery/'] },
  { name: 'channels', paths: ['^functions/channels/'] },
  { name: 'base', paths: ['^functions/(domain|store|platform|contract)/'] },
];
const LAYER_RULES = LAYERS.slice(1).map((layer, i) => ({
  name: `${layer.name}-imports-no-layer-above`,
  severity: 'error',
  comment: `functions/ goes one way (LAYERS): ${layer.name} never imports ${LAYERS.slice(0, i + 1)
    .map((l) => l.name)
    .join(', ')}.`,
  from: { path: layer.paths, pathNot: TEST_FILE },
  to: { path: LAYERS.slice(0, i + 1).flatMap((l) => l.paths) },
}));

module.exports = {
  forbidden: [
    ...LAYER_RULES,
    {
      name: 'operations-not-to-api',
      severity: 'error',
      comment: 'functions/api dispatches to the operations: the service areas, the SDK, the jobs and the contract they share (functions/contract) never import it back.',
      from: { path: '^functions/(services|sdk|jobs|contract)/' },
      to: { path: '^functions/api/' },
    },
    {
      name: 'stand-ins-local-only',
      severity: 'error',
      comment:
        "A provider's stand-in lives in its channel's folder (`standIns/`) but runs only under npm start and the tests: only functions/local/ (and other stand-ins, and tests) import one, so no Lambda bundle holds a stand-in.",
      from: { path: '^(functions|infra|shared)/', pathNot: ['^functions/local/', STAND_IN, TEST_FILE] },
      to: { path: STAND_IN },
    },
    {
      name: 'operations-hand-work-down',
      severity: 'error',
      comment: 'A service area hands work to a job or the app SDK through the ports (queue, events after commit), never by importing them.',
      from: { path: '^functions/services/', pathNot: TEST_FILE },
      to: { path: '^functions/(sdk|jobs)/' },
    },
    {
      name: 'delivery-through-its-door',
      severity: 'error',
      comment: "Outside functions/delivery, the pipeline (the ledger, plan state changes, the worker) is reached only through its door, functions/delivery/index.ts, which binds handlers' ledger to their tenant store.",
      from: { path: '^functions/', pathNot: ['^functions/delivery/', TEST_FILE] },
      to: { path: '^functions/delivery/', pathNot: '^functions/delivery/index\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle (type-only and lazy imports count too): move the shared piece into a module both sides import.',
      from: { path: '^(shared|functions|web/src|infra|tests|bench)/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      comment: 'shared/ is the contract the server and the web app both read: it never imports either, nor the infra.',
      from: { path: '^shared/' },
      to: { path: '^(functions|web|infra|tests|bench)/' },
    },
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'The web app talks to the server through shared/ (the catalogue), never by importing server or infra code.',
      from: { path: '^web/' },
      to: { path: '^(functions|infra)/' },
    },
    {
      name: 'area-through-public-module',
      severity: 'error',
      comment: "An area uses another area only through that area's public module, functions/services/<area>/index.ts.",
      from: { path: '^functions/services/([^/]+)/' },
      to: { path: AREA, pathNot: ['^functions/services/$1/', PUBLIC_MODULE] },
    },
    {
      name: 'outside-through-public-module',
      severity: 'error',
      comment: "Code outside functions/services/ uses an area only through its public module (tests may reach the internals they test).",
      from: { pathNot: [AREA, DISPATCH_TABLE, TEST_FILE] },
      to: { path: AREA, pathNot: PUBLIC_MODULE },
    },
    {
      name: 'public-module-without-handlers',
      severity: 'error',
      comment: "An area's public module never re-exports its handlers, so importing an area never pulls in operations that may use the importer back.",
      from: { path: '^functions/services/([^/]+)/index\\.ts$' },
      to: { path: '^functions/services/$1/handlers\\.ts$' },
    },
    {
      name: 'dispatch-table-takes-handlers',
      severity: 'error',
      comment: "The dispatch table imports each area's handlers.ts (its operations) and public module, nothing else of it.",
      from: { path: DISPATCH_TABLE },
      to: { path: AREA, pathNot: '^functions/services/[^/]+/(index|handlers)\\.ts$' },
    },
    {
      name: 'dynamodb-client-only-in-store',
      severity: 'error',
      comment:
        'The DynamoDB client is imported only inside functions/store (and the platform modules listed in DYNAMODB_PLATFORM_MODULES, with their reason): handlers reach data through the tenant store.',
      from: { path: '^functions/', pathNot: [...DYNAMODB_PLATFORM_MODULES, TEST_FILE] },
      to: { path: DYNAMODB_CLIENT },
    },
    {
      name: 'identity-provider-only-in-tests',
      severity: 'error',
      comment: 'oidc-provider is the local OpenID provider of the SSO tests (a dev dependency): production code speaks plain OpenID Connect over HTTP with jose.',
      from: { path: '^(functions|shared|web|infra)/', pathNot: TEST_FILE },
      to: { path: 'node_modules/oidc-provider/' },
    },
    {
      name: 'pipeline-names-no-channel',
      severity: 'error',
      comment: "The pipeline, ledger, worker and tracking reach a channel only through the registry (functions/channels/index.ts) and its interface, never a channel's own folder or provider.",
      from: { path: '^functions/(delivery|tracking)/' },
      to: { path: '^functions/channels/', pathNot: '^functions/channels/(index|adapter|sender|links)\\.ts$' },
    },
    {
      name: 'route-data-loads-no-page',
      severity: 'error',
      comment: 'The route table, the access helpers, the guard and the side menu read data only: none of them may reach a page module (only the router maps page keys to pages).',
      from: { path: '^web/src/(routes\\.ts|app/access\\.ts|router/guard\\.ts|layout/SideMenu\\.tsx)$' },
      to: { path: '^web/src/pages/', reachable: true },
    },
    {
      name: 'pages-not-to-router',
      severity: 'error',
      comment: 'The router maps page keys to pages: a page never imports it (shared pieces such as PageSpinner live in web/src/components).',
      from: { path: '^web/src/pages/' },
      to: { path: '^web/src/router/' },
    },
    {
      name: 'api-not-to-app',
      severity: 'error',
      comment: 'web/src/app wires the API layer (app/wiring.ts): web/src/api never imports app; what both need (addresses, navigation) lives in api.',
      from: { path: '^web/src/api/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'pages-and-layout-apart',
      severity: 'error',
      comment: 'The signed-in shell (web/src/layout) and the pages never import each other: the router puts pages in the shell, and what both show (NotificationBell) lives in web/src/components.',
      from: { path: '^web/src/(pages|layout)/' },
      to: { path: '^web/src/(pages|layout)/', pathNot: '^web/src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)cdk\\.out/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    // `import type` is a dependency too: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
