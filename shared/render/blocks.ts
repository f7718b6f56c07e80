/**
 * The registry of builder blocks (spec 001 section 3.6), keyed by block type. A new block is a file in blocks/
 * (its schema with defaults, and its render function) and one line here; the email renderer reads only this
 * record. Types without an entry yet (thumb, the in-app tip) fail validation and render nothing.
 */
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
import { videoBlock } from './blocks/video';
import type { BlockDefinition, RenderContext, RenderedBlock } from './context';

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
  legal: legalBlock,
} as const;

export type BlockType = keyof typeof BLOCKS;
export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];

type BlockSchema = (typeof BLOCKS)[BlockType]['schema'];

/** Any block, told apart by its `type`. */
export const blockSchema = z.discriminatedUnion(
  'type',
  Object.values(BLOCKS).map((block) => block.schema) as [BlockSchema, ...BlockSchema[]],
);
export type Block = z.output<typeof blockSchema>;
export type BlockInput = z.input<typeof blockSchema>;
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export function isBlockType(type: unknown): type is BlockType {
  return typeof type === 'string' && Object.hasOwn(BLOCKS, type);
}

/** A new block of a type with every default filled in. */
export function createBlock<T extends BlockType>(type: T): BlockOf<T> {
  return BLOCKS[type].create() as BlockOf<T>;
}

/** Renders one block; a block of an unknown type (or not an object at all) renders nothing. */
export function renderBlock(block: unknown, ctx: RenderContext): RenderedBlock {
  const type = (block as { type?: unknown } | null)?.type;
  if (!isBlockType(type)) return { html: '', text: '' };
  return (BLOCKS[type] as unknown as BlockDefinition).render(block as { type: string }, ctx);
}
