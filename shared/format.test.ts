import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatRate, formatUtcOffset } from './format';

describe('number and date display (spec 001 section 9)', () => {
  it('shows counts below 100,000 in full', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(99_999)).toBe('99,999');
  });
  it('shows 100,000 or more as K with one decimal, truncated', () => {
    expect(formatCount(100_000)).toBe('100.0K');
    expect(formatCount(123_456)).toBe('123.4K');
    expect(formatCount(9_999_999)).toBe('9999.9K');
  });
  it('shows 10,000,000 or more as M', () => {
    expect(formatCount(10_000_000)).toBe('10.0M');
    expect(formatCount(12_345_678)).toBe('12.3M');
  });
  it('truncates rates to two decimals and shows -- when there is none', () => {
    expect(formatRate(0.123456)).toBe('12.34%');
    expect(formatRate(0.99999)).toBe('99.99%');
    expect(formatRate(null)).toBe('--');
    expect(formatCount(undefined)).toBe('--');
  });
  it('formats dates as YYYY-MM-DD HH:mm:ss in UTC', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatDateTime('2026-11-21T23:59:59+09:00')).toBe('2026-11-21 14:59:59');
    expect(formatDateTime('not a date')).toBe('--');
  });
  it('writes offsets in minutes as UTC±hh:mm', () => {
    expect(formatUtcOffset(330)).toBe('UTC+05:30');
    expect(formatUtcOffset(-720)).toBe('UTC-12:00');
  });
});
