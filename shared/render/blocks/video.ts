/** spec 001 3.6 "video": mail cannot play video, so it is a dark panel with a play mark linking to it. */
import * as z from 'zod';
import { ALIGNS, commonFields, dimensionField, textField, urlField } from '../fields';
import { blockRow, defineBlock, FONT_FAMILY } from '../context';
import { escapeHtml, oneOf, style } from '../html';
import { BUTTON_TEXT_MAX, EMAIL_MAX_WIDTH, IMAGE_HEIGHT_MAX } from '../limits';

export const videoBlockSchema = z.object({
  type: z.literal('video'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  video: urlField('video', 'link'),
  text: textField('text', 'Watch the video', BUTTON_TEXT_MAX),
  width: dimensionField('width', EMAIL_MAX_WIDTH).default('100%'),
  height: dimensionField('height', IMAGE_HEIGHT_MAX).default('240'),
});

const MARGINS = { left: '0', center: '0 auto', right: '0 0 0 auto' } as const;

export const videoBlock = defineBlock({
  type: 'video',
  specName: 'video',
  schema: videoBlockSchema,
  render(block, ctx) {
    const url = ctx.link(block.video);
    if (!url) return { html: '', text: '' };
    const align = oneOf(block.align, ALIGNS, 'center');
    const width = typeof block.width === 'string' && /^\d{1,3}%$|^\d{1,4}$/.test(block.width) ? block.width : '100%';
    const height = typeof block.height === 'string' && /^\d{1,4}$/.test(block.height) ? Math.min(Number(block.height), IMAGE_HEIGHT_MAX) : 240;
    const label = ctx.html(block.text);
    const panel = style({
      width: width.endsWith('%') ? width : `${Math.min(Number(width), EMAIL_MAX_WIDTH)}px`,
      height: `${height}px`,
      margin: MARGINS[align],
      'background-color': '#111827',
      'text-align': 'center',
      'vertical-align': 'middle',
    });
    const link = style({ color: '#FFFFFF', 'font-family': FONT_FAMILY, 'font-size': '18px', 'line-height': '26px', 'font-weight': 'bold', 'text-decoration': 'none' });
    const html =
      `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="${panel}"><tr><td align="center" height="${height}" style="vertical-align:middle">` +
      `<a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="${link}">&#9654;&nbsp;${label}</a></td></tr></table>`;
    return { html: blockRow(html, { align, padding: block.padding }), text: `${ctx.text(block.text)} (${url})` };
  },
});
