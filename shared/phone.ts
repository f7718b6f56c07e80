/**
 * Phone numbers and LINE user ids as accounts keep them. A number is stored in E.164 (`+819012345678`); what
 * people type (`090-1234-5678`, `+81 (90) 1234 5678`) is read with libphonenumber-js and the organization's
 * default country. Only the edges that read typed numbers (imports, the app SDK) load the library, so the
 * account schema, which the portal's first page carries, checks the stored form with a pattern.
 */
import type * as PhoneLibrary from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';

let library: typeof PhoneLibrary | undefined;

/**
 * libphonenumber-js (118 KB with its metadata) on the first number read, not at every cold start of the router:
 * the Lambdas have it beside their bundle (infra/lambdaBundling.ts LAMBDA_PACKAGES_BESIDE). Required, not
 * imported, so that the callers deep in an import's row reading stay synchronous; only server code reads numbers.
 */
function phoneLibrary(): typeof PhoneLibrary {
  library ??= process.getBuiltinModule('node:module').createRequire(import.meta.url)('libphonenumber-js/min') as typeof PhoneLibrary;
  return library;
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** A LINE user id as the Messaging API gives it: `U` and 32 lower-case hex digits. */
export const LINE_USER_ID = /^U[0-9a-f]{32}$/;

/**
 * The number in E.164, or undefined when it is not a possible number. A number without `+` (or `00`) is read as
 * a national number of `defaultCountry`; without one, only international numbers are read.
 */
export function normalizePhone(raw: string, defaultCountry?: string): string | undefined {
  // NFKC: a Japanese sheet's full-width ０９０－１２３４－５６７８ is the same number
  const text = raw
    .normalize('NFKC')
    .trim()
    .replace(/^00(?=[1-9])/, '+');
  // the library finds a number inside any text; an address must be only the number (no words, no extension)
  if (text === '' || text.length > 40 || !/^\+?[\d\s().\-/]+$/.test(text)) return undefined;
  const parsed = phoneLibrary().parsePhoneNumberFromString(text, defaultCountry ? { defaultCountry: defaultCountry as CountryCode } : undefined);
  if (!parsed || parsed.ext || !parsed.isValid()) return undefined;
  const e164 = parsed.number;
  return E164.test(e164) ? e164 : undefined;
}

/**
 * Countries offered where an import asks where numbers without a country code are, with their calling codes
 * (checked against libphonenumber in phone.test.ts); the browser names them in the portal's language.
 */
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

/** Typed numbers in E.164 (duplicates dropped), or the first one that is not a number. */
export function normalizePhones(list: readonly string[], defaultCountry?: string): { phones: string[] } | { bad: string } {
  const phones: string[] = [];
  for (const raw of list) {
    const phone = normalizePhone(raw, defaultCountry);
    if (!phone) return { bad: raw };
    if (!phones.includes(phone)) phones.push(phone);
  }
  return { phones };
}
