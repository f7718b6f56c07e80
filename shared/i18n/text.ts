/**
 * Server texts in three languages. A text is one entry with an en, zh and ja form; `{name}` marks a value filled
 * in. Code writes the English form (the form the schemas shared with the web carry, and the form kept in logs and
 * stored records); the reader's language is chosen where the text leaves the server, by `translator`, which finds
 * each English form in a text (as a whole or as one sentence of it) and puts the reader's form in its place.
 */
import type { Lang } from '../errors';

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

interface Compiled {
  pattern: RegExp;
  names: string[];
  entry: LocalText;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English form as a pattern: a value in the middle is any text up to what follows it; a value at the start
 * or the end is one word (so a sentence before or after it is not swallowed). The form must end at a space, a
 * closing mark or the text's end.
 */
function compile(entry: LocalText): Compiled {
  const names: string[] = [];
  const parts = entry.en.split(PLACEHOLDER);
  let source = '';
  parts.forEach((part, i) => {
    if (i % 2 === 0) source += escapeRegExp(part);
    else {
      names.push(part);
      const edge = (i === 1 && parts[0] === '') || (i === parts.length - 2 && parts[i + 1] === '');
      source += edge ? '(\\S+)' : '(.+?)';
    }
  });
  // a form ends where a sentence ends: a value with dots in it (members*.csv) is not cut at its first dot
  return { pattern: new RegExp(`${source}(?=$|[\\s"')\\]」）])`, 'g'), names, entry };
}

/**
 * Translates English server texts into `lang`: each English form found is replaced by its `lang` form with the
 * same values; text no table knows (a name, a value, a column header) stays as it is. Longer forms first, so a
 * sentence is not taken for a shorter one inside it. A `{param}` value (a field's name) is put in `lang` too
 * when `fieldNames` knows it.
 */
export function translator(tables: readonly TextTable[], fieldNames: TextTable = {}): (text: string, lang: Lang) => string {
  let compiled: Compiled[] | undefined;
  let known: Map<string, LocalText> | undefined;
  const nameIn = (value: string, lang: Lang) => (known ??= new Map(Object.values(fieldNames).map((e) => [e.en, e]))).get(value)?.[lang] ?? value;
  const all = () =>
    (compiled ??= tables
      .flatMap((t) => Object.values(t))
      .filter((e) => e.en.trim() !== '')
      .sort((a, b) => b.en.length - a.en.length)
      .map(compile));
  return (text, lang) => {
    if (lang === 'en' || !text) return text;
    let out = text;
    for (const { pattern, names, entry } of all()) {
      if (!out.includes(entry.en.split(PLACEHOLDER)[0]!)) continue;
      out = out.replace(pattern, (...m: unknown[]) => {
        const params = Object.fromEntries(names.map((n, i) => [n, n === 'param' ? nameIn(String(m[i + 1]), lang) : String(m[i + 1])]));
        return fillText(entry[lang], params);
      });
    }
    return out;
  };
}
