/**
 * Stored numbers (E.164) as the organization's people read them: a number of the organization's default country
 * in its national form with the international one beside it (`090-1234-5678 (+81 90 1234 5678)`), any other in
 * the international form. libphonenumber-js loads with the screens that show numbers, not with the shell.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useCallback } from 'react';
import { useConfiguration } from '../api/hooks';

export function phoneText(e164: string, country: string | undefined): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) return e164;
  const international = parsed.formatInternational();
  return country && parsed.country === country ? `${parsed.formatNational()} (${international})` : international;
}

/** phoneText with the organization's default country (system setting). */
export function usePhoneText(): (e164: string) => string {
  const { data } = useConfiguration();
  const country = data?.systemSetting.defaultCountry;
  return useCallback((e164: string) => phoneText(e164, typeof country === 'string' ? country : undefined), [country]);
}
