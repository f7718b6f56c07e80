/**
 * Loads the local server with an authenticated `user.getListByPage` and prints p50/p99 latency and requests
 * per second. Target: p99 under 100 ms and over 200 requests/s on the 2-core reference machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bootLocal } from '../functions/local/boot';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const USERS = 50;

const dataDir = mkdtempSync(join(tmpdir(), 'herald-bench-'));
const herald = await bootLocal({ dataDir, persistent: false, logLevel: 'silent', config: { adminPassword: 'Bench@1234', tablePrefix: 'bench-' } });

const headers = () => ({
  'content-type': 'application/json',
  'x-device-id': 'bench',
  'x-app-key': herald.rt.config.portalAppKey,
  'x-timestamp': String(Date.now()),
});
async function call(service: string, payload: unknown, token?: string) {
  const res = await fetch(`${herald.url}/service/web/api/index`, {
    method: 'POST',
    headers: { ...headers(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ service, payload }),
  });
  const body = (await res.json()) as { state: string; payload: any; errorCode: string };
  if (body.state !== 'S') throw new Error(`${service}: ${body.errorCode}`);
  return body.payload;
}

try {
  const { accessToken } = await call('auth.login', { username: 'admin', password: 'Bench@1234' });
  const role = await call('userRole.save', { name: 'Bench', code: 'BENCH', permissions: ['NAV_DASHBOARD'] }, accessToken);
  for (let i = 0; i < USERS; i++) {
    await call('user.save', { username: `bench${i}`, email: `bench${i}@example.com`, roleId: role.id, password: 'Bench@1234' }, accessToken);
  }
  const body = JSON.stringify({ service: 'user.getListByPage', payload: { page: 0, size: 20, sortField: 'username', sortOrder: 'asc' } });
  // Warm up (JIT, connection pools), then measure.
  await autocannon({ url: `${herald.url}/service/web/api/index`, method: 'POST', headers: { ...headers(), authorization: `Bearer ${accessToken}` }, body, connections: 4, duration: 2 });
  const result = await autocannon({
    url: `${herald.url}/service/web/api/index`,
    method: 'POST',
    headers: { ...headers(), authorization: `Bearer ${accessToken}` },
    body,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(`\nuser.getListByPage (authenticated, ${USERS + 1} users, page of 20) — ${CONNECTIONS} connections, ${DURATION} s`);
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}`);
  console.log(`  latency p50 ${result.latency.p50} ms`);
  console.log(`  latency p99 ${result.latency.p99} ms`);
  console.log(`  requests    ${result.requests.total} (${errors} errors)`);
  console.log(`  targets     p99 < 100 ms: ${result.latency.p99 < 100 ? 'met' : 'MISSED'}; > 200 req/s: ${result.requests.average > 200 ? 'met' : 'MISSED'}`);
  if (errors > 0) process.exitCode = 1;
} finally {
  await herald.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
