/**
 * Boots Herald locally: stand-ins, tables from the registry, seed, the same Lambda handler behind an HTTP
 * adapter, and the web build. `npm start` and the tests use this same code.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createApiHandler } from '../api/router';
import { loadOrCreateKeyFile } from '../platform/keys';
import { runJob } from '../jobs/run';
import { type LocalJobQueue, localJobQueue } from '../platform/jobs';
import { createLogger, type LogLevel } from '../platform/logger';
import { Store } from '../store/store';
import { createRuntime, defaultConfig, type Clock, type Runtime, type RuntimeConfig } from '../platform/runtime';
import { ensureSeed, type SeedResult } from '../seed';
import { ensureTables } from '../store/tables';
import { startHttpServer } from './httpAdapter';
import { startStandIns, type StandIns } from './standins';

export interface LocalHerald {
  url: string;
  portalUrl: string;
  mailViewerUrl: string;
  rt: Runtime;
  /** work handed off by requests; tests wait for it with `jobs.idle()` */
  jobs: LocalJobQueue;
  seed: SeedResult;
  standIns: StandIns;
  stop(): Promise<void>;
}

export interface BootOptions {
  dataDir: string;
  port?: number;
  /** keep DynamoDB data on disk (npm start) or in memory (tests) */
  persistent?: boolean;
  /** reuse running stand-ins (tests share one DynamoDB Local, each with its own table prefix) */
  standIns?: StandIns;
  config?: Partial<RuntimeConfig>;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  logLevel?: LogLevel;
  logSink?: (line: string) => void;
  webRoot?: string;
}

export async function bootLocal(opts: BootOptions): Promise<LocalHerald> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const ownStandIns = !opts.standIns;
  const standIns = opts.standIns ?? (await startStandIns({ dataDir, persistent: opts.persistent ?? true }));
  try {
    const keys = loadOrCreateKeyFile(join(dataDir, 'keys.json'));
    const config = { ...defaultConfig(opts.env ?? process.env), ...opts.config };
    const logLevel = opts.logLevel ?? 'warn';
    const jobs = localJobQueue(createLogger(logLevel, opts.logSink));
    const rt = createRuntime({ config, keys, jobs, endpoints: standIns.endpoints, clock: opts.clock, logLevel, logSink: opts.logSink });
    const store = new Store(rt);
    jobs.attach((job) => runJob({ rt, store }, job));
    await ensureTables(rt.aws.dynamo, config.tablePrefix);
    const seed = await ensureSeed(rt);
    const handler = createApiHandler(rt);
    const server: Server = await startHttpServer({
      handler,
      webRoot: opts.webRoot ?? resolve(import.meta.dirname, '../../web/dist'),
      port: opts.port ?? 0,
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    if (!opts.config?.publicUrl && !(opts.env ?? process.env).HERALD_PUBLIC_URL) rt.config.publicUrl = url;
    return {
      url,
      portalUrl: `${url}/portalui/`,
      mailViewerUrl: standIns.mailViewerUrl,
      rt,
      jobs,
      seed,
      standIns,
      async stop() {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        await jobs.idle();
        rt.aws.dynamo.destroy();
        if (ownStandIns) await standIns.stop();
      },
    };
  } catch (e) {
    if (ownStandIns) await standIns.stop();
    throw e;
  }
}
