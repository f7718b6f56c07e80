/**
 * The cost of an app SDK call, measured from outside the server (bench/server.ts in its own process, DynamoDB
 * Local behind it): `events` (one custom event for one of 200 known accounts) and `identify` (an account with its
 * device, over the same 200), each call signed afresh (its own timestamp, nonce and HMAC, so none is a replay),
 * loaded by autocannon from this process. Prints requests/s, p50/p99, the server's CPU per call (utime + stime,
 * its idle background taken out) and its DynamoDB calls per call by command.
 *
 * Targets on the 2-core reference machine: at most 3 ms of server CPU per call (the signature check, the replay
 * guard's conditional put and the rate counter included).
 *
 * BENCH_SECONDS (10) and BENCH_CONNECTIONS (10) change the run.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { SDK_BASE_PATH, SDK_HEADERS, sdkStringToSign } from '../shared/sdk/contract';
import { measureLoad, portalCaller, startServer, stopServer } from './serverProcess';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ACCOUNTS = 200;
const CPU_TARGET_MS = 3;

function signed(appKey: string, secret: string, path: string, body: string): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(18).toString('base64url');
  const bodySha256 = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', secret)
    .update(sdkStringToSign({ method: 'POST', path, timestamp, nonce, bodySha256 }))
    .digest('base64url');
  return { 'content-type': 'application/json', [SDK_HEADERS.appKey]: appKey, [SDK_HEADERS.timestamp]: timestamp, [SDK_HEADERS.nonce]: nonce, [SDK_HEADERS.signature]: signature };
}

const BODIES = {
  events: (n: number) => ({ accountId: `bench-${n % ACCOUNTS}`, events: [{ type: 'custom', name: 'view_item', at: Date.now(), properties: { item: `sku-${n % 50}` } }] }),
  identify: (n: number) => ({
    accountId: `bench-${n % ACCOUNTS}`,
    firstName: `Reader ${n % ACCOUNTS}`,
    device: { deviceId: `phone-${n % ACCOUNTS}`, platform: 'IOS', pushToken: 'a'.repeat(64), appVersion: '3.2.1', permission: 'ALWAYS' },
  }),
};
type Operation = keyof typeof BODIES;

const server = await startServer(51);
const rows: { op: Operation; rps: number; p50: number; p99: number; cpuMs: number; dbCalls: number; perCommand: string; requests: number; errors: number }[] = [];
try {
  const { url, adminPassword } = server.ready;
  const call = portalCaller(server.ready);
  const { accessToken } = await call('auth.login', { username: 'admin', password: adminPassword });
  const app = await call('application.save', { name: 'Bench app', appType: 'IOS', rateLimitPerMinute: 100_000 }, accessToken);
  const { appKey, secret } = await call('application.issueSecret', { id: app.id }, accessToken);
  const sdk = async (op: Operation, body: unknown) => {
    const path = `${SDK_BASE_PATH}/${op}`;
    const text = JSON.stringify(body);
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: signed(appKey, secret, path, text), body: text });
    if (!res.ok) throw new Error(`${op}: ${res.status} ${await res.text()}`);
  };
  for (let n = 0; n < ACCOUNTS; n++) await sdk('identify', BODIES.identify(n));

  for (const op of Object.keys(BODIES) as Operation[]) {
    const path = `${SDK_BASE_PATH}/${op}`;
    let n = 0;
    const load = (duration: number) =>
      autocannon({
        url,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path,
            // each call its own body, timestamp, nonce and signature
            setupRequest: (req) => {
              const body = JSON.stringify(BODIES[op](n++));
              return { ...req, body, headers: signed(appKey, secret, path, body) };
            },
          },
        ],
      });
    await load(3); // JIT, connection pools
    const cost = await measureLoad(server, () => load(DURATION));
    rows.push({ op, ...cost });
  }
} finally {
  await stopServer(server);
}

console.log(`\napp SDK calls, each signed afresh: ${CONNECTIONS} connections, ${DURATION} s each, load from a separate process`);
console.log('  operation   req/s   p50 ms   p99 ms   server CPU ms/call   DynamoDB calls/call');
for (const r of rows) {
  console.log(
    `  ${r.op.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${r.cpuMs.toFixed(2).padStart(20)} ${r.dbCalls.toFixed(2).padStart(21)}`,
  );
}
for (const r of rows) console.log(`  ${r.op}: ${r.requests} calls, ${r.errors} errors; calls per call: ${r.perCommand}`);
const worst = Math.max(...rows.map((r) => r.cpuMs));
console.log(`  target  CPU <= ${CPU_TARGET_MS} ms/call: ${worst <= CPU_TARGET_MS ? 'met' : 'MISSED'}`);
if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
