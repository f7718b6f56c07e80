/**
 * Recovery after a kill -9: the local server (bench/recoveryServer.ts, its own process group, DynamoDB Local
 * under it) sends an e-mail run of BENCH_RECIPIENTS (2,000) at BENCH_RATE (50) a second; when a quarter is
 * sent, the whole process group is killed with SIGKILL and the server started again on the same data. Prints
 * the seconds from the kill, and from the new server being ready, until sends go on, and how the run ends.
 * On AWS the same batch comes back after the delivery queue's visibility timeout (HERALD_DELIVERY_VISIBILITY_S).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const N = Number(process.env.BENCH_RECIPIENTS ?? 2000);
const dataDir = mkdtempSync(join(tmpdir(), 'herald-recovery-'));
type Report = { type: 'ready'; planId: string } | { type: 'sent'; sent: number; uncertain: number; at: number };

function start(env: Record<string, string>): { proc: ChildProcess; ready: Promise<string>; last: () => Report | undefined; on: (f: (r: Report) => void) => void } {
  const proc = fork(resolve(import.meta.dirname, 'recoveryServer.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  let last: Report | undefined;
  const listeners: ((r: Report) => void)[] = [];
  proc.on('message', (r: Report) => {
    last = r;
    for (const f of listeners) f(r);
  });
  const ready = new Promise<string>((done) => proc.on('message', (r: Report) => r.type === 'ready' && done(r.planId)));
  return { proc, ready, last: () => last, on: (f) => listeners.push(f) };
}
const until = (server: ReturnType<typeof start>, test: (r: Extract<Report, { type: 'sent' }>) => boolean) =>
  new Promise<Extract<Report, { type: 'sent' }>>((done) => server.on((r) => r.type === 'sent' && test(r) && done(r)));

const first = start({ BENCH_QUEUE: String(N) });
const planId = await first.ready;
const atKill = await until(first, (r) => r.sent >= N / 4);
process.kill(-first.proc.pid!, 'SIGKILL');
const killedAt = Date.now();
console.log(`killed with ${atKill.sent} of ${N} sent`);

const second = start({ BENCH_PLAN: planId });
await second.ready;
const readyAt = Date.now();
const going = await until(second, (r) => r.sent > atKill.sent);
const resumedAt = going.at;
console.log(`sends went on ${((resumedAt - killedAt) / 1000).toFixed(1)} s after the kill, ${((resumedAt - readyAt) / 1000).toFixed(1)} s after the new server was ready`);
// the run goes on until only the killed worker's claims are left: the run's check makes them UNCERTAIN once stale
let steady = going;
for (;;) {
  const next = await until(second, (r) => r.sent > steady.sent || r.at - steady.at > 3000);
  if (next.sent === steady.sent) break;
  steady = next;
}
console.log(`the run: ${steady.sent} of ${N} sent; ${N - steady.sent} held by the killed worker's claims (never sent again; UNCERTAIN once stale)`);
process.kill(-second.proc.pid!, 'SIGKILL');
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
