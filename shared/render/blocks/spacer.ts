/** spec 001 section 3.6 "br / Spacing": height (default 8), backgroundColor. Ours: at most 200px. */
import * as z from 'zod';
import { blockRow, defineBlock } from '../context';
import { commonFields, intField, optionalColorField } from '../fields';
import { clampInt } from '../html';
import { SPACING_DEFAULT, SPACING_MAX } from '../limits';

export const spacerBlockSchema = z.object({
  type: z.literal('spacer'),
  ...commonFields({ align: 'center', padding: 'none' }),
  height: intField('height', SPACING_DEFAULT, 0, SPACING_MAX),
  backgroundColor: optionalColorField(),
});

export const spacerBlock = defineBlock({
  type: 'spacer',
  specName: 'br / Spacing',
  schema: spacerBlockSchema,
  render(block) {
    const height = clampInt(block.height, 0, SPACING_MAX, SPACING_DEFAULT);
    return { html: blockRow('&nbsp;', { ...block, padding: 'none', paddingY: 0, height }), text: '' };
  },
});
