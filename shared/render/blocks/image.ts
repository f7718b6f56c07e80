/** spec 001 3.6 "image"; width and height keep px, percent or auto (spec 001 section 5). */
import * as z from 'zod';
import { blockRow, defineBlock } from '../context';
import { ALIGNS, commonFields, dimensionField, optionalColorField, optionalTextField, parseDimension, urlField } from '../fields';
import { escapeHtml, oneOf, style } from '../html';
import { ALT_MAX, EMAIL_MAX_WIDTH, IMAGE_HEIGHT_MAX, SIDE_PADDING } from '../limits';

export const imageBlockSchema = z.object({
  type: z.literal('image'),
  ...commonFields({ align: 'center', padding: 'none' }),
  image: urlField('image', 'image'),
  alt: optionalTextField('alt', ALT_MAX),
  href: urlField('link', 'link'),
  width: dimensionField('width', EMAIL_MAX_WIDTH),
  height: dimensionField('height', IMAGE_HEIGHT_MAX),
  backgroundColor: optionalColorField(),
});

const MARGINS = { left: '0', center: '0 auto', right: '0 0 0 auto' } as const;

export const imageBlock = defineBlock({
  type: 'image',
  specName: 'image (as logo)',
  schema: imageBlockSchema,
  render(block, ctx) {
    const link = ctx.link(block.href);
    const src = ctx.image(block.image);
    if (!src) return { html: '', text: '' };
    const alt = ctx.text(block.alt);
    const align = oneOf(block.align, ALIGNS, 'center');
    const maxWidth = EMAIL_MAX_WIDTH - (block.padding === 'none' ? 0 : 2 * SIDE_PADDING);
    const width = parseDimension(block.width);
    const height = parseDimension(block.height);
    const widthValue = width ? (width.unit === '%' ? Math.min(width.value, 100) : Math.min(width.value, maxWidth)) : 0;
    const heightValue = height?.unit === 'px' ? Math.min(height.value, IMAGE_HEIGHT_MAX) : 0;
    const css = style({
      display: 'block',
      margin: MARGINS[align],
      border: '0',
      outline: 'none',
      'text-decoration': 'none',
      'max-width': '100%',
      width: width ? `${widthValue}${width.unit}` : '',
      height: heightValue ? `${heightValue}px` : 'auto',
    });
    let html =
      `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"` +
      (width ? ` width="${widthValue}${width.unit === '%' ? '%' : ''}"` : '') +
      (heightValue ? ` height="${heightValue}"` : '') +
      ` border="0" style="${css}">`;
    if (link) html = `<a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="text-decoration:none">${html}</a>`;
    const text = link ? (alt ? `${alt} (${link})` : link) : alt;
    return { html: blockRow(html, { align, padding: block.padding, backgroundColor: block.backgroundColor }), text };
  },
});
