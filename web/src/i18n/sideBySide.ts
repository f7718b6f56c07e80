/**
 * A screen area's texts side by side: each text's English, Chinese and Japanese in one place, so a text is
 * added, reworded or removed in all three at once and a missing language is seen where the text is written.
 * `bySide` turns a table into the three trees i18next takes. (The main bundles in ../locales stay one file per
 * language: Chinese and Japanese load only when chosen, and the sign-in page carries English alone.)
 */
import type { Lang } from '../../../shared/i18n/lang';

/** One text in three languages; an English plural form the others do not use (`_one`) has no Chinese or Japanese. */
export class Said {
  constructor(
    readonly en: string,
    readonly zh?: string,
    readonly ja?: string,
  ) {}
}

export const t = (en: string, zh?: string, ja?: string) => new Said(en, zh, ja);

export interface SideBySide {
  readonly [key: string]: Said | SideBySide;
}

type Tree = { [key: string]: string | Tree };
/** A table's texts in one language, keyed as the table is (an English-only plural form is absent in zh and ja). */
export type Texts<T> = { [K in keyof T]: T[K] extends Said ? string : Texts<T[K]> };

/** The table's texts in each language, in the table's order. */
export function bySide<T extends SideBySide>(table: T): Record<Lang, Texts<T>> {
  return split(table) as Record<Lang, Texts<T>>;
}

function split(table: SideBySide): Record<Lang, Tree> {
  const out: Record<Lang, Tree> = { en: {}, zh: {}, ja: {} };
  for (const [key, value] of Object.entries(table)) {
    if (value instanceof Said) {
      for (const lang of ['en', 'zh', 'ja'] as const) if (value[lang] !== undefined) out[lang][key] = value[lang] as string;
    } else {
      const inner = split(value);
      for (const lang of ['en', 'zh', 'ja'] as const) if (Object.keys(inner[lang]).length) out[lang][key] = inner[lang];
    }
  }
  return out;
}
