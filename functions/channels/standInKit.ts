/**
 * What the channel stand-ins share: an HTTP server on a loopback port that answers a provider's wire protocol,
 * keeps what it received (in memory, and in a JSON-lines file for `npm start`), and can be told to answer a
 * chosen address as throttled, failed or dead. Each provider's stand-in lives in its channel's folder
 * (`<channel>/standIns/`), listed in that folder's `standIns/index.ts`; local only: no Lambda bundle imports one.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';

export interface ProviderStandIn {
  endpoint: string;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** a free port when not given */
  port?: number;
  /** where received messages are kept across restarts (npm start); memory only when not given */
  file?: string;
}

/**
 * One provider's stand-in as its channel lists it: started by `npm start` and the tests (functions/local/standins.ts),
 * its endpoint known by `name` (the runtime's endpoint override of that name, functions/platform/aws.ts `Endpoints`,
 * and the message viewer's source).
 */
export interface StandInDeclaration {
  readonly name: string;
  /** the JSON-lines file its received messages are kept in under `npm start`, when not named as the stand-in */
  readonly file?: string;
  start(opts: StandInOptions): Promise<ProviderStandIn>;
}

/** Reads a request's body as text (providers' bodies are small: a cap keeps a bad client from filling memory). */
export async function bodyOf(req: IncomingMessage, max = 2_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A list of received records, appended to `file` when given and read back from it at start. */
export class ReceivedLog<T> {
  readonly items: T[] = [];
  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) this.items.push(JSON.parse(line) as T);
    }
    if (file) mkdirSync(dirname(file), { recursive: true });
  }
  add(item: T): void {
    this.items.push(item);
    if (this.file) appendFileSync(this.file, `${JSON.stringify(item)}\n`);
  }
}

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>, port = 0): Promise<{ server: Server; endpoint: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: e instanceof Error ? e.message : String(e) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return { server, endpoint: `http://127.0.0.1:${bound}` };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
