/** The portal's languages, in a module of their own so text tables and the error catalogue both import them. */
export type Lang = 'en' | 'zh' | 'ja';
export const LANGS: readonly Lang[] = ['en', 'zh', 'ja'];
