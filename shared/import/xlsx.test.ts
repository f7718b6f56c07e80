// @vitest-environment node
// (a process of its own: in a worker shared with other unit files, the first workbook written here read back as
// no workbook once in a full run)
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { CsvError } from './csv';
import { cellText, filePages, isXlsx, numberText, readWorkbook, XLSX_LIMITS, XlsxError } from './xlsx';
import { textsIn } from '../i18n';
import { say } from '../i18n';

type Cell = string | number | boolean | Date | null;

/** A workbook of the sheets given, in their order (tests/support/workbook.ts does the same for the API tests). */
function workbook(sheets: Record<string, Cell[][]>): Promise<Buffer> {
  const all = Object.entries(sheets).map(([sheet, rows]) => ({
    sheet,
    data: rows.map((row) => row.map((value) => (value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd' } : { value }))),
  }));
  return (writeExcelFile as unknown as (sheets: typeof all) => { toBuffer(): Promise<Buffer> })(all).toBuffer();
}

async function* chunksOf(bytes: Uint8Array, size = 1000) {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

async function pagesOf(bytes: Uint8Array, opts: { name: string; sheet?: string; pageSize?: number }) {
  const pages = [];
  for await (const page of filePages(chunksOf(bytes), { delimiter: ',', pageSize: 2, ...opts })) pages.push(page);
  return pages;
}

describe('cell text', () => {
  it('shows numbers as Excel does in General format: no float noise, integers with every digit', () => {
    expect(numberText('0.30000000000000004')).toBe('0.3');
    expect(numberText('819012345678')).toBe('819012345678');
    expect(numberText('8.19012345678E+11')).toBe('819012345678');
    expect(numberText('-12.5')).toBe('-12.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(null)).toBe('');
    expect(cellText(new Date(Date.UTC(2026, 0, 31)))).toBe('2026-01-31');
    expect(cellText(new Date(Date.UTC(2026, 0, 31, 9, 30)))).toBe('2026-01-31 09:30:00');
  });
});

describe('isXlsx', () => {
  it('goes by the ZIP signature first, then by the name', () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]);
    const text = new TextEncoder().encode('id,name\n');
    expect(isXlsx(zip, 'members.csv')).toBe(true);
    expect(isXlsx(text, 'members.XLSX')).toBe(true);
    expect(isXlsx(text, 'members.csv')).toBe(false);
  });
});

describe('readWorkbook', () => {
  it('reads the first sheet as text: dates, numbers, phone numbers, empty cells, text that looks like a number', async () => {
    const bytes = await workbook({
      Members: [
        ['id', 'joined', 'score', 'phone', 'note', 'code'],
        ['u1', new Date(Date.UTC(2026, 0, 31)), 0.1 + 0.2, 819012345678, null, '00123'],
        [null, null, null, null, null, null],
        ['u2', new Date(Date.UTC(1999, 11, 1)), 42, 14155550100, ' spaced ', '7'],
      ],
      Second: [['other'], ['x']],
    });
    const book = await readWorkbook(bytes);
    expect(book.sheets).toEqual(['Members', 'Second']);
    expect(book.rows()).toEqual([
      ['id', 'joined', 'score', 'phone', 'note', 'code'],
      ['u1', '2026-01-31', '0.3', '819012345678', '', '00123'],
      [],
      ['u2', '1999-12-01', '42', '14155550100', ' spaced ', '7'],
    ]);
    expect(book.rows('Second')).toEqual([['other'], ['x']]);
    expect(() => book.rows('Nope')).toThrow(say('import.xlsxNoSheet', { sheet: 'Nope', sheets: 'Members, Second' }));
  });

  it('answers the spec message for a corrupt workbook, a text file and a legacy .xls', async () => {
    const good = await workbook({ S: [['a'], ['1']] });
    // a ZIP's start, then damage: its parts cannot be inflated
    const damaged = Uint8Array.from(good, (b, i) => (i < 40 ? b : (b * 31 + i) & 0xff));
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    for (const bytes of [damaged, new TextEncoder().encode('id,name\n1,a\n'), xls]) {
      await expect(readWorkbook(bytes)).rejects.toThrow(new XlsxError('notWorkbook'));
    }
    expect(textsIn(new XlsxError('notWorkbook').message, 'en')).toBe('Please choose an excel file!');
  });

  it("applies CSV's limits with CSV's messages", async () => {
    const bytes = await workbook({ S: [['a'], ['x'.repeat(100_001)]] });
    await expect(readWorkbook(bytes).then((b) => b.rows())).rejects.toThrow(CsvError);
    await expect(readWorkbook(new Uint8Array(XLSX_LIMITS.bytes + 1))).rejects.toThrow(say('import.xlsxTooLarge', { max: 8 }));
  });
});

describe('filePages', () => {
  it('pages a workbook like csvPages, whatever the name, and a named sheet', async () => {
    const bytes = await workbook({ A: [['id'], ['1'], ['2']], B: [['key'], ['k1']] });
    expect(await pagesOf(bytes, { name: 'renamed.csv' })).toEqual([
      { fromRow: 1, rows: [['id'], ['1']], bytesRead: bytes.byteLength },
      { fromRow: 3, rows: [['2']], bytesRead: bytes.byteLength },
    ]);
    expect((await pagesOf(bytes, { name: 'b.xlsx', sheet: 'B' })).flatMap((p) => p.rows)).toEqual([['key'], ['k1']]);
  });

  it('reads CSV as before, and a CSV named .xlsx gets the spec message', async () => {
    const csv = new TextEncoder().encode('id,name\n1,a\n');
    expect((await pagesOf(csv, { name: 'm.csv' })).flatMap((p) => p.rows)).toEqual([
      ['id', 'name'],
      ['1', 'a'],
    ]);
    await expect(pagesOf(csv, { name: 'm.xlsx' })).rejects.toThrow(new XlsxError('notWorkbook').message);
  });
});
