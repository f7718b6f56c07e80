/** CSV Herald writes: formula starts, full-width ＝＋－＠ too, get a leading apostrophe (OWASP "CSV injection"). Every writer goes through csvLine. */

import { groupDigits } from '../format';
import { say } from '../i18n/say';

/** spec 001 section 9 and 000 section 9 */
export const EXPORT_CAP = 100_000;

export const EXPORT_MESSAGES = {
  noData: say('form.exportNoData'),
  capped: say('form.exportCapped', { max: groupDigits(EXPORT_CAP) }),
} as const;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** '--' holds nothing to run and an apostrophe would show in Excel; a signed number as text keeps it and stays text. */
const HARMLESS = /^-+$/;

function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join(';');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Checked after a list is joined: a tag list `=1;x` starts a formula as much as `=1` does. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = textOf(value);
  // a number's own text (-5, 1e+21) a spreadsheet reads as a number, never a formula
  const isNumber = typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';
  if (!isNumber && FORMULA_START.test(text) && !HARMLESS.test(text)) text = `'${text}`;
  // `;` and tab too: spreadsheets in many locales split a CSV on them
  return /[",;\t\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
