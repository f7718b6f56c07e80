/** The model's answer into ordinary builder blocks. */
import * as z from 'zod';
import { CHANNEL_TEMPLATES } from '../../../shared/content';
import { BUILDER_CHANNEL } from '../../../shared/delivery';
import type { BrandVoice } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { type BlockInput, emailTemplateSchema } from '../../../shared/render';
import { THEME_DEFAULT } from '../../../shared/render/fields';
import { isLightColor } from '../../../shared/render/html';
import { BUTTON_TEXT_MAX, HEADING_MAX, LONG_TEXT_MAX, PREHEADER_MAX, SUBJECT_MAX } from '../../../shared/render/limits';
import { AI_TEXTS } from '../../../shared/i18n';
import type { AiComposerChannel } from '../../../shared/services';
import { CHANNEL_COMPOSERS } from '../../channels';

const text = (max: number) => z.string().transform((s) => s.trim().slice(0, max));
const draftContent = z.object({
  subject: text(SUBJECT_MAX),
  preheader: text(PREHEADER_MAX).default(''),
  headline: text(HEADING_MAX).default(''),
  paragraphs: z.array(text(LONG_TEXT_MAX)).max(10).default([]),
  bullets: z.array(text(500)).max(10).default([]),
  cta: text(BUTTON_TEXT_MAX).default(''),
});
const draftSchema = z.object({ contents: z.record(z.string(), draftContent) });
type DraftContent = z.output<typeof draftContent>;

export function parseAnswer<T extends z.ZodType>(answer: string, schema: T): z.output<T> {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  try {
    return schema.parse(JSON.parse(answer.slice(start, end + 1)));
  } catch {
    throw new AppError('400014', AI_TEXTS.unreadable);
  }
}

export function brandTheme(colors: BrandVoice['brandColors']): { primaryColor: string; secondaryColor: string } {
  const dark = colors.filter((c) => !isLightColor(c.value));
  const light = colors.filter((c) => isLightColor(c.value));
  const primary = dark.find((c) => c.type === 'PRIMARY') ?? dark[0];
  const secondary = light.find((c) => c.type === 'BACKGROUND' || c.type === 'SECONDARY') ?? light[0];
  return { primaryColor: primary?.value ?? THEME_DEFAULT.primaryColor, secondaryColor: secondary?.value ?? THEME_DEFAULT.secondaryColor };
}

function blocksOf(draft: DraftContent, voice: BrandVoice | undefined, primary: string, background: string): BlockInput[] {
  const logo: BlockInput[] = voice?.logo.url
    ? [{ type: 'logo', image: voice.logo.url, alt: voice.brandName, ...(voice.logo.width ? { width: String(voice.logo.width) } : {}) }]
    : [];
  const headline: BlockInput[] = draft.headline ? [{ type: voice?.layout === 'HERO_FIRST' ? 'title' : 'heading', text: draft.headline, color: primary }] : [];
  const paragraphs: BlockInput[] = draft.paragraphs.filter(Boolean).map((p) => ({ type: 'paragraph', text: p }));
  const bullets: BlockInput[] = draft.bullets.length ? [{ type: 'list', items: draft.bullets.filter(Boolean) }] : [];
  const button: BlockInput[] = draft.cta ? [{ type: 'button', text: draft.cta, href: voice?.url ?? '', backgroundColor: primary }] : [];
  const band: BlockInput[] = [{ type: 'spacer', height: 16, backgroundColor: background }];
  switch (voice?.layout ?? 'HERO_FIRST') {
    case 'TEXT_FIRST':
      return [...logo, ...headline, ...paragraphs, ...button, ...bullets, ...band];
    case 'COMPACT':
      return [...logo, ...headline, ...paragraphs.slice(0, 1), ...button];
    default:
      return [...band, ...logo, ...headline, ...paragraphs, ...bullets, ...button, ...band];
  }
}

/** The template the answer describes, of the channel asked for. */
export function templateFromAnswer(
  answer: string,
  voice: BrandVoice | undefined,
  languages: readonly string[],
  defaultLanguage: string,
  channel: AiComposerChannel = BUILDER_CHANNEL,
) {
  const draft = parseAnswer(answer, draftSchema);
  const theme = brandTheme(voice?.brandColors ?? []);
  const contents = Object.fromEntries(
    languages.map((lang) => {
      const content = draft.contents[lang];
      if (!content?.subject) throw new AppError('400014', AI_TEXTS.unreadable);
      if (channel !== BUILDER_CHANNEL) return [lang, CHANNEL_COMPOSERS[channel](content, voice?.url ?? '')];
      return [lang, { subject: content.subject, preheader: content.preheader, blocks: blocksOf(content, voice, theme.primaryColor, theme.secondaryColor) }];
    }),
  );
  const schema = channel === BUILDER_CHANNEL ? emailTemplateSchema : CHANNEL_TEMPLATES[channel].template;
  const parsed = schema.safeParse({ channel, theme, defaultLanguage, contents });
  if (!parsed.success) throw new AppError('400014', AI_TEXTS.unreadable);
  return parsed.data;
}
