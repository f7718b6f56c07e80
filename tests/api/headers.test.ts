/** The local server's hardening headers on every kind of answer, and a 400 (not a 5xx) for a malformed request. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { startHerald } from '../support/herald';

// spelled out rather than imported, so loosening the policy means changing this test too
const HARDENING_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; " +
    "connect-src 'self' STORAGE; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};
const ASSET = 'assets/index-0a1b2c3d.js';

let herald: LocalHerald;
let webRoot: string;

/** A web build of two files, so the test does not depend on `vite build` having run. */
function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'herald-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><script type="module" src="/portalui/${ASSET}"></script>`);
  writeFileSync(join(root, ASSET), 'export {};');
  return root;
}

beforeAll(async () => {
  webRoot = webBuild();
  herald = await startHerald({ webRoot });
});
afterAll(async () => {
  await herald?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${herald.url}${path}`, { redirect: 'manual' });

function expectHardened(res: Response) {
  // the one origin besides its own the portal may send to: the storage stand-in, for files PUT by presigned link
  const storage = new URL(herald.standIns.endpoints.s3).origin;
  for (const [name, value] of Object.entries(HARDENING_HEADERS)) expect(res.headers.get(name), name).toBe(value.replace('STORAGE', storage));
}

describe('hardening headers', () => {
  it('on the portal page', async () => {
    const res = await get('/portalui/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectHardened(res);
  });

  it('on a static asset', async () => {
    const res = await get(`/portalui/${ASSET}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expectHardened(res);
  });

  it('on API answers, successful or not', async () => {
    const init = await fetch(`${herald.url}/service/web/api/index/initRequest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(init.status).toBe(200);
    expectHardened(init);
    const wrongMethod = await get('/service/web/api/index/initRequest');
    expect(wrongMethod.status).toBe(405);
    expectHardened(wrongMethod);
  });

  it('on the redirect to the portal and on a 404', async () => {
    const redirect = await get('/');
    expect(redirect.status).toBe(302);
    expectHardened(redirect);
    const missing = await get('/nothing-here');
    expect(missing.status).toBe(404);
    expectHardened(missing);
  });
});

describe('malformed requests answer 400', () => {
  for (const path of ['/portalui/%E0%A4%A', '/portalui/%', '/portalui/assets/%ZZ.js']) {
    it(`a malformed %-escape: ${path}`, async () => {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expectHardened(res);
    });
  }

  it('a Host header that forms no URL, answered rather than left hanging', async () => {
    // fetch always sends the real host, so this goes through node:http
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${herald.url}/portalui/`, { headers: { host: 'a b' }, timeout: 5000 }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('timeout', () => req.destroy(new Error('no answer')));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
  });
});
