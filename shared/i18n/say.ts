/**
 * A server text by key. Code never writes a sentence a person reads: it writes `say(key, params)`, a reference
 * that travels as a string (a schema's message, a stored reason, an error's detail) and is put in the reader's
 * language where it leaves the server (`textsIn`). The key is checked by the compiler against the tables, and
 * this module holds none of them, so a schema that says something costs the browser no table.
 */
import { REF_CLOSE, REF_OPEN } from './refMarks';
import type { SAID_TEXTS } from './said';

type Said = typeof SAID_TEXTS;
/** `area.entry`, e.g. `validation.passwordRule`. */
export type TextKey = { [A in keyof Said]: `${A & string}.${keyof Said[A] & string}` }[keyof Said];
/** A value filled into a text: a name, a number, or another text by key (a field's name, a reason). */
export type TextParams = Readonly<Record<string, string | number>>;

/** The reference to the text `key` with its values. */
export function say(key: TextKey, params?: TextParams): string {
  if (!params || Object.keys(params).length === 0) return `${REF_OPEN}${key}${REF_CLOSE}`;
  // the marks inside a value (a nested reference) are escaped, so a reference never holds a bare mark
  const json = JSON.stringify(params).replaceAll(REF_OPEN, '\\u27e6').replaceAll(REF_CLOSE, '\\u27e7');
  return `${REF_OPEN}${key}${json}${REF_CLOSE}`;
}

/** Whether a text holds a reference still to be put in a language. */
export const holdsRef = (text: string): boolean => text.includes(REF_OPEN);

/** The key of a field's name (shared/i18n/fieldNames.ts), filled into a sentence as its `{param}`. */
export type FieldKey = keyof Said['field'] & string;

/** A field's name as a text by key, for a sentence that names the field. */
export const fieldName = (key: FieldKey): string => say(`field.${key}`);

const ONE_REF = new RegExp(`^${REF_OPEN}([\\w.]+)(\\{.*\\})?${REF_CLOSE}$`);

/** A text by key written without its values (a table of messages), given them where they are known. */
export function withParams(text: string, params: TextParams): string {
  const one = ONE_REF.exec(text);
  if (!one) return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
  const known = one[2] ? (JSON.parse(one[2]) as TextParams) : {};
  return say(one[1] as TextKey, { ...known, ...params });
}
