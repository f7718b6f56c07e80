/**
 * The cost of a request, measured from outside the server: an authenticated `user.getListByPage` (page of 20,
 * sorted by username) against the local server (bench/server.ts, its own process, DynamoDB Local behind it) in an
 * organization of 51 members and of 1,000, loaded by autocannon from this process. Prints requests/s, p50/p99,
 * the server process's CPU per request (utime + stime from /proc/<pid>/stat across the load) and its DynamoDB
 * calls per request; then the router bundle's cold import time (median of 5 fresh processes).
 *
 * Targets on the 2-core reference machine: at most 2 ms of server CPU per request, the same page cost at 1,000
 * members as at 51, and the router bundle at most 1.5 MB and imported in under 150 ms (infra/lambdaBundling.ts).
 *
 * The server's background loops (the local queue and scheduler polling DynamoDB Local) are not the request's
 * (bench/serverProcess.ts `measureLoad` takes them out).
 *
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (10) and BENCH_SIZES ("51,1000") change the run; BENCH_SERVICE and
 * BENCH_PAYLOAD (JSON) load another operation; BENCH_CPU_PROF=<dir> writes the server's CPU profile there.
 */
import autocannon from 'autocannon';
import { ROUTER_BUNDLE_BUDGET_BYTES, ROUTER_COLD_IMPORT_BUDGET_MS } from '../infra/lambdaBundling';
import { buildRouterBundle, bundleBytes, timeColdImports } from './routerImport';
import { measureLoad, portalCaller, startServer, stopServer } from './serverProcess';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SIZES = (process.env.BENCH_SIZES ?? '51,1000').split(',').map(Number);
const SERVICE = process.env.BENCH_SERVICE ?? 'user.getListByPage';
const CPU_TARGET_MS = 2;

async function measure(members: number) {
  const server = await startServer(members);
  try {
    const { url, appKey, adminPassword } = server.ready;
    const headers = { 'content-type': 'application/json', 'x-device-id': 'bench', 'x-app-key': appKey };
    const call = portalCaller(server.ready);
    const { accessToken } = await call('auth.login', { username: 'admin', password: adminPassword });
    const payload = process.env.BENCH_PAYLOAD ? JSON.parse(process.env.BENCH_PAYLOAD) : { page: 0, size: 20, sortField: 'username', sortOrder: 'asc' };
    const first = await call(SERVICE, payload, accessToken);
    if (SERVICE === 'user.getListByPage' && (first.total !== members || first.list.length !== Math.min(20, members))) {
      throw new Error(`expected 20 of ${members}, got ${first.list.length} of ${first.total}`);
    }

    const load = (duration: number) =>
      autocannon({
        url: `${url}/service/web/api/index`,
        method: 'POST',
        // The access token lives 15 minutes and the clock-skew window is 5: one timestamp serves the whole run.
        headers: { ...headers, 'x-timestamp': String(Date.now()), authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ service: SERVICE, payload }),
        connections: CONNECTIONS,
        duration,
      });
    await load(3); // JIT, connection pools
    const cost = await measureLoad(server, () => load(DURATION));
    return { members, ...cost };
  } finally {
    await stopServer(server);
  }
}

const rows = [];
for (const members of SIZES) rows.push(await measure(members));

console.log(`\n${SERVICE} (authenticated, ${process.env.BENCH_PAYLOAD ?? 'page of 20 by username'}): ${CONNECTIONS} connections, ${DURATION} s, load from a separate process`);
console.log('  members   req/s   p50 ms   p99 ms   server CPU ms/req   DynamoDB calls/req');
for (const r of rows) {
  console.log(
    `  ${String(r.members).padStart(7)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${r.cpuMs.toFixed(2).padStart(19)} ${r.dbCalls.toFixed(2).padStart(20)}`,
  );
}
for (const r of rows) {
  console.log(`  ${r.members} members: ${r.requests} requests, ${r.errors} errors; calls per request: ${r.perCommand}; idle server: ${r.backgroundCpuMsPerS.toFixed(1)} ms CPU/s`);
}

if (process.env.BENCH_SKIP_IMPORT) process.exit(process.exitCode ?? 0);
const bundle = await buildRouterBundle();
const size = bundleBytes(bundle);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
console.log(`\nrouter bundle: ${size} bytes (${mb(size)}; budget ${mb(ROUTER_BUNDLE_BUDGET_BYTES)}: ${size <= ROUTER_BUNDLE_BUDGET_BYTES ? 'within' : 'OVER'})`);
const imports = timeColdImports(bundle, 5);
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const median = medianOf(imports.map((t) => t.wall));
console.log(
  `router bundle cold import: median ${median.toFixed(0)} ms wall of 5 (${imports.map((t) => t.wall.toFixed(0)).join(', ')}), ` +
    `${medianOf(imports.map((t) => t.cpu)).toFixed(0)} ms CPU`,
);

const worstCpu = Math.max(...rows.map((r) => r.cpuMs));
console.log(
  `  targets  CPU <= ${CPU_TARGET_MS} ms/req: ${worstCpu <= CPU_TARGET_MS ? 'met' : 'MISSED'}; import < ${ROUTER_COLD_IMPORT_BUDGET_MS} ms: ${median < ROUTER_COLD_IMPORT_BUDGET_MS ? 'met' : 'MISSED'}; ` +
    `bundle <= ${mb(ROUTER_BUNDLE_BUDGET_BYTES)}: ${size <= ROUTER_BUNDLE_BUDGET_BYTES ? 'met' : 'MISSED'}`,
);
if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
