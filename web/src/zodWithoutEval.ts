/**
 * Turns off zod's compiled object parsers: they are built with `new Function`, which the portal's
 * Content-Security-Policy refuses (no 'unsafe-eval'), and even zod's probe for it is reported as a violation.
 * zod reads the setting when a schema is created, so index.html loads this ahead of main.tsx.
 */
import { config } from 'zod';

config({ jitless: true });
