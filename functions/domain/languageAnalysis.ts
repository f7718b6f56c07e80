/**
 * The system setting's `languageAnalysis` (docs/settings.md): a recipient whose account names no locale is
 * written to in the language most spoken in the account's country (CLDR's likely subtags, as Intl knows them),
 * rather than in the template's default language. A country Intl does not know gives no guess.
 */
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** `ja-JP` for JP, `zh-TW` for TW, `pt-BR` for BR; undefined for no or an unknown country. */
export function localeOfCountry(country: string | undefined): string | undefined {
  if (!country || !/^[A-Z]{2}$/.test(country) || REGIONS.of(country) === country) return undefined;
  const likely = new Intl.Locale('und', { region: country }).maximize();
  return `${likely.language}-${country}`;
}
