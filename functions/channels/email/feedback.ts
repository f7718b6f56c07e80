/** SES events (the EventBridge event's `detail`) as provider feedback. */
import * as z from 'zod';
import type { FeedbackReading } from '../adapter';

const recipients = z.array(z.object({ emailAddress: z.string().min(3).max(320) })).default([]);

export const emailFeedbackSchema = z.object({
  eventType: z.string(),
  mail: z.object({ tags: z.record(z.string(), z.array(z.string())).default({}) }),
  bounce: z.object({ bounceType: z.string(), bouncedRecipients: recipients }).optional(),
  complaint: z.object({ complainedRecipients: recipients }).optional(),
});
export type EmailFeedback = z.input<typeof emailFeedbackSchema>;

export function readSesFeedback(detail: unknown): FeedbackReading {
  const parsed = emailFeedbackSchema.safeParse(detail);
  if (!parsed.success) return { kind: 'unreadable', issues: parsed.error.issues.length };
  const event = parsed.data;
  const tag = (name: string) => event.mail.tags[name]?.[0];
  const orgId = Number(tag('org'));
  const about = { orgId, planId: tag('plan'), runId: tag('run') };
  if (!Number.isSafeInteger(orgId) || orgId <= 0) return { kind: 'ignored' };
  if (event.eventType === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    return { kind: 'listed', source: 'BOUNCE', addresses: event.bounce.bouncedRecipients.map((r) => r.emailAddress), ...about };
  }
  if (event.eventType === 'Complaint' && event.complaint) {
    return { kind: 'listed', source: 'COMPLAINT', addresses: event.complaint.complainedRecipients.map((r) => r.emailAddress), ...about };
  }
  return { kind: 'ignored' };
}
