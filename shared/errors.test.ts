import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, LANGS } from './errors';
import specTable from './fixtures/spec-error-codes.json';

/** Every code of the spec's catalogue table (spec 000 section 8), kept in the fixture; ranges are expanded. */
function specCodes(): string[] {
  const codes = new Set<string>();
  for (const { codes: cell } of specTable.rows) {
    const range = /(\d{6}) to (\d{6})/.exec(cell);
    if (range) for (let c = Number(range[1]); c <= Number(range[2]); c++) codes.add(String(c));
    for (const m of cell.matchAll(/\b\d{6}(?:_\d)?\b/g)) codes.add(m[0]);
  }
  return [...codes];
}

describe('error catalogue', () => {
  it('holds every code of the spec', () => {
    const codes = specCodes();
    expect(codes.length).toBeGreaterThan(60);
    for (const code of codes) expect(ERROR_CATALOGUE, code).toHaveProperty(code);
  });
  it('has en, zh and ja text and a 4xx/5xx status for each code', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      for (const lang of LANGS) expect(entry[lang].length, `${code} ${lang}`).toBeGreaterThan(2);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
    }
  });
});
