/** Tokens are looked up, never evaluated: a path walks the recipient's own properties only, and values are inserted once. */
import { escapeHtml } from './html';

export type Recipient = Readonly<Record<string, unknown>>;

const TOKEN = /\{\{([^{}]*)\}\}/g;
// letters of any script too: an attribute may be named 会員ランク
const PATH = /^[\p{L}_$][\p{L}\p{M}\p{N}_$-]*(?:\.[\p{L}\p{M}\p{N}_$-]+)*$/u;

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

function replaceTokens(input: string, recipient: Recipient, encode: (value: string, offset: number) => string): string {
  return input.replace(TOKEN, (_whole, body: string, offset: number) => {
    const bar = body.indexOf('|');
    const path = (bar < 0 ? body : body.slice(0, bar)).trim();
    const value = lookupValue(recipient, path) ?? (bar < 0 ? '' : body.slice(bar + 1).trim());
    return value === '' ? '' : encode(value, offset);
  });
}

const asIs = (value: string) => value;

export function personalizeText(input: string, recipient: Recipient): string {
  return input.includes('{{') ? replaceTokens(input, recipient, asIs) : input;
}

export function personalizeHtml(input: string, recipient: Recipient): string {
  return escapeHtml(personalizeText(input, recipient));
}

/** Only a leading token may supply a whole URL; elsewhere values are percent-encoded. The caller checks the scheme. */
export function personalizeUrl(input: string, recipient: Recipient): string {
  if (!input.includes('{{')) return input;
  const start = input.length - input.trimStart().length;
  return replaceTokens(input, recipient, (value, offset) => (offset === start ? value : encodeURIComponent(value)));
}
