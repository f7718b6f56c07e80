/**
 * Presets (spec 000 catalogue: preset, presetBuilder, presetTemplate, presetCategory): the generic operations,
 * whose save also takes the builder's fields, and what a template editor or the campaign wizard needs to pick
 * one: the organization's presets, and one preset's content in a language, ready to go into the fields.
 */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { PRESET_CHANNELS, presetEntity } from '../entities/preset';
import { blockSchema } from '../render/blocks';
import { languageCodeSchema } from '../render/template';
import { type CrudEntityDef, crudServices } from './crud';
import { operation } from './operation';

/** Whoever edits templates or campaigns picks presets, beside who manages them. */
const PICK = ['NAV_PRESET_PARAMETER', 'NAV_TEMPLATE_MESSAGE', 'NAV_CREATE_NOTIFICATION'] as const;

export const presetChoice = z.object({ id: z.string(), name: z.string(), categoryId: z.string().optional(), channel: z.enum(PRESET_CHANNELS) });
export type PresetChoice = z.infer<typeof presetChoice>;

/** One language of a preset as it goes into content: its parameters' tokens carry their default values. */
export const presetInsertion = z.object({
  language: z.string(),
  subject: z.string(),
  preheader: z.string(),
  blocks: z.array(blockSchema),
  /** the blocks as plain text, for the channels whose content is text (push body, SMS, LINE) */
  text: z.string(),
});
export type PresetInsertion = z.output<typeof presetInsertion>;

export const presetServices = {
  ...crudServices(presetEntity as unknown as CrudEntityDef),
  /** The presets a template or campaign may take (not the templates of presets), for a channel or all, by name. */
  choices: operation({
    access: PICK,
    payload: z.object({ channel: z.enum(PRESET_CHANNELS).optional(), categoryId: idString.optional() }).default({}),
    response: z.array(presetChoice),
  }),
  /** A preset's content in the language asked for (or the nearest it has), its parameters' tokens with their defaults. */
  insert: operation({
    access: PICK,
    payload: z.object({ id: idString, language: languageCodeSchema.optional() }),
    response: presetInsertion,
  }),
} as const;
