/**
 * SMS content (spec 001 3.1): the text with personalisation tokens, and the opt-out footer with the reply keyword
 * STOP (spec 001 section 9) in the template's language (shared/sms). The segment counter (shared/sms) counts the text as it
 * is sent: with the footer.
 */
import * as z from 'zod';
import { RENDER_MESSAGES } from '../render/fields';
import { personalizeText, type Recipient } from '../render/personalize';
import { withStopFooter } from '../sms/segments';

/** ours: ten GSM-7 parts; carriers join longer texts unreliably */
export const SMS_TEXT_MAX = 1530;
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

/** The text a recipient gets: personalised, then the footer on its own line. */
export function renderSms(content: Pick<SmsContent, 'text' | 'stopFooter'>, language: string, recipient: Recipient = {}): string {
  const text = personalizeText(content.text, recipient).trim();
  return content.stopFooter ? withStopFooter(text, language) : text;
}
