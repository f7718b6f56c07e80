/** spec 001 3.6 "textLinkGroup": 3 by default, at most 5; a refused address shows as plain text, an empty link is hidden. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR } from '../context';
import { commonFields, optionalColorField, urlField } from '../fields';
import { escapeHtml, safeColor, style } from '../html';
import { say } from '../../i18n/say';

export const LINK_GROUP_MAX = 5;

const linkItem = z.object({
  text: z
    .string()
    .max(100, say('form.linkTextChars', { max: 100 }))
    .default('Link'),
  href: urlField('link', 'link'),
});

export const textLinkGroupBlockSchema = z.object({
  type: z.literal('textLinkGroup'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  items: z
    .array(linkItem)
    .max(LINK_GROUP_MAX, say('form.linkGroupMax', { max: LINK_GROUP_MAX }))
    .default([
      { text: 'Website', href: 'https://example.com' },
      { text: 'Help', href: 'https://example.com/help' },
      { text: 'Contact', href: 'mailto:hello@example.com' },
    ]),
  color: optionalColorField(),
});

export const textLinkGroupBlock = defineBlock({
  type: 'textLinkGroup',
  specName: 'textLinkGroup',
  schema: textLinkGroupBlockSchema,
  render(block, ctx) {
    const items = (Array.isArray(block.items) ? block.items : []).slice(0, LINK_GROUP_MAX).filter((i) => typeof i?.text === 'string' && i.text.trim() !== '');
    if (items.length === 0) return { html: '', text: '' };
    const color = safeColor(block.color, ctx.theme.primaryColor);
    const linkCss = style({ color, 'text-decoration': 'underline' });
    const parts = items.map((item) => {
      const text = ctx.html(item.text);
      const url = ctx.link(item.href);
      return {
        html: url ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="${linkCss}">${text}</a>` : text,
        text: url ? `${ctx.text(item.text)} (${url})` : ctx.text(item.text),
      };
    });
    const css = style({ margin: '0', 'font-family': FONT_FAMILY, 'font-size': '14px', 'line-height': '22px', color: TEXT_COLOR });
    const separator = ' <span style="color:#9CA3AF">|</span> ';
    return { html: blockRow(`<div style="${css}">${parts.map((p) => p.html).join(separator)}</div>`, block), text: parts.map((p) => p.text).join(' | ') };
  },
});
