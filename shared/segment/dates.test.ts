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
});
