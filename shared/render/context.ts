/**
 * What a block needs to render itself: the recipient's personalisation, the theme, and one way to write each
 * kind of value (text, link, image address). A block never writes input into markup by any other route.
 */
import type * as z from 'zod';
import { ALIGNS, PADDINGS, THEME_DEFAULT, type Align, type Padding, type Theme } from './fields';
import { escapeHtml, oneOf, safeColor, safeUrl, style } from './html';
import { SIDE_PADDING, SPACING_DEFAULT } from './limits';
import { personalizeText, personalizeUrl, type Recipient } from './personalize';

/** Wraps a link for click tracking; the index is the link's place in the content, the same for every recipient. */
export type LinkRewriter = (url: string, linkIndex: number) => string;

export interface RenderContext {
  readonly theme: Theme;
  /** personalised plain text (for the text part) */
  text(raw: unknown): string;
  /** personalised text escaped for HTML */
  html(raw: unknown): string;
  /**
   * A link slot: personalised, checked (http, https, mailto, tel) and, for http(s), rewritten for tracking.
   * Null when nothing safe remains. Every non-empty address counts as a slot, so a block calls this for each
   * of its links before it decides to leave anything out.
   */
  link(raw: unknown): string | null;
  /** an image address: personalised and checked (http, https); null otherwise */
  image(raw: unknown): string | null;
  /** a thumb block's answer link for this recipient; null where there is none (previews, tests) */
  feedback(answer: FeedbackAnswer): string | null;
}

export type FeedbackAnswer = 'like' | 'dislike';
/** The builders a block is offered in: the email builder and the HTML (in-app) builder. */
export type BlockForm = 'email' | 'inApp';

/** A block's row of the HTML table, and its lines of the plain-text part (empty when it has none). */
export interface RenderedBlock {
  html: string;
  text: string;
}

export interface BlockDefinition<T extends string = string, S extends z.ZodType<{ type: T }> = z.ZodType<{ type: T }>> {
  type: T;
  /** the block's name in spec 001 section 3.6 */
  specName: string;
  schema: S;
  /** a new block with every default filled in */
  create(): z.output<S>;
  /** Must not trust its block to have passed the schema: stored data and previews render too. */
  render(block: z.output<S>, ctx: RenderContext): RenderedBlock;
  /** the builders that offer it (both unless said); a block of another form renders nothing */
  forms?: readonly BlockForm[];
}

export function defineBlock<T extends string, S extends z.ZodType<{ type: T }>>(def: Omit<BlockDefinition<T, S>, 'create'>): BlockDefinition<T, S> {
  return { ...def, create: () => def.schema.parse({ type: def.type }) };
}

export function createRenderContext(recipient: Recipient, theme: Theme, linkRewriter?: LinkRewriter, feedbackUrl?: (answer: FeedbackAnswer) => string): RenderContext {
  const checkedTheme: Theme = {
    primaryColor: safeColor(theme?.primaryColor, THEME_DEFAULT.primaryColor),
    secondaryColor: safeColor(theme?.secondaryColor, THEME_DEFAULT.secondaryColor),
  };
  let nextLink = 0;
  const text = (raw: unknown) => (typeof raw === 'string' ? personalizeText(raw, recipient) : '');
  return {
    theme: checkedTheme,
    text,
    html: (raw) => escapeHtml(text(raw)),
    link(raw) {
      if (typeof raw !== 'string' || raw.trim() === '') return null;
      const index = nextLink++;
      const url = safeUrl(personalizeUrl(raw, recipient), 'link');
      if (!url || !linkRewriter || !/^https?:/i.test(url)) return url;
      return safeUrl(linkRewriter(url, index), 'link') ?? url;
    },
    image: (raw) => (typeof raw === 'string' ? safeUrl(personalizeUrl(raw, recipient), 'image') : null),
    feedback: (answer) => (feedbackUrl ? safeUrl(feedbackUrl(answer), 'link') : null),
  };
}

const px = (n: number) => (n ? `${n}px` : '0');

export const FONT_FAMILY = 'Arial,Helvetica,sans-serif';
export const TEXT_COLOR = '#333333';
/** the class the small-screen media query narrows the side padding of */
export const SIDE_PADDING_CLASS = 'hd-px';

/**
 * A block's table row with the common options applied: align, padding (none or left-right) and, where the block
 * has one, a background colour. Top and bottom padding default to the spec's spacing of 8px.
 */
export function blockRow(inner: string, options: { align?: unknown; padding?: unknown; backgroundColor?: unknown; paddingY?: number; height?: number }): string {
  const align: Align = oneOf(options.align, ALIGNS, 'left');
  const padding: Padding = oneOf(options.padding, PADDINGS, 'leftRight');
  const background = safeColor(options.backgroundColor, '');
  const x = padding === 'leftRight' ? SIDE_PADDING : 0;
  const y = options.paddingY ?? SPACING_DEFAULT;
  const css = style({
    padding: x === y ? px(x) : `${px(y)} ${px(x)}`,
    'background-color': background,
    'text-align': align,
    height: options.height === undefined ? '' : `${options.height}px`,
    'line-height': options.height === undefined ? '' : `${options.height}px`,
    'font-size': options.height === undefined ? '' : '1px',
  });
  return (
    `<tr><td align="${align}"` +
    (background ? ` bgcolor="${background}"` : '') +
    (options.height === undefined ? '' : ` height="${options.height}"`) +
    (x ? ` class="${SIDE_PADDING_CLASS}"` : '') +
    ` style="${css}">${inner}</td></tr>`
  );
}
