/**
 * One tab per content language (the default first), with adding a language, making one the default and removing
 * one. Tabs follow the ARIA tabs pattern: arrow keys move between them.
 */
import { languageName } from '../../../../../shared/format';
import { Button } from 'primereact/button';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageCodeSchema } from '../../../../../shared/render';
import { safeParseIn } from '../../../components/schemaErrors';
import { TextField } from '../../../components/TextField';
import styles from './LanguageTabs.module.css';

export const languageTabId = (code: string) => `language-tab-${code}`;
export const LANGUAGE_PANEL_ID = 'language-panel';

export function LanguageTabs({
  languages,
  defaultLanguage,
  current,
  invalid,
  onSelect,
  onAdd,
  onMakeDefault,
  onRemove,
  children,
}: {
  /** default first */
  languages: readonly string[];
  defaultLanguage: string;
  current: string;
  /** languages with any message */
  invalid: ReadonlySet<string>;
  onSelect: (code: string) => void;
  onAdd: (code: string) => void;
  onMakeDefault: (code: string) => void;
  onRemove: (code: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  function keys(e: KeyboardEvent, index: number) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const target = e.key === 'Home' ? 0 : e.key === 'End' ? languages.length - 1 : step ? (index + step + languages.length) % languages.length : -1;
    if (target < 0) return;
    e.preventDefault();
    onSelect(languages[target]);
    document.getElementById(languageTabId(languages[target]))?.focus();
  }

  function add() {
    const value = code.trim();
    const parsed = safeParseIn(languageCodeSchema, value);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    if (languages.some((l) => l.toLowerCase() === value.toLowerCase())) return setError(t('template.languageExists'));
    onAdd(value);
    setCode('');
    setError('');
    setAdding(false);
  }

  return (
    <div className="language-tabs">
      <div className={styles.languageBar}>
        <div role="tablist" aria-label={t('template.languageTabs')} className={styles.tabList}>
          {languages.map((l, index) => (
            <button
              key={l}
              type="button"
              role="tab"
              id={languageTabId(l)}
              aria-selected={l === current}
              aria-controls={LANGUAGE_PANEL_ID}
              tabIndex={l === current ? 0 : -1}
              className={`${styles.tab}${l === current ? ` ${styles.active}` : ''}`}
              onClick={() => onSelect(l)}
              onKeyDown={(e) => keys(e, index)}
            >
              <span lang={l}>{languageName(l)}</span>
              {l === defaultLanguage && <span className={styles.tabNote}>{t('template.defaultLanguage')}</span>}
              {invalid.has(l) && (
                <>
                  <i className={`pi pi-exclamation-circle ${styles.tabInvalid}`} aria-hidden="true" />
                  <span className="sr-only">{t('template.hasErrors')}</span>
                </>
              )}
            </button>
          ))}
        </div>
        <div className={styles.languageActions}>
          {current !== defaultLanguage && (
            <>
              <Button
                type="button"
                text
                size="small"
                icon="pi pi-star"
                label={t('template.makeDefault', { language: languageName(current) })}
                onClick={() => onMakeDefault(current)}
              />
              <Button
                type="button"
                text
                size="small"
                severity="danger"
                icon="pi pi-times"
                label={t('template.removeLanguage', { language: languageName(current) })}
                onClick={() => onRemove(current)}
              />
            </>
          )}
          <Button type="button" text size="small" icon="pi pi-plus" label={t('template.addLanguage')} aria-expanded={adding} onClick={() => setAdding((a) => !a)} />
        </div>
      </div>
      {adding && (
        <form
          className={`${styles.languageAdd} language-add`}
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <TextField
            id="language-code"
            label={t('template.languageCode')}
            value={code}
            maxLength={35}
            autoFocus
            error={error}
            hint={t('template.languageHint')}
            onChange={(value) => {
              setCode(value);
              setError('');
            }}
          />
          <Button type="submit" size="small" label={t('template.addLanguage')} />
        </form>
      )}
      <div role="tabpanel" id={LANGUAGE_PANEL_ID} aria-labelledby={languageTabId(current)} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
