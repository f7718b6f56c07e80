/** spec 001 3.6 "multiImages": 2 by default, at most 5; shown only with a picture (spec 001 section 5). */
import * as z from 'zod';
import { blockRow, defineBlock } from '../context';
import { commonFields, optionalTextField, urlField } from '../fields';
import { escapeHtml, style } from '../html';
import { ALT_MAX } from '../limits';
import { say } from '../../i18n/say';

export const MULTI_IMAGES_MAX = 5;

const imageItem = z.object({
  image: urlField('image', 'image'),
  alt: optionalTextField('alt', ALT_MAX),
  href: urlField('link', 'link'),
});

export const multiImagesBlockSchema = z.object({
  type: z.literal('multiImages'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  items: z
    .array(imageItem)
    .max(MULTI_IMAGES_MAX, say('form.multiImagesMax', { max: MULTI_IMAGES_MAX }))
    .default([
      { image: '', alt: '', href: '' },
      { image: '', alt: '', href: '' },
    ]),
});

export const multiImagesBlock = defineBlock({
  type: 'multiImages',
  specName: 'multiImages',
  schema: multiImagesBlockSchema,
  render(block, ctx) {
    const pictures = (Array.isArray(block.items) ? block.items : [])
      .slice(0, MULTI_IMAGES_MAX)
      .map((item) => ({ src: ctx.image(item?.image), alt: ctx.text(item?.alt), link: ctx.link(item?.href) }))
      .filter((p): p is { src: string; alt: string; link: string | null } => p.src !== null);
    if (pictures.length === 0) return { html: '', text: '' };
    const share = Math.floor(100 / pictures.length);
    const imgCss = style({ display: 'block', width: '100%', 'max-width': '100%', height: 'auto', border: '0' });
    const cells = pictures.map((p) => {
      let img = `<img src="${escapeHtml(p.src)}" alt="${escapeHtml(p.alt)}" width="100%" border="0" style="${imgCss}">`;
      if (p.link) img = `<a href="${escapeHtml(p.link)}" target="_blank" rel="noopener" style="text-decoration:none">${img}</a>`;
      return `<td width="${share}%" style="padding:0 4px;vertical-align:top">${img}</td>`;
    });
    const html = `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0"><tr>${cells.join('')}</tr></table>`;
    const text = pictures
      .map((p) => (p.link ? `${p.alt || p.link} (${p.link})` : p.alt))
      .filter(Boolean)
      .join('\n');
    return { html: blockRow(html, { align: block.align, padding: block.padding }), text };
  },
});
