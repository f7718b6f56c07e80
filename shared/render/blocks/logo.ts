/** spec 001 3.6 "logo": the image block under its own name, so the builder offers it as such. */
import * as z from 'zod';
import { defineBlock } from '../context';
import { commonFields, dimensionField, optionalColorField, optionalTextField, urlField } from '../fields';
import { ALT_MAX, EMAIL_MAX_WIDTH, IMAGE_HEIGHT_MAX } from '../limits';
import { imageBlock } from './image';

export const logoBlockSchema = z.object({
  type: z.literal('logo'),
  ...commonFields({ align: 'center', padding: 'leftRight' }),
  image: urlField('image', 'image'),
  alt: optionalTextField('alt', ALT_MAX),
  width: dimensionField('width', EMAIL_MAX_WIDTH).default('160'),
  height: dimensionField('height', IMAGE_HEIGHT_MAX),
  backgroundColor: optionalColorField(),
});

export const logoBlock = defineBlock({
  type: 'logo',
  specName: 'logo',
  schema: logoBlockSchema,
  render(block, ctx) {
    return imageBlock.render({ ...block, type: 'image', href: '' }, ctx);
  },
});
