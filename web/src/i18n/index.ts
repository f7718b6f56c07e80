/** i18next with en (default, always loaded), zh and ja (loaded when chosen). The choice is kept in localStorage. */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../../shared/errors';
import { browserLanguage } from './browserLanguage';
import en from './locales/en';

export const LANGUAGES: readonly Lang[] = ['en', 'zh', 'ja'];
/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', zh: '中文', ja: '日本語' };

const KEY = 'herald.lang';
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<{ default: unknown }>> = {
  zh: () => import('./locales/zh'),
  ja: () => import('./locales/ja'),
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen in this browser, else the browser's own (the sign-in page before any choice). */
function storedLang(): Lang {
  const fromBrowser = () => browserLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
  try {
    const v = localStorage.getItem(KEY);
    return isLang(v) ? v : fromBrowser();
  } catch {
    return fromBrowser();
  }
}

/** Languages whose main bundle is loaded (area texts may have made a bundle before it came). */
const loaded = new Set<Lang>(['en']);

async function ensureBundle(lang: Lang) {
  if (lang === 'en' || loaded.has(lang)) return;
  const mod = await loaders[lang]();
  i18n.addResourceBundle(lang, 'translation', mod.default as object, true, true);
  loaded.add(lang);
}

/**
 * Texts of a screen area in every language, added when the area's pages load instead of with the sign-in route
 * (`i18n/areas/`). They add keys the main bundle lacks (merged into a group it has, as the generic screens' texts
 * beside the entity titles the menu shows); they never replace a main bundle's text.
 */
export function addAreaTexts(texts: Record<Lang, object>): void {
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, 'translation', texts[lang], true, false);
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : 'en';
}

export async function initI18n(): Promise<void> {
  const lang = storedLang();
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (lang !== 'en') await setLanguage(lang);
  document.documentElement.lang = currentLang();
}

/** Switches the UI language and remembers it in this browser. */
export async function setLanguage(lang: Lang): Promise<void> {
  await ensureBundle(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // not remembered
  }
}

export default i18n;

const PICKED = 'herald.langPicked';

/** A language chosen on the sign-in page: kept over the profile's at sign-in (also across an SSO round trip). */
export function rememberSignInPick(lang: Lang): void {
  try {
    sessionStorage.setItem(PICKED, lang);
  } catch {
    // the profile's language will be taken
  }
}

/** The language chosen on the sign-in page, if any; asked once, by the sign-in that follows. */
export function takeSignInPick(): Lang | undefined {
  try {
    const v = sessionStorage.getItem(PICKED);
    sessionStorage.removeItem(PICKED);
    return isLang(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
