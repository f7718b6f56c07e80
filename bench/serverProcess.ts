/**
 * The bench server in its own process (bench/server.ts: the local Herald, DynamoDB Local behind it), so that its CPU
 * is measured apart from the load generator's: start and stop it, and measure a load's server CPU and DynamoDB
 * calls per request.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LAMBDA_NODE_OPTIONS } from '../infra/lambdaBundling';
import type autocannon from 'autocannon';
import type { FromServer, ToServer } from './server';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export interface Server {
  proc: ChildProcess;
  ready: Extract<FromServer, { type: 'ready' }>;
  ask(message: ToServer): Promise<FromServer>;
}

export function startServer(members: number): Promise<Server> {
  const proc = fork(resolve(import.meta.dirname, 'server.ts'), [], {
    // The Lambda's Node options, so that the server runs as it does there.
    execArgv: ['--import', 'tsx', ...LAMBDA_NODE_OPTIONS, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [])],
    env: { ...process.env, BENCH_MEMBERS: String(members), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (message: ToServer) =>
    new Promise<FromServer>((done) => {
      proc.once('message', (m: FromServer) => done(m));
      proc.send(message);
    });
  return new Promise((done, fail) => {
    proc.once('exit', (code) => fail(new Error(`bench server exited (${code}) before it was ready`)));
    proc.once('message', (ready: FromServer) => {
      proc.removeAllListeners('exit');
      if (ready.type === 'ready') done({ proc, ready, ask });
    });
  });
}

export async function stopServer(server: Server) {
  const exited = new Promise((done) => server.proc.once('exit', done));
  server.proc.send({ type: 'stop' } satisfies ToServer);
  await exited;
}

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The pid of this process's DynamoDB Local (its java child), if it has one. */
export function dynamoLocalPid(): number | undefined {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // after the command's name in parentheses: state, ppid, …
      if (stat.includes('(java)') && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** The process's resident memory in MB (VmRSS). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** Waits until the process uses less than 5 % of a core (what it was asked to do is done). */
export async function quiet(pid: number) {
  for (let i = 0; i < 60; i++) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (cpuSeconds(pid) - before <= 0.025) return;
  }
}

export interface LoadCost {
  /** requests a second, and latency in ms, as the load saw them */
  rps: number;
  p50: number;
  p99: number;
  /** answers other than 2xx, errors and timeouts */
  errors: number;
  requests: number;
  /** the server's CPU per request, its idle background taken out */
  cpuMs: number;
  dbCalls: number;
  /** DynamoDB calls per request by command, as text */
  perCommand: string;
  /** what the idle server spends (the local queue and scheduler polling) */
  backgroundCpuMsPerS: number;
}

/**
 * Runs `load` against the warmed server and answers what it cost the server. The background loops are not the
 * requests': their CPU is measured over three idle seconds first and taken out, and their DynamoDB calls are not
 * counted.
 */
export async function measureLoad(server: Server, load: () => Promise<autocannon.Result>): Promise<LoadCost> {
  const pid = server.proc.pid!;
  const count = async () => (await server.ask({ type: 'count' })) as Extract<FromServer, { type: 'count' }>;
  await quiet(pid);
  const idleStart = { cpu: cpuSeconds(pid), at: performance.now() };
  await new Promise((r) => setTimeout(r, 3000));
  const cpuBefore = cpuSeconds(pid);
  const callsBefore = await count();
  const startedAt = performance.now();
  const idleSeconds = (startedAt - idleStart.at) / 1000;
  const result = await load();
  // Requests still in flight when the load stops are finished by the server: wait for them, and count them.
  await quiet(pid);
  const cpuAfter = cpuSeconds(pid);
  const callsAfter = await count();
  const loadSeconds = (performance.now() - startedAt) / 1000;
  // what the background loops would have done in the load's time
  const background = ((cpuBefore - idleStart.cpu) / idleSeconds) * loadSeconds;
  const requests = result.requests.sent;
  const perCommand = Object.entries(callsAfter.byCommand)
    .map(([name, n]) => [name, (n - (callsBefore.byCommand[name] ?? 0)) / requests] as const)
    .filter(([, n]) => n >= 0.005)
    .map(([name, n]) => `${name.replace(/Command$/, '')} ${n.toFixed(2)}`)
    .join(', ');
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests,
    cpuMs: ((cpuAfter - cpuBefore - background) * 1000) / requests,
    dbCalls: (callsAfter.calls - callsBefore.calls) / requests,
    perCommand,
    backgroundCpuMsPerS: ((cpuBefore - idleStart.cpu) * 1000) / idleSeconds,
  };
}

/** The portal's operations on the bench server, as the browser calls them; a refusal throws with its code. */
export function portalCaller(ready: Server['ready']) {
  const headers = { 'content-type': 'application/json', 'x-device-id': 'bench', 'x-app-key': ready.appKey };
  return async (service: string, payload: unknown, token?: string): Promise<any> => {
    const res = await fetch(`${ready.url}/service/web/api/index`, {
      method: 'POST',
      headers: { ...headers, 'x-timestamp': String(Date.now()), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ service, payload }),
    });
    const body = (await res.json()) as { state: string; payload: unknown; errorCode: string };
    if (body.state !== 'S') throw new Error(`${service}: ${body.errorCode}`);
    return body.payload;
  };
}
