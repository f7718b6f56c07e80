/** The AI brand voice (spec 001 3.19), one record per organization, and the translation sync state of templates. */
import * as z from 'zod';
import { auditFields, defineEntity, hexColor, TENANT_KEYS, tenantFields } from './entity';

export const BRAND_VOICE_ID = 'brandVoice';
export const BRAND_LAYOUTS = ['HERO_FIRST', 'TEXT_FIRST', 'COMPACT'] as const;
export const BRAND_COLOR_TYPES = ['PRIMARY', 'SECONDARY', 'ACCENT', 'BACKGROUND', 'TEXT'] as const;
export const LANGUAGE_STYLES = ['FORMAL', 'NEUTRAL', 'CASUAL'] as const;
export const SENTENCE_STRUCTURES = ['SHORT', 'BALANCED', 'DESCRIPTIVE'] as const;
export const EMOTIONAL_RANGES = ['RESERVED', 'WARM', 'ENTHUSIASTIC'] as const;
export const BRAND_SAMPLES_MAX = 5;
export const BRAND_TAGS_MAX = 10;

export const brandColorSchema = z.object({ type: z.enum(BRAND_COLOR_TYPES), value: hexColor });
export type BrandColor = z.output<typeof brandColorSchema>;

export const brandVoiceFields = {
  brandName: z.string().trim().max(100).default(''),
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/\S+)?$/, 'Please enter a full http or https link.')
    .default(''),
  description: z.string().trim().max(2000).default(''),
  toneTags: z.array(z.string().trim().min(1).max(40)).max(BRAND_TAGS_MAX).default([]),
  personalityTags: z.array(z.string().trim().min(1).max(40)).max(BRAND_TAGS_MAX).default([]),
  languageStyle: z.enum(LANGUAGE_STYLES).default('NEUTRAL'),
  sentenceStructure: z.enum(SENTENCE_STRUCTURES).default('BALANCED'),
  emotionalRange: z.enum(EMOTIONAL_RANGES).default('WARM'),
  voiceSample: z.string().trim().max(2000).default(''),
  samples: z.array(z.string().trim().min(1).max(300)).max(BRAND_SAMPLES_MAX).default([]),
  fonts: z.array(z.string().trim().min(1).max(60)).max(3).default([]),
  logo: z
    .object({
      url: z.string().trim().max(1000).default(''),
      width: z.number().int().min(0).max(600).default(0),
      height: z.number().int().min(0).max(600).default(0),
    })
    .default({ url: '', width: 0, height: 0 }),
  brandColors: z.array(brandColorSchema).max(8).default([]),
  layout: z.enum(BRAND_LAYOUTS).default('HERO_FIRST'),
  modelId: z
    .string()
    .trim()
    .max(200)
    .regex(/^([a-zA-Z0-9.:_-]+)?$/, 'Use a Bedrock model id such as amazon.nova-lite-v1:0.')
    .default(''),
};

export const generatedVoiceSchema = z.object({
  toneTags: z.array(z.string()),
  personalityTags: z.array(z.string()),
  languageStyle: z.enum(LANGUAGE_STYLES),
  sentenceStructure: z.enum(SENTENCE_STRUCTURES),
  emotionalRange: z.enum(EMOTIONAL_RANGES),
  voiceSample: z.string(),
  dateGenerated: z.number().int(),
});
export type GeneratedVoice = z.output<typeof generatedVoiceSchema>;

export const brandVoiceSchema = z.object({
  ...tenantFields,
  ...brandVoiceFields,
  generated: generatedVoiceSchema.optional(),
});
export type BrandVoice = z.output<typeof brandVoiceSchema>;

export const brandVoiceEntity = defineEntity({
  name: 'brandVoice',
  scope: 'tenant',
  schema: brandVoiceSchema,
  ...TENANT_KEYS,
  permissions: { read: 'NAV_BRAND_VOICE', write: 'NAV_BRAND_VOICE' },
});

/** The pushed content's hash: pushing the same content again answers 700001. */
export const translationSyncSchema = z.object({
  orgId: z.number().int(),
  id: z.string(),
  jobId: z.string(),
  sourceLanguage: z.string(),
  targetLanguages: z.array(z.string()),
  contentHash: z.string(),
  pushedAt: z.number().int(),
  syncedAt: z.number().int().optional(),
  syncedLanguages: z.array(z.string()).optional(),
  ...auditFields,
});
export type TranslationSync = z.output<typeof translationSyncSchema>;

export const translationSyncEntity = defineEntity({
  name: 'translationSync',
  scope: 'tenant',
  schema: translationSyncSchema,
  ...TENANT_KEYS,
  permissions: { read: 'NAV_TEMPLATE_MESSAGE', write: 'NAV_TEMPLATE_MESSAGE' },
});
