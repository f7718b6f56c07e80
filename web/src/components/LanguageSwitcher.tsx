/** The UI language: kept in this browser, and in the profile when signed in. */
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../shared/errors';
import { call } from '../api/client';
import { getSession, patchUserDetails } from '../api/session';
import { currentLang, isLang, LANGUAGE_NAMES, LANGUAGES, rememberSignInPick, setLanguage } from '../i18n';
import styles from './LanguageSwitcher.module.css';

/** Profile saves run one after another, so quick switches end with the last choice stored. */
let saving: Promise<unknown> = Promise.resolve();

export async function chooseLanguage(lang: Lang, opts: { saveToProfile?: boolean } = {}): Promise<void> {
  await setLanguage(lang);
  const session = getSession();
  // on the sign-in page: the portal keeps this choice once signed in, over the profile's
  if (!session || session.ended) rememberSignInPick(lang);
  if (opts.saveToProfile && session && !session.ended && session.userdetails.language !== lang) {
    patchUserDetails({ language: lang });
    saving = saving.then(() => call('user.saveProfile', { language: lang }, { quiet: true }).catch(() => undefined));
    await saving;
  }
}

export function LanguageSwitcher({ id = 'language-switcher', compact = false }: { id?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    // language-switcher stays as a plain name: the phone test checks the top bar hides the switcher by it
    <label className={`${styles.languageSwitcher} language-switcher${compact ? ` ${styles.compact}` : ''}`} htmlFor={id}>
      <i className="pi pi-globe" aria-hidden="true" />
      <span className="sr-only">{t('layout.language')}</span>
      <select id={id} value={currentLang()} onChange={(e) => isLang(e.target.value) && void chooseLanguage(e.target.value, { saveToProfile: true })}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
