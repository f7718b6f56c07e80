/**
 * The JavaScript the sign-in page waits for stays within its budget (bench/bundle.ts): the router, PrimeReact's
 * component core, the toast and the signed-in shell load later. Reads web/dist, which `npm test` builds before any suite runs (the
 * browser tests use it); run alone without one, it builds the portal into a folder of its own.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LOGIN_ROUTE_BUDGET, measureBundle } from '../../../bench/bundle';
import { buildInto } from '../../../tests/support/webBuild';

const dist = resolve(import.meta.dirname, '../../dist');
const built = existsSync(join(dist, '.vite/manifest.json'));
const outDir = built ? dist : mkdtempSync(join(tmpdir(), 'herald-web-'));
afterAll(() => {
  if (!built) rmSync(outDir, { recursive: true, force: true });
});

it('loads the login route within its budget', async () => {
  if (!built) await buildInto(outDir);
  const { loginRoute } = measureBundle(outDir);
  expect(loginRoute.gzip).toBeLessThanOrEqual(LOGIN_ROUTE_BUDGET);
  // the shell after sign-in, the toast and PrimeReact's components are chunks of their own, not the sign-in page's
  expect(loginRoute.files.filter((f) => /AppLayout|ToastHost|componentbase|button\.esm|inputtext\.esm/.test(f))).toEqual([]);
  // nor is the router (its chunk is named after a hash; its own message names it)
  const router = 'useNavigate() may be used only in the context of a <Router> component.';
  expect(loginRoute.files.filter((f) => f.endsWith('.js') && readFileSync(join(outDir, f), 'utf8').includes(router))).toEqual([]);
}, 120_000);
