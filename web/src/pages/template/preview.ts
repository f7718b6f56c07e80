/**
 * The live preview: the draft's content in one language through the one email renderer, as a recipient would get
 * it (personalised, with the unsubscribe footer every mail carries).
 */
import { EMAIL_MAX_WIDTH, EMAIL_SMALL_WIDTH, type Recipient, renderEmail } from '../../../../shared/render';
import type { Lang } from '../../../../shared/errors';
import { currentLang } from '../../i18n';
import type { Draft } from './draft';
import { previewBlock } from './validation';

/** The two widths of spec 000 section 9: the 600px layout and a 393px phone. */
export const PREVIEW_WIDTHS = { desktop: EMAIL_MAX_WIDTH, mobile: EMAIL_SMALL_WIDTH } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** A local sample recipient per portal language: a Tokyo team previews for 山田 太郎, not for Alex. */
const SAMPLES: Record<Lang, Recipient> = {
  en: { firstName: 'Alex', lastName: 'Morgan', email: 'alex.morgan@example.com', country: 'US', attributes: { plan: 'gold' } },
  ja: { firstName: '太郎', lastName: '山田', email: 'taro.yamada@example.jp', country: 'JP', attributes: { plan: 'gold' } },
  zh: { firstName: '伟', lastName: '张', email: 'zhang.wei@example.cn', country: 'CN', attributes: { plan: 'gold' } },
};

/**
 * Who the preview is personalised for (without one, every token shows its fallback): read when a preview
 * renders, in the portal's language of that moment.
 */
export const SAMPLE_RECIPIENT: Recipient = Object.defineProperties(
  {},
  Object.fromEntries(
    ['firstName', 'lastName', 'email', 'country', 'attributes'].map((field) => [field, { enumerable: true, get: () => SAMPLES[currentLang()][field as keyof Recipient] }]),
  ),
);

/** Stand in for each recipient's own one-click unsubscribe address, web version and thumb-block answer links. */
const SAMPLE_UNSUBSCRIBE_URL = 'https://example.com/unsubscribe';
const SAMPLE_WEB_VERSION_URL = 'https://example.com/view';
const sampleFeedbackUrl = (answer: string) => `https://example.com/feedback/${answer}`;

export function previewEmail(draft: Draft, language: string, recipient: Recipient | null): { subject: string; html: string } {
  const content = draft.contents[language] ?? draft.contents[draft.defaultLanguage];
  const { subject, html } = renderEmail(
    {
      language,
      theme: draft.theme,
      subject: content?.subject ?? '',
      preheader: content?.preheader ?? '',
      webVersion: content?.webVersion ?? false,
      blocks: (content?.blocks ?? []).map(previewBlock) as never,
    },
    recipient ?? {},
    { unsubscribeUrl: SAMPLE_UNSUBSCRIBE_URL, webVersionUrl: SAMPLE_WEB_VERSION_URL, feedbackUrl: sampleFeedbackUrl },
  );
  return { subject, html };
}
