/**
 * Turns off zod's compiled object parsers: they are built with `new Function`, which the portal's
 * Content-Security-Policy refuses (no 'unsafe-eval'), and even zod's probe for it is reported as a violation.
 * zod reads the setting when a schema is created, so index.html loads this ahead of main.tsx.
 * The setting goes into zod's global settings object (`globalThis.__zod_globalConfig`, which zod takes over when it
 * loads), not through `config()` from 'zod': importing zod here would put its core into the code the sign-in page
 * waits for. zodWithoutEval.test.ts checks that zod still reads it from there.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
