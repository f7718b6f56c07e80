/**
 * Boots Herald locally: stand-ins, tables from the registry, seed, the same Lambda handler behind an HTTP adapter, and
 * the web build.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createApiHandler } from '../api/router';
import { loadOrCreateKeyFile } from '../platform/keys';
import { jobWorker } from '../jobs/worker';
import { JOB_QUEUE, type JobQueue, jobSchema } from '../platform/jobs';
import type { LogLevel, MetricPoint } from '../platform/logger';
import { Store } from '../store/store';
import { createRuntime, defaultConfig, type Clock, type DeliveryPorts, type Runtime, type RuntimeConfig } from '../platform/runtime';
import { ensureSeed, type SeedResult } from '../seed';
import { backfillAccountZones } from '../store/migrations/accountZones';
import { migrateOrgFirstKeys } from '../store/migrations/orgFirstKeys';
import { grantAdHocToPlanRoles } from '../store/migrations/roleMessageTypes';
import { ensureTables } from '../store/tables';
import { startHttpServer } from './httpAdapter';
import { errorFields } from '../platform/logger';
import { LocalQueue } from './queue';
import { startQueueLoop } from './queueLoop';
import { LocalScheduler, startSchedulerLoop } from './scheduler';
import { ASSET_BUCKET, startStandIns, type StandIns } from './standins';
import { lazyS3Storage } from '../platform/awsPorts';
import { writeDelta } from '../domain/audience/snapshot';
import { channelSenders } from '../channels';
import { DELIVERY_QUEUE, deliveryWorker } from '../delivery';
import { storedSendRates } from '../domain/sendRates';
import { startSmsInbound } from './standins/smsInbound';
import { startTranslationStandIn } from './standins/translation';
import { type AiProvider, bedrockProvider } from '../platform/ai';
import { offlineAiProvider } from '../platform/aiOffline';

/** How long a delivery message stays hidden while a worker holds it (and after which its claims are stale). */
const DELIVERY_VISIBILITY_S = 300;

export interface LocalHerald {
  url: string;
  portalUrl: string;
  mailViewerUrl: string;
  rt: Runtime;
  jobs: ReturnType<typeof startQueueLoop>;
  queue: LocalQueue;
  scheduler: LocalScheduler;
  delivery: ReturnType<typeof startQueueLoop>;
  seed: SeedResult;
  standIns: StandIns;
  translation?: Awaited<ReturnType<typeof startTranslationStandIn>>;
  stop(): Promise<void>;
}

export interface BootOptions {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  standIns?: StandIns;
  mailViewerPort?: number;
  config?: Partial<RuntimeConfig>;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  logLevel?: LogLevel;
  logSink?: (line: string) => void;
  metricSink?: (points: readonly MetricPoint[]) => void;
  webRoot?: string;
  ai?: AiProvider;
  queuePollMs?: number;
  tablesReady?: boolean;
  // a stopped server's batches are delivered again at once (nothing else works on its data folder)
  redeliverAtStart?: boolean;
}

export async function bootLocal(opts: BootOptions): Promise<LocalHerald> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const ownStandIns = !opts.standIns;
  const standIns = opts.standIns ?? (await startStandIns({ dataDir, persistent: opts.persistent ?? true, mailViewerPort: opts.mailViewerPort }));
  let translationStandIn: Awaited<ReturnType<typeof startTranslationStandIn>> | undefined;
  try {
    const keys = loadOrCreateKeyFile(join(dataDir, 'keys.json'));
    // locally the stand-ins, providers and partners' servers listen on this machine: outbound calls may reach loopback
    const config = { ...defaultConfig({ HERALD_OUTBOUND_LOOPBACK: 'true', ...(opts.env ?? process.env) }), ...opts.config };
    // without a translation system of its own, this Herald has the stand-in, in this process
    translationStandIn = config.translation.url ? undefined : await startTranslationStandIn();
    if (translationStandIn) config.translation = { url: translationStandIn.endpoint };
    // The runtime posts jobs to the local queue, which needs the runtime's store: bound once both exist.
    let queue: LocalQueue | undefined;
    const jobQueue: JobQueue = { post: async (job) => void (await queue!.send(JOB_QUEUE, jobSchema.parse(job))) };
    let scheduler: LocalScheduler | undefined;
    const ports: DeliveryPorts = {
      queue: { send: (name, body, opts) => queue!.send(name, body, opts) },
      scheduler: {
        at: (name, time, target) => scheduler!.at(name, time, target),
        every: (name, minutes, target) => scheduler!.every(name, minutes, target),
        cron: (name, expression, timeZone, target) => scheduler!.cron(name, expression, timeZone, target),
        cancel: (name) => scheduler!.cancel(name),
      },
      // each Herald's objects under its table prefix: tests share the stand-ins' bucket
      storage: lazyS3Storage({ region: config.region, bucket: ASSET_BUCKET, endpoint: standIns.endpoints.s3, keyPrefix: config.tablePrefix }),
      // the account table's stream on AWS: each account write's changes go to the audience snapshot's delta log
      accountFeed: (orgId, changes) => writeDelta(ports.storage, orgId, changes),
    };
    const rt = createRuntime({
      config,
      keys,
      jobs: jobQueue,
      ports,
      endpoints: standIns.endpoints,
      clock: opts.clock,
      logLevel: opts.logLevel ?? 'warn',
      logSink: opts.logSink,
      metricSink: opts.metricSink,
      ai: opts.ai ?? (config.ai.provider === 'bedrock' ? bedrockProvider(config.region) : offlineAiProvider),
    });
    const store = new Store(rt);
    queue = new LocalQueue(store, rt.clock);
    scheduler = new LocalScheduler(store, queue, rt.clock);
    // a clock of the caller's own (tests): no TTL, which would count the real one
    if (!opts.tablesReady) await ensureTables(rt.aws.dynamo, config.tablePrefix, { expire: !opts.clock });
    // before any worker or request reads the moved tables (on AWS the seed step posts it as a job)
    await migrateOrgFirstKeys(store, { log: rt.log });
    await backfillAccountZones(store, { log: rt.log });
    await grantAdHocToPlanRoles(store, { log: rt.log });
    const jobs = startQueueLoop({ queue, name: JOB_QUEUE, worker: jobWorker({ rt, store }), log: rt.log, pollMs: opts.queuePollMs });
    const schedules = startSchedulerLoop(scheduler, rt.log);
    const seed = await ensureSeed(rt);
    const handler = createApiHandler(rt);
    const server: Server = await startHttpServer({
      handler,
      webRoot: opts.webRoot ?? resolve(import.meta.dirname, '../../web/dist'),
      port: opts.port ?? 0,
      uploadOrigins: [new URL(standIns.endpoints.s3).origin],
      // a request past its time (middy's timeout) never reaches the router's own log
      onFault: (err, path) => rt.log.error('request failed outside the router', { path, ...errorFields(err) }),
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    if (!opts.config?.publicUrl && !(opts.env ?? process.env).HERALD_PUBLIC_URL) rt.config.publicUrl = url;
    // The sender signs links with the public address, known only now.
    const senders = channelSenders(rt);
    if (opts.redeliverAtStart) {
      const back = await queue.redeliverInFlight(DELIVERY_QUEUE);
      if (back > 0) rt.log.info('send batches of the last run delivered again', { batches: back });
    }
    const delivery = startQueueLoop({
      queue,
      name: DELIVERY_QUEUE,
      worker: deliveryWorker(rt, store, { senders, ratePerSecond: storedSendRates(store, config.sendRates, rt.clock), staleClaimMs: DELIVERY_VISIBILITY_S * 1000 }),
      log: rt.log,
      pollMs: opts.queuePollMs,
      visibilitySeconds: DELIVERY_VISIBILITY_S,
    });
    // two-way SMS: the stand-in's replies (STOP) reach this Herald as SNS reaches the Lambda on AWS
    const smsInbound = await startSmsInbound({ store, log: rt.log }, standIns.endpoints.sms);
    return {
      url,
      portalUrl: `${url}/portalui/`,
      mailViewerUrl: standIns.mailViewerUrl,
      rt,
      jobs,
      queue,
      scheduler,
      delivery,
      seed,
      standIns,
      translation: translationStandIn,
      async stop() {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        // Loops stop after their current turn; unfinished messages and schedules stay in the data folder.
        await Promise.all([jobs.stop(), schedules.stop(), delivery.stop()]);
        await smsInbound.close();
        await translationStandIn?.close();
        rt.aws.dynamo.destroy();
        if (ownStandIns) await standIns.stop();
      },
    };
  } catch (e) {
    await translationStandIn?.close();
    if (ownStandIns) await standIns.stop();
    throw e;
  }
}
