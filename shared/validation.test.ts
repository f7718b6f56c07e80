import { describe, expect, it } from 'vitest';
import { isDateRangeValid, isValidEmail, isValidPassword, passwordProblems } from './validation';

describe('password rule (spec 000 section 5)', () => {
  it('accepts 8 to 16 characters with digit, upper, lower and one of @ # $ % &', () => {
    expect(isValidPassword('Admin@12')).toBe(true);
    expect(isValidPassword('Abcdefgh1234567&')).toBe(true);
    for (const s of ['@', '#', '$', '%', '&']) expect(isValidPassword(`Abcdef1${s}`)).toBe(true);
  });
  it('names each broken part', () => {
    expect(passwordProblems('Ab1@')).toEqual(['length']);
    expect(passwordProblems('Abcdefgh1234567&X')).toEqual(['length']);
    expect(passwordProblems('abcdefg1@')).toEqual(['uppercase']);
    expect(passwordProblems('ABCDEFG1@')).toEqual(['lowercase']);
    expect(passwordProblems('Abcdefgh@')).toEqual(['digit']);
    expect(passwordProblems('Abcdefgh1!')).toEqual(['special']);
  });
  it('checks emails and date ranges', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isDateRangeValid('2026-01-01', '2026-01-02')).toBe(true);
    expect(isDateRangeValid('2026-01-02', '2026-01-02')).toBe(false);
  });
});
