/** spec 001 3.6 "legal": the paragraph's rich text, smaller and muted. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, type RenderedBlock } from '../context';
import { commonFields, optionalColorField, textField } from '../fields';
import { safeColor, style } from '../html';
import { LONG_TEXT_MAX } from '../limits';
import { parseRichText } from '../richText';
import { renderNodes } from './paragraph';

const LEGAL_COLOR = '#6B7280';

export const legalBlockSchema = z.object({
  type: z.literal('legal'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  text: textField('text', 'You receive this message because you signed up. Our address: …', LONG_TEXT_MAX),
  backgroundColor: optionalColorField(),
});

export const legalBlock = defineBlock({
  type: 'legal',
  specName: 'legal',
  schema: legalBlockSchema,
  render(block, ctx) {
    const out: RenderedBlock = { html: '', text: '' };
    renderNodes(parseRichText(typeof block.text === 'string' ? block.text : ''), ctx, out);
    if (out.text.trim() === '') return { html: '', text: '' };
    const css = style({ margin: '0', 'font-family': FONT_FAMILY, 'font-size': '12px', 'line-height': '18px', color: safeColor(LEGAL_COLOR, LEGAL_COLOR) });
    return { html: blockRow(`<div style="${css}">${out.html}</div>`, block), text: out.text };
  },
});
