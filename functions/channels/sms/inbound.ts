// Two-way SMS: what recipients reply to the deployment's origination identity.
// An opt-out keyword unsubscribes the number at once in every organization that texted it: all send from the
// deployment's origination identity.
import { createHash, randomUUID } from 'node:crypto';
import * as z from 'zod';
import { SNS_RECORD_DAYS, type SnsRecord } from '../../../shared/entities';
import { isOptOutReply } from '../../../shared/sms/keywords';
import type { Logger } from '../../platform/logger';
import type { Store, TenantStore } from '../../store/store';
import { e164, listNumber, organizationsTexting } from './contacts';

export async function keepReceived(tenant: TenantStore, message: Omit<SnsRecord, 'orgId' | 'id' | 'receivedAt' | 'expiresAt'>): Promise<void> {
  const now = tenant.rt.clock.now();
  const id = message.providerMessageId ? `${message.source}-${createHash('sha256').update(message.providerMessageId).digest('hex').slice(0, 40)}` : randomUUID();
  const expiresAt = Math.floor(Math.max(now, Date.now()) / 1000) + SNS_RECORD_DAYS * 24 * 3600;
  await tenant.put('snsRecord', { id, ...message, receivedAt: now, expiresAt });
}

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
  const optOut = isOptOutReply(inbound.messageBody) || isOptOutReply(inbound.messageKeyword);
  const organizations = await organizationsTexting(deps.store, phone);
  // every organization that texted the number received the reply: each keeps it in its SNS records
  await Promise.all(
    organizations.map((orgId) =>
      keepReceived(deps.store.forOrg(orgId), {
        source: 'SNS',
        fromNumber: phone,
        ...(inbound.destinationNumber ? { toNumber: inbound.destinationNumber } : {}),
        ...(inbound.messageKeyword ? { keyword: inbound.messageKeyword } : {}),
        body: inbound.messageBody,
        ...(inbound.inboundMessageId ? { providerMessageId: inbound.inboundMessageId } : {}),
        optOut,
      }),
    ),
  );
  if (!optOut) return { kind: 'ignored' };
  const listed = await Promise.all(organizations.map((orgId) => listNumber(deps.store.forOrg(orgId), { phone, source: 'UNSUBSCRIBE' })));
  // numbers are personal data: the log says how many, never which
  deps.log.info('inbound SMS opt-out recorded', { organizations: organizations.length, listed: listed.filter(Boolean).length });
  return { kind: 'optOut', organizations: organizations.length, listed: listed.filter(Boolean).length };
}

export function snsMessageOf(notification: unknown): string | undefined {
  const n = notification as { Type?: unknown; Message?: unknown } | null;
  if (!n || typeof n !== 'object' || typeof n.Message !== 'string') return undefined;
  if (n.Type !== undefined && n.Type !== 'Notification') return undefined;
  return n.Message;
}
