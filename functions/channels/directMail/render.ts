/**
 * A letter for one recipient: the template's language for the recipient's locale, personalised (shared/render
 * personalize, as email), laid out by the same `layoutLetter` the portal's preview draws. The address window
 * shows the account's postal address where the template keeps the default block, written before accounts had
 * one; `{{address}}` is that postal address in any block.
 */
import { type LetterContent, type LetterLayout, LETTER_RECIPIENT_DEFAULT, layoutLetter } from '../../../shared/content';
import type { Company } from '../../../shared/entities';
import { pickLanguage } from '../../../shared/render';
import type { PlanContentOf } from '../../../shared/plan/plan';
import type { RecipientView } from '../adapter';
import type { PostalAddressView } from '../addresses';
import type { LetterRendered } from './outbound';

/** A postal address as printed in the envelope window, one line per part; undefined when it has no line to print. */
export function printedAddress(p: PostalAddressView): string | undefined {
  const town = [p.city, p.region, p.postcode].filter(Boolean).join(' ');
  const body = [...(p.lines ?? []), town].filter(Boolean);
  return body.length ? [p.recipientName, ...body, p.country].filter(Boolean).join('\n') : undefined;
}

export function renderLetter(content: PlanContentOf<'DIRECT_MAIL'>, r: RecipientView): LetterRendered {
  const template = content.template;
  const language = pickLanguage(template, r.locale);
  const letter = template.contents[language] as LetterContent;
  const block = letter.recipientBlock.trim() === LETTER_RECIPIENT_DEFAULT ? '{{address}}' : letter.recipientBlock;
  const layout = layoutLetter({ ...letter, recipientBlock: block }, null, language, r);
  // a block whose tokens all came out empty would leave the window blank: the postal address goes there
  if (layout.recipient.length === 0) layout.recipient = r.address.split('\n');
  return { language, layout, ...(template.companyId ? { companyId: template.companyId } : {}) };
}

/** The letter with its sender's lines, the sender's names under the closing, and the date it is drawn. */
export function signLetter(layout: LetterLayout, company: Company | null, language: string, date: Date): LetterLayout {
  // layoutLetter's own sender part, from a letter with nothing else in it
  const sender = layoutLetter({ recipientBlock: '', subject: '', body: '', closing: '' }, company, language, {}, date);
  return { ...layout, sender: sender.sender, date: sender.date, closing: [...layout.closing, ...sender.closing] };
}

/** A recipient's letter exactly as the send draws it (for a test send's or a preview's PDF). */
export function letterFor(content: PlanContentOf<'DIRECT_MAIL'>, r: RecipientView, company: Company | null, date: Date): LetterLayout {
  const rendered = renderLetter(content, r);
  return signLetter(rendered.layout, company, rendered.language, date);
}
