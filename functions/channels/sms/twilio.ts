/** SMS through an organization's own Twilio account. */
import { createHmac } from 'node:crypto';
import type { MessageProvider } from '../../../shared/entities';
import { PATHS } from '../../../shared/paths';
import { AppError } from '../../../shared/errors';
import { unseal } from '../../platform/keys';
import { outboundFetch } from '../../platform/outbound';
import type { ProviderFactory } from '../providers';
import type { SendFailureReason } from '../../../shared/delivery';
import type { SendOutcome } from '../sender';
import type { OutboundSms } from './outbound';
import { deadSourceOf } from './answers';
import { noteDead } from './contacts';
import { senderIdAllowed } from './senderId';

export const TWILIO_API = 'https://api.twilio.com';

const THROTTLED = new Set([20429, 14107, 21611]);
const UNSUBSCRIBED = new Set([21610]);
/** a To that is no phone number, or no mobile one: it will never take a message */
const DEAD_NUMBER = new Set([21211, 21614]);

export function twilioWebhookUrl(publicUrl: string, setting: Pick<MessageProvider, 'orgId' | 'id'>, kind: 'status' | 'inbound'): string {
  return `${publicUrl.replace(/\/+$/, '')}${PATHS.twilio}/${setting.orgId}/${encodeURIComponent(setting.id)}/${kind}`;
}

/** Twilio signs the URL with its query, so the record it names cannot be forged. */
export function twilioStatusUrl(publicUrl: string, setting: Pick<MessageProvider, 'orgId' | 'id'>, message: Pick<OutboundSms, 'tags' | 'accountId'>): string {
  const url = twilioWebhookUrl(publicUrl, setting, 'status');
  const { plan, run } = message.tags;
  return plan && run && message.accountId ? `${url}?${new URLSearchParams({ plan, run, account: message.accountId })}` : url;
}

const DELIVERY_ERRORS: Record<string, { reason: SendFailureReason; words: string }> = {
  '21610': { reason: 'UNSUBSCRIBED', words: 'Attempt to send to unsubscribed recipient' },
  '30003': { reason: 'UNEXPECTED', words: 'Unreachable destination handset' },
  '30004': { reason: 'USER_SETTINGS_BLOCK', words: 'Message blocked' },
  '30005': { reason: 'BOUNCE', words: 'Unknown destination handset' },
  '30006': { reason: 'BOUNCE', words: 'Landline or unreachable carrier' },
  '30007': { reason: 'UNEXPECTED', words: 'Message filtered by the carrier' },
  '30008': { reason: 'UNEXPECTED', words: 'Unknown error' },
};

export function undeliveredOutcome(status: string, errorCode: string | null): { reason: SendFailureReason; detail: string } {
  const code = errorCode && /^\d{1,6}$/.test(errorCode) ? errorCode : undefined;
  const known = code ? DELIVERY_ERRORS[code] : undefined;
  const words = known?.words ?? `not delivered (${status})`;
  return { reason: known?.reason ?? 'UNEXPECTED', detail: code ? `Twilio ${code}: ${words}` : `Twilio: ${words}` };
}

/** X-Twilio-Signature: base64 HMAC-SHA1 with the auth token over the URL, then each POST parameter, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const pairs = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + pairs.map(([k, v]) => k + v).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function detailOf(status: number, body: { code?: unknown; message?: unknown }): string {
  const message = typeof body.message === 'string' ? body.message.slice(0, 300) : '';
  const code = typeof body.code === 'number' ? ` (${body.code})` : '';
  return `Twilio ${status}: ${message || 'no message'}${code}`;
}

/** Twilio's answer as an outcome: a 5xx may come after Twilio queued it, so it is unknown (the claim stays uncertain). */
export function classifyTwilio(status: number, body: { sid?: unknown; code?: unknown; message?: unknown }): SendOutcome | undefined {
  if (status === 200 || status === 201) return typeof body.sid === 'string' ? { kind: 'sent', providerId: body.sid } : undefined;
  if (status >= 500) return undefined;
  const code = typeof body.code === 'number' ? body.code : undefined;
  const detail = detailOf(status, body);
  if (status === 429 || (code !== undefined && THROTTLED.has(code))) return { kind: 'throttled' };
  if (code !== undefined && UNSUBSCRIBED.has(code)) return { kind: 'dead', reason: 'UNSUBSCRIBED', detail };
  if (code !== undefined && DEAD_NUMBER.has(code)) return { kind: 'dead', reason: 'BOUNCE', detail };
  // 401 (20003: a wrong SID or token), 403, 404 (no such account), a From Twilio refuses: the account's problem
  return { kind: 'failed', reason: 'UNEXPECTED', detail };
}

const apiBaseOf = (setting: MessageProvider, standIn?: string) => (setting.apiUrl || standIn || TWILIO_API).replace(/\/+$/, '');

export const twilioSender: ProviderFactory = (setting, rt) => {
  const accountSid = setting.username;
  const url = `${apiBaseOf(setting, rt.aws.endpoints.twilio)}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  return {
    async send(message) {
      if (message.channel !== 'SMS') throw new Error('the Twilio sender sends SMS only');
      if (!setting.passwordSealed) return { kind: 'failed', reason: 'UNEXPECTED', detail: 'Twilio: no auth token is set.' };
      const authorization = `Basic ${Buffer.from(`${accountSid}:${unseal(rt.keys, setting.passwordSealed)}`).toString('base64')}`;
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      // a Messaging Service picks the sender itself (a number of its pool, or its alphanumeric sender id)
      if (setting.messagingServiceSid) form.set('MessagingServiceSid', setting.messagingServiceSid);
      else form.set('From', setting.alphanumericSender && senderIdAllowed(message.to) ? setting.alphanumericSender : setting.fromPhone);
      form.set('StatusCallback', twilioStatusUrl(rt.config.publicUrl, setting, message));
      let res: Response;
      try {
        res = await outboundFetch(url, { method: 'POST', headers: { authorization, accept: 'application/json' }, body: form, maxBytes: 64 * 1024 });
      } catch (e) {
        // refused before anything left (an API base on a private address on AWS): nothing was sent
        if (e instanceof AppError) return { kind: 'failed', reason: 'UNEXPECTED', detail: `Twilio: ${e.message}` };
        // no answer: Twilio may or may not have taken it
        throw e;
      }
      let body: Record<string, unknown> = {};
      try {
        body = (await res.json()) as Record<string, unknown>;
      } catch {
        // an answer that is not JSON (a proxy's page): classified by its status alone
      }
      const outcome = classifyTwilio(res.status, body ?? {});
      if (!outcome) throw new Error(`Twilio answered ${res.status}; the message may have been queued.`);
      const source = deadSourceOf(outcome);
      if (source) noteDead(message.to, source);
      return outcome;
    },
  };
};
