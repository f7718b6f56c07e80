/** What a SMS message is between the adapter's renderer and its provider call (AWS End User Messaging SMS). */
import type { SmsEncoding } from '../../../shared/sms/segments';

/** End User Messaging's message types: TRANSACTIONAL for lifecycle messages, PROMOTIONAL for ad hoc ones. */
export type SmsMessageType = 'TRANSACTIONAL' | 'PROMOTIONAL';

/** one recipient's message as rendered from the plan's content */
export interface SmsRendered {
  /** the text as sent: personalised, with the STOP footer in the recipient's language */
  text: string;
  /** the template language chosen for the recipient */
  language: string;
  /** parts the text takes and their encoding (shared/sms countSms): what the carrier bills */
  parts: number;
  encoding: SmsEncoding;
  /** from the plan's messageType (spec 001 3.1): a lifecycle message is TRANSACTIONAL */
  messageType: SmsMessageType;
}

/** the provider request of one recipient, as the sender port takes it */
export interface OutboundSms {
  channel: 'SMS';
  /** E.164 */
  to: string;
  body: string;
  parts: number;
  encoding: SmsEncoding;
  messageType: SmsMessageType;
  /** provider context for events (org, plan, run) */
  tags: Record<string, string>;
  /** the account it goes to in a run: a provider's later report on the message finds its sent record by it (Twilio's status callback) */
  accountId?: string;
}
