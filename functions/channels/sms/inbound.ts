/**
 * Two-way SMS: what recipients reply to the deployment's origination identity. On AWS, End User Messaging SMS
 * publishes each inbound message to an SNS topic as JSON (`originationNumber` is the recipient who wrote,
 * `destinationNumber` the deployment's number); the SNS-triggered Lambda (./lambda.ts) and, locally, the
 * stand-in's SNS-style HTTP delivery (./localInbound.ts) both hand it to `recordInboundSms`.
 *
 * An opt-out keyword (shared/sms/keywords.ts) puts the number on the SMS unsubscription list, at once, of every
 * organization that has texted it (smsContact): all of them send from the deployment's origination identities,
 * so the recipient cannot have meant one and not another. No other organization learns of the number; one
 * that texts it later is refused by the service's own opt-out list, which the adapter lists as unsubscribed.
 */
import * as z from 'zod';
import { isOptOutReply } from '../../../shared/sms/keywords';
import type { Logger } from '../../platform/logger';
import type { Store } from '../../store/store';
import { e164, listNumber, organizationsTexting } from './contacts';

/** The inbound message End User Messaging SMS publishes. */
export const inboundSmsSchema = z.object({
  originationNumber: z.string().min(2).max(32),
  destinationNumber: z.string().max(256).optional(),
  messageKeyword: z.string().max(256).optional(),
  messageBody: z.string().max(10_000).default(''),
  inboundMessageId: z.string().max(256).optional(),
  previousPublishedMessageId: z.string().max(256).optional(),
});
export type InboundSms = z.input<typeof inboundSmsSchema>;

export type InboundResult = { kind: 'unreadable' } | { kind: 'ignored' } | { kind: 'optOut'; organizations: number; listed: number };

/** Reads one inbound message (the SNS message's text, or its parsed JSON) and lists an opt-out. */
export async function recordInboundSms(deps: { store: Store; log: Logger }, message: unknown): Promise<InboundResult> {
  let value = message;
  if (typeof message === 'string') {
    try {
      value = JSON.parse(message);
    } catch {
      value = undefined;
    }
  }
  const parsed = inboundSmsSchema.safeParse(value);
  const phone = parsed.success ? e164(parsed.data.originationNumber) : undefined;
  if (!parsed.success || !phone) {
    deps.log.warn('inbound SMS: not a message of End User Messaging SMS', { issues: parsed.success ? 1 : parsed.error.issues.length });
    return { kind: 'unreadable' };
  }
  const inbound = parsed.data;
  if (!isOptOutReply(inbound.messageBody) && !isOptOutReply(inbound.messageKeyword)) return { kind: 'ignored' };
  const organizations = await organizationsTexting(deps.store, phone);
  const listed = await Promise.all(organizations.map((orgId) => listNumber(deps.store.forOrg(orgId), { phone, source: 'UNSUBSCRIBE' })));
  // numbers are personal data: the log says how many, never which
  deps.log.info('inbound SMS opt-out recorded', { organizations: organizations.length, listed: listed.filter(Boolean).length });
  return { kind: 'optOut', organizations: organizations.length, listed: listed.filter(Boolean).length };
}

/** An SNS notification (HTTP delivery's body, or a Lambda record's `Sns`): its message text. */
export function snsMessageOf(notification: unknown): string | undefined {
  const n = notification as { Type?: unknown; Message?: unknown } | null;
  if (!n || typeof n !== 'object' || typeof n.Message !== 'string') return undefined;
  if (n.Type !== undefined && n.Type !== 'Notification') return undefined;
  return n.Message;
}
