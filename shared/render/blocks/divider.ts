/** spec 001 section 3.6 "line": padding, color, backgroundColor. Ours: a 1px rule, #DDDDDD by default. */
import * as z from 'zod';
import { blockRow, defineBlock } from '../context';
import { colorField, commonFields, optionalColorField } from '../fields';
import { safeColor } from '../html';

const LINE_COLOR_DEFAULT = '#DDDDDD';

export const dividerBlockSchema = z.object({
  type: z.literal('divider'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  color: colorField(LINE_COLOR_DEFAULT),
  backgroundColor: optionalColorField(),
});

export const dividerBlock = defineBlock({
  type: 'divider',
  specName: 'line',
  schema: dividerBlockSchema,
  render(block) {
    const color = safeColor(block.color, LINE_COLOR_DEFAULT);
    const rule =
      `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0">` +
      `<tr><td style="border-top:1px solid ${color};font-size:1px;line-height:1px">&nbsp;</td></tr></table>`;
    return { html: blockRow(rule, block), text: '----------' };
  },
});
