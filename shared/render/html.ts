/** Everything the renderer writes into HTML passes through one of these, so no crafted input reaches the markup unchecked. */

const HTML_SPECIAL = /[&<>"'`]/;
const HTML_SPECIAL_ALL = /[&<>"'`]/g;
const HTML_ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: string): string {
  return HTML_SPECIAL.test(value) ? value.replace(HTML_SPECIAL_ALL, (c) => HTML_ENTITY[c]) : value;
}

const NAMED_ENTITY: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  excl: '!',
  num: '#',
  copy: '\u00a9',
  reg: '\u00ae',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
};

export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(?:#[xX]([0-9a-fA-F]{1,8});?|#([0-9]{1,10});?|([a-zA-Z]{2,8});)/g, (whole, hex, dec, name) => {
    if (name !== undefined) return NAMED_ENTITY[name.toLowerCase()] ?? whole;
    const code = hex !== undefined ? parseInt(hex, 16) : parseInt(dec, 10);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

export type UrlKind = 'link' | 'image';

const LINK_SCHEME = /^(?:https?:\/\/[^/?#\\\s]|mailto:|tel:)/i;
const IMAGE_SCHEME = /^https?:\/\/[^/?#\\\s]/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Tabs and line breaks removed as a browser does before reading the scheme; other control characters refuse the URL. */
export function safeUrl(raw: string, kind: UrlKind = 'link'): string | null {
  const url = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (url.length === 0 || url.length > 2048 || CONTROL.test(url)) return null;
  if (!(kind === 'image' ? IMAGE_SCHEME : LINK_SCHEME).test(url)) return null;
  return url.replace(/[\s"'<>`]/g, (c) => (c === "'" ? '%27' : encodeURIComponent(c)));
}

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

export function safeColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value.toUpperCase() : fallback;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast: the default #33CCFF gets dark text (8.5:1) rather than white (1.9:1). */
export function readableOn(background: string, dark: string): string {
  if (!HEX_COLOR.test(background)) return '#FFFFFF';
  const bg = luminance(background);
  const contrast = (fg: number) => (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
  return contrast(luminance(dark)) >= contrast(1) ? dark : '#FFFFFF';
}

/** Spec 001 section 5. */
export function isLightColor(hex: string): boolean {
  if (!HEX_COLOR.test(hex)) return false;
  return [1, 3, 5].every((i) => parseInt(hex.slice(i, i + 2), 16) > 200);
}

/** the renderer never trusts a stored value to be in its enum */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Empty values are left out (spec 001 section 5); values are the renderer's own, never free text. */
export function style(props: Record<string, string | number | undefined | null | false>): string {
  let out = '';
  for (const key in props) {
    const value = props[key];
    if (value === undefined || value === null || value === false || value === '') continue;
    out += `${out ? ';' : ''}${key}:${value}`;
  }
  return out;
}
