/** PrimeReact's own texts (empty dropdowns, filter messages, yes/no) in the UI language. */
import { addLocale, locale } from 'primereact/api';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function usePrimeLocale(): void {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    addLocale(lang, {
      accept: t('common.yes'),
      reject: t('common.no'),
      cancel: t('common.cancel'),
      clear: t('prime.clear'),
      close: t('prime.close'),
      choose: t('prime.choose'),
      emptyMessage: t('prime.emptyMessage'),
      emptyFilterMessage: t('prime.emptyFilterMessage'),
    });
    locale(lang);
  }, [lang, t]);
}
