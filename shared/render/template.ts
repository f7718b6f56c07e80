import * as z from 'zod';
import { blockInForm, blockSchema, type Block } from './blocks';
import { RENDER_MESSAGES, THEME_DEFAULT, themeSchema, type Theme } from './fields';
import { MAX_BLOCKS, MAX_LANGUAGES, PREHEADER_MAX, SUBJECT_MAX } from './limits';
import { say } from '../i18n/say';

export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const LANGUAGE_CODE_MESSAGE = say('render.languageCode');
export const languageCodeSchema = z.string().regex(LANGUAGE_CODE, LANGUAGE_CODE_MESSAGE);

export const emailContentSchema = z.object({
  subject: z
    .string({ error: RENDER_MESSAGES.inputRequired('subject') })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired('subject'))
    .max(SUBJECT_MAX, RENDER_MESSAGES.tooLong('subject', SUBJECT_MAX)),
  preheader: z.string().trim().max(PREHEADER_MAX, RENDER_MESSAGES.tooLong('preheader', PREHEADER_MAX)).default(''),
  /** where its scroll is measured */
  webVersion: z.boolean().default(false),
  blocks: z
    .array(blockSchema)
    .max(MAX_BLOCKS, say('form.templateBlocksMax', { max: MAX_BLOCKS }))
    .superRefine((blocks, ctx) => {
      blocks.forEach((block, i) => {
        if (!blockInForm(block.type, 'email')) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: say('render.blockNotEmail', { type: block.type }) });
      });
    })
    .default([]),
});
export type EmailLanguageContent = z.output<typeof emailContentSchema>;

/** Other channels name their channel, so a stored template reads as exactly one's (email's, the first, may leave it out). */
export function localizedTemplateSchema<C extends z.ZodType, K extends z.ZodType>(content: C, channel: K) {
  return z
    .object({
      channel,
      theme: themeSchema.default({ ...THEME_DEFAULT }),
      defaultLanguage: languageCodeSchema.default('en'),
      contents: z
        .record(languageCodeSchema, content, {
          error: (issue) => (issue.code === 'invalid_key' ? LANGUAGE_CODE_MESSAGE : undefined),
        })
        .refine((contents) => Object.keys(contents).length <= MAX_LANGUAGES, {
          message: say('render.maxLanguages', { max: MAX_LANGUAGES }),
        }),
    })
    .refine((template) => Object.hasOwn(template.contents, template.defaultLanguage), {
      message: say('render.defaultLanguage'),
      path: ['contents'],
    });
}

export const emailTemplateSchema = localizedTemplateSchema(emailContentSchema, z.literal('EMAIL').optional());
export type EmailTemplate = z.output<typeof emailTemplateSchema>;
export type EmailTemplateInput = z.input<typeof emailTemplateSchema>;

export interface EmailContent {
  language: string;
  theme: Theme;
  subject: string;
  preheader: string;
  webVersion?: boolean;
  blocks: readonly Block[];
}

function normalizeLocale(locale: string): string {
  return locale
    .trim()
    .replace(/[.@].*$/, '')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** Exact locale, then shorter prefixes (zh-Hant-TW → zh-Hant → zh), then the default; case-insensitive, "zh_TW" as "zh-TW". */
export function pickLanguage(template: { defaultLanguage: string; contents: Record<string, unknown> }, recipientLocale?: string | null): string {
  const languages = Object.keys(template.contents);
  const byCode = new Map(languages.map((code) => [code.toLowerCase(), code]));
  let tag = recipientLocale ? normalizeLocale(recipientLocale) : '';
  let language: string | undefined;
  while (tag && !language) {
    language = byCode.get(tag);
    const cut = tag.lastIndexOf('-');
    tag = cut > 0 ? tag.slice(0, cut) : '';
  }
  return language ?? (Object.hasOwn(template.contents, template.defaultLanguage) ? template.defaultLanguage : (languages[0] ?? template.defaultLanguage));
}

export function pickContent(template: EmailTemplate, recipientLocale?: string | null): EmailContent {
  const language = pickLanguage(template, recipientLocale);
  const content = template.contents[language];
  return {
    language,
    theme: template.theme,
    subject: content?.subject ?? '',
    preheader: content?.preheader ?? '',
    webVersion: content?.webVersion ?? false,
    blocks: content?.blocks ?? [],
  };
}
