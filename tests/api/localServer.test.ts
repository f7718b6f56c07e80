/**
 * `npm start` as a good citizen: SIGTERM to npm stops the whole tree exactly as Ctrl-C does (no Herald node
 * process and no DynamoDB Local java process of that run is left), and a restart with nothing changed does not
 * rebuild the web app. The run uses its own port and data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { expect, it } from 'vitest';
import { LOCAL_AWS } from '../../functions/local/standins';
import { commandOf, pids, procStat } from '../support/procStat';

/** Every process below `pid`, read from /proc (Linux). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const p of pids()) {
    const parent = procStat(p)?.parent;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), p]);
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** A zombie has no command line left. */
const alive = (pid: number): boolean => commandOf(pid).length > 0;

/**
 * A free port below the kernel's ephemeral range (32768 up): both starts listen on it, and in the gap between them an
 * ephemeral port may be taken by any outgoing connection of the run, as one was (EADDRINUSE on the restart).
 */
async function portBelowEphemeral(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Starts `npm start` and resolves once it prints that Herald is running, with everything it printed. */
async function start(dataDir: string, port: number, mailViewerPort: number): Promise<{ proc: ChildProcess; output: () => string }> {
  const proc = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HERALD_MAIL_VIEWER_PORT: String(mailViewerPort),
      HERALD_DATA_DIR: dataDir,
      HERALD_ADMIN_PASSWORD: 'Local@1234',
      HERALD_LOG_LEVEL: 'warn',
      // the test's own skip of the web build (a run on a built app) must not reach the start it checks
      HERALD_SKIP_WEB_BUILD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  proc.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`npm start did not come up:\n${text}`)), 120_000);
    const check = setInterval(() => {
      if (text.includes('Herald is running.')) {
        clearInterval(check);
        clearTimeout(deadline);
        resolve();
      }
    }, 100);
    proc.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(deadline);
      reject(new Error(`npm start exited with ${code}:\n${text}`));
    });
  });
  return { proc, output: () => text };
}

async function stopWith(proc: ChildProcess, signal: NodeJS.Signals): Promise<number[]> {
  const tree = descendants(proc.pid!);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill(signal);
  await exited;
  // what was below npm has 10 s to go
  for (let i = 0; i < 100 && tree.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  return tree;
}

/** The subjects the mail viewer holds, read from its own store endpoint. */
async function viewerSubjects(mailViewerPort: number): Promise<string[]> {
  const answer = (await (await fetch(`http://127.0.0.1:${mailViewerPort}/store`)).json()) as { emails: { subject: string }[] };
  return answer.emails.map((m) => m.subject);
}

it('SIGTERM to npm start leaves no Herald or Java process behind; mail survives a restart on the same viewer port; a restart with nothing changed skips the web build', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'herald-local-'));
  const port = await portBelowEphemeral();
  const mailViewerPort = await portBelowEphemeral();

  const first = await start(dataDir, port, mailViewerPort);
  expect(first.output(), 'the viewer port is printed').toContain(`Message viewer:  http://127.0.0.1:${mailViewerPort}/`);
  for (const name of ['SMS', 'Push', 'LINE'])
    expect(first.output(), `the ${name} stand-in's received list is printed`).toMatch(new RegExp(`${name}: +http://127\\.0\\.0\\.1:\\d+/_standin/received`));
  // a mail through the local SES, as Herald's sender sends it
  const ses = new SESv2Client({ ...LOCAL_AWS, endpoint: `http://127.0.0.1:${mailViewerPort}` });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'herald@example.com',
      Destination: { ToAddresses: ['kept@example.com'] },
      Content: { Simple: { Subject: { Data: 'Kept across a restart' }, Body: { Text: { Data: 'hello' } } } },
    }),
  );
  expect(await viewerSubjects(mailViewerPort)).toContain('Kept across a restart');
  const tree = descendants(first.proc.pid!);
  expect(
    tree.map(commandOf).some((c) => c.includes('java')),
    'DynamoDB Local runs below npm',
  ).toBe(true);
  expect(
    tree.map(commandOf).some((c) => c.includes('functions/local/main.ts')),
    'Herald runs below npm',
  ).toBe(true);
  const left = await stopWith(first.proc, 'SIGTERM');
  expect(left.filter(alive).map(commandOf)).toEqual([]);

  // the web app is built already (by the test run or the first start): the restart says so and skips Vite
  const again = await start(dataDir, port, mailViewerPort);
  expect(again.output()).toContain('Web app: up to date, not rebuilt.');
  expect(await viewerSubjects(mailViewerPort)).toEqual(['Kept across a restart']);
  expect((await stopWith(again.proc, 'SIGINT')).filter(alive).map(commandOf)).toEqual([]);
}, 300_000);
