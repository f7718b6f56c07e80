/** What a SMS message is between the adapter's renderer and its provider call (AWS End User Messaging SMS). */
import type { SmsEncoding } from '../../../shared/sms/segments';

export type SmsMessageType = 'TRANSACTIONAL' | 'PROMOTIONAL';

export interface SmsRendered {
  text: string;
  language: string;
  parts: number;
  encoding: SmsEncoding;
  messageType: SmsMessageType;
}

export interface OutboundSms {
  channel: 'SMS';
  to: string;
  body: string;
  parts: number;
  encoding: SmsEncoding;
  messageType: SmsMessageType;
  tags: Record<string, string>;
  accountId?: string;
}
