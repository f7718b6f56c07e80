/**
 * SMS content (spec 001 3.1): the text with personalisation tokens, and the opt-out footer with the reply keyword
 * STOP (spec 001 section 9), in the template's language. The segment counter (shared/sms) counts the text as it
 * is sent: with the footer.
 */
import * as z from 'zod';
import { RENDER_MESSAGES } from '../render/fields';
import { personalizeText, type Recipient } from '../render/personalize';

/** ours: ten GSM-7 parts; carriers join longer texts unreliably */
export const SMS_TEXT_MAX = 1530;
/** spec 001 section 9: the unsubscribe reply keyword */
export const SMS_STOP_KEYWORD = 'STOP';
/** The footer per language; a language without its own reads the English one. */
export const SMS_STOP_FOOTERS: Readonly<Record<string, string>> = {
  en: 'Reply STOP to unsubscribe',
  zh: '回复STOP退订',
  ja: '配信停止はSTOPと返信',
};

export const smsContentSchema = z.object({
  text: z
    .string({ error: RENDER_MESSAGES.inputRequired('text') })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired('text'))
    .max(SMS_TEXT_MAX, RENDER_MESSAGES.tooLong('text', SMS_TEXT_MAX)),
  /** add the STOP footer (marketing texts need one in most countries) */
  stopFooter: z.boolean().default(true),
});
export type SmsContent = z.output<typeof smsContentSchema>;

export function smsFooter(language: string): string {
  return SMS_STOP_FOOTERS[language] ?? SMS_STOP_FOOTERS[language.split('-')[0]!] ?? SMS_STOP_FOOTERS.en!;
}

/** The text a recipient gets: personalised, then the footer on its own line. */
export function renderSms(content: Pick<SmsContent, 'text' | 'stopFooter'>, language: string, recipient: Recipient = {}): string {
  const text = personalizeText(content.text, recipient).trim();
  return content.stopFooter ? `${text}\n${smsFooter(language)}` : text;
}
