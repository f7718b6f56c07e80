/** Field schemas of blocks and theme (spec 001 3.6); required fields fall back to their default when empty (spec 001 section 5). */
import * as z from 'zod';
import { safeUrl, type UrlKind } from './html';
import { URL_MAX } from './limits';
import { type FieldKey, fieldName, say } from '../i18n/say';

export const RENDER_MESSAGES = {
  hexColor: say('render.hexColor'),
  inputRequired: (param: FieldKey) => say('validation.inputRequired', { param: fieldName(param) }),
  tooLong: (param: FieldKey, max: number) => say('render.tooLong', { param: fieldName(param), max }),
  outOfRange: (param: FieldKey, min: number, max: number) => say('render.outOfRange', { param: fieldName(param), min, max }),
  link: (param: FieldKey) => say('render.link', { param: fieldName(param) }),
  appLink: (param: FieldKey) => say('render.appLink', { param: fieldName(param) }),
  imageLink: (param: FieldKey) => say('render.imageLink', { param: fieldName(param) }),
  dimension: (param: FieldKey, max: number) => say('render.dimension', { param: fieldName(param), max }),
} as const;

/** spec 001 section 3.6 */
export const ALIGNS = ['left', 'center', 'right'] as const;
export const PADDINGS = ['none', 'leftRight'] as const;
export type Align = (typeof ALIGNS)[number];
export type Padding = (typeof PADDINGS)[number];

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

export function colorField(fallback: string) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? fallback : value))
    .pipe(z.string().regex(HEX_COLOR, RENDER_MESSAGES.hexColor))
    .default(fallback);
}

export function optionalColorField() {
  return z
    .string()
    .trim()
    .regex(/^(#[0-9A-Fa-f]{6})?$/, RENDER_MESSAGES.hexColor)
    .default('');
}

export function textField(param: FieldKey, fallback: string, max: number) {
  return z
    .string()
    .max(max, RENDER_MESSAGES.tooLong(param, max))
    .transform((value) => (value.trim() === '' ? fallback : value))
    .default(fallback);
}

export function optionalTextField(param: FieldKey, max: number) {
  return z.string().max(max, RENDER_MESSAGES.tooLong(param, max)).default('');
}

const LEADING_TOKEN = /^\{\{\s*[\p{L}_$][\p{L}\p{M}\p{N}_$-]*(?:\.[\p{L}\p{M}\p{N}_$-]+)*\s*(?:\|([^{}]*))?\}\}/u;

/** A leading personalisation token's fallback must make a good URL; the renderer checks again whatever the token gives. */
export function isStorableUrl(value: string, kind: UrlKind): boolean {
  return storable(value, (url) => safeUrl(url, kind) !== null);
}

function storable(value: string, good: (url: string) => boolean): boolean {
  if (value === '') return true;
  const token = LEADING_TOKEN.exec(value);
  if (!token) return good(value);
  const fallback = token[1]?.trim();
  return !fallback || good(fallback + value.slice(token[0].length));
}

const APP_LINK = /^([a-z][a-z0-9+.-]{0,31}):[^\s]+$/i;
/** they run code, read local data or are the web's: never an app's own */
const NOT_APP_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file', 'blob', 'about', 'filesystem', 'http', 'https']);

export function isDeepLink(url: string): boolean {
  const scheme = APP_LINK.exec(url)?.[1]?.toLowerCase();
  return scheme !== undefined && !NOT_APP_SCHEMES.has(scheme) && url.length <= URL_MAX && !/[\u0000-\u001f\u007f"'<>`]/.test(url);
}

export function isStorableAppLink(value: string): boolean {
  return storable(value, (url) => safeUrl(url, 'link') !== null || isDeepLink(url));
}

export function urlField(param: FieldKey, kind: UrlKind) {
  return z
    .string()
    .trim()
    .max(URL_MAX, RENDER_MESSAGES.tooLong(param, URL_MAX))
    .refine((value) => isStorableUrl(value, kind), kind === 'image' ? RENDER_MESSAGES.imageLink(param) : RENDER_MESSAGES.link(param))
    .default('');
}

export function intField(param: FieldKey, fallback: number, min: number, max: number) {
  const message = RENDER_MESSAGES.outOfRange(param, min, max);
  return z.number().int(message).min(min, message).max(max, message).default(fallback);
}

export type Dimension = { unit: 'px' | '%'; value: number } | null;

export function parseDimension(value: unknown): Dimension | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? { unit: 'px', value: Math.round(value) } : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'auto') return null;
  const match = /^(\d{1,5}(?:\.\d{1,3})?)(px|%)?$/.exec(text);
  if (!match) return undefined;
  return { unit: match[2] === '%' ? '%' : 'px', value: Math.round(Number(match[1])) };
}

/** spec 001 section 5: px is stripped while percent and auto are kept */
export function dimensionField(param: FieldKey, maxPx: number) {
  const message = RENDER_MESSAGES.dimension(param, maxPx);
  return z
    .union([z.number(), z.string()])
    .transform((value, ctx) => {
      const dimension = parseDimension(value);
      if (dimension === undefined || (dimension && dimension.value > (dimension.unit === '%' ? 100 : maxPx))) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      if (dimension === null) return typeof value === 'string' && value.trim().toLowerCase() === 'auto' ? 'auto' : '';
      return dimension.unit === '%' ? `${dimension.value}%` : String(dimension.value);
    })
    .default('');
}

export function commonFields(defaults: { align: Align; padding: Padding }) {
  return {
    id: z.string().max(64).optional(),
    align: z.enum(ALIGNS).default(defaults.align),
    padding: z.enum(PADDINGS).default(defaults.padding),
  };
}

/** spec 001 3.6; ours: the primary colours links, the secondary the page around the 600px column. */
export const THEME_DEFAULT = { primaryColor: '#33CCFF', secondaryColor: '#F4F4F4' } as const;
export const themeSchema = z.object({
  primaryColor: colorField(THEME_DEFAULT.primaryColor),
  secondaryColor: colorField(THEME_DEFAULT.secondaryColor),
});
export type Theme = z.output<typeof themeSchema>;
