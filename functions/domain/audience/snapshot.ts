// An organization's audience snapshot in columns (columns.ts) under `audience/${orgId}/`, so a segment's size reads a
// few small objects instead of every account: `base/<name>/` written whole, `delta/` per write folded over it in key
// order, compacted past COMPACT. Keys come from the tenant store's organization only: never another's snapshot.
import { randomBytes } from 'node:crypto';
import type { SegmentCount } from '../../../shared/services';
import { type AccountInput, compileSegment, type SegmentAudience } from '../../../shared/segment';
import type { StoragePort } from '../../platform/storage';
import type { TenantStore } from '../../store/store';
import {
  buildColumn,
  type Column,
  decodeColumn,
  decodeIds,
  encodeColumn,
  encodeIds,
  fieldsOf,
  POSTAL_COLUMN,
  projectAccount,
  type RowIds,
  rowOf,
  rowReader,
  rowsOf,
} from './columns';
import { type AnswerCache, matchRows, ruleFields } from './evaluate';

export interface AccountChange {
  id: string;
  account?: AccountInput;
}

interface Current {
  base: string;
  asOf: number;
  rows: number;
  fields: string[];
  /** how `ids.gz` holds the ids (columns.ts encodeIds); a base written before lines has JSON */
  ids?: 'lines' | 'json';
}

/**
 * Deltas from this long before a base's time are folded over it again: writers' clocks differ a little, and a delta
 * folded twice changes nothing, as every later change of the same account has a later delta.
 */
const MARGIN_MS = 60_000;
export const COMPACT = { files: 64, changes: 20_000 };
const MAX_DELTAS = 10_000;

const root = (orgId: number) => `audience/${orgId}/`;
const currentKey = (orgId: number) => `${root(orgId)}current.json`;
const baseFolder = (orgId: number, base: string) => `${root(orgId)}base/${base}/`;
const deltaFolder = (orgId: number) => `${root(orgId)}delta/`;
const columnKey = (orgId: number, base: string, field: string) => `${baseFolder(orgId, base)}${Buffer.from(field).toString('base64url')}.col`;
const askedKey = (orgId: number) => `${root(orgId)}asked.json`;
/** A snapshot job asked longer ago than a job may run (and its retries wait) is taken as lost, and asked again. */
const ASKED_STALE_MS = 20 * 60_000;
const timeOfKey = (key: string) => Number(key.slice(key.lastIndexOf('/') + 1).split('-')[0]);
const stamp = (ms: number) => `${String(ms).padStart(15, '0')}-${randomBytes(4).toString('hex')}`;

async function readBytes(storage: StoragePort, key: string): Promise<Buffer | undefined> {
  const found = await storage.get(key);
  if (!found) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

interface OrgCache {
  base: string;
  ids?: Promise<RowIds>;
  columns: Map<string, Promise<Column | undefined>>;
  answers: AnswerCache;
  /** values per row of this base that a reader computes once (a channel's reach), by the reader's key */
  kept: Map<string, unknown>;
}
const bases = new WeakMap<StoragePort, Map<number, OrgCache>>();
const deltas = new WeakMap<StoragePort, Map<string, Promise<AccountChange[]>>>();

function cacheOf(storage: StoragePort, orgId: number, current: Current): OrgCache {
  const orgs = bases.get(storage) ?? new Map<number, OrgCache>();
  bases.set(storage, orgs);
  let cache = orgs.get(orgId);
  if (cache?.base !== current.base) {
    cache = { base: current.base, columns: new Map(), answers: new Map(), kept: new Map() };
    orgs.set(orgId, cache);
  }
  return cache;
}

export async function writeDelta(storage: StoragePort, orgId: number, changes: readonly AccountChange[]): Promise<void> {
  if (changes.length === 0) return;
  const body = changes.map((c) => (c.account ? { id: c.id, account: projectAccount(c.account) } : { id: c.id }));
  await storage.put(`${deltaFolder(orgId)}${stamp(Date.now())}.json`, JSON.stringify(body), 'application/json');
}

export async function writeBase(storage: StoragePort, orgId: number, accounts: AccountInput[], asOf: number): Promise<void> {
  const rows = [...accounts].sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : (a.id as string) > (b.id as string) ? 1 : 0));
  const base = stamp(asOf);
  const fields = fieldsOf(rows);
  const ids = encodeIds(rows.map((r) => r.id as string));
  await storage.put(`${baseFolder(orgId, base)}ids.gz`, ids.bytes);
  for (let i = 0; i < fields.length; i += 8) {
    await Promise.all(fields.slice(i, i + 8).map((f) => storage.put(columnKey(orgId, base, f), encodeColumn(buildColumn(f, rows)))));
  }
  const previous = await readCurrent(storage, orgId);
  await storage.put(currentKey(orgId), JSON.stringify({ base, asOf, rows: rows.length, fields, ids: ids.as } satisfies Current), 'application/json');
  // The base before stays for counts that are reading it now, and so does any newer one: another count's rebuild
  // or compaction may be writing it to make it current. Older ones and folded deltas go.
  for (const folder of (await storage.list(`${root(orgId)}base/`)).folders) {
    const name = folder.slice(0, -1).split('/').pop()!;
    if (!previous || name >= previous.base || name === base) continue;
    for (const file of (await storage.list(folder)).files) await storage.delete(file.key);
  }
  const old = (await storage.list(deltaFolder(orgId), MAX_DELTAS)).files.filter((f) => timeOfKey(f.key) < asOf - MARGIN_MS);
  await Promise.all(old.map((f) => storage.delete(f.key)));
}

async function readCurrent(storage: StoragePort, orgId: number): Promise<Current | undefined> {
  for (let attempt = 1; ; attempt++) {
    const bytes = await readBytes(storage, currentKey(orgId));
    if (!bytes) return undefined;
    try {
      return JSON.parse(bytes.toString()) as Current;
    } catch (e) {
      // s3rver (the local stand-in) writes an object in place, so a read meanwhile may see part of it; S3 never does
      if (attempt === 5) throw e;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

/** Base writes under way in this process, by storage, organization and kind: counts that need one at once share it. */
const writing = new WeakMap<StoragePort, Map<string, Promise<unknown>>>();

export function writeOnce<T>(storage: StoragePort, orgId: number, kind: string, write: () => Promise<T>): Promise<T> {
  const running = writing.get(storage) ?? new Map<string, Promise<unknown>>();
  writing.set(storage, running);
  const key = `${orgId}:${kind}`;
  let pending = running.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = write().finally(() => running.delete(key));
    running.set(key, pending);
  }
  return pending;
}

interface Opened {
  current: Current;
  ids: RowIds;
  column(field: string): Promise<Column | undefined>;
  answers: AnswerCache;
  kept: Map<string, unknown>;
  changes: Map<string, AccountInput | null>;
  deltaFiles: number;
  pending: number;
  changedAt?: number;
}

async function openSnapshot(storage: StoragePort, orgId: number): Promise<Opened | undefined> {
  const current = await readCurrent(storage, orgId);
  if (!current) return undefined;
  const cache = cacheOf(storage, orgId, current);
  const listing = await storage.list(deltaFolder(orgId), MAX_DELTAS);
  if (!cache.ids) {
    const ids = readBytes(storage, `${baseFolder(orgId, current.base)}ids.gz`).then((b) => {
      if (!b) throw new Error(`the audience snapshot's base ${current.base} has no ids`);
      return decodeIds(b, current.ids ?? 'json');
    });
    // a failed read is tried again by the next count
    ids.catch(() => {
      if (cache.ids === ids) cache.ids = undefined;
    });
    cache.ids = ids;
  }
  const files = listing.files.filter((f) => timeOfKey(f.key) >= current.asOf - MARGIN_MS).sort((a, b) => (a.key < b.key ? -1 : 1));
  const seen = deltas.get(storage) ?? new Map<string, Promise<AccountChange[]>>();
  deltas.set(storage, seen);
  const listed = new Set(listing.files.map((f) => f.key));
  for (const key of seen.keys()) if (key.startsWith(deltaFolder(orgId)) && !listed.has(key)) seen.delete(key);
  const read = await Promise.all(
    files.map((f) => {
      let loaded = seen.get(f.key);
      if (!loaded) {
        loaded = readBytes(storage, f.key).then((b) => (b ? (JSON.parse(b.toString()) as AccountChange[]) : []));
        seen.set(f.key, loaded);
      }
      return loaded;
    }),
  );
  const changes = new Map<string, AccountInput | null>();
  const recent = new Set<string>();
  let recentFiles = 0;
  for (const [i, batch] of read.entries()) {
    const after = timeOfKey(files[i].key) > current.asOf;
    if (after) recentFiles++;
    for (const c of batch) {
      changes.delete(c.id);
      changes.set(c.id, c.account ?? null);
      if (after) recent.add(c.id);
    }
  }
  const columnOf = (field: string) => {
    if (!current.fields.includes(field)) return Promise.resolve(undefined);
    let loaded = cache.columns.get(field);
    if (!loaded) {
      loaded = readBytes(storage, columnKey(orgId, current.base, field)).then(
        (b) => (b ? decodeColumn(b) : undefined),
        (e) => {
          cache.columns.delete(field); // asked again next time
          throw e;
        },
      );
      cache.columns.set(field, loaded);
    }
    return loaded;
  };
  return {
    current,
    ids: await cache.ids,
    column: columnOf,
    answers: cache.answers,
    kept: cache.kept,
    changes,
    deltaFiles: recentFiles,
    pending: recent.size,
    changedAt: files.length ? timeOfKey(files[files.length - 1].key) : undefined,
  };
}

/**
 * Asks the job queue for the organization's snapshot work (snapshotJob): building a base too large to read within a
 * count, or folding a long change log. Asked once while a job is pending; counts meanwhile answer as they can.
 */
export async function askSnapshotJob(tenant: TenantStore): Promise<void> {
  if (await snapshotJobAsked(tenant)) return;
  await tenant.rt.ports.storage.put(askedKey(tenant.orgId), JSON.stringify({ at: Date.now() }), 'application/json');
  await tenant.rt.jobs.post({ kind: 'audienceSnapshot', orgId: tenant.orgId });
}

/** A snapshot job is asked and neither done nor taken as lost. */
export async function snapshotJobAsked(tenant: TenantStore): Promise<boolean> {
  const asked = await readBytes(tenant.rt.ports.storage, askedKey(tenant.orgId));
  // a read of the marker while it is written (s3rver) loses its time: asked again, which a job survives
  const at = Number((asked && /"at":(\d+)/.exec(asked.toString())?.[1]) ?? 0);
  return Date.now() - at < ASKED_STALE_MS;
}

/** The job's end: the next need asks again. */
export const snapshotJobDone = (storage: StoragePort, orgId: number) => storage.delete(askedKey(orgId));

/** Folds the change log into a new base when it is long; false when there is no base to fold into. */
export async function foldChanges(storage: StoragePort, orgId: number): Promise<boolean> {
  const snap = await openSnapshot(storage, orgId);
  if (!snap) return false;
  if (foldDue(snap)) await writeOnce(storage, orgId, 'compact', () => compact(storage, orgId, snap));
  return true;
}

const foldDue = (snap: Opened) => snap.deltaFiles > COMPACT.files || snap.changes.size > COMPACT.changes;

async function compact(storage: StoragePort, orgId: number, snap: Opened): Promise<void> {
  const columns = new Map<string, Column>();
  for (const field of snap.current.fields) {
    const column = await snap.column(field);
    if (column) columns.set(field, column);
  }
  const rows = rowsOf(snap.ids, columns);
  const kept = rows.filter((r) => !snap.changes.has(r.id as string));
  for (const account of snap.changes.values()) if (account) kept.push(account);
  await writeBase(storage, orgId, kept, snap.changedAt ?? snap.current.asOf);
}

export interface SnapshotMembers {
  size: SegmentCount;
  /** The members as the base's rows (matched[r] = 1) and the accounts changed since it. */
  rows: BaseRows;
}

export interface BaseRows {
  ids: RowIds;
  matched: Uint8Array;
  changed: readonly AccountInput[];
  reader(fields: readonly string[]): Promise<(r: number) => AccountInput>;
  /** A value kept with this base, made once: a new base (a rebuild, a compaction) starts without it. */
  kept<T>(key: string, make: () => T): T;
}

/** A segment from the organization's snapshot, exact as of its newest delta. */
export async function membersFromSnapshot(tenant: TenantStore, audience: SegmentAudience, now: number, opts: { needsPostal?: boolean } = {}): Promise<SnapshotMembers | undefined> {
  const storage = tenant.rt.ports.storage;
  const snap = await openSnapshot(storage, tenant.orgId);
  if (!snap || (opts.needsPostal && !snap.current.fields.includes(POSTAL_COLUMN))) return undefined;
  const fields = [...ruleFields(audience.rule)];
  const columns = new Map(await Promise.all(fields.map(async (f) => [f, await snap.column(f)] as const)));
  const matched = matchRows(audience.rule, now, snap.ids, columns, snap.answers);
  // each id found once: a lookup in line ids reads about 20 of them
  const mark = (ids: readonly string[] | undefined, to: 0 | 1) => {
    for (const id of ids ?? []) {
      const r = rowOf(snap.ids, id);
      if (r >= 0) matched[r] = to;
    }
  };
  mark(audience.includeIds, 1);
  mark(audience.excludeIds, 0);
  let total = snap.ids.length;
  const member = compileSegment(audience, now);
  const changed: AccountInput[] = [];
  for (const [id, account] of snap.changes) {
    const r = rowOf(snap.ids, id);
    if (r >= 0) {
      total--;
      matched[r] = 0;
    }
    if (account) {
      total++;
      if (member(account)) changed.push(account);
    }
  }
  let count = changed.length;
  for (let r = 0; r < matched.length; r++) count += matched[r];
  // folding rewrites the base (seconds at a million accounts): a job's work, never a count's
  if (foldDue(snap)) await askSnapshotJob(tenant);
  // the next edit may ask another field: the base's other columns are fetched and decoded meanwhile
  for (const field of snap.current.fields) void snap.column(field).catch(() => undefined);
  const snapshot = { builtAt: snap.current.asOf, pending: snap.pending, ...(snap.changedAt ? { changedAt: snap.changedAt } : {}) };
  const reader = async (wanted: readonly string[]) => rowReader(snap.ids, new Map(await Promise.all(wanted.map(async (f) => [f, await snap.column(f)] as const))));
  return {
    size: { count, total, complete: true, snapshot },
    rows: {
      ids: snap.ids,
      matched,
      changed,
      reader,
      kept<T>(key: string, make: () => T): T {
        if (!snap.kept.has(key)) snap.kept.set(key, make());
        return snap.kept.get(key) as T;
      },
    },
  };
}

export async function countFromSnapshot(tenant: TenantStore, audience: SegmentAudience, now: number): Promise<SegmentCount | undefined> {
  return (await membersFromSnapshot(tenant, audience, now))?.size;
}
