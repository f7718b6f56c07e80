// Running an export: the source read in pages (accounts: the ACCOUNT_SHARDS shards in parallel, only the columns
// asked for and what the segment tests), at most EXPORT_CAP records kept. The run record says how it ended; a failure
// is kept on it with its message, never retried blindly.
import { ACCOUNT_SHARDS, type Account, type DataExport } from '../../../shared/entities';
import { csvLine, EXPORT_CAP } from '../../../shared/export/csv';
import { compileSegment, type SegmentAudience } from '../../../shared/segment';
import { COLUMNS_OF } from '../../../shared/services/dataExport';
import type { Runtime } from '../../platform/runtime';
import type { Store, TenantStore } from '../../store/store';
import { Accounts, compareIds } from '../../domain/accounts';

export const exportKey = (orgId: number, id: string) => `exports/${orgId}/${id}.csv`;

type Row = Record<string, unknown>;

const ATTRIBUTE_PREFIX = 'attributes.';

function accountRow(a: Account): Row {
  const row: Row = { ...a, email: a.emails[0] ?? '' };
  for (const [name, value] of Object.entries(a.attributes ?? {})) row[`${ATTRIBUTE_PREFIX}${name}`] = value;
  return row;
}

function fileColumns(columns: readonly string[], rows: Row[]): string[] {
  if (!columns.includes('attributes')) return [...columns];
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys((row.attributes as Record<string, unknown> | undefined) ?? {})) names.add(name);
  const spread = [...names].sort().map((n) => `${ATTRIBUTE_PREFIX}${n}`);
  return columns.flatMap((c) => (c === 'attributes' ? spread : [c]));
}

async function accountRows(tenant: TenantStore, segment: SegmentAudience | undefined, now: number, cap: number): Promise<{ rows: Row[]; capped: boolean }> {
  const matches = segment ? compileSegment(segment, now) : () => true;
  const accounts = new Accounts(tenant);
  const found: Account[] = [];
  let capped = false;
  await Promise.all(
    Array.from({ length: ACCOUNT_SHARDS }, async (_, shard) => {
      let after: string | undefined;
      do {
        if (found.length > cap) {
          capped = true;
          return;
        }
        const page = await accounts.readShardPage(shard, { after });
        for (const account of page.accounts) if (matches(account)) found.push(account);
        after = page.next;
      } while (after !== undefined);
    }),
  );
  found.sort((a, b) => compareIds(a.id, b.id));
  if (found.length > cap) capped = true;
  return { rows: found.slice(0, cap).map(accountRow), capped };
}

async function unsubscriptionRows(tenant: TenantStore, cap: number): Promise<{ rows: Row[]; capped: boolean }> {
  const list = (await tenant.list('messageUnsubscription')).sort((a, b) => b.dateCreated - a.dateCreated);
  return { rows: list.slice(0, cap) as unknown as Row[], capped: list.length > cap };
}

const DATE_COLUMNS = new Set(['dateCreated', 'dateUpdated']);

/** Runs an export that is RUNNING; anything else (a repeated job, a deleted run) is left as it is. */
export async function runDataExport(deps: { rt: Runtime; store: Store }, orgId: number, id: string): Promise<void> {
  const tenant = deps.store.forOrg(orgId);
  const run = await tenant.get('dataExport', id);
  if (run?.state !== 'RUNNING') return;
  const now = deps.rt.clock.now();
  const cap = deps.rt.config.exportCap ?? EXPORT_CAP;
  let next: DataExport;
  try {
    const segment = run.segmentId ? await tenant.get('segment', run.segmentId) : undefined;
    if (run.segmentId && !segment) throw new Error('The segment no longer exists.');
    const { rows, capped } = run.exportType === 'ACCOUNTS' ? await accountRows(tenant, segment, now, cap) : await unsubscriptionRows(tenant, cap);
    const all: readonly string[] = COLUMNS_OF[run.exportType];
    const columns = fileColumns(run.columns.length ? all.filter((c) => run.columns.includes(c)) : all, rows);
    if (rows.length === 0) {
      next = { ...run, state: 'EMPTY', rows: 0, capped: false, finishedAt: deps.rt.clock.now() };
    } else {
      const parts = ['\uFEFF', csvLine(columns)];
      for (const row of rows) parts.push(csvLine(columns.map((c) => (DATE_COLUMNS.has(c) && typeof row[c] === 'number' ? new Date(row[c]).toISOString() : row[c]))));
      const fileKey = exportKey(orgId, id);
      await deps.rt.ports.storage.put(fileKey, parts.join(''), 'text/csv; charset=utf-8');
      const day = new Date(now).toISOString().slice(0, 10);
      next = {
        ...run,
        state: 'DONE',
        rows: rows.length,
        capped,
        fileKey,
        fileName: `${run.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'export'}-${day}.csv`,
        finishedAt: deps.rt.clock.now(),
      };
    }
  } catch (e) {
    next = { ...run, state: 'FAILED', error: e instanceof Error ? e.message.slice(0, 500) : 'The export failed.', finishedAt: deps.rt.clock.now() };
  }
  await deps.store.put('dataExport', { ...next, version: run.version + 1, dateUpdated: deps.rt.clock.now() });
}
