/**
 * What the channel stand-ins share: an HTTP server on a loopback port that answers a provider's wire protocol, keeps
 * what it received (in memory, and in a JSON-lines file for `npm start`), and can be told to answer a chosen address
 * as throttled, failed or dead.
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
  port?: number;
  file?: string;
}

export interface StandInDeclaration {
  readonly name: string;
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

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

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

/** Answers scripted per address (`POST /_standin/answers { address, answer, times? }`). */
export class ScriptedAnswers<A extends string> {
  private readonly scripts = new Map<string, { answer: Exclude<A, 'ok'>; times?: number }>();
  constructor(private readonly answers: readonly A[]) {}

  take(address: string): Exclude<A, 'ok'> | undefined {
    const script = this.scripts.get(address.toLowerCase());
    if (!script) return undefined;
    if (script.times !== undefined && --script.times <= 0) this.scripts.delete(address.toLowerCase());
    return script.answer;
  }

  async serve(req: IncomingMessage, res: ServerResponse, path: string, received: readonly unknown[]): Promise<boolean> {
    if (req.method === 'GET' && path === '/_standin/received') {
      sendJson(res, 200, received);
      return true;
    }
    if (req.method !== 'POST' || path !== '/_standin/answers') return false;
    const body = JSON.parse(await bodyOf(req)) as { address?: unknown; answer?: unknown; times?: unknown };
    if (typeof body.address !== 'string' || !this.answers.includes(body.answer as A)) {
      sendJson(res, 400, { message: `address and answer (${this.answers.join(', ')}) please` });
      return true;
    }
    if (body.answer === 'ok') this.scripts.delete(body.address.toLowerCase());
    else this.scripts.set(body.address.toLowerCase(), { answer: body.answer as Exclude<A, 'ok'>, ...(typeof body.times === 'number' ? { times: body.times } : {}) });
    sendJson(res, 200, { ok: true });
    return true;
  }
}
