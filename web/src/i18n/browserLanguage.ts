import type { Lang } from '../../../shared/errors';

/**
 * The portal language before anyone chose one in this browser: the first of the browser's languages that we have
 * (ja-JP is ja, zh-TW is zh), else English.
 */
export function browserLanguage(languages: readonly string[] | undefined): Lang {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === 'ja' || base === 'zh' || base === 'en') return base;
  }
  return 'en';
}
