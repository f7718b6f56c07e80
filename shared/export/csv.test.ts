import { expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

/** The text a spreadsheet reads from one written cell. */
const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

it('neutralises cells a spreadsheet would run as formulas', () => {
  expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  for (const start of ['+1', '-1+2', '@SUM(A1)', '\tx', '\rx', '＝1+1', '＋1', '－1', '＠SUM(A1)']) expect(unquoted(csvCell(start)).startsWith("'"), start).toBe(true);
  // numbers are data, not formulas
  expect(csvCell(-5)).toBe('-5');
  expect(csvCell('plain')).toBe('plain');
});

it("leaves a figure not measured ('--') as it is: dashes alone run nothing, and Excel would show the apostrophe", () => {
  expect(csvCell('--')).toBe('--');
  expect(csvCell('-')).toBe('-');
  expect(csvLine(['First', '--', '12.50%'])).toBe('First,--,12.50%\r\n');
  // anything after the dashes is still neutralised
  for (const start of ['--1', '-- x', '--=1', '-@A1']) expect(unquoted(csvCell(start)).startsWith("'"), start).toBe(true);
});

it('neutralises a list after joining it, whatever its values', () => {
  expect(csvCell(['=HYPERLINK("http://x")', 'vip'])).toBe(`"'=HYPERLINK(""http://x"");vip"`);
  expect(csvCell(['@SUM(1)'])).toBe("'@SUM(1)");
  expect(csvCell([-1, 2])).toBe(`"'-1;2"`);
  expect(csvCell(['vip', '+1+1'])).toBe('"vip;+1+1"');
});

it('quotes what needs quoting and joins lists', () => {
  expect(csvLine(['a,b', 'say "hi"', null, true, ['x', 'y'], 'line\nbreak'])).toBe('"a,b","say ""hi""",,true,"x;y","line\nbreak"\r\n');
  expect(csvCell(' padded ')).toBe('" padded "');
  expect(csvCell('a\tb')).toBe('"a\tb"');
});
