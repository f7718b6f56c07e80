/**
 * Every server text table, and texts by key (`say`, put in a language by `textsIn`). A table is listed once, in
 * said.ts; the parity test (serverTexts.test.ts) checks each has en, zh and ja with the same placeholders.
 */

export { fillText, type LocalText, placeholdersOf, type TextTable, textIn } from './text';
export { ADMIN_TEXTS } from './adminTexts';
export { FIELD_NAMES } from './fieldNames';
export { ENTITY_TEXTS, FORM_TEXTS, RENDER_TEXTS, VALIDATION_TEXTS } from './fieldTexts';
export { LINE_TEXTS } from './lineTexts';
export { PHONE_TEXTS } from './phoneTexts';
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
export { MESSAGE_TYPE_KEYS, MESSAGE_TYPE_TEXTS } from './messageTypeTexts';
export { SSO_TEXTS } from './ssoTexts';
export { OUTBOUND_TEXTS } from './outboundTexts';
export { AI_TEXTS } from './aiTexts';

export { entryOf, SAID_TEXTS, textsIn, textsInJson, textsInValue } from './said';
export { holdsRef, say, type TextKey, type TextParams } from './say';
