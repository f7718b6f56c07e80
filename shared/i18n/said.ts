/**
 * Every table a text by key (`say`) may name, by area, and the one place such texts are put in a language.
 * The parity test (serverTexts.test.ts) checks each entry has en, zh and ja with the same placeholders.
 */
import type { Lang } from './lang';
import { ADMIN_TEXTS } from './adminTexts';
import { AI_TEXTS } from './aiTexts';
import { APPROVAL_TEXTS, NOTIFICATION_TEXTS } from './approvalTexts';
import { FIELD_NAMES } from './fieldNames';
import { ENTITY_TEXTS, FORM_TEXTS, RENDER_TEXTS, VALIDATION_TEXTS } from './fieldTexts';
import { INSIGHT_TEXTS } from './insightTexts';
import { JOURNEY_TEXTS } from './journeyTexts';
import { LINE_TEXTS } from './lineTexts';
import { ALERT_TEXTS, MAIL_TEXTS } from './mailTexts';
import { MESSAGE_TYPE_TEXTS } from './messageTypeTexts';
import { OUTBOUND_TEXTS } from './outboundTexts';
import { PAGE_TEXTS } from './pageTexts';
import { PROVIDER_TEXTS } from './providerTexts';
import { PHONE_TEXTS } from './phoneTexts';
import { PUSH_TEXTS } from './pushTexts';
import { CLOUD_RUN_TEXTS, IMPORT_TEXTS } from './reasonTexts';
import { MONTHLY_REPORT_MAIL_TEXTS, REPORT_TEXTS } from './reportTexts';
import { REQUEST_TEXTS } from './requestTexts';
import { REF_CLOSE, REF_OPEN } from './refMarks';
import { SSO_TEXTS } from './ssoTexts';
import { fillText, type LocalText, type TextTable } from './text';
import { TRIGGER_TEXTS } from './triggerTexts';

export const SAID_TEXTS = {
  validation: VALIDATION_TEXTS,
  render: RENDER_TEXTS,
  form: FORM_TEXTS,
  entity: ENTITY_TEXTS,
  request: REQUEST_TEXTS,
  import: IMPORT_TEXTS,
  cloudRun: CLOUD_RUN_TEXTS,
  mail: MAIL_TEXTS,
  alert: ALERT_TEXTS,
  page: PAGE_TEXTS,
  phone: PHONE_TEXTS,
  line: LINE_TEXTS,
  provider: PROVIDER_TEXTS,
  push: PUSH_TEXTS,
  approval: APPROVAL_TEXTS,
  notification: NOTIFICATION_TEXTS,
  report: REPORT_TEXTS,
  monthlyReportMail: MONTHLY_REPORT_MAIL_TEXTS,
  journey: JOURNEY_TEXTS,
  trigger: TRIGGER_TEXTS,
  messageType: MESSAGE_TYPE_TEXTS,
  sso: SSO_TEXTS,
  outbound: OUTBOUND_TEXTS,
  ai: AI_TEXTS,
  admin: ADMIN_TEXTS,
  insight: INSIGHT_TEXTS,
  // the names of fields, filled into sentences ("Please input the {param}!") as texts of their own
  field: FIELD_NAMES,
} as const satisfies Readonly<Record<string, TextTable>>;

/** The entry a key names, or undefined (a key the tables no longer hold). */
export function entryOf(key: string): LocalText | undefined {
  const dot = key.indexOf('.');
  const table = (SAID_TEXTS as Readonly<Record<string, TextTable>>)[key.slice(0, dot)];
  return table && Object.hasOwn(table, key.slice(dot + 1)) ? table[key.slice(dot + 1)] : undefined;
}

/** A reference: its key, then its values as a JSON object (which holds no bare mark: see `say`). */
const REF = new RegExp(`${REF_OPEN}([\\w.]+)(\\{[^${REF_OPEN}${REF_CLOSE}]*\\})?${REF_CLOSE}`, 'g');

function filled(key: string, params: Record<string, unknown>, lang: Lang): string {
  const entry = entryOf(key);
  // a stored reference to a text since removed shows its key rather than nothing
  if (!entry) return key;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = typeof value === 'string' ? textsIn(value, lang) : String(value);
  return fillText(entry[lang], values);
}

/** `text` with every reference in it put in `lang`; a text without one is returned as it is. */
export function textsIn(text: string, lang: Lang): string {
  if (!text.includes(REF_OPEN)) return text;
  return text.replace(REF, (_, key: string, json?: string) => filled(key, json ? (JSON.parse(json) as Record<string, unknown>) : {}, lang));
}

/**
 * The same inside JSON text (an answer as it is sent): each reference's values are read from their JSON string
 * escaping, and the text put in its place is escaped again. One scan of the answer; none when it holds no mark.
 */
export function textsInJson(json: string, lang: Lang): string {
  if (!json.includes(REF_OPEN)) return json;
  return json.replace(REF, (_, key: string, escaped?: string) => {
    const params = escaped ? (JSON.parse(JSON.parse(`"${escaped}"`) as string) as Record<string, unknown>) : {};
    return JSON.stringify(filled(key, params, lang)).slice(1, -1);
  });
}

/** A value (an answer, a result) with every text by key in it put in `lang`, through its JSON form. */
export function textsInValue<T>(value: T, lang: Lang): T {
  const json = JSON.stringify(value);
  return json === undefined || !json.includes(REF_OPEN) ? value : (JSON.parse(textsInJson(json, lang)) as T);
}
