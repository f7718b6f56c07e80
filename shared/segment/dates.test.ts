import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEpochMs } from './dates';

describe('toEpochMs', () => {
  it('takes epoch milliseconds and ISO 8601 dates, date-times read as UTC unless they carry an offset', () => {
    expect(toEpochMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toEpochMs('2026-01-31')).toBe(Date.UTC(2026, 0, 31));
    expect(toEpochMs('2026-01-31T09:00:00Z')).toBe(Date.UTC(2026, 0, 31, 9));
    expect(toEpochMs('2026-01-31 09:00')).toBe(Date.UTC(2026, 0, 31, 9));
    expect(toEpochMs('2026-01-31T09:00:00.5+09:00')).toBe(Date.UTC(2026, 0, 31, 0, 0, 0, 500));
    expect(toEpochMs('2026-01-31T09:00-0530')).toBe(Date.UTC(2026, 0, 31, 14, 30));
    expect(toEpochMs('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
  });

  it('answers NaN for anything else, never rolling an impossible date over', () => {
    for (const v of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-01-31T24:00Z', '2026-01-31T10:60Z', '0050-01-01', '2026-01-31T09:00+15:00']) {
      expect(toEpochMs(v), v).toBeNaN();
    }
    for (const v of ['yesterday', '31/01/2026', '1', '', null, undefined, true, {}, [], Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(toEpochMs(v)).toBeNaN();
    }
  });

  /** The regular expression toEpochMs replaced, kept here as the reading it must agree with. */
  const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
  function byExpression(value: string): number {
    const m = ISO.exec(value);
    if (!m) return Number.NaN;
    const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0', zone] = m;
    const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
    const t = Date.UTC(year, month - 1, day, hour, minute, second, Number(ms.padEnd(3, '0')));
    const check = new Date(t);
    if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return Number.NaN;
    if (!zone || /^z$/i.test(zone)) return t;
    const [hours, minutes] = [Number(zone.slice(1, 3)), Number(zone.replace(':', '').slice(3))];
    return hours > 14 || minutes > 59 ? Number.NaN : t - (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }

  it('reads every string as the regular expression did: ISO-shaped strings with each part varied and broken', () => {
    const digit = fc.constantFrom(...'0123456789');
    const num = (width: number) => fc.array(digit, { minLength: width, maxLength: width }).map((d) => d.join(''));
    const part = (width: number) => fc.oneof(num(width), num(width - 1), num(width + 1), fc.constantFrom('', 'x', ' 1', '-1', '٣'.repeat(width)));
    const shaped = fc
      .tuple(
        fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 2100 }).map((y) => String(y).padStart(4, '0')) }, part(4)),
        fc.constantFrom('-', '/', ''),
        fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 13 }).map((m) => String(m).padStart(2, '0')) }, part(2)),
        fc.constantFrom('-', '.'),
        fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 32 }).map((d) => String(d).padStart(2, '0')) }, part(2)),
        fc.oneof(
          fc.constant(''),
          fc
            .tuple(
              fc.constantFrom('T', 't', ' ', 'X', '  '),
              fc.integer({ min: 0, max: 25 }).map((h) => String(h).padStart(2, '0')),
              fc.constantFrom(':', ''),
              fc.oneof(num(2), part(2)),
              fc.constantFrom('', ':00', ':59', ':60', ':5', ':'),
              fc.constantFrom('', '.', '.5', '.12', '.123', '.1234', '.x'),
              fc.constantFrom('', 'Z', 'z', '+09:00', '-0530', '+14:00', '+15:00', '+09:60', '+9:00', '+0900x', '+09x00', '+0900:', 'Zz', '+09:0', '-00:00', '+', '-1'),
            )
            .map((p) => p.join('')),
        ),
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: shaped }, fc.string()), (value) => {
        expect(Object.is(toEpochMs(value), byExpression(value)) || (Number.isNaN(toEpochMs(value)) && Number.isNaN(byExpression(value))), value).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});
