/** The system setting's `languageAnalysis` (docs/settings.md). */
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** `ja-JP` for JP, `zh-TW` for TW, `pt-BR` for BR; undefined for no or an unknown country. */
export function localeOfCountry(country: string | undefined): string | undefined {
  if (!country || !/^[A-Z]{2}$/.test(country) || REGIONS.of(country) === country) return undefined;
  const likely = new Intl.Locale('und', { region: country }).maximize();
  return `${likely.language}-${country}`;
}
