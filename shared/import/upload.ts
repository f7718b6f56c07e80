/** How a CSV file travels to `dataImport.appendRows`; the browser, tests and the import benchmark all send files this way. */
import { type CsvEncoding, type CsvPage, CsvParser, csvPages, type CsvDelimiter, guessDelimiter } from './csv';

/** well inside the API's 2 MB body */
export const UPLOAD_PAGE = { rows: 500, chars: 600_000 } as const;

export interface CsvHead {
  delimiter: CsvDelimiter;
  header: string[];
  sample: string[][];
}

/** U+FFFD here is harmless: the import itself refuses such bytes with their row. */
export function decodeHead(bytes: Uint8Array, encoding: CsvEncoding = 'UTF-8'): string {
  return new TextDecoder(encoding).decode(bytes, { stream: true });
}

export function looksLikeUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('UTF-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

type Range = readonly [number, number];
const inRanges = (b: number, ranges: readonly Range[]) => ranges.some(([lo, hi]) => b >= lo && b <= hi);

/** Text in another encoding often decodes without error but lands on rare byte pairs. */
const LEGACY: Record<Exclude<CsvEncoding, 'UTF-8'>, { lead: Range[]; trail: Range[]; common: (lead: number, trail: number) => boolean }> = {
  Shift_JIS: {
    lead: [
      [0x81, 0x9f],
      [0xe0, 0xfc],
    ],
    trail: [
      [0x40, 0x7e],
      [0x80, 0xfc],
    ],
    common: (l, t) => (l >= 0x81 && l <= 0x83) || (l === 0x88 && t >= 0x9f) || (l >= 0x89 && l <= 0x98),
  },
  'EUC-JP': {
    lead: [
      [0x8e, 0x8e],
      [0xa1, 0xfe],
    ],
    trail: [[0xa1, 0xfe]],
    common: (l) => (l >= 0xa1 && l <= 0xa5) || (l >= 0xb0 && l <= 0xcf),
  },
  GBK: {
    lead: [[0x81, 0xfe]],
    trail: [
      [0x40, 0x7e],
      [0x80, 0xfe],
    ],
    common: (l, t) => t >= 0xa1 && ((l >= 0xa1 && l <= 0xa3) || (l >= 0xb0 && l <= 0xd7)),
  },
  GB18030: {
    lead: [[0x81, 0xfe]],
    trail: [
      [0x40, 0x7e],
      [0x80, 0xfe],
    ],
    common: (l, t) => t >= 0xa1 && ((l >= 0xa1 && l <= 0xa3) || (l >= 0xb0 && l <= 0xd7)),
  },
  Big5: {
    lead: [[0x81, 0xfe]],
    trail: [
      [0x40, 0x7e],
      [0xa1, 0xfe],
    ],
    common: (l) => l >= 0xa1 && l <= 0xc6,
  },
  'EUC-KR': { lead: [[0xa1, 0xfe]], trail: [[0xa1, 0xfe]], common: (l) => (l >= 0xa1 && l <= 0xa3) || (l >= 0xb0 && l <= 0xc8) },
};

function everydayShare(bytes: Uint8Array, encoding: Exclude<CsvEncoding, 'UTF-8'>): number {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return -1;
  }
  const { lead, trail, common } = LEGACY[encoding];
  let pairs = 0;
  let everyday = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) continue;
    const t = bytes[i + 1];
    if (inRanges(b, lead) && t !== undefined && inRanges(t, trail)) {
      pairs++;
      if (common(b, t)) everyday++;
      i++;
    } else pairs++; // a single high byte (half-width kana) is no everyday text
  }
  return pairs === 0 ? 1 : everyday / pairs;
}

const PREFERRED: Record<'en' | 'zh' | 'ja', readonly Exclude<CsvEncoding, 'UTF-8'>[]> = {
  ja: ['Shift_JIS', 'EUC-JP', 'GBK', 'Big5', 'EUC-KR'],
  zh: ['GBK', 'Big5', 'Shift_JIS', 'EUC-JP', 'EUC-KR'],
  en: ['Shift_JIS', 'GBK', 'Big5', 'EUC-JP', 'EUC-KR'],
};

/** Between near ties the portal language's own encodings win. */
export function detectEncoding(bytes: Uint8Array, portalLanguage: string = 'en'): CsvEncoding {
  if (looksLikeUtf8(bytes)) return 'UTF-8';
  const order = PREFERRED[portalLanguage as keyof typeof PREFERRED] ?? PREFERRED.en;
  const scores = order.map((encoding) => ({ encoding, score: everydayShare(bytes, encoding) }));
  const best = Math.max(...scores.map((s) => s.score));
  return scores.find((s) => s.score >= 0 && s.score >= best - 0.1)?.encoding ?? order[0];
}

export function csvHead(text: string, opts: { delimiter?: CsvDelimiter; rows?: number; complete?: boolean } = {}): CsvHead {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = opts.delimiter ?? guessDelimiter(body.split(/\r\n|\n|\r/, 1)[0] ?? '');
  const parser = new CsvParser(delimiter);
  const records = parser.push(body);
  if (opts.complete) records.push(...parser.end());
  const [header = [], ...rest] = records;
  return { delimiter, header, sample: rest.filter((r) => r.length > 0).slice(0, opts.rows ?? 5) };
}

export interface UploadPage {
  fromRow: number;
  rows: string[][];
  bytesRead: number;
}

async function* sizedPages(pages: AsyncIterable<CsvPage>, cellMax: number): AsyncGenerator<UploadPage> {
  for await (const page of pages) {
    let fromRow = page.fromRow;
    let rows = page.rows;
    if (fromRow === 1) {
      rows = rows.slice(1);
      fromRow = 2;
    }
    let start = 0;
    let chars = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      for (let c = 0; c < row.length; c++) {
        if (row[c].length > cellMax) row[c] = row[c].slice(0, cellMax);
        chars += row[c].length + 4;
      }
      if (chars > UPLOAD_PAGE.chars && i > start) {
        yield { fromRow: fromRow + start, rows: rows.slice(start, i), bytesRead: page.bytesRead };
        start = i;
        chars = row.reduce((n, cell) => n + cell.length + 4, 0);
      }
    }
    if (start < rows.length) yield { fromRow: fromRow + start, rows: rows.slice(start), bytesRead: page.bytesRead };
  }
}

export function uploadPages(chunks: AsyncIterable<Uint8Array>, opts: { delimiter: string; cellMax: number; encoding?: CsvEncoding }): AsyncGenerator<UploadPage> {
  return sizedPages(csvPages(chunks, { delimiter: opts.delimiter, pageSize: UPLOAD_PAGE.rows, encoding: opts.encoding }), opts.cellMax);
}

export function sheetUploadPages(rows: string[][], opts: { cellMax: number; totalBytes: number }): AsyncGenerator<UploadPage> {
  async function* pages(): AsyncGenerator<CsvPage> {
    for (let at = 0; at < rows.length; at += UPLOAD_PAGE.rows) {
      const end = Math.min(rows.length, at + UPLOAD_PAGE.rows);
      yield { fromRow: at + 1, rows: rows.slice(at, end), bytesRead: Math.round((opts.totalBytes * end) / rows.length) };
    }
  }
  return sizedPages(pages(), opts.cellMax);
}

export function looksLikeJsonLines(head: string): boolean {
  return /^\uFEFF?\s*\{/.test(head);
}

/** a longer line is cut at `cellMax` and then fails as JSON, with its line number */
export async function* linePages(chunks: AsyncIterable<Uint8Array>, opts: { cellMax: number }): AsyncGenerator<UploadPage> {
  const decoder = new TextDecoder('UTF-8');
  let rest = '';
  let rows: string[][] = [];
  let fromRow = 2;
  let bytesRead = 0;
  let chars = 0;
  const take = (line: string) => {
    const cell = line
      .replace(/\r$/, '')
      .replace(/^\uFEFF/, '')
      .slice(0, opts.cellMax);
    rows.push([cell]);
    chars += cell.length + 4;
  };
  const full = () => rows.length >= UPLOAD_PAGE.rows || chars >= UPLOAD_PAGE.chars;
  for await (const chunk of chunks) {
    bytesRead += chunk.byteLength;
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      take(line);
      if (full()) {
        yield { fromRow, rows, bytesRead };
        fromRow += rows.length;
        rows = [];
        chars = 0;
      }
    }
  }
  rest += decoder.decode();
  if (rest !== '') take(rest);
  if (rows.length > 0) yield { fromRow, rows, bytesRead };
}
