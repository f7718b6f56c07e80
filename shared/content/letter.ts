/** Direct-mail content (spec 001 3.1); the preview and the PDF renderer both draw `layoutLetter`'s lines, so the preview is the letter. */
import * as z from 'zod';
import type { Company } from '../entities/company';
import { RENDER_MESSAGES } from '../render/fields';
import { personalizeText, type Recipient } from '../render/personalize';

export const LETTER_LIMITS = { subject: 200, body: 10_000, address: 500, closing: 200 } as const;
export const LETTER_RECIPIENT_DEFAULT = '{{firstName}} {{lastName}}\n{{attributes.address}}';

export const letterContentSchema = z.object({
  /** a line left empty by its tokens is dropped */
  recipientBlock: z.string().max(LETTER_LIMITS.address, RENDER_MESSAGES.tooLong('recipientAddress', LETTER_LIMITS.address)).default(LETTER_RECIPIENT_DEFAULT),
  subject: z
    .string({ error: RENDER_MESSAGES.inputRequired('subject') })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired('subject'))
    .max(LETTER_LIMITS.subject, RENDER_MESSAGES.tooLong('subject', LETTER_LIMITS.subject)),
  body: z
    .string({ error: RENDER_MESSAGES.inputRequired('body') })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired('body'))
    .max(LETTER_LIMITS.body, RENDER_MESSAGES.tooLong('body', LETTER_LIMITS.body)),
  closing: z.string().trim().max(LETTER_LIMITS.closing, RENDER_MESSAGES.tooLong('closing', LETTER_LIMITS.closing)).default(''),
});
export type LetterContent = z.output<typeof letterContentSchema>;

export type LetterSender = Pick<Company, 'company' | 'fullName' | 'address' | 'website' | 'name' | 'phone' | 'email'>;

export interface LetterLayout {
  sender: string[];
  recipient: string[];
  date: string;
  subject: string;
  paragraphs: string[];
  closing: string[];
  /** it picks the font's script (functions/channels/letterPdf.ts) */
  language?: string;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** A letter's date format by language, made once: making one costs more than the rest of a letter's layout. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatFor(language: string): Intl.DateTimeFormat {
  let format = dateFormats.get(language);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    } catch {
      format = new Intl.DateTimeFormat('en', { dateStyle: 'long' });
    }
    // a template's language tags are few; the bound only keeps a stream of odd tags from growing it
    if (dateFormats.size >= 100) dateFormats.clear();
    dateFormats.set(language, format);
  }
  return format;
}

export function layoutLetter(content: LetterContent, sender: LetterSender | null, language: string, recipient: Recipient = {}, date = new Date()): LetterLayout {
  const personal = (text: string) => personalizeText(text, recipient);
  const dateText = dateFormatFor(language).format(date);
  return {
    sender: sender ? [sender.company, ...lines(sender.address), sender.phone, sender.email, sender.website] : [],
    recipient: lines(personal(content.recipientBlock)),
    date: dateText,
    subject: personal(content.subject),
    paragraphs: personal(content.body)
      .split(/\r?\n\s*\r?\n/)
      .map((p) => p.trim())
      .filter((p) => p !== ''),
    closing: [...lines(personal(content.closing)), ...(sender ? [sender.name, sender.fullName].filter((v, i, all) => v && all.indexOf(v) === i) : [])],
    language,
  };
}
