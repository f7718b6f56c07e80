/** Loading a preset parameter's file (a background job). */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PRESET_MESSAGES, type PresetParameter, type PresetRecord, presetEntryOf, presetRecordKeyOf } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { CsvError } from '../../../shared/import/csv';
import { filePages, XlsxError } from '../../../shared/import/xlsx';
import type { Runtime } from '../../platform/runtime';
import type { Store } from '../../store/store';
import { fileNameMatcher, openSource } from '../cloudSource';
import { say } from '../../../shared/i18n/say';

export const presetFolder = (orgId: number, id: string) => `presets/${orgId}/${id}/`;

/** Values a parameter holds at most: a look-up table, not an audience. */
export const PRESET_RECORDS_MAX = 1_000_000;

class LoadFailure extends Error {}

interface Deps {
  rt: Runtime;
  store: Store;
}

async function openFile(
  deps: Deps,
  param: PresetParameter,
  fileName: string | undefined,
): Promise<{ body: Readable | AsyncIterable<Uint8Array>; name: string; close(): Promise<void> }> {
  if (param.type === 'UPLOAD') {
    if (!fileName) throw new LoadFailure(say('form.uploadNone'));
    const stored = await deps.rt.ports.storage.get(`${presetFolder(param.orgId, param.id)}${fileName}`);
    if (!stored) throw new LoadFailure(`The file ${fileName} was not uploaded (or its link expired before the upload ended).`);
    return { body: stored.body, name: fileName, close: async () => undefined };
  }
  const source = param.cloudSourceId ? await deps.store.forOrg(param.orgId).get('cloudSource', param.cloudSourceId) : undefined;
  if (!source) throw new LoadFailure('The cloud source of this parameter no longer exists.');
  const reader = await openSource(deps.rt, source);
  try {
    const matches = fileNameMatcher(fileName ?? param.fileName);
    const newest = (await reader.list()).filter((f) => matches(f.name)).sort((a, b) => b.modified - a.modified)[0];
    if (!newest) throw new LoadFailure(`No file named ${fileName ?? param.fileName} is at the cloud source.`);
    return { body: await reader.read(newest.name), name: newest.name, close: () => reader.close() };
  } catch (e) {
    await reader.close();
    throw e;
  }
}

/** Deletes the parameter's records that `drop` picks, a page at a time (a parameter may hold a million values). */
export async function pruneRecords(store: Store, orgId: number, id: string, drop: (record: { loadId?: string }) => boolean): Promise<number> {
  const recordKey = presetRecordKeyOf(orgId, id);
  let kept = 0;
  for await (const page of store.queryPages('presetRecord', { name: 'recordKey', value: recordKey }, undefined, ['entry', 'loadId'])) {
    const gone = page.filter(drop);
    kept += page.length - gone.length;
    await store.deleteMany(
      'presetRecord',
      gone.map((r) => ({ recordKey, entry: r.entry })),
    );
  }
  return kept;
}

export async function loadPresetFile(deps: Deps, orgId: number, id: string, fileName?: string): Promise<void> {
  const { rt, store } = deps;
  const param = await store.forOrg(orgId).get('presetParameter', id);
  if (!param) return;
  const now = rt.clock.now();
  const loadId = `${now}-${randomBytes(4).toString('hex')}`;
  const recordKey = presetRecordKeyOf(orgId, id);
  const first = param.fileFirstDataRow;
  const last = param.fileLastDataRow ?? Number.MAX_SAFE_INTEGER;
  // a parameter deleted while its file was read stays deleted
  const setParam = (set: Partial<PresetParameter>) =>
    store.update('presetParameter', { orgId, id }, set, { ConditionExpression: 'attribute_exists(#id)', ExpressionAttributeNames: { '#id': 'id' } }).catch((e: unknown) => {
      if (!(e instanceof AppError)) throw e;
    });
  let file: Awaited<ReturnType<typeof openFile>> | undefined;
  try {
    file = await openFile(deps, param, fileName);
    let header: string[] | undefined;
    let keyColumn = -1;
    let written = 0;
    const pages = filePages(file.body as AsyncIterable<Uint8Array>, {
      name: file.name,
      sheet: param.fileSheetName,
      delimiter: param.fileSplitBy,
      pageSize: 1000,
      encoding: param.fileEncoding,
    });
    for await (const page of pages) {
      // one item per entry in a batch: a key repeated in the file keeps its last row's values
      const records = new Map<string, PresetRecord>();
      for (const [i, cells] of page.rows.entries()) {
        const row = page.fromRow + i;
        if (row === 1) {
          header = cells.map((c) => c.trim());
          keyColumn = header.indexOf(param.primaryKey);
          if (keyColumn < 0) throw new LoadFailure(PRESET_MESSAGES.primaryKeyMissing(param.primaryKey, header));
          continue;
        }
        if (row < first || row > last || !header) continue;
        const key = (cells[keyColumn] ?? '').trim().slice(0, 200);
        if (!key) continue;
        header.forEach((alias, j) => {
          if (j === keyColumn || !alias) return;
          const entry = presetEntryOf(key, alias.slice(0, 200));
          records.set(entry, { recordKey, entry, key, alias: alias.slice(0, 200), value: (cells[j] ?? '').slice(0, 10_000), loadId, dateUpdated: now });
        });
      }
      written += records.size;
      if (written > PRESET_RECORDS_MAX)
        throw new LoadFailure(`The file has more than ${PRESET_RECORDS_MAX.toLocaleString('en-US')} values; a preset parameter is a look-up table.`);
      await store.putMany('presetRecord', [...records.values()]);
    }
    if (!header) throw new LoadFailure('The file is empty.');
    // what the previous load left and this one did not write again
    const records = await pruneRecords(store, orgId, id, (r) => r.loadId !== loadId);
    await setParam({ loadState: 'DONE', loadError: '', columns: header, loadedFile: file.name, loadedAt: rt.clock.now(), records, loadId });
  } catch (e) {
    const known = e instanceof LoadFailure || e instanceof CsvError || e instanceof XlsxError;
    const reason = known ? e.message : 'The file could not be read.';
    if (!known) rt.log.warn('preset load failed', { orgId, id, error: e instanceof Error ? e.message : String(e) });
    // this load's records go; the previous load's stay current
    await pruneRecords(store, orgId, id, (r) => r.loadId === loadId);
    await setParam({ loadState: 'FAILED', loadError: reason, loadedAt: rt.clock.now() });
  } finally {
    await file?.close();
  }
}
