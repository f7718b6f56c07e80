/** The builder blocks (spec 001 3.6); a new block is a file in blocks/ and one line here, the only record the renderer reads. */
import * as z from 'zod';
import { buttonBlock } from './blocks/button';
import { dividerBlock } from './blocks/divider';
import { headingBlock } from './blocks/heading';
import { heroBlock } from './blocks/hero';
import { imageBlock } from './blocks/image';
import { iconLinkGroupBlock } from './blocks/iconLinkGroup';
import { legalBlock } from './blocks/legal';
import { listBlock } from './blocks/list';
import { logoBlock } from './blocks/logo';
import { multiImagesBlock } from './blocks/multiImages';
import { paragraphBlock } from './blocks/paragraph';
import { spacerBlock } from './blocks/spacer';
import { textLinkGroupBlock } from './blocks/textLinkGroup';
import { titleBlock } from './blocks/title';
import { carouselBlock } from './blocks/carousel';
import { thumbBlock } from './blocks/thumb';
import { tipBlock } from './blocks/tip';
import { videoBlock } from './blocks/video';
import { startingTextsOf } from './blockTexts';
import type { BlockDefinition, BlockForm, RenderContext, RenderedBlock } from './context';

export const BLOCKS = {
  logo: logoBlock,
  hero: heroBlock,
  title: titleBlock,
  heading: headingBlock,
  paragraph: paragraphBlock,
  list: listBlock,
  image: imageBlock,
  multiImages: multiImagesBlock,
  video: videoBlock,
  button: buttonBlock,
  divider: dividerBlock,
  spacer: spacerBlock,
  textLinkGroup: textLinkGroupBlock,
  iconLinkGroup: iconLinkGroupBlock,
  thumb: thumbBlock,
  legal: legalBlock,
  tip: tipBlock,
  carousel: carouselBlock,
} as const;

export type BlockType = keyof typeof BLOCKS;
export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];

type BlockSchema = (typeof BLOCKS)[BlockType]['schema'];

export const blockSchema = z.discriminatedUnion('type', Object.values(BLOCKS).map((block) => block.schema) as [BlockSchema, ...BlockSchema[]]);
export type Block = z.output<typeof blockSchema>;
export type BlockInput = z.input<typeof blockSchema>;
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export function isBlockType(type: unknown): type is BlockType {
  return typeof type === 'string' && Object.hasOwn(BLOCKS, type);
}

export function createBlock<T extends BlockType>(type: T, language = 'en'): BlockOf<T> {
  return { ...BLOCKS[type].create(), ...structuredClone(startingTextsOf(language, type) ?? {}) } as BlockOf<T>;
}

export function blockInForm(type: BlockType, form: BlockForm): boolean {
  const forms = (BLOCKS[type] as BlockDefinition).forms;
  return !forms || forms.includes(form);
}

export const blockTypesOf = (form: BlockForm): BlockType[] => BLOCK_TYPES.filter((type) => blockInForm(type, form));

/** Unknown types, non-objects and blocks of another form (an in-app carousel in a mail) render nothing. */
export function renderBlock(block: unknown, ctx: RenderContext, form: BlockForm = 'email'): RenderedBlock {
  const type = (block as { type?: unknown } | null)?.type;
  if (!isBlockType(type) || !blockInForm(type, form)) return { html: '', text: '' };
  return (BLOCKS[type] as unknown as BlockDefinition).render(block as { type: string }, ctx);
}
