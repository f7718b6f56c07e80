/**
 * The AI brand voice (`brandVoice`: save, detail, generate, getGenerateBrandVoice), the AI message composer
 * (`aiBot.templateMessage`, behind the template aiBuilder permission) and the translation sync with the external
 * translation system (`junction`: push, sync, translationBody).
 */
import * as z from 'zod';
import { brandVoiceFields, generatedVoiceSchema } from '../entities/brandVoice';
import { idString } from '../entities/entity';
import { lineTemplateSchema, pushTemplateSchema, smsTemplateSchema } from '../content';
import { emailTemplateSchema, languageCodeSchema } from '../render';
import { operation } from './operation';
import { type ChannelsWith, channelsWith, DEFAULT_CHANNEL } from '../delivery';
import { fieldName, say } from '../i18n/say';

/** The spec's text after a generation (spec 001 section 8). */
export const MESSAGE_GENERATE_SUCCESS = 'Message Generate success';
/** Generations (personas and messages) an organization may ask for per UTC day, unless the deployment sets its own. */
export const AI_DAILY_LIMIT_DEFAULT = 50;
export const AI_PROMPT_MAX = 1000;
export const AI_LANGUAGES_MAX = 5;
/** the channels the composer writes for: their ordinary content, as the channel's own editor makes it */
export const AI_COMPOSER_CHANNELS = channelsWith('aiComposer');
export type AiComposerChannel = ChannelsWith<'aiComposer'>;

export const brandVoiceView = z.object({
  ...brandVoiceFields,
  /** 0 until the first save */
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
  /** A persona (tone, style, a voice sample) proposed from the saved brand content; counts as a generation. */
  generate: operation({ access: 'NAV_BRAND_VOICE', payload: z.object({}).default({}), response: generatedVoiceSchema }),
  /** The last persona `generate` proposed, or null. */
  getGenerateBrandVoice: operation({
    access: 'NAV_BRAND_VOICE',
    payload: z.object({}).default({}),
    response: z.object({ generated: generatedVoiceSchema.nullable() }),
  }),
} as const;

export const aiBotServices = {
  /**
   * A template's content in the brand's voice and colours, in each language asked for: for email ordinary builder
   * blocks, for push, SMS and LINE that channel's ordinary content, which its editor shows and saves like any other.
   */
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
        /** one of `languages`; the first when left out */
        defaultLanguage: languageCodeSchema.optional(),
        /** the template's channel; email when left out */
        channel: z.enum(AI_COMPOSER_CHANNELS).default(DEFAULT_CHANNEL),
      })
      .refine((p) => !p.defaultLanguage || p.languages.includes(p.defaultLanguage), { message: say('render.defaultLanguage'), path: ['defaultLanguage'] }),
    response: z.object({
      template: z.union([emailTemplateSchema, pushTemplateSchema, smsTemplateSchema, lineTemplateSchema]),
      message: z.literal(MESSAGE_GENERATE_SUCCESS),
      /** generations left today */
      remaining: z.number().int(),
    }),
  }),
} as const;

/** One text of a template the translation system translates, by its place in the content. */
export const translationText = z.object({ key: z.string(), text: z.string() });
export type TranslationText = z.output<typeof translationText>;

const templateRef = { templateId: idString };

/** A target language of a pushed job: still with the translators, translated and ready to pull, or pulled into the template. */
export const JUNCTION_STATES = ['IN_PROGRESS', 'READY', 'PULLED'] as const;
export type JunctionState = (typeof JUNCTION_STATES)[number];

export const junctionServices = {
  /** What `push` sends for a template: its default language's texts. */
  translationBody: operation({
    access: 'JUNCTION_*',
    payload: z.object(templateRef),
    response: z.object({ sourceLanguage: z.string(), texts: z.array(translationText) }),
  }),
  /** The default language's texts out to the translation system; the same content pushed again answers 700001. */
  push: operation({
    access: 'JUNCTION_*',
    payload: z.object({ ...templateRef, targetLanguages: z.array(languageCodeSchema).min(1).max(AI_LANGUAGES_MAX) }),
    response: z.object({ jobId: z.string(), pushedAt: z.number().int(), targetLanguages: z.array(z.string()) }),
  }),
  /**
   * The template's translation job: when it went and was last pulled, whether the default language changed since,
   * each target language's state, and the preset parameters its texts use with their translation system paths.
   */
  status: operation({
    access: 'JUNCTION_*',
    payload: z.object(templateRef),
    response: z.object({
      /** false on a deployment with no translation system (HERALD_TRANSLATION_URL): nothing else is answered but the presets */
      configured: z.boolean(),
      /** none before the first push */
      job: z
        .object({
          jobId: z.string(),
          sourceLanguage: z.string(),
          pushedAt: z.number().int(),
          syncedAt: z.number().int().optional(),
          /** the default language's content (or the targets) changed since the push: a new push sends it again */
          changed: z.boolean(),
          languages: z.array(z.object({ language: z.string(), state: z.enum(JUNCTION_STATES) })),
        })
        .optional(),
      presets: z.array(z.object({ variable: z.string(), title: z.string(), junctionPath: z.string() })),
    }),
  }),
  /** The translations back into the template, each language's blocks as the default language's with the translated texts. */
  sync: operation({
    access: 'JUNCTION_*',
    payload: z.object(templateRef),
    response: z.object({ languages: z.array(z.string()), syncedAt: z.number().int(), version: z.number().int() }),
  }),
} as const;
