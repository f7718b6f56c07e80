import * as z from 'zod';
import { brandVoiceFields, generatedVoiceSchema } from '../entities/brandVoice';
import { idString } from '../entities/entity';
import { lineTemplateSchema, pushTemplateSchema, smsTemplateSchema } from '../content';
import { emailTemplateSchema, languageCodeSchema } from '../render';
import { operation } from './operation';
import { type ChannelsWith, channelsWith, DEFAULT_CHANNEL } from '../delivery';
import { fieldName, say } from '../i18n/say';

/** spec 001 section 8 */
export const MESSAGE_GENERATE_SUCCESS = 'Message Generate success';
export const AI_DAILY_LIMIT_DEFAULT = 50;
export const AI_PROMPT_MAX = 1000;
export const AI_LANGUAGES_MAX = 5;
export const AI_COMPOSER_CHANNELS = channelsWith('aiComposer');
export type AiComposerChannel = ChannelsWith<'aiComposer'>;

export const brandVoiceView = z.object({
  ...brandVoiceFields,
  version: z.number().int(),
  generated: generatedVoiceSchema.nullable(),
});
export type BrandVoiceView = z.output<typeof brandVoiceView>;

export const brandVoiceServices = {
  detail: operation({ access: 'NAV_BRAND_VOICE', payload: z.object({}).default({}), response: brandVoiceView }),
  save: operation({
    access: 'NAV_BRAND_VOICE',
    payload: z.object({ ...brandVoiceFields, version: z.number().int().nonnegative() }),
    response: brandVoiceView,
  }),
  generate: operation({ access: 'NAV_BRAND_VOICE', payload: z.object({}).default({}), response: generatedVoiceSchema }),
  getGenerateBrandVoice: operation({
    access: 'NAV_BRAND_VOICE',
    payload: z.object({}).default({}),
    response: z.object({ generated: generatedVoiceSchema.nullable() }),
  }),
} as const;

export const aiBotServices = {
  /** Each channel's ordinary content, so its own editor shows and saves it like any other. */
  templateMessage: operation({
    access: 'TEMPLATE_AI_BUILDER',
    payload: z
      .object({
        prompt: z
          .string({ error: say('validation.inputRequired', { param: fieldName('prompt') }) })
          .trim()
          .min(1, say('validation.inputRequired', { param: fieldName('prompt') }))
          .max(AI_PROMPT_MAX),
        languages: z.array(languageCodeSchema).min(1).max(AI_LANGUAGES_MAX).default(['en']),
        defaultLanguage: languageCodeSchema.optional(),
        channel: z.enum(AI_COMPOSER_CHANNELS).default(DEFAULT_CHANNEL),
      })
      .refine((p) => !p.defaultLanguage || p.languages.includes(p.defaultLanguage), { message: say('render.defaultLanguage'), path: ['defaultLanguage'] }),
    response: z.object({
      template: z.union([emailTemplateSchema, pushTemplateSchema, smsTemplateSchema, lineTemplateSchema]),
      message: z.literal(MESSAGE_GENERATE_SUCCESS),
      remaining: z.number().int(),
    }),
  }),
} as const;

export const translationText = z.object({ key: z.string(), text: z.string() });
export type TranslationText = z.output<typeof translationText>;

const templateRef = { templateId: idString };

export const JUNCTION_STATES = ['IN_PROGRESS', 'READY', 'PULLED'] as const;
export type JunctionState = (typeof JUNCTION_STATES)[number];

export const junctionServices = {
  translationBody: operation({
    access: 'JUNCTION_*',
    payload: z.object(templateRef),
    response: z.object({ sourceLanguage: z.string(), texts: z.array(translationText) }),
  }),
  /** the same content pushed again answers 700001 */
  push: operation({
    access: 'JUNCTION_*',
    payload: z.object({ ...templateRef, targetLanguages: z.array(languageCodeSchema).min(1).max(AI_LANGUAGES_MAX) }),
    response: z.object({ jobId: z.string(), pushedAt: z.number().int(), targetLanguages: z.array(z.string()) }),
  }),
  status: operation({
    access: 'JUNCTION_*',
    payload: z.object(templateRef),
    response: z.object({
      configured: z.boolean(),
      job: z
        .object({
          jobId: z.string(),
          sourceLanguage: z.string(),
          pushedAt: z.number().int(),
          syncedAt: z.number().int().optional(),
          changed: z.boolean(),
          languages: z.array(z.object({ language: z.string(), state: z.enum(JUNCTION_STATES) })),
        })
        .optional(),
      presets: z.array(z.object({ variable: z.string(), title: z.string(), junctionPath: z.string() })),
    }),
  }),
  sync: operation({
    access: 'JUNCTION_*',
    payload: z.object(templateRef),
    response: z.object({ languages: z.array(z.string()), syncedAt: z.number().int(), version: z.number().int() }),
  }),
} as const;
