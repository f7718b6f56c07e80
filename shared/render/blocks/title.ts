/** spec 001 section 3.6 "title": text. The message's main title: larger than a heading, centred by default. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR } from '../context';
import { commonFields, optionalColorField, textField } from '../fields';
import { safeColor, style } from '../html';
import { HEADING_MAX } from '../limits';

export const titleBlockSchema = z.object({
  type: z.literal('title'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  text: textField('text', 'Title', HEADING_MAX),
  color: optionalColorField(),
});

export const titleBlock = defineBlock({
  type: 'title',
  specName: 'title',
  schema: titleBlockSchema,
  render(block, ctx) {
    const text = ctx.html(block.text);
    if (text.trim() === '') return { html: '', text: '' };
    const css = style({
      margin: '0',
      'font-family': FONT_FAMILY,
      'font-size': '32px',
      'line-height': '40px',
      'font-weight': 'bold',
      color: safeColor(block.color, TEXT_COLOR),
    });
    return { html: blockRow(`<h1 style="${css}">${text}</h1>`, block), text: ctx.text(block.text).toUpperCase() };
  },
});
