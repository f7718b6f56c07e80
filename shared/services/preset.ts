/** Presets (spec 000 catalogue): the generic operations and what a template editor or wizard needs to pick one. */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { PRESET_CHANNELS, presetEntity } from '../entities/preset';
import { blockSchema } from '../render/blocks';
import { languageCodeSchema } from '../render/template';
import { type CrudEntityDef, crudServices } from './crud';
import { operation } from './operation';

const PICK = ['NAV_PRESET_PARAMETER', 'NAV_TEMPLATE_MESSAGE', 'NAV_CREATE_NOTIFICATION'] as const;

export const presetChoice = z.object({ id: z.string(), name: z.string(), categoryId: z.string().optional(), channel: z.enum(PRESET_CHANNELS) });
export type PresetChoice = z.infer<typeof presetChoice>;

export const presetInsertion = z.object({
  language: z.string(),
  subject: z.string(),
  preheader: z.string(),
  blocks: z.array(blockSchema),
  text: z.string(),
});
export type PresetInsertion = z.output<typeof presetInsertion>;

export const presetServices = {
  ...crudServices(presetEntity as unknown as CrudEntityDef),
  choices: operation({
    access: PICK,
    payload: z.object({ channel: z.enum(PRESET_CHANNELS).optional(), categoryId: idString.optional() }).default({}),
    response: z.array(presetChoice),
  }),
  insert: operation({
    access: PICK,
    payload: z.object({ id: idString, language: languageCodeSchema.optional() }),
    response: presetInsertion,
  }),
} as const;
