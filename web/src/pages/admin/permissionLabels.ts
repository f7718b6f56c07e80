/** Permission codes as people read them: the label of the current language, and the picker's filter. */
import { useTranslation } from 'react-i18next';

/** The label of a permission in the current language; the code itself for one the locales do not know. */
export function usePermissionLabel(): (code: string) => string {
  const { t, i18n } = useTranslation();
  return (code) => (i18n.exists(`permission.${code}`) ? t(`permission.${code}`) : code);
}

/** Codes whose label or code contains the query (case-insensitive; in codes, spaces match underscores). */
export function filterPermissions(codes: readonly string[], query: string, label: (code: string) => string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...codes];
  const asCode = q.replace(/\s+/g, '_');
  return codes.filter((c) => label(c).toLowerCase().includes(q) || c.toLowerCase().includes(asCode));
}
