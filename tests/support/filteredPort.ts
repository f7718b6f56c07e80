/**
 * A port on loopback that behaves as a firewall's filtered port: connections to it get no answer at all. A child
 * process listens with the shortest accept queue and never accepts (its only thread waits on a lock, spending no
 * CPU); once the queue is full the kernel drops every further SYN, so a client waits until its own timeout.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Socket } from 'node:net';

const LISTENER = `
const server = require('node:net').createServer();
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  process.stdout.write(server.address().port + '\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});`;

export interface FilteredPort {
  port: number;
  stop(): void;
}

/** Whether a connection to the port opens within `ms` (it is closed again either way). */
function opens(port: number, ms: number, held: Socket[]): Promise<boolean> {
  const socket = new Socket();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      held.push(socket);
      resolve(true);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    socket.connect(port, '127.0.0.1');
  });
}

export async function startFilteredPort(): Promise<FilteredPort> {
  const child: ChildProcess = spawn(process.execPath, ['-e', LISTENER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = Number(
    await new Promise<string>((resolve, reject) => {
      child.stdout!.once('data', (d) => resolve(String(d).trim()));
      child.once('exit', () => reject(new Error('the filtered-port listener ended before listening')));
    }),
  );
  // fill the accept queue: the connections that open stay open, so the kernel has no room for another
  const held: Socket[] = [];
  for (let i = 0; i < 16 && (await opens(port, 300, held)); i++);
  if (!(held.length > 0 && !(await opens(port, 300, held)))) throw new Error('the filtered-port listener kept accepting');
  return {
    port,
    stop() {
      for (const socket of held) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}
