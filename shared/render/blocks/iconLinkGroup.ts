/** spec 001 3.6 "iconLinkGroup": 2 by default, at most 5; an entry without a usable icon is left out. */
import * as z from 'zod';
import { blockRow, defineBlock } from '../context';
import { commonFields, intField, optionalTextField, urlField } from '../fields';
import { clampInt, escapeHtml, style } from '../html';
import { ALT_MAX } from '../limits';
import { say } from '../../i18n/say';

export const ICON_LINKS_MAX = 5;
const ICON_SIZE_MAX = 128;

const iconItem = z.object({
  icon: urlField('icon', 'image'),
  alt: optionalTextField('alt', ALT_MAX),
  href: urlField('link', 'link'),
});

export const iconLinkGroupBlockSchema = z.object({
  type: z.literal('iconLinkGroup'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  items: z
    .array(iconItem)
    .max(ICON_LINKS_MAX, say('form.iconLinksMax', { max: ICON_LINKS_MAX }))
    .default([
      { icon: '', alt: 'Facebook', href: '' },
      { icon: '', alt: 'Instagram', href: '' },
    ]),
  width: intField('width', 32, 8, ICON_SIZE_MAX),
  height: intField('height', 32, 8, ICON_SIZE_MAX),
});

export const iconLinkGroupBlock = defineBlock({
  type: 'iconLinkGroup',
  specName: 'iconLinkGroup',
  schema: iconLinkGroupBlockSchema,
  render(block, ctx) {
    const width = clampInt(block.width, 8, ICON_SIZE_MAX, 32);
    const height = clampInt(block.height, 8, ICON_SIZE_MAX, 32);
    const icons = (Array.isArray(block.items) ? block.items : [])
      .slice(0, ICON_LINKS_MAX)
      .map((item) => ({ src: ctx.image(item?.icon), alt: ctx.text(item?.alt), link: ctx.link(item?.href) }))
      .filter((i): i is { src: string; alt: string; link: string | null } => i.src !== null);
    if (icons.length === 0) return { html: '', text: '' };
    const imgCss = style({ display: 'inline-block', width: `${width}px`, height: `${height}px`, border: '0' });
    const html = icons
      .map((i) => {
        const img = `<img src="${escapeHtml(i.src)}" alt="${escapeHtml(i.alt)}" width="${width}" height="${height}" border="0" style="${imgCss}">`;
        return i.link
          ? `<a href="${escapeHtml(i.link)}" target="_blank" rel="noopener" style="text-decoration:none;margin:0 6px">${img}</a>`
          : `<span style="margin:0 6px">${img}</span>`;
      })
      .join('');
    const text = icons
      .map((i) => (i.link ? `${i.alt || i.link} (${i.link})` : i.alt))
      .filter(Boolean)
      .join(' | ');
    // not the block itself: blockRow reads `height` as a spacer's row height
    return { html: blockRow(html, { align: block.align, padding: block.padding }), text };
  },
});
