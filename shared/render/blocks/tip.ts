/** spec 001 3.6 "tip (html builder)": in-app only. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR } from '../context';
import { commonFields, textField } from '../fields';
import { style } from '../html';
import { LONG_TEXT_MAX } from '../limits';
import { parseRichText } from '../richText';
import { renderNodes } from './paragraph';

export const tipBlockSchema = z.object({
  type: z.literal('tip'),
  ...commonFields({ align: 'left', padding: 'leftRight' }),
  content: textField('content', 'A helpful tip.', LONG_TEXT_MAX),
});

export const tipBlock = defineBlock({
  type: 'tip',
  specName: 'tip',
  schema: tipBlockSchema,
  forms: ['inApp'],
  render(block, ctx) {
    const out = { html: '', text: '' };
    renderNodes(parseRichText(typeof block.content === 'string' ? block.content : ''), ctx, out);
    if (!out.text.trim()) return { html: '', text: '' };
    const box = style({
      margin: '0',
      padding: '12px 16px',
      'border-left': `4px solid ${ctx.theme.primaryColor}`,
      'background-color': '#F1F8FC',
      'border-radius': '4px',
      color: TEXT_COLOR,
      'font-family': FONT_FAMILY,
      'font-size': '15px',
      'line-height': '22px',
    });
    return { html: blockRow(`<div role="note" style="${box}">${out.html}</div>`, { align: block.align, padding: block.padding }), text: out.text };
  },
});
