/**
 * Provider feedback for email: SES publishes bounces and complaints of mail sent with Herald's configuration set
 * to EventBridge, and a rule puts each event's `detail` on the job queue (infra/apiStack.ts). A hard bounce or a
 * complaint puts the address on the organization's unsubscription list (source BOUNCE or COMPLAINT), so the next
 * send skips it with that reason. Soft bounces are left to SES, which retries them itself.
 *
 * The organization comes from the message tags the send worker sets (`org`, `plan`); mail without them (the
 * portal's own password links) is not Herald's campaign mail and is ignored. An address already on the list
 * keeps its first entry: a recipient who unsubscribed and later bounced stays "unsubscribed". A newly listed
 * address is counted on the message's run (`bounces`, `complaints`) in the same transaction, so an event SES
 * delivers twice counts once.
 */
import * as z from 'zod';
import { unsubscriptionId } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { Ledger } from '../delivery/ledger';
import type { Runtime } from '../platform/runtime';
import type { Store } from '../store/store';

const recipients = z.array(z.object({ emailAddress: z.string().min(3).max(320) })).default([]);

/** The parts of an SES event (the EventBridge event's `detail`) that Herald reads. */
export const emailFeedbackSchema = z.object({
  eventType: z.string(),
  mail: z.object({ tags: z.record(z.string(), z.array(z.string())).default({}) }),
  bounce: z.object({ bounceType: z.string(), bouncedRecipients: recipients }).optional(),
  complaint: z.object({ complainedRecipients: recipients }).optional(),
});
export type EmailFeedback = z.input<typeof emailFeedbackSchema>;

/** What one event did: the addresses it listed, and those that were listed already. */
export interface FeedbackResult {
  listed: string[];
  already: string[];
}

function suppressionOf(event: z.output<typeof emailFeedbackSchema>): { source: 'BOUNCE' | 'COMPLAINT'; addresses: string[] } | undefined {
  if (event.eventType === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    return { source: 'BOUNCE', addresses: event.bounce.bouncedRecipients.map((r) => r.emailAddress) };
  }
  if (event.eventType === 'Complaint' && event.complaint) {
    return { source: 'COMPLAINT', addresses: event.complaint.complainedRecipients.map((r) => r.emailAddress) };
  }
  return undefined;
}

/** Records one SES event; an event Herald cannot use is logged and dropped, never retried. */
export async function recordEmailFeedback(deps: { rt: Runtime; store: Store }, detail: unknown): Promise<FeedbackResult> {
  const result: FeedbackResult = { listed: [], already: [] };
  const parsed = emailFeedbackSchema.safeParse(detail);
  if (!parsed.success) {
    deps.rt.log.warn('email feedback: not an SES event', { issues: parsed.error.issues.length });
    return result;
  }
  const orgId = Number(parsed.data.mail.tags.org?.[0]);
  const suppression = suppressionOf(parsed.data);
  if (!Number.isSafeInteger(orgId) || orgId <= 0 || !suppression) return result;
  const planId = parsed.data.mail.tags.plan?.[0];
  const runId = parsed.data.mail.tags.run?.[0];
  const ledger = new Ledger(deps.store, deps.rt.clock);
  for (const address of suppression.addresses) {
    const target = address.trim().toLowerCase();
    const listing = { orgId, id: unsubscriptionId('EMAIL', target), channelName: 'EMAIL', target, source: suppression.source, ...(planId ? { planId } : {}), dateCreated: deps.rt.clock.now() };
    const counted = planId && runId ? ledger.counterItems({ orgId, planId, runId, accountId: target }, { [suppression.source === 'BOUNCE' ? 'bounces' : 'complaints']: 1 }) : [];
    try {
      await deps.store.transact([deps.store.putNew('messageUnsubscription', listing, '720001'), ...counted]);
      result.listed.push(target);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      result.already.push(target);
    }
  }
  deps.rt.log.info('email feedback recorded', { source: suppression.source, listed: result.listed.length, already: result.already.length });
  return result;
}
