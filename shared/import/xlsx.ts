/**
 * Workbooks read into CSV's pages, so mapping, checks, limits and reports are CSV's own.
 * `read-excel-file` over `xlsx` 0.18 (stale, vulnerable) and `exceljs` 4.4 (unmaintained, ~1 MB); it reads a sheet whole, hence `XLSX_LIMITS.bytes`.
 */
import * as z from 'zod';
import { CSV_LIMITS, type CsvEncoding, CsvError, type CsvPage, csvPages } from './csv';
import { say } from '../i18n/say';

/** The largest workbook read (it is read whole): 100,000 rows of 6 columns are 3.6 MB, read at a 303 MB peak (bench/xlsx.ts). */
const SHEET_NAME_MESSAGE = say('form.sheetName');

export const XLSX_LIMITS = { bytes: 8 * 1024 * 1024 } as const;

export const sheetNameSchema = z
  .string()
  .trim()
  .max(31, SHEET_NAME_MESSAGE)
  .regex(/^[^\\/?*[\]:]*$/, SHEET_NAME_MESSAGE)
  .default('');

export type XlsxProblem = 'notWorkbook' | 'noSheet' | 'tooLarge';

export class XlsxError extends Error {
  constructor(
    readonly reason: XlsxProblem,
    params: { sheet?: string; sheets?: readonly string[] } = {},
  ) {
    super(
      reason === 'notWorkbook'
        ? say('import.xlsxNotWorkbook')
        : reason === 'noSheet'
          ? say('import.xlsxNoSheet', { sheet: (params.sheet ?? '').slice(0, 100), sheets: (params.sheets ?? []).join(', ').slice(0, 300) })
          : say('import.xlsxTooLarge', { max: XLSX_LIMITS.bytes / 1024 / 1024 }),
    );
    this.name = 'XlsxError';
  }
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export const isZip = (head: Uint8Array) => ZIP_SIGNATURE.every((b, i) => head[i] === b);

/** A ZIP whatever its name (an .xlsx renamed .csv still reads); a non-workbook .xlsx gets the Excel message, not CSV garbage. */
export const isXlsx = (head: Uint8Array, name = '') => isZip(head) || /\.xls[xm]$/i.test(name.trim());

function dateText(d: Date): string {
  const iso = d.toISOString();
  if (Number.isNaN(d.getTime())) return '';
  const time = iso.slice(11, 19);
  return time === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

/** 15 significant digits as Excel's General (0.1+0.2 is 0.3); integers whole, so a phone never reads 8.19E+11. */
export function numberText(raw: string): string {
  const n = Number(raw);
  if (!Number.isFinite(n)) return raw.trim();
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  return String(Number(n.toPrecision(15)));
}

/** '00123' in a text cell stays text */
class StoredNumber {
  constructor(readonly digits: string) {}
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof StoredNumber) return numberText(value.digits);
  if (typeof value === 'number') return numberText(String(value));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  return String(value);
}

function checkRow(cells: string[], row: number): string[] {
  if (cells.length > CSV_LIMITS.columns) throw new CsvError('tooManyColumns', row);
  for (const cell of cells) if (cell.length > CSV_LIMITS.fieldChars) throw new CsvError('fieldTooLong', row);
  return cells;
}

export interface Workbook {
  sheets: string[];
  rows(sheet?: string): string[][];
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);

/** The reader loads on first use, so a page importing this file pays only when a workbook is chosen. */
export async function readWorkbook(bytes: Uint8Array): Promise<Workbook> {
  if (bytes.byteLength > XLSX_LIMITS.bytes) throw new XlsxError('tooLarge');
  if (!isZip(bytes)) throw new XlsxError('notWorkbook');
  const { default: readXlsxFile } = await import('read-excel-file/universal');
  let sheets: Awaited<ReturnType<typeof readXlsxFile<StoredNumber>>>;
  try {
    sheets = await readXlsxFile<StoredNumber>(toArrayBuffer(bytes), { parseNumber: (digits) => new StoredNumber(digits), trim: false });
  } catch {
    throw new XlsxError('notWorkbook');
  }
  const names = sheets.map((s) => s.sheet);
  return {
    sheets: names,
    rows(sheet) {
      const found = sheet ? sheets.find((s) => s.sheet === sheet) : sheets[0];
      if (!found) throw new XlsxError('noSheet', { sheet, sheets: names });
      return found.data.map((row, i) => {
        const cells = row.map(cellText);
        return checkRow(cells.every((c) => c === '') ? [] : cells, i + 1);
      });
    },
  };
}

/** a workbook's parts are found through its directory at the end */
async function gather(first: Uint8Array, rest: AsyncIterator<Uint8Array>): Promise<Uint8Array> {
  const parts = [first];
  let size = first.byteLength;
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    size += next.value.byteLength;
    if (size > XLSX_LIMITS.bytes) throw new XlsxError('tooLarge');
    parts.push(next.value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

export async function* filePages(
  chunks: AsyncIterable<Uint8Array>,
  opts: { name: string; sheet?: string; delimiter: string; pageSize: number; encoding?: CsvEncoding },
): AsyncGenerator<CsvPage> {
  const it = chunks[Symbol.asyncIterator]();
  let first = await it.next();
  while (!first.done && first.value.byteLength === 0) first = await it.next();
  const head = first.done ? new Uint8Array(0) : first.value;
  if (!isXlsx(head, opts.name)) {
    const again = async function* () {
      if (!first.done) yield head;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    };
    yield* csvPages(again(), opts);
    return;
  }
  const bytes = first.done ? head : await gather(head, it);
  const rows = (await readWorkbook(bytes)).rows(opts.sheet || undefined);
  for (let at = 0; at < rows.length; at += opts.pageSize) {
    yield { fromRow: at + 1, rows: rows.slice(at, at + opts.pageSize), bytesRead: bytes.byteLength };
  }
}
