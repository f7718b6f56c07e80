import { describe, expect, it } from 'vitest';
import { avatarInitials, displayName, languageName, formatCount, groupDigits, formatDateTime, formatRate, formatUtcOffset, isDisplayZone } from './format';

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

describe("dates in a user's time zone", () => {
  const at = Date.UTC(2026, 10, 25, 0, 0, 0);
  it('shows the wall clock of an IANA zone, named', () => {
    expect(formatDateTime(at, { timeZone: 'Asia/Tokyo' })).toBe('2026-11-25 09:00:00 Asia/Tokyo');
    expect(formatDateTime(at, { timeZone: 'Asia/Shanghai' })).toBe('2026-11-25 08:00:00 Asia/Shanghai');
    expect(formatDateTime(at, { timeZone: 'America/New_York' })).toBe('2026-11-24 19:00:00 EST');
    expect(formatDateTime(Date.UTC(2026, 6, 1, 12), { timeZone: 'America/New_York' })).toBe('2026-07-01 08:00:00 EDT');
  });
  it('shows an offset zone of the settings list, named by its offset', () => {
    expect(formatDateTime(at, { timeZone: 'UTC+09:00' })).toBe('2026-11-25 09:00:00 UTC+09:00');
    expect(formatDateTime(at, { timeZone: 'UTC-03:30' })).toBe('2026-11-24 20:30:00 UTC-03:30');
  });
  it('names UTC, and falls back to it for a zone it does not know', () => {
    expect(formatDateTime(at, { timeZone: 'UTC' })).toBe('2026-11-25 00:00:00 UTC');
    expect(formatDateTime(at, { timeZone: 'Mars/Olympus' })).toBe('2026-11-25 00:00:00 UTC');
    expect(formatDateTime(null, { timeZone: 'Asia/Tokyo' })).toBe('--');
  });
  it('knows which zones it can show', () => {
    expect(isDisplayZone('Asia/Tokyo')).toBe(true);
    expect(isDisplayZone('UTC+05:45')).toBe(true);
    expect(isDisplayZone('')).toBe(false);
    expect(isDisplayZone('Mars/Olympus')).toBe(false);
  });
});

describe('displayName', () => {
  it('puts the family name first in Japanese and Chinese', () => {
    expect(displayName('太郎', '山田', 'ja')).toBe('山田 太郎');
    expect(displayName('伟', '张', 'zh')).toBe('张伟');
    expect(displayName('Ann', 'Lee', 'ja')).toBe('Lee Ann');
    expect(displayName('Ann', 'Lee', 'zh')).toBe('Lee Ann');
  });
  it('puts the given name first in English', () => {
    expect(displayName('Ann', 'Lee', 'en')).toBe('Ann Lee');
    expect(displayName('太郎', '山田', 'en')).toBe('太郎 山田');
  });
  it('shows one part alone, trimmed, and nothing for none', () => {
    expect(displayName(' Ann ', '', 'ja')).toBe('Ann');
    expect(displayName('', '山田', 'zh')).toBe('山田');
    expect(displayName(undefined, null, 'en')).toBe('');
  });
});

describe('groupDigits', () => {
  it('groups an integer as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 999, 1000, 2000, 65_535, 100_000, 1_234_567, -4321]) expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('avatarInitials', () => {
  it("shows the family name's first character for a Japanese or Chinese name, the initials otherwise", () => {
    expect(avatarInitials('太郎', '山田', 'taro')).toBe('山');
    expect(avatarInitials('伟', '张', 'zhang')).toBe('张');
    expect(avatarInitials('さくら', '', 'sakura')).toBe('さ');
    expect(avatarInitials('ada', 'lovelace', 'ada')).toBe('AL');
    expect(avatarInitials('', '', 'operator')).toBe('OP');
  });
});

describe('languageName', () => {
  it('names a language in itself, and keeps a code it cannot name', () => {
    expect(['ja', 'zh', 'en', 'zh-TW'].map(languageName)).toEqual(['日本語', '中文', 'English', '中文（台灣）']);
    expect(languageName('qq')).toBe('qq');
    expect(languageName('not a code')).toBe('not a code');
  });
});
