import { expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

it('neutralises cells a spreadsheet would run as formulas', () => {
  expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  for (const start of ['+1', '-1+2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(start).replace(/^"/, '').startsWith("'")).toBe(true);
  // numbers are data, not formulas
  expect(csvCell(-5)).toBe('-5');
  expect(csvCell('plain')).toBe('plain');
});

it('quotes what needs quoting and joins lists', () => {
  expect(csvLine(['a,b', 'say "hi"', null, true, ['x', 'y'], 'line\nbreak'])).toBe('"a,b","say ""hi""",,true,x;y,"line\nbreak"\r\n');
  expect(csvCell(' padded ')).toBe('" padded "');
});
