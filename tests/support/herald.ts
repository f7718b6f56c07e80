/** Test helpers: boot Herald on the shared stand-ins, and call the envelope API as a client would. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient, paginateListTables } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ASSET_BUCKET, LOCAL_AWS } from '../../functions/local/standins';
import { ENTITY_LIST, tableName } from '../../shared/entities';
import { inject } from 'vitest';
import { bootLocal, type BootOptions, type LocalHerald } from '../../functions/local/boot';
import type { StandIns } from '../../functions/local/standins';
import { realNow } from './testDate';
import { workerDynamo } from './workers';
import { CATALOGUE, type CrudEntityName, type PayloadIn, type Result, type ServiceName } from '../../shared/services';
import { decodeResponsePayload, encodeRequest, type AuthType, type ResponseEnvelope } from '../../shared/envelope';

export const ADMIN_PASSWORD = 'Admin@1234';

let counter = 0;

/** A fresh Herald (own tables, own data folder) on the run's stand-ins. */
export async function startHerald(opts: Partial<BootOptions> = {}): Promise<LocalHerald> {
  const { mailViewerUrl, mailProviders, ...provided } = inject('standIns');
  const standIns: StandIns = {
    endpoints: { ...provided, dynamodb: workerDynamo(inject('dynamodbs')) },
    mailProviders,
    mailViewerUrl,
    stop: async () => undefined,
  };
  // an emptied set of tables an earlier file left (see reclaimTables), with the TTL this Herald's clock wants
  const expire = !opts.clock;
  // (a Herald booted on a named prefix, a restart on its predecessor's tables, leaves the emptied sets alone)
  // (and one on another DynamoDB Local than this worker's, which holds no emptied set)
  const ownDynamo = !opts.standIns || opts.standIns.endpoints.dynamodb === standIns.endpoints.dynamodb;
  const reused = opts.config?.tablePrefix || !ownDynamo ? undefined : emptied[String(expire)].pop();
  const prefix = reused ?? `t${process.pid}x${Date.now().toString(36)}x${counter++}-`;
  // compared with the SES stand-in's times, which are real ones
  const bootedAt = realNow();
  const herald = await bootLocal({
    dataDir: mkdtempSync(join(tmpdir(), 'herald-')),
    standIns,
    logLevel: (process.env.HERALD_TEST_LOG as 'error' | undefined) ?? 'silent',
    // sends in the test's process wake the loops at once; polling 4 times a second kept DynamoDB Local busy
    queuePollMs: 1000,
    // an emptied set holds every table of the registry, as its first Herald made them
    tablesReady: reused !== undefined,
    ...opts,
    config: { tablePrefix: prefix, adminPassword: ADMIN_PASSWORD, ...opts.config },
  });
  // a Herald booted again on an earlier one's tables (a restart) reads that one's mail too
  const tables = herald.rt.config.tablePrefix;
  if (!firstBoot.has(tables)) firstBoot.set(tables, bootedAt);
  if (!unreclaimed.has(tables)) unreclaimed.set(tables, expire);
  running.set(herald.portalUrl, herald);
  const stop = herald.stop.bind(herald);
  herald.stop = async () => {
    running.delete(herald.portalUrl);
    await stop();
  };
  return herald;
}

/** The Heralds of this worker by portal address, for helpers given only the address (the browser's sign-in). */
const running = new Map<string, LocalHerald>();

export function heraldServing(portalUrl: string): LocalHerald | undefined {
  return running.get(portalUrl);
}

/** When the first Herald on each table prefix began to boot: no mail of those tables was sent before. */
const firstBoot = new Map<string, number>();

/** The table prefixes this worker's Heralds used since the last `reclaimTables`, with whether their TTL is on. */
const unreclaimed = new Map<string, boolean>();

/** Sets of tables emptied for the next file, by whether their TTL is on (it stays as its first Herald set it). */
const emptied: Record<string, string[]> = { true: [], false: [] };

/** A file's tables holding more items than this are deleted rather than emptied (deleting item by item would take longer). */
const EMPTY_AT_MOST = 2000;

/**
 * Empties the file that just ended's tables for the next file (tests/support/reclaimTables.ts runs it after each
 * server file): creating a Herald's ~74 tables in DynamoDB Local costs more than emptying them. A set that holds
 * many items, lacks one of the registry's tables or has others beside them (a migration test's older layout) is
 * deleted instead. Either way nothing of a file is left to the next, its stored objects neither: DynamoDB Local
 * also spends idle CPU on every table it holds (about 1.3 ms/s per set), so sets are never left behind.
 */
export async function reclaimTables(): Promise<void> {
  // a Herald a file left running would go on polling the tables
  await Promise.all([...running.values()].map((h) => h.stop()));
  if (unreclaimed.size === 0) return;
  const sets = [...unreclaimed];
  unreclaimed.clear();
  for (const [prefix] of sets) firstBoot.delete(prefix);
  const client = new DynamoDBClient({ endpoint: workerDynamo(inject('dynamodbs')), ...LOCAL_AWS });
  const doc = DynamoDBDocumentClient.from(client);
  const s3 = new S3Client({ endpoint: inject('standIns').s3, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  try {
    const names: string[] = [];
    for await (const page of paginateListTables({ client }, {})) names.push(...(page.TableNames ?? []));
    await Promise.all(
      sets.map(async ([prefix, expire]) => {
        await emptyObjects(s3, prefix);
        const ours = names.filter((name) => name.startsWith(prefix));
        const registry = ENTITY_LIST.every((def) => ours.includes(tableName(prefix, def)));
        if (registry && ours.length === ENTITY_LIST.length && (await emptyTables(doc, prefix))) emptied[String(expire)].push(prefix);
        else await Promise.all(ours.map((TableName) => client.send(new DeleteTableCommand({ TableName }))));
      }),
    );
  } finally {
    client.destroy();
    s3.destroy();
  }
}

/** Deletes every item of the registry's tables under `prefix`; false when they hold too many (or one is gone). */
async function emptyTables(doc: DynamoDBDocumentClient, prefix: string): Promise<boolean> {
  const keys: { TableName: string; Key: Record<string, unknown> }[] = [];
  try {
    await Promise.all(
      ENTITY_LIST.map(async (def) => {
        const TableName = tableName(prefix, def);
        const names = [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];
        const ExpressionAttributeNames = Object.fromEntries(names.map((n, i) => [`#k${i}`, n]));
        for await (const page of paginateScan({ client: doc }, { TableName, ProjectionExpression: Object.keys(ExpressionAttributeNames).join(', '), ExpressionAttributeNames })) {
          for (const Key of page.Items ?? []) keys.push({ TableName, Key });
          if (keys.length > EMPTY_AT_MOST) throw new Error('too many to empty');
        }
      }),
    );
  } catch {
    return false;
  }
  const batches = Array.from({ length: Math.ceil(keys.length / 25) }, (_, i) => keys.slice(i * 25, i * 25 + 25));
  await Promise.all(
    batches.map(async (batch) => {
      let requests: Record<string, { DeleteRequest: { Key: Record<string, unknown> } }[]> = {};
      for (const { TableName, Key } of batch) (requests[TableName] ??= []).push({ DeleteRequest: { Key } });
      while (Object.keys(requests).length > 0) {
        const out = await doc.send(new BatchWriteCommand({ RequestItems: requests }));
        requests = (out.UnprocessedItems ?? {}) as typeof requests;
      }
    }),
  );
  return true;
}

/** The objects a file's Heralds stored under their tables' prefix (the stand-ins' bucket is shared). */
async function emptyObjects(s3: S3Client, prefix: string): Promise<void> {
  for (;;) {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: ASSET_BUCKET, Prefix: prefix }));
    const objects = (listed.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (objects.length === 0) return;
    await s3.send(new DeleteObjectsCommand({ Bucket: ASSET_BUCKET, Delete: { Objects: objects, Quiet: true } }));
  }
}

export interface CallResult<T = unknown> {
  status: number;
  body: ResponseEnvelope;
  payload: T;
}

/** A client of the envelope API, in either auth mode, holding a session once signed in. */
export class ApiClient {
  token?: string;
  refresh?: string;
  headers: Record<string, string> = {};
  /** the portal's cookies this client holds, as a browser keeps them (the single sign-on binding) */
  readonly cookies = new Map<string, string>();
  constructor(
    readonly herald: LocalHerald,
    readonly opts: { authType?: AuthType; secret?: string; appKey?: string; deviceId?: string } = {},
  ) {}

  get authType(): AuthType {
    return this.opts.authType ?? this.herald.rt.config.authType;
  }

  async call<T = unknown>(service: string, payload: unknown = {}, extraHeaders: Record<string, string> = {}): Promise<CallResult<T>> {
    const secret = this.opts.secret ?? this.herald.seed.portalAppSecret;
    const body = encodeRequest(service, payload, this.authType, secret);
    const res = await fetch(`${this.herald.url}/service/web/api/index`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-device-id': this.opts.deviceId ?? 'test-device',
        'x-app-key': this.opts.appKey ?? this.herald.rt.config.portalAppKey,
        'x-timestamp': String(this.herald.rt.clock.now()),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...this.headers,
        ...extraHeaders,
      },
      body: JSON.stringify(body),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair, ...attributes] = set.split(';');
      const at = pair.indexOf('=');
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(pair.slice(0, at).trim());
      else this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const envelope = (await res.json()) as ResponseEnvelope;
    const decoded = decodeResponsePayload(envelope, this.authType, secret) as T;
    // Every answer is held to the catalogue, as the portal's client holds it: a test never passes on a shape
    // the browser would refuse.
    const op = envelope.state === 'S' ? CATALOGUE.get(service) : undefined;
    if (op) {
      const checked = op.response.safeParse(decoded);
      if (!checked.success) throw new Error(`${service} answered outside its response schema: ${checked.error.message.slice(0, 500)}`);
    }
    return { status: res.status, body: envelope, payload: decoded };
  }

  /** Refresh once and retry when the access token has expired (for long-lived helper clients). */
  autoRefresh = false;

  /**
   * Calls and expects success. With a literal operation name the payload and the answer are typed by the
   * catalogue; a name built at run time, and the generic CRUD areas (whose records are typed by the registry at
   * run time, not by the catalogue's types), get `any`.
   */
  async ok<S extends string, T = S extends ServiceName ? (S extends `${CrudEntityName}.${string}` ? any : Result<S>) : any>(
    service: S,
    payload?: S extends ServiceName ? PayloadIn<S> | Record<string, unknown> : unknown,
  ): Promise<T> {
    let r = await this.call<T>(service, payload ?? {});
    if (this.autoRefresh && r.body.errorCode === '710005' && this.credentials) {
      const refreshed = await this.call<any>('auth.refreshToken', { refreshToken: this.refresh });
      if (refreshed.body.state === 'S') {
        this.token = refreshed.payload.accessToken;
        this.refresh = refreshed.payload.refreshToken;
      } else {
        await this.login(...this.credentials);
      }
      r = await this.call<T>(service, payload ?? {});
    }
    if (r.body.state !== 'S') throw new Error(`${service} failed: ${r.status} ${r.body.errorCode} ${r.body.errorMessage}`);
    return r.payload;
  }

  credentials?: [string, string];

  async login(username = 'admin', password = ADMIN_PASSWORD): Promise<any> {
    this.credentials = [username, password];
    const signIn = await this.ok<any>('auth.login', { username, password });
    this.token = signIn.accessToken;
    this.refresh = signIn.refreshToken;
    return signIn;
  }
}

/** Posts raw bytes to a path with chosen headers (for malformed-request tests). */
export async function rawPost(herald: LocalHerald, path: string, body: string | Uint8Array, headers: Record<string, string>) {
  const res = await fetch(`${herald.url}${path}`, { method: 'POST', headers, body: body as BodyInit });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text) as ResponseEnvelope;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

export function goodHeaders(herald: LocalHerald, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-device-id': 'test-device',
    'x-app-key': herald.rt.config.portalAppKey,
    'x-timestamp': String(herald.rt.clock.now()),
    ...extra,
  };
}

/** A clock the test moves by hand (token expiry, throttle windows, idle sessions). */
export function manualClock(start = Date.now()) {
  return {
    t: start,
    now() {
      return this.t;
    },
    advance(ms: number) {
      this.t += ms;
    },
  };
}

/**
 * Mail sent through the local SES (aws-ses-v2-local keeps it in memory). The run's SES holds every file's mail
 * (thousands, with their HTML, by the end of a run), so only what was sent since this Herald (or the first on its
 * tables) began to boot is fetched. `since` is in whole seconds: other files' mail of that second may be among them.
 */
export async function sentMail(herald: LocalHerald): Promise<{ subject: string; destination: { to: string[] }; body: { text?: string; html?: string } }[]> {
  const bootedAt = firstBoot.get(herald.rt.config.tablePrefix);
  const res = await fetch(`${herald.standIns.endpoints.ses}/store${bootedAt === undefined ? '' : `?since=${Math.floor(bootedAt / 1000)}`}`);
  const data = (await res.json()) as { emails: any[] };
  return data.emails;
}

/**
 * Uploads a file as the portal does: asks `service` (cloudSource.uploadUrl or presetParameter.uploadUrl) for a
 * link signed for the file's size, then PUTs it with the signed Content-Type. Answers the PUT's response.
 */
export async function uploadThroughLink(
  client: ApiClient,
  service: 'cloudSource.uploadUrl' | 'presetParameter.uploadUrl',
  payload: { id: string; fileName: string },
  body: string | Uint8Array,
): Promise<Response> {
  const bytes = Buffer.from(body);
  const link = await client.ok(service, { ...payload, size: bytes.byteLength });
  return fetch(link.url, { method: 'PUT', body: bytes, headers: { 'content-type': link.contentType } });
}
