/** spec 001 3.6 "matter / list"; empty items are hidden (spec 001 section 5). */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR } from '../context';
import { commonFields, optionalColorField } from '../fields';
import { safeColor, style } from '../html';
import { say } from '../../i18n/say';

export const LIST_ITEMS_MAX = 20;
const ITEM_MAX = 500;

export const listBlockSchema = z.object({
  type: z.literal('list'),
  ...commonFields({ align: 'left', padding: 'leftRight' }),
  items: z
    .array(z.string().max(ITEM_MAX, say('form.listItemChars', { max: ITEM_MAX })))
    .max(LIST_ITEMS_MAX, say('form.listItemsMax', { max: LIST_ITEMS_MAX }))
    .default(['First item', 'Second item', 'Third item']),
  style: z.enum(['bulleted', 'numbered']).default('bulleted'),
  color: optionalColorField(),
});

export const listBlock = defineBlock({
  type: 'list',
  specName: 'matter / list',
  schema: listBlockSchema,
  render(block, ctx) {
    const items = (Array.isArray(block.items) ? block.items : []).filter((i): i is string => typeof i === 'string' && i.trim() !== '').slice(0, LIST_ITEMS_MAX);
    if (items.length === 0) return { html: '', text: '' };
    const numbered = block.style === 'numbered';
    const tag = numbered ? 'ol' : 'ul';
    const listCss = style({
      margin: '0',
      'padding-left': '24px',
      'font-family': FONT_FAMILY,
      'font-size': '16px',
      'line-height': '24px',
      color: safeColor(block.color, TEXT_COLOR),
      'text-align': 'left',
    });
    const html = `<${tag} style="${listCss}">${items.map((i) => `<li style="margin:0 0 4px">${ctx.html(i)}</li>`).join('')}</${tag}>`;
    const text = items.map((i, n) => `${numbered ? `${n + 1}.` : '-'} ${ctx.text(i)}`).join('\n');
    return { html: blockRow(html, block), text };
  },
});
