/** Amazon Pinpoint message templates as Herald template-file entries; HTML layout does not come across, only rich text. */
import { LONG_TEXT_MAX } from '../render/limits';
import { say } from '../i18n/say';

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const NAMED: Record<string, string> = { FirstName: 'firstName', LastName: 'lastName' };

export function heraldVariables(input: string, defaults: Record<string, string> = {}): string {
  return input.replace(/\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g, (whole, path: string) => {
    const fallback = defaults[path] ? `|${defaults[path]!.replace(/[{}|]/g, '')}` : '';
    let m = /^User\.UserAttributes\.([A-Za-z0-9_]+)$/.exec(path);
    if (m) return `{{${NAMED[m[1]!] ?? `attributes.${m[1]}`}${fallback}}}`;
    m = /^Attributes\.([A-Za-z0-9_]+)$/.exec(path);
    if (m) return `{{attributes.${m[1]}${fallback}}}`;
    if (path === 'User.UserId') return `{{id${fallback}}}`;
    return whole;
  });
}

function defaultsOf(t: Json): Record<string, string> {
  try {
    const parsed = object(JSON.parse(text(t.DefaultSubstitutions) || '{}'));
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    return {};
  }
}

function bodyOf(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .trim();
}

export interface PinpointTemplateEntry {
  name: string;
  template: Json;
}

function entryOf(raw: unknown): PinpointTemplateEntry | { name?: string; reason: string } {
  const wrapper = object(raw);
  const [kind, t] = wrapper.EmailTemplateResponse
    ? (['EMAIL', object(wrapper.EmailTemplateResponse)] as const)
    : wrapper.SMSTemplateResponse
      ? (['SMS', object(wrapper.SMSTemplateResponse)] as const)
      : wrapper.PushNotificationTemplateResponse
        ? (['PUSH', object(wrapper.PushNotificationTemplateResponse)] as const)
        : ([text(wrapper.TemplateType).toUpperCase(), wrapper] as const);
  const name = text(t.TemplateName).trim().slice(0, 100);
  if (!name) return { reason: say('import.pinpointNoTemplateName') };
  const defaults = defaultsOf(t);
  const vars = (s: string) => heraldVariables(s, defaults);
  if (kind === 'EMAIL') {
    const html = text(t.HtmlPart);
    const body = html ? bodyOf(html) : text(t.TextPart).replace(/\r?\n/g, '<br>');
    return {
      name,
      template: {
        defaultLanguage: 'en',
        contents: { en: { subject: vars(text(t.Subject)) || name, blocks: body ? [{ type: 'paragraph', text: vars(body).slice(0, LONG_TEXT_MAX) }] : [] } },
      },
    };
  }
  if (kind === 'SMS') return { name, template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: vars(text(t.Body)), stopFooter: true } } } };
  if (kind === 'PUSH') {
    const message = object(t.Default);
    const fallback = object(t.APNS).Body ? object(t.APNS) : object(t.GCM);
    const pick = (key: string) => text(message[key]) || text(fallback[key]);
    const url = pick('Url');
    const action = pick('Action').toUpperCase();
    return {
      name,
      template: {
        channel: 'PUSH_NATIVE',
        defaultLanguage: 'en',
        contents: {
          en: {
            contentType: url && (action === 'URL' || action === 'DEEP_LINK') ? 'url' : 'text',
            title: vars(pick('Title')) || name,
            body: vars(pick('Body')),
            ...(url && (action === 'URL' || action === 'DEEP_LINK') ? { url } : {}),
            sound: /^[\w.-]*$/.test(pick('Sound')) && pick('Sound') ? pick('Sound') : 'default',
          },
        },
      },
    };
  }
  return { name, reason: say('import.pinpointTemplateType', { kind: kind || 'unknown' }) };
}

/** a Herald export is read by its own format */
export function pinpointTemplateEntries(doc: unknown): (PinpointTemplateEntry | { name?: string; reason: string })[] | undefined {
  const list = Array.isArray(doc) ? doc : Array.isArray(object(doc).Templates) ? (object(doc).Templates as unknown[]) : [doc];
  const isPinpoint = (v: unknown) => {
    const o = object(v);
    return Boolean(o.EmailTemplateResponse || o.SMSTemplateResponse || o.PushNotificationTemplateResponse || (o.TemplateName && o.TemplateType));
  };
  if (list.length === 0 || !list.every(isPinpoint)) return undefined;
  return list.map(entryOf);
}
