/**
 * The audience snapshot's columns: for each field a rule may test, the value the evaluator's getter reads from each
 * account, kept as a dictionary of its distinct values and one small index per account (1, 2 or 4 bytes, by the
 * dictionary's size; index 0 is "no value"). Rows are in id order, so an id is found by binary search.
 *
 * `rawOf` and `inputOf` are exact inverses for the evaluator: a condition on `field` answers an account as it
 * answers `inputOf(field, rawOf(field, account))`, since each getter reads one place of the account. That is what
 * lets a count test each distinct value once (and a date column read each value's instant once).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { ACCOUNT_FIELDS, type AccountInput, ATTRIBUTE_PREFIX, POSTAL_PARTS } from '../../../shared/segment';

/** The whole postal address: no rule tests it; a letter's reach reads it (the printed address, the opt-out entry). */
export const POSTAL_COLUMN = 'address';

export const SNAPSHOT_PATHS = [
  ...new Set(['id', 'emails', 'phones', 'address', 'attributes', 'tags', ...Object.keys(ACCOUNT_FIELDS).filter((f) => !(f in POSTAL_PARTS) && f !== 'email' && f !== 'phone')]),
];

type Postal = keyof typeof POSTAL_PARTS;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function rawOf(field: string, a: AccountInput): unknown {
  if (field.startsWith(ATTRIBUTE_PREFIX)) {
    const name = field.slice(ATTRIBUTE_PREFIX.length);
    return isObject(a.attributes) && Object.hasOwn(a.attributes, name) ? a.attributes[name] : undefined;
  }
  if (field in POSTAL_PARTS) return isObject(a.address) ? (a.address as Record<string, unknown>)[POSTAL_PARTS[field as Postal]] : undefined;
  if (field === 'email' || field === 'phone') {
    const list = a[field === 'email' ? 'emails' : 'phones'];
    return Array.isArray(list) ? list[0] : undefined;
  }
  return (a as Record<string, unknown>)[field];
}

export function inputOf(field: string, value: unknown): AccountInput {
  if (value === undefined) return {};
  if (field.startsWith(ATTRIBUTE_PREFIX)) return { attributes: { [field.slice(ATTRIBUTE_PREFIX.length)]: value } } as AccountInput;
  if (field in POSTAL_PARTS) return { address: { [POSTAL_PARTS[field as Postal]]: value } } as AccountInput;
  if (field === 'email') return { emails: [value] } as AccountInput;
  if (field === 'phone') return { phones: [value] } as AccountInput;
  return { [field]: value } as AccountInput;
}

export function projectAccount(a: AccountInput): AccountInput {
  const out: Record<string, unknown> = {};
  for (const path of SNAPSHOT_PATHS) {
    const v = (a as Record<string, unknown>)[path];
    if (v === undefined) continue;
    if ((path === 'emails' || path === 'phones') && Array.isArray(v)) out[path] = v.slice(0, 1);
    else out[path] = v;
  }
  return out as AccountInput;
}

export function fieldsOf(rows: readonly AccountInput[]): string[] {
  const attributes = new Set<string>();
  for (const a of rows) if (isObject(a.attributes)) for (const name of Object.keys(a.attributes)) attributes.add(name);
  return [...Object.keys(ACCOUNT_FIELDS).filter((f) => f !== 'id'), POSTAL_COLUMN, ...[...attributes].sort().map((n) => ATTRIBUTE_PREFIX + n)];
}

export interface Column {
  values: readonly unknown[];
  index: Uint8Array | Uint16Array | Uint32Array;
  /** each value's instant, read once for the column when a condition tests a window of time */
  instants?: Float64Array;
  /** The values when every one is a number, as stored: a date column's million values read as one array, `values` made only if asked. */
  numbers?: Float64Array;
}

/** How many distinct values a column has, without making a numeric column's `values`. */
export const valueCount = (column: Column): number => column.numbers?.length ?? column.values.length;

function indexArray(size: number, rows: number): Column['index'] {
  return size < 256 ? new Uint8Array(rows) : size < 65536 ? new Uint16Array(rows) : new Uint32Array(rows);
}

/** A column of `field` over the rows. Primitives are told apart by type (`1` is not `'1'`); other values by their JSON. */
export function buildColumn(field: string, rows: readonly AccountInput[]): Column {
  const values: unknown[] = [];
  const primitive = new Map<unknown, number>();
  const composite = new Map<string, number>();
  const codes = new Uint32Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const v = rawOf(field, rows[r]);
    if (v === undefined) continue;
    const byJson = typeof v === 'object' && v !== null;
    const key = byJson ? JSON.stringify(v) : v;
    let code = byJson ? composite.get(key as string) : primitive.get(v);
    if (code === undefined) {
      values.push(v);
      code = values.length;
      if (byJson) composite.set(key as string, code);
      else primitive.set(v, code);
    }
    codes[r] = code;
  }
  const index = indexArray(values.length + 1, rows.length);
  index.set(codes);
  return { values, index };
}

/** Below this many distinct values a numeric column is stored as JSON like the others: the array saves nothing there. */
const NUMBERS_FROM = 256;

/**
 * A column as bytes: gzip of [JSON length (u32 LE)][JSON: values, index width, numbers][index][numbers as float64 LE].
 * A column of many numbers (a date kept as epoch milliseconds has about one value an account) keeps them as float64s:
 * parsing a million numbers from JSON, and holding each as an object, was most of a cold count.
 */
export function encodeColumn(column: Column): Buffer {
  const values = column.values;
  const numeric = values.length >= NUMBERS_FROM && values.every((v) => typeof v === 'number');
  const head = Buffer.from(
    JSON.stringify(numeric ? { values: [], width: column.index.BYTES_PER_ELEMENT, numbers: values.length } : { values, width: column.index.BYTES_PER_ELEMENT }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const parts = [length, head, Buffer.from(column.index.buffer, column.index.byteOffset, column.index.byteLength)];
  if (numeric) parts.push(Buffer.from(Float64Array.from(values as number[]).buffer));
  return gzipSync(Buffer.concat(parts), { level: 6 });
}

export function decodeColumn(bytes: Uint8Array): Column {
  const raw = gunzipSync(bytes);
  const headLength = raw.readUInt32LE(0);
  const head = JSON.parse(raw.subarray(4, 4 + headLength).toString()) as { values: unknown[]; width: 1 | 2 | 4; numbers?: number };
  const from = raw.byteOffset + 4 + headLength;
  const to = raw.byteOffset + raw.length - (head.numbers ?? 0) * 8;
  // copied out, so the typed arrays are aligned whatever the offset
  const body = raw.buffer.slice(from, to);
  const index = head.width === 1 ? new Uint8Array(body) : head.width === 2 ? new Uint16Array(body) : new Uint32Array(body);
  if (head.numbers === undefined) return { values: head.values, index };
  const numbers = new Float64Array(raw.buffer.slice(to, raw.byteOffset + raw.length));
  let values: number[] | undefined;
  return {
    index,
    numbers,
    get values() {
      values ??= Array.from(numbers);
      return values;
    },
  };
}

/** A base's account ids in row order (sorted); a plain array is one. Rows are 0 to length - 1. */
export interface RowIds {
  readonly length: number;
  at(row: number): string | undefined;
}

/** The ids as one text, an id a line, when every id allows it; else a JSON array. */
export function encodeIds(ids: readonly string[]): { bytes: Buffer; as: 'lines' | 'json' } {
  // a newline would split an id, and a lone surrogate would not come back from UTF-8: such ids go as JSON
  const lines = ids.every((id) => id !== '' && !/[\n\uD800-\uDFFF]/.test(id));
  return { bytes: gzipSync(lines ? ids.join('\n') : JSON.stringify(ids)), as: lines ? 'lines' : 'json' };
}

/**
 * Ids read back. Lines stay one string with each line's start: a million ids parsed into a million strings took a
 * third of a cold count, and a count asks for few of them (changed accounts, included ids, a reach's rows).
 */
export function decodeIds(bytes: Uint8Array, as: 'lines' | 'json'): RowIds {
  const text = gunzipSync(bytes).toString();
  if (as === 'json') return JSON.parse(text) as string[];
  if (text === '') return [];
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  // starts[r] is row r's first character; starts[lines] is one past the text, as if it ended with a newline
  const starts = new Uint32Array(lines + 1);
  for (let r = 1, at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[r++] = at + 1;
  starts[lines] = text.length + 1;
  return { length: lines, at: (row) => (row >= 0 && row < lines ? text.slice(starts[row], starts[row + 1] - 1) : undefined) };
}

export function rowOf(ids: RowIds, id: string): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids.at(mid)!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function setterOf(field: string): (row: Record<string, unknown>, value: unknown) => void {
  if (field === 'email' || field === 'phone') {
    const path = field === 'email' ? 'emails' : 'phones';
    return (row, value) => {
      row[path] = [value];
    };
  }
  const [[path, shape]] = Object.entries(inputOf(field, null) as Record<string, unknown>);
  if (!isObject(shape)) return (row, value) => (row[path] = value);
  const [part] = Object.keys(shape);
  return (row, value) => {
    row[path] = { ...(isObject(row[path]) ? row[path] : {}), [part]: value };
  };
}

/** Reads rows of a snapshot back as projected accounts with the fields of these columns (and the id). */
export function rowReader(ids: RowIds, columns: ReadonlyMap<string, Column | undefined>): (r: number) => AccountInput {
  // one index type for every column: a loop over indexes of several widths is many times slower in V8
  const read = [...columns].flatMap(([field, column]) =>
    column ? [{ index: column.index instanceof Uint32Array ? column.index : Uint32Array.from(column.index), values: column.values, set: setterOf(field) }] : [],
  );
  return (r) => {
    const row: Record<string, unknown> = { id: ids.at(r) };
    for (const { index, values, set } of read) {
      const code = index[r];
      if (code !== 0) set(row, values[code - 1]);
    }
    return row as AccountInput;
  };
}

export function rowsOf(ids: RowIds, columns: ReadonlyMap<string, Column>): AccountInput[] {
  const row = rowReader(ids, columns);
  return Array.from({ length: ids.length }, (_, r) => row(r));
}
