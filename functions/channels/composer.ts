/** The AI composer's draft (functions/services/brandVoice) as a channel's ordinary content. */

export interface ComposedDraft {
  subject: string;
  preheader: string;
  headline: string;
  paragraphs: string[];
  bullets: string[];
  cta: string;
}

export type Composer = (draft: ComposedDraft, link: string) => Record<string, unknown>;

export const cut = (s: string, max: number) => s.trim().slice(0, max).trim();

export const titleOf = (draft: ComposedDraft) => draft.headline || draft.subject;
