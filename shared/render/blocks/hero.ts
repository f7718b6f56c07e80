/** spec 001 3.6 "hero". No background images: many mail clients drop them, and a style never carries a URL. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR } from '../context';
import { commonFields, optionalTextField, textField, urlField } from '../fields';
import { escapeHtml, oneOf, style } from '../html';
import { ALT_MAX, HEADING_MAX } from '../limits';

const POSITIONS = ['top', 'center', 'bottom'] as const;

export const heroBlockSchema = z.object({
  type: z.literal('hero'),
  ...commonFields({ align: 'center', padding: 'none' }),
  image: urlField('image', 'image'),
  position: z.enum(POSITIONS).default('bottom'),
  title: textField('title', 'Big news', HEADING_MAX),
  subtitle: optionalTextField('subtitle', HEADING_MAX),
  alt: optionalTextField('alt', ALT_MAX),
});

export const heroBlock = defineBlock({
  type: 'hero',
  specName: 'hero',
  schema: heroBlockSchema,
  render(block, ctx) {
    const src = ctx.image(block.image);
    const position = oneOf(block.position, POSITIONS, 'bottom');
    const title = ctx.html(block.title);
    const subtitle = ctx.html(block.subtitle);
    const titleCss = style({ margin: '12px 24px 4px', 'font-family': FONT_FAMILY, 'font-size': '30px', 'line-height': '38px', 'font-weight': 'bold', color: TEXT_COLOR });
    const subtitleCss = style({ margin: '0 24px 12px', 'font-family': FONT_FAMILY, 'font-size': '18px', 'line-height': '26px', color: TEXT_COLOR });
    const titleHtml = title.trim() ? `<h1 style="${titleCss}">${title}</h1>` : '';
    const subtitleHtml = subtitle.trim() ? `<div style="${subtitleCss}">${subtitle}</div>` : '';
    const picture = src
      ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(ctx.text(block.alt))}" width="600" border="0" style="display:block;width:100%;max-width:100%;height:auto;border:0">`
      : '';
    const order = position === 'top' ? [titleHtml, subtitleHtml, picture] : position === 'center' ? [titleHtml, picture, subtitleHtml] : [picture, titleHtml, subtitleHtml];
    const inner = order.join('');
    if (inner === '') return { html: '', text: '' };
    const text = [ctx.text(block.title), ctx.text(block.subtitle)].filter((s) => s.trim()).join('\n');
    return { html: blockRow(inner, { align: block.align, padding: block.padding, paddingY: 0 }), text };
  },
});
