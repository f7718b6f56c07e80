/** One way to write each kind of value (text, link, image address): a block never writes input into markup by any other route. */
import type * as z from 'zod';
import { ALIGNS, PADDINGS, THEME_DEFAULT, type Align, type Padding, type Theme } from './fields';
import { escapeHtml, oneOf, safeColor, safeUrl, style } from './html';
import { SIDE_PADDING, SPACING_DEFAULT } from './limits';
import { personalizeText, personalizeUrl, type Recipient } from './personalize';

/** the index is the link's place in the content, the same for every recipient */
export type LinkRewriter = (url: string, linkIndex: number) => string;

export interface RenderContext {
  readonly theme: Theme;
  text(raw: unknown): string;
  html(raw: unknown): string;
  /** Null when nothing safe remains; every non-empty address counts as a slot, so call it for each link before leaving any out. */
  link(raw: unknown): string | null;
  image(raw: unknown): string | null;
  feedback(answer: FeedbackAnswer): string | null;
}

export type FeedbackAnswer = 'like' | 'dislike';
export type BlockForm = 'email' | 'inApp';

export interface RenderedBlock {
  html: string;
  text: string;
}

export interface BlockDefinition<T extends string = string, S extends z.ZodType<{ type: T }> = z.ZodType<{ type: T }>> {
  type: T;
  specName: string;
  schema: S;
  create(): z.output<S>;
  /** Must not trust its block to have passed the schema: stored data and previews render too. */
  render(block: z.output<S>, ctx: RenderContext): RenderedBlock;
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
export const SIDE_PADDING_CLASS = 'hd-px';

/** Top and bottom padding default to the spec's spacing of 8px. */
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
