/**
 * The AI composer's draft (functions/services/brandVoice) as a channel's ordinary content: each channel that
 * the composer writes and that is not the email builder's has its own function, in its folder, read through the
 * registry (./index.ts `CHANNEL_COMPOSERS`).
 */

/** One language of the model's draft, every text already cut to the email builder's limits. */
export interface ComposedDraft {
  subject: string;
  preheader: string;
  headline: string;
  paragraphs: string[];
  bullets: string[];
  cta: string;
}

/** One language's content of the channel's template from the draft; `link` is the brand's site ('' when it has none). */
export type Composer = (draft: ComposedDraft, link: string) => Record<string, unknown>;

/** A text trimmed to at most `max` characters. */
export const cut = (s: string, max: number) => s.trim().slice(0, max).trim();

/** The draft's title: its headline, else its subject. */
export const titleOf = (draft: ComposedDraft) => draft.headline || draft.subject;
