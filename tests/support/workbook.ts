/**
 * Small .xlsx files for tests, written by `write-excel-file` (the reader's sibling): a cell is a string, a number,
 * a boolean, a Date (shown as yyyy-mm-dd) or null.
 */
import writeExcelFile from 'write-excel-file/node';

export type WorkbookCell = string | number | boolean | Date | null;

const cellOf = (value: WorkbookCell) => (value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd' } : { value });

/** One workbook of the sheets given, in their order. */
export async function workbook(sheets: Record<string, WorkbookCell[][]>): Promise<Buffer> {
  const all = Object.entries(sheets).map(([sheet, rows]) => ({ sheet, data: rows.map((row) => row.map(cellOf)) }));
  // (the writer's overloads, one sheet or many, do not narrow from a mapped array)
  return (writeExcelFile as unknown as (sheets: typeof all) => { toBuffer(): Promise<Buffer> })(all).toBuffer();
}
