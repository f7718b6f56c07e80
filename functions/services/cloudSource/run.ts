/**
 * A cloud source's run (the job worker): list the source's folder, take each matching file not delivered before
 * (unless multiSend), and stream it through the CSV reader in the source's encoding (an .xlsx is read whole, its
 * sheet then paged the same way). Each data row is checked
 * (the header's titles, each column's pattern, then the import's own reading of the row); failed rows become the
 * delivery's records with their row numbers. A held delivery stops there until someone confirms it (then the
 * file is read again from the source, and must not have changed) or skips it; otherwise the checked rows are
 * imported page by page as they are read. Nothing holds the file: memory stays flat whatever its size.
 *
 * A job reads for at most `jobSliceMs`; a file that takes longer is continued by a follow-up job from the row after
 * the last page done (the file re-opened, unchanged, and the rows before skipped), so no file outgrows the
 * worker's time limit.
 */
import { randomBytes } from 'node:crypto';
import {
  CLOUD_RECORDS_KEPT,
  type CloudSource,
  type CloudSourceHistory,
  type CloudSourceRecord,
  cloudHistoryKeyOf,
  cloudRecordKeyOf,
  type DataImport,
} from '../../../shared/entities';
import type { Lang } from '../../../shared/errors';
import { ALERT_TEXTS, CLOUD_RUN_TEXTS, fillText, textIn, translateServerText } from '../../../shared/i18n';
import { type ImportPlan, rowChange, type RowOptions } from '../../../shared/import/accountImport';
import { CsvError } from '../../../shared/import/csv';
import { filePages, XlsxError } from '../../../shared/import/xlsx';
import { applyLoopSchedule, loopNext } from '../../platform/loops';
import type { Runtime } from '../../platform/runtime';
import { userDirectory } from '../auth';
import { CONDITIONS, type Store } from '../../store/store';
import { permissionsIn } from '../auth';
import { importRows } from '../dataImport';
import { alertMember } from '../notification';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { emailKeyOf, findUserBy } from '../user';
import { compilePattern } from './patterns';
import { fileNameMatcher, openSource, type SourceFile, SourceProblem, type SourceReader } from './sources';

type Deps = { rt: Runtime; store: Store };

export const cloudScheduleName = (orgId: number, id: string) => `cloud-source-${orgId}-${id}`;

/** The source's loop as it should be now. */
export async function applyCloudLoop(rt: Runtime, source: CloudSource): Promise<void> {
  await applyLoopSchedule(rt, cloudScheduleName(source.orgId, source.id), source.loopType, source.status === 'ACTIVE', {
    kind: 'cloudSource',
    orgId: source.orgId,
    id: source.id,
    trigger: 'LOOP',
  });
}

/** The import plan of a source's columns: what each column fills, the key column and its case. */
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

const historyKey = (h: Pick<CloudSourceHistory, 'orgId' | 'sourceId'>) => ({ historyKey: cloudHistoryKeyOf(h.orgId, h.sourceId) });
/** A source's deliveries, in the source's organization (the tenant store builds their keys). */
const histories = (store: Store, orgId: number) => store.forOrg(orgId).keyed('cloudSourceHistory');
const saveHistory = (store: Store, h: CloudSourceHistory) => histories(store, h.orgId).put(h.sourceId, h);

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
      if (cell && patterns[i] && !patterns[i]!(cell)) return { reason: `${source.fileColumns[i]!.columnId}: ${CLOUD_RUN_TEXTS.pattern.en}` };
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
    if (found !== c.columnId) return fillText(CLOUD_RUN_TEXTS.header.en, { column: i + 1, found: found.slice(0, 100), expected: c.columnId });
  }
  return undefined;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 300);

/** How a failure reads on its delivery: the reason, and its kind when the source could not be opened. */
const failureOf = (e: unknown): Pick<CloudSourceHistory, 'error' | 'problem'> => ({ error: errorText(e), ...(e instanceof SourceProblem ? { problem: e.problem } : {}) });

/**
 * Opens the source; a server that showed an unconfirmed host key has it kept on the source as pending, for the
 * user to compare and confirm.
 */
async function open(deps: Deps, source: CloudSource): Promise<SourceReader> {
  try {
    return await openSource(deps.rt, source);
  } catch (e) {
    if (e instanceof SourceProblem && e.fingerprint && e.fingerprint !== source.pendingHostKey) {
      await deps.store
        .update(
          'cloudSource',
          { orgId: source.orgId, id: source.id },
          { pendingHostKey: e.fingerprint },
          {
            // (the source still names the server that showed the key)
            ConditionExpression: 'attribute_exists(id) AND #h = :h AND #p = :p',
            ExpressionAttributeNames: { '#h': 'host', '#p': 'port' },
            ExpressionAttributeValues: { ':h': source.host, ':p': source.port },
          },
        )
        .catch(() => undefined);
    }
    throw e;
  }
}

class DeliveryFailure extends Error {}

/** The job's time is up after a page: the next job goes on from `nextRow`. */
class SliceEnd extends Error {
  constructor(readonly nextRow: number) {
    super('slice end');
  }
}

type Counts = Pick<CloudSourceHistory, 'rows' | 'valid' | 'invalid' | 'created' | 'updated'>;
const NO_COUNTS: Counts = { rows: 0, valid: 0, invalid: 0, created: 0, updated: 0 };

/** What a reading of a delivery does: check (and hold), check and import, or import a confirmed delivery. */
export type ReadMode = 'CHECK' | 'CHECK_IMPORT' | 'IMPORT';

/**
 * Reads one delivered file: checks every data row and, when `importing`, imports the rows that passed, a page at a
 * time. Saves the check's records only on the first read (`recordChecks`). Answers the counts.
 */
async function readFile(
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
          throw new DeliveryFailure(fillText(CLOUD_RUN_TEXTS.rowLimit.en, { max: source.largeFileRowLimit.toLocaleString('en-US') }));
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

async function setHistory(deps: Deps, history: CloudSourceHistory, change: Partial<CloudSourceHistory>): Promise<CloudSourceHistory> {
  const next = { ...history, ...change, dateUpdated: deps.rt.clock.now() };
  await saveHistory(deps.store, next);
  return next;
}

type AlertKind = 'FAILURE' | 'HELD' | 'DONE';

/** The language a receiver reads: theirs when the address is a member's of the organization, else the organization's. */
async function receiverLanguage(deps: Deps, orgId: number, address: string, fallback: Lang): Promise<Lang> {
  const user = await findUserBy(deps.store, 'emailKey', emailKeyOf(address));
  return user && (await permissionsIn(deps.store, user.id, orgId)) ? user.language : fallback;
}

/** The alert mail in `lang`: the run's file, status, counts and reason (translated like the portal shows it). */
export function alertMail(source: CloudSource, history: CloudSourceHistory, kind: AlertKind, lang: Lang, publicUrl: string): { subject: string; text: string } {
  const say = (key: keyof typeof ALERT_TEXTS, params?: Record<string, string | number>) => textIn(ALERT_TEXTS[key], lang, params);
  const subject = say(`subject${kind}`, { source: source.title, file: history.fileName || say('aRun') });
  const text = [
    say('source', { source: source.title, type: source.sourceType }),
    say('file', { file: history.fileName || '--' }),
    say('status', { status: say(`status${history.status}`) }),
    say('counts', { rows: history.rows, valid: history.valid, invalid: history.invalid, created: history.created, updated: history.updated }),
    ...(history.error ? [say('reason', { reason: translateServerText(history.error, lang) })] : []),
    say('open', { url: `${publicUrl}/portalui/#/library/cloud-source/history?source=${encodeURIComponent(source.id)}` }),
  ].join('\n');
  return { subject, text };
}

/** Mails the source's receivers when they asked for this kind of news, each in their language; a mail that fails is logged, not retried. */
async function alert(deps: Deps, source: CloudSource, history: CloudSourceHistory, kind: AlertKind): Promise<void> {
  if (kind === 'FAILURE') await alertOwner(deps, source, history);
  if (!source.alertTypes.includes(kind) || source.emailReceivers.length === 0) return;
  const { defaultLanguage } = await organizationSettingOf(deps.store.forOrg(source.orgId));
  for (const to of source.emailReceivers) {
    const lang = await receiverLanguage(deps, source.orgId, to, defaultLanguage).catch(() => defaultLanguage);
    const { subject, text } = alertMail(source, history, kind, lang, deps.rt.config.publicUrl);
    await deps.rt.mailer.send({ to, subject, text }).catch((e: unknown) => deps.rt.log.warn('cloud source alert not sent', { sourceId: source.id, error: errorText(e) }));
  }
}

/** The source's author hears of a failed delivery when their own alert rules ask (userAlert); a failure to tell is logged. */
async function alertOwner(deps: Deps, source: CloudSource, history: CloudSourceHistory): Promise<void> {
  const tenant = deps.store.forOrg(source.orgId);
  const event = { event: 'CLOUD_SOURCE_FAILED', userId: source.createdBy, key: `${source.id}:${history.id}`, at: history.dateUpdated } as const;
  await alertMember(
    { rt: deps.rt, tenant, users: userDirectory(deps.store) },
    { ...event, subject: 'CLOUD_SOURCE', subjectId: source.id, name: source.title, ...(history.error ? { reason: history.error } : {}) },
  ).catch((e: unknown) => deps.rt.log.warn('cloud source owner alert not sent', { sourceId: source.id, error: errorText(e) }));
}

function newHistory(source: CloudSource, file: SourceFile | undefined, trigger: CloudSourceHistory['trigger'], now: number): CloudSourceHistory {
  return {
    ...historyKey({ orgId: source.orgId, sourceId: source.id }),
    id: `${String(now).padStart(13, '0')}-${randomBytes(4).toString('hex')}`,
    orgId: source.orgId,
    sourceId: source.id,
    trigger,
    fileName: file?.name ?? '',
    fileSize: file?.size ?? 0,
    fileModified: file?.modified ?? 0,
    status: 'CHECKING',
    rows: 0,
    valid: 0,
    invalid: 0,
    created: 0,
    updated: 0,
    dateCreated: now,
    dateUpdated: now,
  };
}

/** A file is delivered once per name, size and time, unless the source takes it again each time. */
async function claimFile(store: Store, source: CloudSource, file: SourceFile): Promise<boolean> {
  if (source.multiSend) return true;
  try {
    await store.put('uniqueKey', { id: `cloudFile#${source.orgId}#${source.id}#${file.name}#${file.size}#${file.modified}`, owner: source.id }, CONDITIONS.isNew('id'));
    return true;
  } catch {
    return false;
  }
}

/** A refused file is recorded once, whatever the source's multiSend. */
async function claimRefusal(store: Store, source: CloudSource, file: SourceFile): Promise<boolean> {
  try {
    await store.put('uniqueKey', { id: `cloudRefused#${source.orgId}#${source.id}#${file.name}#${file.size}#${file.modified}`, owner: source.id }, CONDITIONS.isNew('id'));
    return true;
  } catch {
    return false;
  }
}

async function refuseName(deps: Deps, source: CloudSource, file: SourceFile, trigger: CloudSourceHistory['trigger']): Promise<void> {
  const now = deps.rt.clock.now();
  const failed: CloudSourceHistory = {
    ...newHistory(source, file, trigger, now),
    status: 'FAILED',
    problem: 'fileNameMismatch',
    error: fillText(CLOUD_RUN_TEXTS.nameMismatch.en, { file: file.name.slice(0, 200), pattern: source.fileName }),
    finishedAt: now,
  };
  await saveHistory(deps.store, failed);
  await alert(deps, source, failed, 'FAILURE');
}

/** How a reading ends: the status it leaves and the alert it sends. */
const FINISH: Record<ReadMode, { status: CloudSourceHistory['status']; alert: AlertKind }> = {
  CHECK: { status: 'HELD', alert: 'HELD' },
  CHECK_IMPORT: { status: 'DONE', alert: 'DONE' },
  IMPORT: { status: 'CONFIRMED', alert: 'DONE' },
};

/**
 * Reads a delivery's file from `fromRow` for one job's time: it ends the delivery (held, done or confirmed; failed
 * with its reason), or, when the time is up first, posts the job that goes on from the next row.
 */
async function readSlice(deps: Deps, source: CloudSource, history: CloudSourceHistory, reader: SourceReader, mode: ReadMode, fromRow: number): Promise<void> {
  const { rt } = deps;
  try {
    const counts = await readFile(deps, source, history, await reader.read(history.fileName), {
      importing: mode !== 'CHECK',
      recordChecks: mode !== 'IMPORT',
      fromRow,
      counts: fromRow > 0 ? { rows: history.rows, valid: history.valid, invalid: history.invalid, created: history.created, updated: history.updated } : NO_COUNTS,
      deadline: Date.now() + rt.config.jobSliceMs,
    });
    const end = FINISH[mode];
    history = await setHistory(deps, history, { ...counts, status: end.status, ...(end.status === 'HELD' ? {} : { finishedAt: rt.clock.now() }) });
    await alert(deps, source, history, end.alert);
  } catch (e) {
    if (e instanceof SliceEnd) {
      await rt.jobs.post({ kind: 'cloudSourceResume', orgId: source.orgId, sourceId: source.id, historyId: history.id, fromRow: e.nextRow, mode });
      return;
    }
    if (!(e instanceof DeliveryFailure)) rt.log.error('cloud source delivery failed', { sourceId: source.id, error: errorText(e) });
    history = await setHistory(deps, history, { status: 'FAILED', error: errorText(e), finishedAt: rt.clock.now() });
    await alert(deps, source, history, 'FAILURE');
  }
}

async function deliver(deps: Deps, source: CloudSource, reader: SourceReader, file: SourceFile, trigger: CloudSourceHistory['trigger']): Promise<void> {
  const history = newHistory(source, file, trigger, deps.rt.clock.now());
  await saveHistory(deps.store, history);
  await readSlice(deps, source, history, reader, source.holdForConfirmation ? 'CHECK' : 'CHECK_IMPORT', 0);
}

/** The job of a source's loop (or of "run now"). */
export async function runCloudSource(deps: Deps, orgId: number, id: string, trigger: CloudSourceHistory['trigger']): Promise<void> {
  const { rt, store } = deps;
  const source = await store.forOrg(orgId).get('cloudSource', id);
  if (!source || (trigger === 'LOOP' && source.status !== 'ACTIVE')) {
    if (trigger === 'LOOP') await rt.ports.scheduler.cancel(cloudScheduleName(orgId, id));
    return;
  }
  const now = rt.clock.now();
  const next = source.status === 'ACTIVE' ? loopNext(source.loopType, now) : undefined;
  await store.update('cloudSource', { orgId, id }, { lastExecuteTime: now, ...(next !== undefined ? { nextExecuteTime: next } : {}) });
  let reader: SourceReader | undefined;
  try {
    reader = await open(deps, source);
    const matches = fileNameMatcher(source.fileName);
    const listed = (await reader.list()).sort((a, b) => a.name.localeCompare(b.name));
    const files = listed.filter((f) => matches(f.name));
    // a file someone uploaded under another name is refused where they look, not silently left (issue 21)
    if (source.sourceType === 'UPLOAD') {
      for (const file of listed) if (!matches(file.name) && (await claimRefusal(store, source, file))) await refuseName(deps, source, file, trigger);
    }
    for (const file of files) {
      if (await claimFile(store, source, file)) await deliver(deps, source, reader, file, trigger);
    }
  } catch (e) {
    // the source could not be reached or listed: one failed history row says why
    const failed = { ...newHistory(source, undefined, trigger, rt.clock.now()), status: 'FAILED' as const, ...failureOf(e), finishedAt: rt.clock.now() };
    await saveHistory(store, failed);
    await alert(deps, source, failed, 'FAILURE');
  } finally {
    await reader?.close();
  }
}

/** The job of a confirmed delivery: read the file again, unchanged, and import it. */
export async function importConfirmed(deps: Deps, orgId: number, sourceId: string, historyId: string): Promise<void> {
  await continueDelivery(deps, orgId, sourceId, historyId, 'IMPORT', 0);
}

/**
 * A delivery's file read on from `fromRow` (a follow-up job), or a confirmed one read again from the start: the
 * file must still be at the source, unchanged since its check.
 */
export async function continueDelivery(deps: Deps, orgId: number, sourceId: string, historyId: string, mode: ReadMode, fromRow: number): Promise<void> {
  const { rt, store } = deps;
  const source = await store.forOrg(orgId).get('cloudSource', sourceId);
  let history = (await histories(store, orgId).get(sourceId, historyId)) as CloudSourceHistory | undefined;
  if (!source || !history || history.status !== (mode === 'IMPORT' ? 'IMPORTING' : 'CHECKING')) return;
  let reader: SourceReader | undefined;
  try {
    reader = await open(deps, source);
    const now = (await reader.list()).find((f) => f.name === history!.fileName);
    if (!now) throw new DeliveryFailure(CLOUD_RUN_TEXTS.fileGone.en);
    if (now.size !== history.fileSize || now.modified !== history.fileModified) {
      throw new DeliveryFailure(CLOUD_RUN_TEXTS[mode === 'IMPORT' ? 'changedAfterCheck' : 'changedWhileRead'].en);
    }
    await readSlice(deps, source, history, reader, mode, fromRow);
  } catch (e) {
    history = await setHistory(deps, history, { status: 'FAILED', ...failureOf(e), finishedAt: rt.clock.now() });
    await alert(deps, source, history, 'FAILURE');
  } finally {
    await reader?.close();
  }
}
