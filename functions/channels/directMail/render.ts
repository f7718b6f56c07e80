/**
 * A letter for one recipient: the template's language for the recipient's locale, personalised (shared/render
 * personalize, as email), laid out by the same `layoutLetter` the portal's preview draws.
 */
import { type LetterContent, type LetterLayout, LETTER_RECIPIENT_DEFAULT, layoutLetter } from '../../../shared/content';
import type { Company } from '../../../shared/entities';
import { pickLanguage } from '../../../shared/render';
import type { PlanContentOf } from '../../../shared/plan/plan';
import type { RecipientView } from '../adapter';
import type { PostalAddressView } from '../addresses';
import type { LetterRendered } from './outbound';
import { say } from '../../../shared/i18n/say';

export const INCOMPLETE_POSTAL = say('render.incompletePostal');

const NO_POSTCODE = new Set(['HK', 'MO', 'AE', 'QA']);

export interface AddressHolder {
  firstName?: string;
  lastName?: string;
  country?: string;
}

/** What a letter needs to arrive: an address line and a postcode (where the country has postcodes). */
export function isCompletePostal(p: PostalAddressView, holder: AddressHolder = {}): boolean {
  const country = (p.country ?? holder.country ?? '').toUpperCase();
  return (p.lines ?? []).some((l) => l.trim() !== '') && (Boolean(p.postcode?.trim()) || NO_POSTCODE.has(country));
}

const NATIVE_SCRIPT = /[\u3040-\u30FF\u3400-\u9FFF]/u;
const isNative = (part: string | undefined) => part !== undefined && NATIVE_SCRIPT.test(part);

/** The parts that are not empty, one a line (a count's reach prints a million of these: no array per address). */
function joined(separator: string, ...parts: (string | undefined)[]): string {
  let out = '';
  for (const part of parts) if (part) out = out ? `${out}${separator}${part}` : part;
  return out;
}

/** A postal address as printed in the envelope window, one line per part. */
export function printedAddress(p: PostalAddressView, holder: AddressHolder = {}): string | undefined {
  const lines = (p.lines ?? []).filter((l) => l.trim() !== '');
  if (!lines.length && !p.city && !p.region && !p.postcode) return undefined;
  const country = (p.country ?? holder.country ?? '').toUpperCase();
  // written in the country's own script: a romanised Japanese address is printed in the Western order
  if ((country === 'JP' || country === 'CN') && (isNative(p.region) || isNative(p.city) || lines.some(isNative))) {
    const name = p.recipientName ?? joined(' ', holder.lastName, holder.firstName);
    const postcode = p.postcode && (country === 'JP' ? `〒${p.postcode}` : p.postcode);
    const honorific = country === 'JP' ? '様' : '收';
    // a name already written with its honorific (山田 太郎 様, 御中 for a company) keeps it
    const addressed = name && (/(様|殿|御中|收|先生|女士)$/.test(name) ? name : `${name} ${honorific}`);
    const place = `${p.region ?? ''}${p.city ?? ''}${lines[0] ?? ''}`;
    return joined('\n', postcode, place, lines.length > 1 ? lines.slice(1).join('\n') : undefined, addressed);
  }
  return joined('\n', p.recipientName, lines.join('\n'), joined(' ', p.city, p.region, p.postcode), p.country);
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

export function signLetter(layout: LetterLayout, company: Company | null, language: string, date: Date): LetterLayout {
  const sender = layoutLetter({ recipientBlock: '', subject: '', body: '', closing: '' }, company, language, {}, date);
  return { ...layout, sender: sender.sender, date: sender.date, closing: [...layout.closing, ...sender.closing] };
}

/** A recipient's letter exactly as the send draws it (for a test send's or a preview's PDF). */
export function letterFor(content: PlanContentOf<'DIRECT_MAIL'>, r: RecipientView, company: Company | null, date: Date): LetterLayout {
  const rendered = renderLetter(content, r);
  return signLetter(rendered.layout, company, rendered.language, date);
}
