/** spec 001 3.6 "button". Ours: a text colour by the spec's light-colour rule, width 0 as wide as the text. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY } from '../context';
import { ALIGNS, colorField, commonFields, intField, optionalColorField, textField, urlField } from '../fields';
import { clampInt, escapeHtml, oneOf, readableOn, safeColor, style } from '../html';
import { BUTTON_COLOR_DEFAULT, BUTTON_TEXT_MAX, EMAIL_MAX_WIDTH } from '../limits';

export const buttonBlockSchema = z.object({
  type: z.literal('button'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  text: textField('text', 'Learn more', BUTTON_TEXT_MAX),
  href: urlField('href', 'link'),
  width: intField('width', 0, 0, EMAIL_MAX_WIDTH),
  backgroundColor: colorField(BUTTON_COLOR_DEFAULT),
  color: optionalColorField(),
});

const MARGINS = { left: '0', center: '0 auto', right: '0 0 0 auto' } as const;

export const buttonBlock = defineBlock({
  type: 'button',
  specName: 'button',
  schema: buttonBlockSchema,
  render(block, ctx) {
    const url = ctx.link(block.href);
    const label = ctx.html(block.text);
    if (label.trim() === '') return { html: '', text: '' };
    const align = oneOf(block.align, ALIGNS, 'center');
    const background = safeColor(block.backgroundColor, BUTTON_COLOR_DEFAULT);
    const color = safeColor(block.color, readableOn(background, '#222222'));
    const width = clampInt(block.width, 0, EMAIL_MAX_WIDTH, 0);
    const face = style({
      display: width ? 'block' : 'inline-block',
      padding: '12px 24px',
      'font-family': FONT_FAMILY,
      'font-size': '16px',
      'line-height': '20px',
      'font-weight': 'bold',
      color,
      'text-decoration': 'none',
      'text-align': 'center',
      'border-radius': '4px',
      'background-color': background,
    });
    const inner = url ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="${face}">${label}</a>` : `<span style="${face}">${label}</span>`;
    const cell = style({ 'border-radius': '4px', 'background-color': background, width: width ? `${width}px` : '' });
    const table =
      `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:${MARGINS[align]}">` +
      `<tr><td align="center" bgcolor="${background}"${width ? ` width="${width}"` : ''} style="${cell}">${inner}</td></tr></table>`;
    const text = ctx.text(block.text);
    return { html: blockRow(table, { align, padding: block.padding }), text: url ? `${text} (${url})` : text };
  },
});
