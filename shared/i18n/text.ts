/**
 * Server texts in three languages. A text is one entry with an en, zh and ja form; `{name}` marks a value filled
 * in. Code names a text by its key (say.ts), never by its English form.
 */
import type { Lang } from './lang';

export type LocalText = Readonly<Record<Lang, string>>;
export type TextTable = Readonly<Record<string, LocalText>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The template with its `{name}` placeholders filled; a missing value leaves the placeholder empty. */
export function fillText(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(PLACEHOLDER, (_, k: string) => String(params[k] ?? ''));
}

/** One entry in one language, filled. */
export function textIn(entry: LocalText, lang: Lang, params?: Readonly<Record<string, string | number>>): string {
  return fillText(entry[lang], params);
}

/** The placeholder names of a template, sorted (the parity test compares them across languages). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).sort();
}
