/**
 * The email template's content: a theme, and per language a subject, a preheader and the blocks. One language is
 * the default; `pickContent` chooses the content for a recipient's locale.
 */
import * as z from 'zod';
import { blockInForm, blockSchema, type Block } from './blocks';
import { RENDER_MESSAGES, THEME_DEFAULT, themeSchema, type Theme } from './fields';
import { MAX_BLOCKS, MAX_LANGUAGES, PREHEADER_MAX, SUBJECT_MAX } from './limits';
import { say } from '../i18n/say';

/** The language entity's code rule (shared/entities/language.ts). */
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
  /** a "View in browser" line above the content, linking to the mail's web version (where its scroll is measured) */
  webVersion: z.boolean().default(false),
  blocks: z
    .array(blockSchema)
    .max(MAX_BLOCKS, say('form.templateBlocksMax', { max: MAX_BLOCKS }))
    .superRefine((blocks, ctx) => {
      // the HTML builder's blocks (tip, carousel) have no place in a mail
      blocks.forEach((block, i) => {
        if (!blockInForm(block.type, 'email')) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: say('render.blockNotEmail', { type: block.type }) });
      });
    })
    .default([]),
});
export type EmailLanguageContent = z.output<typeof emailContentSchema>;

/**
 * A template of any channel: a theme, a default language and one content per language, the content's schema
 * being the channel's. Templates of other channels than email name their channel, so a stored template is read
 * as exactly one channel's (email templates, which came first, may leave it out).
 */
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

/** What the renderer takes: one language's content and the theme. */
export interface EmailContent {
  language: string;
  theme: Theme;
  subject: string;
  preheader: string;
  webVersion?: boolean;
  blocks: readonly Block[];
}

/** "zh_TW.UTF-8", "ZH-tw" → "zh-tw" */
function normalizeLocale(locale: string): string {
  return locale
    .trim()
    .replace(/[.@].*$/, '')
    .replace(/_/g, '-')
    .toLowerCase();
}

/**
 * The language for a recipient's locale: the exact locale (zh-TW), then ever shorter prefixes of it down to the
 * language (zh-Hant-TW → zh-Hant → zh), then the template's default language. Codes match without regard to
 * case, and "zh_TW" counts as "zh-TW".
 */
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

/** The email content for a recipient's locale (see pickLanguage). */
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
