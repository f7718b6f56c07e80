/** spec 001 3.6 "thumb": each answer is the recipient's own signed link (functions/tracking), the first counting. */
import * as z from 'zod';
import { blockRow, defineBlock, FONT_FAMILY, TEXT_COLOR } from '../context';
import { commonFields, textField } from '../fields';
import { escapeHtml, style } from '../html';
import { BUTTON_TEXT_MAX, HEADING_MAX } from '../limits';
import { say } from '../../i18n/say';

export const thumbBlockSchema = z.object({
  type: z.literal('thumb'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  text: z
    .string()
    .max(HEADING_MAX, say('render.tooLong', { param: say('field.text'), max: HEADING_MAX }))
    .default('Was this message helpful?'),
  likeText: textField('likeText', '👍 Yes', BUTTON_TEXT_MAX),
  dislikeText: textField('dislikeText', '👎 No', BUTTON_TEXT_MAX),
});

export const thumbBlock = defineBlock({
  type: 'thumb',
  specName: 'thumb',
  schema: thumbBlockSchema,
  render(block, ctx) {
    const prompt = ctx.html(block.text).trim();
    if (!prompt) return { html: '', text: '' };
    const choice = (answer: 'like' | 'dislike', label: unknown) => {
      const url = ctx.feedback(answer);
      const css = style({
        display: 'inline-block',
        padding: '8px 16px',
        border: `1px solid ${ctx.theme.primaryColor}`,
        'border-radius': '18px',
        color: TEXT_COLOR,
        'font-family': FONT_FAMILY,
        'font-size': '15px',
        'line-height': '20px',
        'text-decoration': 'none',
      });
      const text = ctx.html(label);
      return url ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="${css}">${text}</a>` : `<span style="${css}">${text}</span>`;
    };
    const promptCss = style({ margin: '0 0 10px', color: TEXT_COLOR, 'font-family': FONT_FAMILY, 'font-size': '16px', 'line-height': '24px' });
    const html = `<div style="${promptCss}">${prompt}</div>${choice('like', block.likeText)}&nbsp;&nbsp;${choice('dislike', block.dislikeText)}`;
    const like = ctx.feedback('like');
    const dislike = ctx.feedback('dislike');
    const text = [ctx.text(block.text).trim(), like ? `${ctx.text(block.likeText)}: ${like}` : '', dislike ? `${ctx.text(block.dislikeText)}: ${dislike}` : '']
      .filter(Boolean)
      .join('\n');
    return { html: blockRow(html, { align: block.align, padding: block.padding }), text };
  },
});
