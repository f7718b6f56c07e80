/**
 * CSV files Herald writes (data exports, cloud source records): RFC 4180 quoting, and cells that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return, or the full-width ＝＋－＠ that
 * Japanese and Chinese spreadsheet input turns into them) neutralised with a leading apostrophe, so an exported
 * `=HYPERLINK(...)` stays text (OWASP "CSV injection"); a missing figure ('--') is left as it is. Every CSV writer goes through csvLine.
 */

import { groupDigits } from '../format';
import { say } from '../i18n/say';

/** spec 001 section 9 and 000 section 9: an export holds at most this many records */
export const EXPORT_CAP = 100_000;

export const EXPORT_MESSAGES = {
  /** spec 001 section 5 */
  noData: say('form.exportNoData'),
  capped: say('form.exportCapped', { max: groupDigits(EXPORT_CAP) }),
} as const;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * Dashes alone ('--', a figure not measured) start like a formula but hold nothing to run: they keep no
 * apostrophe, which Excel would show. A signed number as text ('+81…', '-1') keeps it, and stays text.
 */
const HARMLESS = /^-+$/;

/** A cell's text: a list joined with `;`, an object as JSON. */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join(';');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * One cell: text as is (formula starts neutralised), numbers and booleans as text, nothing for null. The check
 * runs on the text as written, after a list is joined: a tag list `=1;x` starts a formula as much as `=1` does.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = textOf(value);
  // a number's own text (-5, 1e+21) is data a spreadsheet reads as a number, never a formula
  const isNumber = typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';
  if (!isNumber && FORMULA_START.test(text) && !HARMLESS.test(text)) text = `'${text}`;
  // `;` and tab quoted too: spreadsheets in many locales split a CSV on them, which would start a new cell
  return /[",;\t\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
