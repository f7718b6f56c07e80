/**
 * The bench server in its own process (bench/server.ts: the local Herald, DynamoDB Local behind it), so that its CPU
 * is measured apart from the load generator's: start and stop it, read its CPU time, wait until it is idle.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LAMBDA_NODE_OPTIONS } from '../infra/lambdaBundling';
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

/** Waits until the process uses less than 5 % of a core (what it was asked to do is done). */
export async function quiet(pid: number) {
  for (let i = 0; i < 60; i++) {
    const before = cpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (cpuSeconds(pid) - before <= 0.025) return;
  }
}

