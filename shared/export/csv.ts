/**
 * CSV files Herald writes (data exports): RFC 4180 quoting, and cells that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) neutralised with a leading apostrophe, so an exported
 * `=HYPERLINK(...)` stays text (OWASP "CSV injection").
 */

/** spec 001 section 9 and 000 section 9: an export holds at most this many records */
export const EXPORT_CAP = 100_000;

export const EXPORT_MESSAGES = {
  /** spec 001 section 5 */
  noData: 'There is no data to export!',
  capped: `The export holds the first ${EXPORT_CAP.toLocaleString('en-US')} records: exports are capped at ${EXPORT_CAP.toLocaleString('en-US')}. Narrow it down with a segment to get the rest.`,
} as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text as is (formula starts neutralised), numbers and booleans as text, nothing for null. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join(';') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
