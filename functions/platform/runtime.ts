/** Everything a handler needs, built once per process: configuration, AWS clients, keys, clock, logger. */
import type { AuthType } from '../../shared/envelopeFormat';
import type { Channel } from '../../shared/delivery';
import { MAP_TILE_URL } from '../../shared/validation';
import { AI_DAILY_LIMIT_DEFAULT } from '../../shared/services/brandVoice';
import { type AiProvider, bedrockProvider } from './ai';
import { httpTranslation, noTranslation, type TranslationPort } from './translation';
import { type AwsClients, createAwsClients, type Endpoints } from './aws';
import type { JobQueue } from './jobs';
import type { KeyRing } from './keys';
import { createLogger, type Logger, type LogLevel, type MetricPoint } from './logger';
import { type OutboundPolicy, setOutboundPolicy } from './outbound';
import { type Mailer, sesMailer } from './mailer';
import type { QueuePort } from './queue';
import type { SchedulerPort } from './scheduler';
import type { StoragePort } from './storage';

export interface RuntimeConfig {
  region: string;
  tablePrefix: string;
  authType: AuthType;
  portalAppKey: string;
  /** a fixed portal app secret, or undefined to generate one at seeding */
  portalAppSecret?: string;
  adminUser: string;
  adminPassword?: string;
  publicUrl: string;
  mailFrom: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  sessionIdleSeconds: number;
  passwordResetSeconds: number;
  inviteSeconds: number;
  loginThrottle: { windowSeconds: number; perUserAddress: number; perAddress: number; perUser: number; delayStepMs: number; maxDelayMs: number };
  resetThrottle: { perEmail: number; perAddress: number };
  maxClockSkewMs: number;
  /** app SDK calls a minute per app, unless the app sets its own; events the SDK API keeps, in days */
  sdk: { ratePerMinute: number; eventRetentionDays: number };
  mapTiles: { url: string; attribution: string };
  /** how long one job reads a file before a follow-up job goes on from there (the job worker's limit is 300 s) */
  jobSliceMs: number;
  sendRates: Record<Channel, number>;
  orgRateShare: number;
  sesConfigurationSet?: string;
  providerChoiceMs?: number;
  exportCap?: number;
  sms: { originationIdentity?: string; configurationSet?: string; maxPrice?: string; ttlSeconds: number };
  viewerIpHeader?: string;
  outbound: OutboundPolicy;
  /** cloud sources: the deployment's account, whose roles they may never assume. */
  cloudSources: { awsAccountId?: string; jobRoleArn?: string; sftpConnectMs: number };
  ai: { provider: 'bedrock' | 'offline'; modelId: string; dailyLimit: number };
  translation: { url: string; apiKey?: string };
}

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** Where work is handed off: queues (SQS or the local durable queue) and schedules (EventBridge or local). */
export interface DeliveryPorts {
  queue: QueuePort;
  scheduler: SchedulerPort;
  storage: StoragePort;
  accountFeed?: (orgId: number, changes: readonly { id: string; account?: object }[]) => Promise<void>;
}

export interface Runtime {
  config: RuntimeConfig;
  ports: DeliveryPorts;
  aws: AwsClients;
  keys: KeyRing;
  mailer: Mailer;
  jobs: JobQueue;
  clock: Clock;
  log: Logger;
  ai: AiProvider;
  translation: TranslationPort;
}

export function defaultConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const authType = env.HERALD_AUTH_TYPE === 'AES256' ? 'AES256' : 'NONE';
  const num = (name: string, fallback: number) => {
    const v = Number(env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    tablePrefix: env.HERALD_TABLE_PREFIX ?? 'herald-',
    authType,
    portalAppKey: env.HERALD_APP_KEY || 'portal',
    portalAppSecret: env.HERALD_APP_SECRET || undefined,
    adminUser: env.HERALD_ADMIN_USER || 'admin',
    adminPassword: env.HERALD_ADMIN_PASSWORD || undefined,
    publicUrl: env.HERALD_PUBLIC_URL ?? 'http://localhost:3000',
    mailFrom: env.HERALD_MAIL_FROM ?? 'no-reply@herald.local',
    accessTokenSeconds: num('HERALD_ACCESS_TOKEN_SECONDS', 15 * 60),
    refreshTokenSeconds: num('HERALD_REFRESH_TOKEN_SECONDS', 7 * 24 * 3600),
    sessionIdleSeconds: num('HERALD_SESSION_IDLE_SECONDS', 8 * 3600),
    passwordResetSeconds: num('HERALD_PASSWORD_RESET_SECONDS', 3600),
    inviteSeconds: num('HERALD_INVITE_SECONDS', 7 * 24 * 3600),
    loginThrottle: {
      windowSeconds: num('HERALD_LOGIN_WINDOW_SECONDS', 15 * 60),
      perUserAddress: num('HERALD_LOGIN_PER_USER_ADDRESS', 5),
      perAddress: num('HERALD_LOGIN_PER_ADDRESS', 50),
      perUser: num('HERALD_LOGIN_PER_USER', 20),
      delayStepMs: num('HERALD_LOGIN_DELAY_STEP_MS', 250),
      maxDelayMs: num('HERALD_LOGIN_MAX_DELAY_MS', 5000),
    },
    resetThrottle: { perEmail: 3, perAddress: 20 },
    maxClockSkewMs: 5 * 60 * 1000,
    sdk: { ratePerMinute: num('HERALD_SDK_RATE_PER_MINUTE', 600), eventRetentionDays: num('HERALD_SDK_EVENT_DAYS', 400) },
    jobSliceMs: num('HERALD_JOB_SLICE_MS', 240_000),
    mapTiles: { url: MAP_TILE_URL.test(env.HERALD_MAP_TILE_URL ?? '') ? env.HERALD_MAP_TILE_URL! : '', attribution: (env.HERALD_MAP_ATTRIBUTION ?? '').slice(0, 200) },
    orgRateShare: Math.min(1, Math.max(0.05, Number(env.HERALD_ORG_RATE_SHARE || 0.8) || 0.8)),
    sendRates: {
      EMAIL: num('HERALD_RATE_EMAIL', 14),
      SMS: num('HERALD_RATE_SMS', 20),
      PUSH_NATIVE: num('HERALD_RATE_PUSH', 500),
      LINE: num('HERALD_RATE_LINE', 100),
      DIRECT_MAIL: num('HERALD_RATE_DIRECT_MAIL', 1000),
    },
    sesConfigurationSet: env.HERALD_SES_CONFIGURATION_SET || undefined,
    sms: {
      originationIdentity: env.HERALD_SMS_ORIGINATION_IDENTITY || undefined,
      configurationSet: env.HERALD_SMS_CONFIGURATION_SET || undefined,
      // the API's own pattern for MaxPrice; anything else would fail every message
      maxPrice: /^\d{0,2}\.\d{1,5}$/.test(env.HERALD_SMS_MAX_PRICE ?? '') ? env.HERALD_SMS_MAX_PRICE : undefined,
      // a promotion a day late is worse than none; the API takes 5 s to 72 h
      ttlSeconds: Math.min(259_200, Math.max(5, Math.round(num('HERALD_SMS_TTL_SECONDS', 86_400)))),
    },
    viewerIpHeader: env.HERALD_VIEWER_IP_HEADER?.toLowerCase() || undefined,
    outbound: { allowLoopback: env.HERALD_OUTBOUND_LOOPBACK === 'true' },
    cloudSources: {
      sftpConnectMs: num('HERALD_SFTP_CONNECT_MS', 20_000),
      awsAccountId: env.HERALD_AWS_ACCOUNT_ID || undefined,
      jobRoleArn: env.HERALD_JOB_ROLE_ARN || undefined,
    },
    ai: {
      provider: env.HERALD_AI_PROVIDER === 'bedrock' ? 'bedrock' : 'offline',
      modelId: env.HERALD_BEDROCK_MODEL_ID || 'amazon.nova-lite-v1:0',
      dailyLimit: Math.round(num('HERALD_AI_DAILY_LIMIT', AI_DAILY_LIMIT_DEFAULT)),
    },
    translation: { url: env.HERALD_TRANSLATION_URL ?? '', apiKey: env.HERALD_TRANSLATION_API_KEY || undefined },
  };
}

export function createRuntime(opts: {
  config: RuntimeConfig;
  keys: KeyRing;
  jobs: JobQueue;
  ports: DeliveryPorts;
  endpoints?: Endpoints;
  clock?: Clock;
  logLevel?: LogLevel;
  logSink?: (line: string) => void;
  metricSink?: (points: readonly MetricPoint[]) => void;
  ai?: AiProvider;
}): Runtime {
  const aws = createAwsClients(opts.config.region, opts.endpoints);
  setOutboundPolicy(opts.config.outbound);
  return {
    config: opts.config,
    aws,
    keys: opts.keys,
    mailer: sesMailer(aws.ses, opts.config.mailFrom),
    jobs: opts.jobs,
    ports: opts.ports,
    clock: opts.clock ?? systemClock,
    log: createLogger(opts.logLevel ?? 'info', opts.logSink, opts.metricSink),
    ai: opts.ai ?? bedrockProvider(opts.config.region),
    translation: opts.config.translation.url ? httpTranslation(opts.config.translation.url, opts.config.translation.apiKey) : noTranslation,
  };
}
