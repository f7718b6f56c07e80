/**
 * A provider whose discovery document is 200 MB (issue 38), end to end: an organization's SSO issuer is a local
 * server that streams that much for `/.well-known/openid-configuration` (loopback is allowed on the local server),
 * and anyone who knows the organization's code starts its sign-in without signing in, once and three times at
 * once. Each start is refused with a catalogue 4xx, and the process's memory (Herald runs in it) stays within
 * 50 MB of where it was: the document is cut off past the outbound limit, never read whole.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { OUTBOUND_MAX_BYTES } from '../../functions/platform/outbound';
import { ERROR_CATALOGUE } from '../../shared/errors';
import { ApiClient, startHerald } from '../support/herald';

const DOCUMENT_BYTES = 200 * 2 ** 20;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const MB = 2 ** 20;

let herald: LocalHerald;
let provider: Server;
/** bytes the provider managed to write, over every request */
let written = 0;

/** Streams DOCUMENT_BYTES of a JSON document (a string that never ends), at the pace the reader takes them. */
function streamHuge(res: import('node:http').ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"issuer":"');
  let sent = 0;
  const more = () => {
    while (sent < DOCUMENT_BYTES && !res.destroyed) {
      sent += CHUNK.length;
      written += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end('"}');
  };
  more();
}

beforeAll(async () => {
  provider = createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') streamHuge(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

  herald = await startHerald();
  const admin = new ApiClient(herald);
  await admin.login();
  const org = await admin.ok('organization.save', { name: 'Huge discovery', code: 'SSO_HUGE' });
  admin.token = (await admin.ok('user.switchOrganization', { orgId: org.id })).accessToken;
  const role = (await admin.ok('userRole.getAll'))[0].id;
  await admin.ok('ssoSetting.save', { enabled: true, issuer, clientId: 'herald', clientSecret: 'secret-0123456789', defaultRoleId: role, version: 0 });
}, 60_000);

afterAll(async () => {
  await herald?.stop();
  provider?.closeAllConnections();
  await new Promise((resolve) => provider?.close(resolve));
});

const rssMb = () => process.memoryUsage().rss / MB;

/** `starts` unauthenticated sign-in starts at once; answers them and the most memory the process held meanwhile. */
async function startsAtOnce(starts: number) {
  global.gc?.();
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 5);
  const writtenBefore = written;
  try {
    const answers = await Promise.all(Array.from({ length: starts }, () => new ApiClient(herald).call('auth.checkSsoUserLoginState', { orgCode: 'SSO_HUGE' })));
    peak = Math.max(peak, rssMb());
    return { answers, before, peak, providerWroteMb: (written - writtenBefore) / MB };
  } finally {
    clearInterval(sampler);
  }
}

it.each([1, 3])(
  '%i unauthenticated sign-in start(s) at once: a catalogue 4xx each, memory within 50 MB of where it was',
  async (starts) => {
    // a first refusal outside the measure: the modules a refusal loads are not the document's cost
    if (starts === 1) await new ApiClient(herald).call('auth.checkSsoUserLoginState', { orgCode: 'SSO_HUGE' });
    const { answers, before, peak, providerWroteMb } = await startsAtOnce(starts);
    console.log(
      `SSO start with a 200 MB discovery document, ${starts} at once: rss ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB at most ` +
        `(+${(peak - before).toFixed(1)} MB); statuses ${answers.map((a) => a.status).join(', ')}; the provider wrote ${providerWroteMb.toFixed(1)} MB`,
    );
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ state: 'F', errorCode: '400016' });
      expect(Object.keys(ERROR_CATALOGUE)).toContain(answer.body.errorCode);
      expect(answer.body.errorMessage).toContain(`more than ${OUTBOUND_MAX_BYTES} bytes`);
    }
    expect(peak - before).toBeLessThan(50);
    // each reader stopped long before the end of the document
    expect(providerWroteMb).toBeLessThan(starts * 32);
  },
  60_000,
);
