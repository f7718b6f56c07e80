/** spec 001 section 3.6 "subTitle / Heading": text. Level and colour are ours (h2, body text colour). */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR } from '../context';
import { commonFields, optionalColorField, textField } from '../fields';
import { clampInt, safeColor, style } from '../html';
import { HEADING_MAX } from '../limits';

const SIZES: Record<number, [number, number]> = { 1: [28, 36], 2: [22, 30], 3: [18, 26] };

export const headingBlockSchema = z.object({
  type: z.literal('heading'),
  ...commonFields({ align: 'left', padding: 'leftRight' }),
  text: textField('text', 'Heading', HEADING_MAX),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
  color: optionalColorField(),
});

export const headingBlock = defineBlock({
  type: 'heading',
  specName: 'subTitle / Heading',
  schema: headingBlockSchema,
  render(block, ctx) {
    const text = ctx.html(block.text);
    if (text.trim() === '') return { html: '', text: '' };
    const level = clampInt(block.level, 1, 3, 2);
    const [size, lineHeight] = SIZES[level];
    const css = style({
      margin: '0',
      'font-family': FONT_FAMILY,
      'font-size': `${size}px`,
      'line-height': `${lineHeight}px`,
      'font-weight': 'bold',
      color: safeColor(block.color, TEXT_COLOR),
    });
    return { html: blockRow(`<h${level} style="${css}">${text}</h${level}>`, block), text: ctx.text(block.text) };
  },
});
