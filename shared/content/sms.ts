/** SMS content (spec 001 3.1); the segment counter counts the text as sent, with the STOP footer (spec 001 section 9). */
import * as z from 'zod';
import { RENDER_MESSAGES } from '../render/fields';
import { personalizeText, type Recipient } from '../render/personalize';
import { PATHS } from '../paths';
import { withStopFooter } from '../sms/segments';

/** ours: ten GSM-7 parts; carriers join longer texts unreliably */
export const SMS_TEXT_MAX = 1530;
export const smsContentSchema = z.object({
  text: z
    .string({ error: RENDER_MESSAGES.inputRequired('text') })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired('text'))
    .max(SMS_TEXT_MAX, RENDER_MESSAGES.tooLong('text', SMS_TEXT_MAX)),
  /** marketing texts need one in most countries */
  stopFooter: z.boolean().default(true),
  /** off unless asked: a tracked link is far longer and usually adds a part, which the organization pays for */
  trackLinks: z.boolean().default(false),
});
export type SmsContent = z.output<typeof smsContentSchema>;

export function renderSms(content: Pick<SmsContent, 'text' | 'stopFooter'>, language: string, recipient: Recipient = {}): string {
  const text = personalizeText(content.text, recipient).trim();
  return content.stopFooter ? withStopFooter(text, language) : text;
}

const WEB_LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)'\]]/gi;

/** A text the replacements would take past the SMS maximum stays as written. */
export function withSmsLinks(text: string, link: (url: string, place: number) => string): string {
  let place = 0;
  const linked = text.replace(WEB_LINK, (url) => link(url, place++));
  return linked.length <= SMS_TEXT_MAX ? linked : text;
}

const TRACKED_TOKEN_CHARS = 180;

/** Real tracked links differ by a few characters per recipient; this counts parts before sending. */
export function smsAsEstimated(content: Pick<SmsContent, 'text' | 'stopFooter'> & { trackLinks?: boolean }, language: string, origin: string): string {
  const text = renderSms(content, language);
  return content.trackLinks ? withSmsLinks(text, () => `${origin}${PATHS.tracking}/c/${'x'.repeat(TRACKED_TOKEN_CHARS)}`) : text;
}
