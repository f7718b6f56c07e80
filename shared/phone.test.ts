import { describe, expect, it } from 'vitest';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { CALLING_CODES, E164, LINE_USER_ID, normalizePhone, normalizePhones } from './phone';

describe('normalizePhone', () => {
  it('reads national numbers with the default country', () => {
    expect(normalizePhone('090-1234-5678', 'JP')).toBe('+819012345678');
    expect(normalizePhone('03 1234 5678', 'JP')).toBe('+81312345678');
    expect(normalizePhone('138 0013 8000', 'CN')).toBe('+8613800138000');
    expect(normalizePhone('(206) 555-0100', 'US')).toBe('+12065550100');
    expect(normalizePhone('07911 123456', 'GB')).toBe('+447911123456');
  });

  it('reads international numbers whatever the default country', () => {
    expect(normalizePhone('+81 90 1234 5678', 'US')).toBe('+819012345678');
    expect(normalizePhone('+86 138-0013-8000')).toBe('+8613800138000');
    expect(normalizePhone('+1 (206) 555-0100', 'JP')).toBe('+12065550100');
    expect(normalizePhone('0081 90 1234 5678')).toBe('+819012345678');
    expect(normalizePhone('+819012345678')).toBe('+819012345678');
  });

  it('refuses junk, extensions and national numbers without a country', () => {
    for (const junk of ['', 'abc', 'call 090-1234-5678', '+81 90 1234 5678 ext 12', '12', '+0 123 4567', '+81 1', '9'.repeat(41), '090-1234-5678'])
      expect(normalizePhone(junk), junk).toBeUndefined();
    expect(normalizePhone('1234', 'JP')).toBeUndefined();
  });

  it('normalises lists, drops duplicates and names the first bad one', () => {
    expect(normalizePhones(['090-1234-5678', '+81 90 1234 5678', '+1 206 555 0100'], 'JP')).toEqual({ phones: ['+819012345678', '+12065550100'] });
    expect(normalizePhones(['+12065550100', 'nope', 'x'], 'US')).toEqual({ bad: 'nope' });
  });

  it('pins the stored shapes', () => {
    expect(E164.test('+819012345678')).toBe(true);
    expect(E164.test('819012345678')).toBe(false);
    expect(LINE_USER_ID.test(`U${'a1'.repeat(16)}`)).toBe(true);
    expect(LINE_USER_ID.test(`U${'A1'.repeat(16)}`)).toBe(false);
    expect(LINE_USER_ID.test(`U${'a'.repeat(31)}`)).toBe(false);
  });
});

describe('the countries an import offers for national numbers', () => {
  it('have their calling codes right, and take full-width digits', () => {
    for (const [country, code] of Object.entries(CALLING_CODES)) expect(Number(getCountryCallingCode(country as CountryCode)), country).toBe(code);
    expect(Object.keys(CALLING_CODES)).toEqual(expect.arrayContaining(['JP', 'CN', 'TW', 'HK', 'US']));
    expect(normalizePhone('０９０－１２３４－５６７８', 'JP')).toBe('+819012345678');
    expect(normalizePhone('１３８００１３８０００', 'CN')).toBe('+8613800138000');
  });
});
