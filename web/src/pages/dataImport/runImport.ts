/**
 * Runs an import from the browser: a CSV file is read as a stream (never whole), parsed as it arrives and sent to
 * `dataImport.appendRows` one page at a time; the next page is read only after the last one was stored, so memory
 * stays flat whatever the file's size (a workbook was read whole when chosen: its sheet's rows go the same way).
 * A page whose answer was lost is sent again: the server applies it once.
 */
import { linePages, sheetUploadPages, uploadPages } from '../../../../shared/import/upload';
import { type DataImportCreatePayload, type DataImportView, IMPORT_CELL_MAX } from '../../../../shared/services';
import { isApiError, CLIENT_CODES } from '../../api/apiError';
import { call } from '../../api/client';

const RETRIES = 3;
const RETRYABLE: readonly string[] = [CLIENT_CODES.network, CLIENT_CODES.timeout, '400014'];

async function* fileChunks(file: Blob): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

async function appendRows(payload: { id: string; fromRow: number; rows: string[][]; bytesRead: number }): Promise<DataImportView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call('dataImport.appendRows', payload, { quiet: attempt < RETRIES });
    } catch (e) {
      if (attempt >= RETRIES || !isApiError(e) || !RETRYABLE.includes(e.code)) throw e;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

export interface ImportRun {
  /** ends the import after the page being sent */
  stop(): void;
  /** the finished (or stopped) import */
  done: Promise<DataImportView>;
}

/** `sheetRows`: a workbook's chosen sheet, read when the file was chosen (a workbook is read whole). */
export function startImport(
  file: File,
  plan: Omit<DataImportCreatePayload, 'fileName' | 'totalBytes'>,
  onProgress: (record: DataImportView) => void,
  sheetRows?: string[][],
): ImportRun {
  let stopping = false;
  const done = (async () => {
    const created = await call('dataImport.create', { ...plan, fileName: file.name, totalBytes: file.size });
    onProgress(created);
    try {
      const pages =
        plan.kind === 'PINPOINT_ENDPOINTS'
          ? linePages(fileChunks(file), { cellMax: IMPORT_CELL_MAX })
          : sheetRows
            ? sheetUploadPages(sheetRows, { cellMax: IMPORT_CELL_MAX, totalBytes: file.size })
            : uploadPages(fileChunks(file), { delimiter: plan.splitChar ?? ',', encoding: plan.encoding, cellMax: IMPORT_CELL_MAX });
      for await (const page of pages) {
        if (stopping) break;
        onProgress(await appendRows({ id: created.id, ...page }));
      }
    } catch (e) {
      await call('dataImport.cancel', { id: created.id }, { quiet: true }).catch(() => undefined);
      throw e;
    }
    const last = await call(stopping ? 'dataImport.cancel' : 'dataImport.finish', { id: created.id });
    onProgress(last);
    return last;
  })();
  return { stop: () => void (stopping = true), done };
}
