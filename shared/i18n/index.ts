/**
 * Every server text table, and the translator over them. A table is listed here once; the parity test
 * (serverTexts.test.ts) checks each has en, zh and ja with the same placeholders.
 */
import { PHONE_TEXTS } from '../phone';
import { ADMIN_TEXTS } from './adminTexts';
import { FIELD_NAMES } from './fieldNames';
import { ENTITY_TEXTS, FORM_TEXTS, RENDER_TEXTS, VALIDATION_TEXTS } from './fieldTexts';
import { LINE_TEXTS } from './lineTexts';
import { PROVIDER_TEXTS } from './providerTexts';
import { PUSH_TEXTS } from './pushTexts';
import { ALERT_TEXTS, MAIL_TEXTS } from './mailTexts';
import { APPROVAL_TEXTS, NOTIFICATION_TEXTS } from './approvalTexts';
import { INSIGHT_TEXTS } from './insightTexts';
import { JOURNEY_TEXTS } from './journeyTexts';
import { PAGE_TEXTS } from './pageTexts';
import { CLOUD_RUN_TEXTS, IMPORT_TEXTS } from './reasonTexts';
import { MONTHLY_REPORT_MAIL_TEXTS, REPORT_TEXTS } from './reportTexts';
import { REQUEST_TEXTS } from './requestTexts';
import { TRIGGER_TEXTS } from './triggerTexts';
import { MESSAGE_TYPE_TEXTS } from './messageTypeTexts';
import { SSO_TEXTS } from './ssoTexts';
import { OUTBOUND_TEXTS } from './outboundTexts';
import { AI_TEXTS } from './aiTexts';
import { type TextTable, translator } from './text';

export { fillText, type LocalText, placeholdersOf, type TextTable, textIn, translator } from './text';
export { ADMIN_TEXTS } from './adminTexts';
export { FIELD_NAMES } from './fieldNames';
export { ENTITY_TEXTS, FORM_TEXTS, RENDER_TEXTS, VALIDATION_TEXTS } from './fieldTexts';
export { LINE_TEXTS } from './lineTexts';
export { PROVIDER_TEXTS } from './providerTexts';
export { PUSH_TEXTS } from './pushTexts';
export { ALERT_TEXTS, MAIL_TEXTS } from './mailTexts';
export { APPROVAL_TEXTS, NOTIFICATION_TEXTS } from './approvalTexts';
export { INSIGHT_TEXTS } from './insightTexts';
export { JOURNEY_TEXTS } from './journeyTexts';
export { PAGE_TEXTS } from './pageTexts';
export { CLOUD_RUN_TEXTS, IMPORT_TEXTS } from './reasonTexts';
export { MONTHLY_REPORT_MAIL_TEXTS, REPORT_TEXTS } from './reportTexts';
export { REQUEST_TEXTS } from './requestTexts';
export { TRIGGER_TEXTS } from './triggerTexts';
export { MESSAGE_TYPE_NAMES, MESSAGE_TYPE_TEXTS } from './messageTypeTexts';
export { SSO_TEXTS } from './ssoTexts';
export { OUTBOUND_TEXTS } from './outboundTexts';
export { AI_TEXTS } from './aiTexts';

/** Every table of texts the server shows a person, by name. */
export const SERVER_TEXT_TABLES: Readonly<Record<string, TextTable>> = {
  VALIDATION_TEXTS,
  RENDER_TEXTS,
  FORM_TEXTS,
  ENTITY_TEXTS,
  REQUEST_TEXTS,
  IMPORT_TEXTS,
  CLOUD_RUN_TEXTS,
  MAIL_TEXTS,
  ALERT_TEXTS,
  PAGE_TEXTS,
  PHONE_TEXTS,
  LINE_TEXTS,
  PROVIDER_TEXTS,
  PUSH_TEXTS,
  APPROVAL_TEXTS,
  NOTIFICATION_TEXTS,
  REPORT_TEXTS,
  MONTHLY_REPORT_MAIL_TEXTS,
  JOURNEY_TEXTS,
  TRIGGER_TEXTS,
  MESSAGE_TYPE_TEXTS,
  SSO_TEXTS,
  OUTBOUND_TEXTS,
  AI_TEXTS,
  ADMIN_TEXTS,
  INSIGHT_TEXTS,
  // field names, not sentences: only a sentence's `{param}` value is looked up there
  FIELD_NAMES,
};

/**
 * A text written in English (a field message, a reason, a detail), in `lang`: see `translator`. Mails and pages
 * choose their texts by key instead: their short words ("Done", "Unsubscribe") must not rewrite other sentences.
 */
export const translateServerText = translator(
  [
    VALIDATION_TEXTS,
    RENDER_TEXTS,
    FORM_TEXTS,
    ENTITY_TEXTS,
    REQUEST_TEXTS,
    IMPORT_TEXTS,
    CLOUD_RUN_TEXTS,
    PHONE_TEXTS,
    LINE_TEXTS,
    PROVIDER_TEXTS,
    PUSH_TEXTS,
    APPROVAL_TEXTS,
    JOURNEY_TEXTS,
    TRIGGER_TEXTS,
    MESSAGE_TYPE_TEXTS,
    SSO_TEXTS,
    OUTBOUND_TEXTS,
    ADMIN_TEXTS,
    INSIGHT_TEXTS,
  ],
  FIELD_NAMES,
);
