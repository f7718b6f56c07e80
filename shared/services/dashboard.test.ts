/** The dashboard's pure rules: the days each preset covers, the chart's points by resolution, and rank A to D. */
import { describe, expect, it } from 'vitest';
import { bucketOf, customRangeProblem, DASHBOARD_LIMITS, dashboardRange, rankOf, resolveRange } from './dashboard';

const NOW = Date.parse('2026-11-26T09:30:00Z');
const DAY = 86_400_000;

describe('resolveRange', () => {
  it('ends a preset today (UTC) and counts today in', () => {
    expect(resolveRange({ preset: 'TODAY' }, NOW)).toEqual({ start: '2026-11-26', end: '2026-11-26', days: 1, timeZone: 'UTC' });
    expect(resolveRange({ preset: 'WEEK' }, NOW)).toEqual({ start: '2026-11-20', end: '2026-11-26', days: 7, timeZone: 'UTC' });
    expect(resolveRange({ preset: 'MONTH' }, NOW).days).toBe(30);
    expect(resolveRange({ preset: 'QUARTER' }, NOW).days).toBe(90);
    expect(resolveRange({ preset: 'YEAR' }, NOW)).toEqual({ start: '2025-11-27', end: '2026-11-26', days: 365, timeZone: 'UTC' });
  });

  it("ends a preset today on the organization's clock: 23:30 UTC is already tomorrow in Shanghai, still today in New York", () => {
    const late = Date.parse('2026-11-26T23:30:00Z');
    expect(resolveRange({ preset: 'TODAY' }, late, undefined, 'Asia/Shanghai')).toEqual({ start: '2026-11-27', end: '2026-11-27', days: 1, timeZone: 'Asia/Shanghai' });
    expect(resolveRange({ preset: 'WEEK' }, late, undefined, 'America/New_York')).toMatchObject({ start: '2026-11-20', end: '2026-11-26', days: 7 });
    // the organization made at 20:00 UTC on 16 October began on the 17th in Shanghai
    expect(resolveRange({ preset: 'ALL' }, late, Date.parse('2026-10-16T20:00:00Z'), 'Asia/Shanghai')).toMatchObject({ start: '2026-10-17', end: '2026-11-27', days: 42 });
  });

  it('starts "all" on the organization\'s first day, at most ten years back', () => {
    expect(resolveRange({ preset: 'ALL' }, NOW, NOW - 40 * DAY)).toEqual({ start: '2026-10-17', end: '2026-11-26', days: 41, timeZone: 'UTC' });
    expect(resolveRange({ preset: 'ALL' }, NOW, Date.parse('2001-01-01')).days).toBe(3653);
  });

  it('takes a custom range as given, and refuses one that ends before it starts or is too long', () => {
    expect(resolveRange({ preset: 'CUSTOM', start: '2026-02-01', end: '2026-02-28' }, NOW)).toEqual({ start: '2026-02-01', end: '2026-02-28', days: 28, timeZone: 'UTC' });
    expect(dashboardRange.safeParse({ preset: 'CUSTOM', start: '2026-03-02', end: '2026-03-01' }).success).toBe(false);
    expect(dashboardRange.safeParse({ preset: 'CUSTOM', start: '2025-01-01', end: '2026-01-02' }).success).toBe(false);
    expect(dashboardRange.safeParse({ preset: 'CUSTOM', start: '2026-03-01' }).success).toBe(false);
    expect(dashboardRange.safeParse({ preset: 'FORTNIGHT' }).success).toBe(false);
  });
});

describe('bucketOf', () => {
  it('draws hours for a day, days for a month, weeks for a year; fine and coarse step once', () => {
    expect(bucketOf(1, 'DEFAULT')).toBe('HOUR');
    expect(bucketOf(30, 'DEFAULT')).toBe('DAY');
    expect(bucketOf(365, 'DEFAULT')).toBe('WEEK');
    expect(bucketOf(2000, 'DEFAULT')).toBe('MONTH');
    expect(bucketOf(7, 'FINE')).toBe('HOUR');
    // an hour a point is too many beyond a week
    expect(bucketOf(30, 'FINE')).toBe('DAY');
    expect(bucketOf(1, 'COARSE')).toBe('DAY');
    expect(bucketOf(365, 'COARSE')).toBe('MONTH');
  });
});

describe('rankOf', () => {
  it('grades an open rate against the average', () => {
    expect(rankOf(0.5, 0.4)).toBe('A');
    expect(rankOf(0.4, 0.4)).toBe('B');
    expect(rankOf(0.3, 0.4)).toBe('C');
    expect(rankOf(0.2, 0.4)).toBe('D');
  });
});

describe("the shared date range's custom check", () => {
  it('refuses exactly what the server refuses: a start after the end, or more than the days a range may hold', () => {
    const cases: [string, string][] = [
      ['2026-11-01', '2026-11-01'],
      ['2026-11-02', '2026-11-01'],
      ['2025-11-01', '2026-11-01'],
      ['2025-11-02', '2026-11-01'],
      ['2024-01-01', '2024-12-31'],
    ];
    for (const [start, end] of cases) {
      const server = dashboardRange.safeParse({ preset: 'CUSTOM', start, end }).success;
      expect(customRangeProblem(start, end) === undefined, `${start}..${end}`).toBe(server);
    }
    expect(customRangeProblem('2026-11-02', '2026-11-01')).toBe('startBeforeEnd');
    expect(DASHBOARD_LIMITS.customDays).toBe(366);
    expect(customRangeProblem('2025-10-31', '2026-11-01')).toBe('tooLong');
  });
});
