/** A streaming RFC 4180 CSV reader holding one unfinished record at a time: any file size in constant memory. */
import { say } from '../i18n/say';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Issue 10's encodings by WHATWG label: TextDecoder decodes them in the browser and Node alike, in a stream. */
export const CSV_ENCODINGS = ['UTF-8', 'Shift_JIS', 'EUC-JP', 'GBK', 'GB18030', 'Big5', 'EUC-KR'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

export const CSV_LIMITS = { fieldChars: 100_000, columns: 500 } as const;

export class CsvError extends Error {
  constructor(
    readonly reason: 'encoding' | 'fieldTooLong' | 'tooManyColumns',
    readonly row: number,
    encoding: string = 'UTF-8',
  ) {
    super(
      say(reason === 'encoding' ? 'import.csvEncoding' : reason === 'fieldTooLong' ? 'import.csvFieldTooLong' : 'import.csvColumns', {
        row,
        encoding,
        max: reason === 'fieldTooLong' ? CSV_LIMITS.fieldChars : CSV_LIMITS.columns,
      }),
    );
    this.name = 'CsvError';
  }
}

const State = { FieldStart: 0, Unquoted: 1, Quoted: 2, QuoteInQuoted: 3 } as const;
type State = (typeof State)[keyof typeof State];

/** A blank line is an empty record (`[]`), so record numbers match the file's rows. */
export class CsvParser {
  private state: State = State.FieldStart;
  private field = '';
  private record: string[] = [];
  private started = false;
  private afterCR = false;
  rows = 0;

  constructor(private readonly delimiter: string = ',') {}

  push(text: string): string[][] {
    const out: string[][] = [];
    const d = this.delimiter;
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    for (; i < text.length; i++) {
      const ch = text[i];
      if (this.afterCR) {
        this.afterCR = false;
        if (ch === '\n') continue;
      }
      switch (this.state) {
        case State.FieldStart:
          if (ch === '"') this.state = State.Quoted;
          else if (ch === d) this.endField();
          else if (ch === '\n' || ch === '\r') this.endRecord(out, ch);
          else {
            this.field = ch;
            this.state = State.Unquoted;
          }
          break;
        case State.Unquoted:
          if (ch === d) this.endField();
          else if (ch === '\n' || ch === '\r') this.endRecord(out, ch);
          else this.append(ch);
          break;
        case State.Quoted:
          if (ch === '"') this.state = State.QuoteInQuoted;
          else this.append(ch);
          break;
        case State.QuoteInQuoted:
          if (ch === '"') {
            this.append('"');
            this.state = State.Quoted;
          } else if (ch === d) this.endField();
          else if (ch === '\n' || ch === '\r') this.endRecord(out, ch);
          else {
            // kept, as spreadsheet programs do
            this.append(ch);
            this.state = State.Unquoted;
          }
          break;
      }
    }
    return out;
  }

  end(): string[][] {
    if (this.state === State.FieldStart && this.record.length === 0) return [];
    const out: string[][] = [];
    this.endRecord(out, '\n');
    return out;
  }

  private append(ch: string): void {
    this.field += ch;
    if (this.field.length > CSV_LIMITS.fieldChars) throw new CsvError('fieldTooLong', this.rows + 1);
  }

  private endField(): void {
    this.record.push(this.field);
    if (this.record.length > CSV_LIMITS.columns) throw new CsvError('tooManyColumns', this.rows + 1);
    this.field = '';
    this.state = State.FieldStart;
  }

  private endRecord(out: string[][], ch: string): void {
    const blank = this.record.length === 0 && this.field === '' && this.state === State.FieldStart;
    if (blank) out.push([]);
    else {
      this.record.push(this.field);
      out.push(this.record);
    }
    this.rows++;
    this.record = [];
    this.field = '';
    this.state = State.FieldStart;
    this.afterCR = ch === '\r';
  }
}

export function guessDelimiter(headerLine: string): CsvDelimiter {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  let best: CsvDelimiter = ',';
  let most = 0;
  for (const d of CSV_DELIMITERS) {
    const n = unquoted.split(d).length - 1;
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return best;
}

export interface CsvPage {
  fromRow: number;
  rows: string[][];
  bytesRead: number;
}

/** The next chunk is read only on demand, so a slow consumer (an upload) holds back the reading. */
export async function* csvPages(chunks: AsyncIterable<Uint8Array>, opts: { delimiter: string; pageSize: number; encoding?: CsvEncoding }): AsyncGenerator<CsvPage> {
  // fatal: bad bytes are reported with their row, never read as U+FFFD
  const decoder = new TextDecoder(opts.encoding ?? 'UTF-8', { fatal: true });
  const parser = new CsvParser(opts.delimiter);
  let page: string[][] = [];
  let fromRow = 1;
  let bytesRead = 0;
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      // read the records before the bad bytes, so the error names the row they are in
      if (bytes) {
        const text = new TextDecoder(opts.encoding ?? 'UTF-8').decode(bytes);
        parser.push(text.slice(0, Math.max(0, text.indexOf('\uFFFD'))));
      }
      throw new CsvError('encoding', parser.rows + 1, opts.encoding ?? 'UTF-8');
    }
  };
  for await (const chunk of chunks) {
    const before = bytesRead;
    bytesRead += chunk.byteLength;
    const records = parser.push(decode(chunk));
    for (const [k, record] of records.entries()) {
      page.push(record);
      if (page.length === opts.pageSize) {
        // progress moves with the rows sent, even for a file read whole in one chunk
        yield { fromRow, rows: page, bytesRead: before + Math.round((chunk.byteLength * (k + 1)) / records.length) };
        fromRow += page.length;
        page = [];
      }
    }
  }
  page.push(...parser.push(decode()), ...parser.end());
  while (page.length > 0) {
    const rows = page.splice(0, opts.pageSize);
    yield { fromRow, rows, bytesRead };
    fromRow += rows.length;
  }
}
