/**
 * Personalisation tokens: `{{firstName}}`, `{{firstName|there}}` (the text after `|` is the fallback) and dotted
 * paths such as `{{attributes.plan}}`. A token is looked up, never evaluated: a path walks the recipient's own
 * properties only, a value that is missing, empty or not a string, number or boolean gives the fallback (or
 * nothing), and a token that is not a plain path (`{{1+1}}`) is unknown. Values are inserted once: a value that
 * itself looks like a token stays as it is.
 */
import { escapeHtml } from './html';

/** The person a message is rendered for: firstName, lastName, email, locale, attributes, … */
export type Recipient = Readonly<Record<string, unknown>>;

const TOKEN = /\{\{([^{}]*)\}\}/g;
// letters of any script too: an attribute may be named 会員ランク
const PATH = /^[\p{L}_$][\p{L}\p{M}\p{N}_$-]*(?:\.[\p{L}\p{M}\p{N}_$-]+)*$/u;

/** The value at a dotted path as text, or undefined when there is none worth showing. */
export function lookupValue(recipient: Recipient, path: string): string | undefined {
  if (!PATH.test(path)) return undefined;
  let current: unknown = recipient;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  switch (typeof current) {
    case 'string':
      return current.trim() === '' ? undefined : current;
    case 'number':
      return Number.isFinite(current) ? String(current) : undefined;
    case 'boolean':
    case 'bigint':
      return String(current);
    default:
      return undefined;
  }
}

/** Replaces every token; `encode` turns the inserted text (value or fallback) into what the context needs. */
function replaceTokens(input: string, recipient: Recipient, encode: (value: string, offset: number) => string): string {
  return input.replace(TOKEN, (_whole, body: string, offset: number) => {
    const bar = body.indexOf('|');
    const path = (bar < 0 ? body : body.slice(0, bar)).trim();
    const value = lookupValue(recipient, path) ?? (bar < 0 ? '' : body.slice(bar + 1).trim());
    return value === '' ? '' : encode(value, offset);
  });
}

const asIs = (value: string) => value;

/** For subjects and plain text: values inserted as they are. */
export function personalizeText(input: string, recipient: Recipient): string {
  return input.includes('{{') ? replaceTokens(input, recipient, asIs) : input;
}

/** For HTML text: the template text and the inserted values are both escaped. */
export function personalizeHtml(input: string, recipient: Recipient): string {
  return escapeHtml(personalizeText(input, recipient));
}

/**
 * For URLs: a token at the very start may supply the whole URL and is inserted as it is; anywhere else a value
 * is percent-encoded, so it stays one query value or path segment. The caller checks the result's scheme.
 */
export function personalizeUrl(input: string, recipient: Recipient): string {
  if (!input.includes('{{')) return input;
  const start = input.length - input.trimStart().length;
  return replaceTokens(input, recipient, (value, offset) => (offset === start ? value : encodeURIComponent(value)));
}
