/**
 * SMS content (spec 001 3.1): the text with personalisation tokens, and the opt-out footer with the reply keyword
 * STOP (spec 001 section 9) in the template's language (shared/sms). The segment counter (shared/sms) counts the text as it
 * is sent: with the footer.
 */
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
  /** add the STOP footer (marketing texts need one in most countries) */
  stopFooter: z.boolean().default(true),
  /**
   * send each web address as a tracked link, so its clicks count as the message's. Off unless asked: a tracked
   * link is far longer than most written ones and usually adds a part, which the organization pays for.
   */
  trackLinks: z.boolean().default(false),
});
export type SmsContent = z.output<typeof smsContentSchema>;

/** The text a recipient gets: personalised, then the footer on its own line. */
export function renderSms(content: Pick<SmsContent, 'text' | 'stopFooter'>, language: string, recipient: Recipient = {}): string {
  const text = personalizeText(content.text, recipient).trim();
  return content.stopFooter ? withStopFooter(text, language) : text;
}

/** A web address in an SMS text; a sentence's closing punctuation after it is not part of it. */
const WEB_LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)'\]]/gi;

/**
 * The text with each web address replaced by `link(address, place)`; a text the replacements would take past the
 * SMS maximum stays as written.
 */
export function withSmsLinks(text: string, link: (url: string, place: number) => string): string {
  let place = 0;
  const linked = text.replace(WEB_LINK, (url) => link(url, place++));
  return linked.length <= SMS_TEXT_MAX ? linked : text;
}

/** About as long as a tracked click link's sealed token (its claims with ids of common lengths, base64url). */
const TRACKED_TOKEN_CHARS = 180;

/**
 * The text as it will be sent, for counting parts before sending: a content that tracks its links has each one as
 * long as a tracked link of the portal at `origin` (the real ones differ by a few characters per recipient).
 */
export function smsAsEstimated(content: Pick<SmsContent, 'text' | 'stopFooter'> & { trackLinks?: boolean }, language: string, origin: string): string {
  const text = renderSms(content, language);
  return content.trackLinks ? withSmsLinks(text, () => `${origin}${PATHS.tracking}/c/${'x'.repeat(TRACKED_TOKEN_CHARS)}`) : text;
}
