/** Phone numbers stored in E.164; only the edges that read typed numbers load libphonenumber-js, so the portal's first page checks a pattern. */
import type * as PhoneLibrary from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';

let library: typeof PhoneLibrary | undefined;

/** 118 KB, loaded on the first number read rather than every cold start (infra/lambdaBundling.ts LAMBDA_PACKAGES_BESIDE); required to keep callers synchronous. */
function phoneLibrary(): typeof PhoneLibrary {
  library ??= process.getBuiltinModule('node:module').createRequire(import.meta.url)('libphonenumber-js/min') as typeof PhoneLibrary;
  return library;
}

export const E164 = /^\+[1-9]\d{6,14}$/;

export const LINE_USER_ID = /^U[0-9a-f]{32}$/;

/** Without `+` (or `00`) a national number of `defaultCountry`; without one, only international numbers are read. */
export function normalizePhone(raw: string, defaultCountry?: string): string | undefined {
  // NFKC: a Japanese sheet's full-width ０９０－１２３４－５６７８ is the same number
  const text = raw
    .normalize('NFKC')
    .trim()
    .replace(/^00(?=[1-9])/, '+');
  // the library finds a number inside any text; an address must be only the number
  if (text === '' || text.length > 40 || !/^\+?[\d\s().\-/]+$/.test(text)) return undefined;
  const parsed = phoneLibrary().parsePhoneNumberFromString(text, defaultCountry ? { defaultCountry: defaultCountry as CountryCode } : undefined);
  if (!parsed || parsed.ext || !parsed.isValid()) return undefined;
  const e164 = parsed.number;
  return E164.test(e164) ? e164 : undefined;
}

/** checked against libphonenumber in phone.test.ts */
export const CALLING_CODES: Readonly<Record<string, number>> = {
  JP: 81,
  CN: 86,
  TW: 886,
  HK: 852,
  MO: 853,
  KR: 82,
  SG: 65,
  MY: 60,
  TH: 66,
  VN: 84,
  PH: 63,
  ID: 62,
  IN: 91,
  AU: 61,
  NZ: 64,
  US: 1,
  CA: 1,
  MX: 52,
  BR: 55,
  GB: 44,
  IE: 353,
  FR: 33,
  DE: 49,
  IT: 39,
  ES: 34,
  NL: 31,
  CH: 41,
  SE: 46,
  AE: 971,
};

export function normalizePhones(list: readonly string[], defaultCountry?: string): { phones: string[] } | { bad: string } {
  const phones: string[] = [];
  for (const raw of list) {
    const phone = normalizePhone(raw, defaultCountry);
    if (!phone) return { bad: raw };
    if (!phones.includes(phone)) phones.push(phone);
  }
  return { phones };
}
