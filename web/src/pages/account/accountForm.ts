/** The account edit form's values as the inputs hold them, and their way to and from `account.save`. */
import type { AccountSavePayload, AccountView } from '../../../../shared/services';

export const CONSENT_FIELDS = ['emailConsent', 'smsConsent', 'pushConsent', 'lineConsent'] as const;
type Consent = (typeof CONSENT_FIELDS)[number];

export interface AccountForm extends Record<Consent, boolean> {
  firstName: string;
  lastName: string;
  /** one a line, the first the primary one */
  emails: string;
  phones: string;
  lineUserId: string;
  recipientName: string;
  /** up to three lines */
  addressLines: string;
  postcode: string;
  city: string;
  region: string;
  addressCountry: string;
  country: string;
  locale: string;
  timeZone: string;
  /** comma separated */
  tags: string;
  /** `name: value`, one a line */
  attributes: string;
}
export type AccountFormField = Exclude<keyof AccountForm, Consent>;
export type AccountFormErrors = Partial<Record<AccountFormField, string>>;

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export function formOf(a: AccountView): AccountForm {
  return {
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    emails: a.emails.join('\n'),
    phones: (a.phones ?? []).join('\n'),
    lineUserId: a.lineUserId ?? '',
    recipientName: a.address?.recipientName ?? '',
    addressLines: (a.address?.lines ?? []).join('\n'),
    postcode: a.address?.postcode ?? '',
    city: a.address?.city ?? '',
    region: a.address?.region ?? '',
    addressCountry: a.address?.country ?? '',
    country: a.country ?? '',
    locale: a.locale ?? '',
    timeZone: a.timeZone ?? '',
    tags: a.tags.join(', '),
    attributes: Object.entries(a.attributes)
      .map(([name, value]) => `${name}: ${value === null ? '' : String(value)}`)
      .join('\n'),
    emailConsent: a.emailConsent,
    smsConsent: a.smsConsent,
    pushConsent: a.pushConsent,
    lineConsent: a.lineConsent,
  };
}

/** A value keeps the type it had (a number stays a number while it reads as one); new ones are text. */
function attributeValue(text: string, was: unknown): string | number | boolean | null {
  if (typeof was === 'number' && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (typeof was === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (was === null && text === '') return null;
  return text;
}

/** The save of `form` over `account` (read at its version); an empty input clears its field. */
export function payloadOf(account: AccountView, form: AccountForm): AccountSavePayload {
  const opt = (v: string) => v.trim() || undefined;
  const attributes: Record<string, string | number | boolean | null> = {};
  for (const line of lines(form.attributes)) {
    const cut = line.indexOf(':');
    const name = (cut < 0 ? line : line.slice(0, cut)).trim();
    attributes[name] = attributeValue(cut < 0 ? '' : line.slice(cut + 1).trim(), account.attributes[name]);
  }
  const address = {
    recipientName: opt(form.recipientName),
    lines: lines(form.addressLines),
    postcode: opt(form.postcode),
    city: opt(form.city),
    region: opt(form.region),
    country: opt(form.addressCountry),
  };
  const hasAddress = address.lines.length > 0 || Object.values(address).some((v) => typeof v === 'string');
  return {
    id: account.id,
    version: account.version,
    firstName: opt(form.firstName),
    lastName: opt(form.lastName),
    emails: lines(form.emails),
    phones: lines(form.phones),
    lineUserId: opt(form.lineUserId),
    address: hasAddress ? address : undefined,
    country: opt(form.country),
    locale: opt(form.locale),
    timeZone: opt(form.timeZone),
    tags: form.tags
      .split(/[,、，]/)
      .map((t) => t.trim())
      .filter(Boolean),
    attributes,
    emailConsent: form.emailConsent,
    smsConsent: form.smsConsent,
    pushConsent: form.pushConsent,
    lineConsent: form.lineConsent,
  };
}

const ADDRESS_FIELDS: Record<string, AccountFormField> = {
  recipientName: 'recipientName',
  lines: 'addressLines',
  postcode: 'postcode',
  city: 'city',
  region: 'region',
  country: 'addressCountry',
};

/**
 * The input a server field error belongs to, and its text; null for another. The server's message is the
 * catalogue's sentence, then `payload.address.lines.1: …`.
 */
export function fieldErrorOf(message: string | null | undefined): { field: AccountFormField; text: string } | null {
  const m = /(?:^|\s)payload\.([\w.]+): ([\s\S]*)$/.exec(message ?? '');
  if (!m) return null;
  const [head, sub] = m[1]!.split('.');
  const field: AccountFormField | undefined = head === 'address' ? (sub ? ADDRESS_FIELDS[sub] : 'addressLines') : (head as AccountFormField | undefined);
  const known: readonly string[] = [
    'firstName',
    'lastName',
    'emails',
    'phones',
    'lineUserId',
    'country',
    'locale',
    'timeZone',
    'tags',
    'attributes',
    ...Object.values(ADDRESS_FIELDS),
  ];
  return field && known.includes(field) ? { field, text: m[2]! } : null;
}
