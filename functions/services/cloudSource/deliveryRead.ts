// Reading one delivered file (./run.ts): streamed through the CSV reader in the source's encoding (an .xlsx is read
// whole, its sheet then paged the same way).
import { CLOUD_RECORDS_KEPT, type CloudSource, type CloudSourceHistory, type CloudSourceRecord, cloudRecordKeyOf, type DataImport } from '../../../shared/entities';
import { type ImportPlan, rowChange, type RowOptions } from '../../../shared/import/accountImport';
import { CsvError } from '../../../shared/import/csv';
import { filePages, XlsxError } from '../../../shared/import/xlsx';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { importRows } from '../dataImport';
import { type Deps, histories } from './deliveryHistory';
import { compilePattern } from './patterns';
import { say } from '../../../shared/i18n/say';

export function planOf(source: Pick<CloudSource, 'fileColumns' | 'uniqueIdField' | 'keyCase' | 'splitChar' | 'encoding' | 'groupColumn' | 'localeColumn'>): ImportPlan {
  const columns = source.fileColumns.map((c) => c.columnId);
  const mappings: ImportPlan['mappings'] = [];
  source.fileColumns.forEach((c, column) => {
    if (c.fieldType !== 'ignore') mappings.push({ column, target: c.fieldType, attribute: c.attribute, type: c.format });
    else if (c.columnId === source.groupColumn) mappings.push({ column, target: 'tags', type: 'text' });
    else if (c.columnId === source.localeColumn) mappings.push({ column, target: 'locale', type: 'text' });
  });
  return {
    columns,
    mappings,
    primaryKeyColumn: Math.max(0, columns.indexOf(source.uniqueIdField)),
    keyCase: source.keyCase,
    splitChar: source.splitChar,
    encoding: source.encoding,
  };
}

/** Checks rows one at a time, with the source's patterns compiled once. */
async function rowChecker(source: CloudSource, plan: ImportPlan, options: RowOptions) {
  const patterns = await Promise.all(
    source.fileColumns.map(async (c) => {
      if (!c.regex) return undefined;
      const compiled = await compilePattern(c.regex);
      if (typeof compiled !== 'function') throw new DeliveryFailure(`${c.columnId}: ${compiled.problem}`);
      return compiled;
    }),
  );
  return (cells: readonly string[]): { blank: true } | { reason: string } | { ok: true } => {
    if (cells.length === 0 || cells.every((c) => c.trim() === '')) return { blank: true };
    for (let i = 0; i < patterns.length; i++) {
      const cell = cells[i]?.trim() ?? '';
      if (cell && patterns[i] && !patterns[i]!(cell)) return { reason: `${source.fileColumns[i]!.columnId}: ${say('cloudRun.pattern')}` };
    }
    const read = rowChange(cells, plan, options);
    if (read && 'reason' in read) return { reason: read.reason };
    // a delivery's rows are checked whole: an unreadable phone number refuses the row, as the source's records tell
    if (read?.warnings) return { reason: read.warnings.join(' ') };
    return { ok: true };
  };
}

/** The header's titles, where the columns say they must be checked; the reason when one differs. */
function headerProblem(source: CloudSource, header: readonly string[]): string | undefined {
  for (const [i, c] of source.fileColumns.entries()) {
    if (!c.checkTitle) continue;
    const found = (header[i] ?? '').trim();
    if (found !== c.columnId) return say('cloudRun.header', { column: i + 1, found: found.slice(0, 100), expected: c.columnId });
  }
  return undefined;
}

export class DeliveryFailure extends Error {}

export class SliceEnd extends Error {
  constructor(readonly nextRow: number) {
    super('slice end');
  }
}

type Counts = Pick<CloudSourceHistory, 'rows' | 'valid' | 'invalid' | 'created' | 'updated'>;
export const NO_COUNTS: Counts = { rows: 0, valid: 0, invalid: 0, created: 0, updated: 0 };

export type ReadMode = 'CHECK' | 'CHECK_IMPORT' | 'IMPORT';

/** Reads one delivered file: checks every data row and, when `importing`, imports the rows that passed. */
export async function readFile(
  deps: Deps,
  source: CloudSource,
  history: CloudSourceHistory,
  chunks: AsyncIterable<Uint8Array>,
  opts: { importing: boolean; recordChecks: boolean; fromRow?: number; counts?: Counts; deadline?: number },
): Promise<Counts> {
  const { rt, store } = deps;
  const tenant = store.forOrg(source.orgId);
  const plan = planOf(source);
  const check = await rowChecker(source, plan, { defaultCountry: (await organizationSettingOf(tenant)).defaultCountry || undefined });
  const recordKey = cloudRecordKeyOf(source.orgId, source.id, history.id);
  const counts = { ...(opts.counts ?? NO_COUNTS) };
  const fromRow = opts.fromRow ?? 0;
  // an earlier slice kept the records of the rows it refused
  let kept = opts.recordChecks ? Math.min(CLOUD_RECORDS_KEPT, counts.invalid) : 0;
  const keep = async (records: Omit<CloudSourceRecord, 'recordKey'>[]) => {
    const room = records.slice(0, Math.max(0, CLOUD_RECORDS_KEPT - kept));
    kept += room.length;
    if (room.length)
      await store.putMany(
        'cloudSourceRecord',
        room.map((r) => ({ recordKey, ...r })),
      );
  };
  const headerRow = source.firstDataRow - 1;
  const last = source.lastDataRow ?? Number.MAX_SAFE_INTEGER;
  try {
    for await (const page of filePages(chunks, { name: history.fileName, sheet: source.sheetName, delimiter: source.splitChar, pageSize: 1000, encoding: source.encoding })) {
      const checkRecords: Omit<CloudSourceRecord, 'recordKey'>[] = [];
      const importable: string[][] = [];
      let firstImportRow: number | undefined;
      for (const [i, cells] of page.rows.entries()) {
        const row = page.fromRow + i;
        if (row === headerRow) {
          const problem = headerProblem(source, cells);
          if (problem) throw new DeliveryFailure(problem);
        }
        if (row < source.firstDataRow || row > last || row < fromRow) continue;
        firstImportRow ??= row;
        const result = check(cells);
        if ('blank' in result) {
          importable.push([]);
          continue;
        }
        counts.rows++;
        if (counts.rows > source.largeFileRowLimit) {
          throw new DeliveryFailure(say('cloudRun.rowLimit', { max: source.largeFileRowLimit.toLocaleString('en-US') }));
        }
        if ('reason' in result) {
          counts.invalid++;
          checkRecords.push({ row, stage: 'CHECK', reason: result.reason, key: cells[plan.primaryKeyColumn]?.trim().slice(0, 64) || undefined });
          importable.push([]);
        } else {
          counts.valid++;
          importable.push([...cells]);
        }
      }
      if (opts.recordChecks) await keep(checkRecords);
      if (opts.importing && firstImportRow !== undefined) {
        // rows that failed their check go as blank rows, which the import passes over, so row numbers hold
        const result = await importRows(tenant, { kind: 'ACCOUNT', ...plan } as DataImport, firstImportRow, importable, { now: rt.clock.now(), actor: `cloudSource:${source.id}` });
        counts.created += result.created;
        counts.updated += result.updated;
        counts.invalid += result.failures.length;
        counts.valid -= result.failures.length;
        await keep(result.failures.map((f) => ({ row: f.row, stage: 'IMPORT', reason: f.reason, key: f.key })));
      }
      await histories(store, history.orgId).update(history.sourceId, history.id, { ...counts, dateUpdated: rt.clock.now() });
      // (a page wholly before `fromRow` was done by an earlier job: passing over it is not this job's work)
      if (opts.deadline !== undefined && Date.now() >= opts.deadline && page.fromRow + page.rows.length > fromRow) throw new SliceEnd(page.fromRow + page.rows.length);
    }
  } catch (e) {
    if (e instanceof CsvError || e instanceof XlsxError) throw new DeliveryFailure(e.message);
    throw e;
  }
  return counts;
}
