/** The plan (message) entity of spec 001 section 3.2; its status moves only through ./stateMachine. */
import * as z from 'zod';
import { CHANNELS, type Channel } from '../delivery';
import { emailTemplateSchema } from '../render/template';
import { letterTemplateSchema, lineTemplateSchema, pushTemplateSchema, smsTemplateSchema } from '../content';
import { idString, requiredText, tenantFields } from '../entities/entity';
import type { ErrorCode } from '../errors';
import type { Permission } from '../permissions';
import { approvalSchema, DELETED, PLAN_ACTION_NAMES, PLAN_STATES, REJECT_TYPES, rejectInputSchema } from './stateMachine';
import { triggerSchema } from './trigger';
import { isTimeZone, parseLocalDateTime, zonedTimeToUtc } from './zonedTime';
import { say } from '../i18n/say';

export { isTimeZone, parseLocalDateTime, zonedTimeToUtc } from './zonedTime';

/** Spec 001 section 3.1: MIXED is for display only, never stored. */
export const DISPLAY_CHANNELS = [...CHANNELS, 'MIXED'] as const;

export const PLAN_TYPES = ['SINGLE', 'BUILDER'] as const;

/** Spec 001 section 3.1. */
export const MESSAGE_TYPES = { AD_HOC: 1, LIFECYCLE: 2 } as const;
export type MessageType = (typeof MESSAGE_TYPES)[keyof typeof MESSAGE_TYPES];
export const MESSAGE_TYPE_PERMISSION: Record<MessageType, Permission> = { 1: 'MESSAGE_TYPE_AD_HOC', 2: 'MESSAGE_TYPE_LIFECYCLE' };

export function allowedMessageTypes(permissions: readonly string[]): { messageTypes: MessageType[]; defaultMessageType?: MessageType } {
  const messageTypes = ([MESSAGE_TYPES.AD_HOC, MESSAGE_TYPES.LIFECYCLE] as const).filter((t) => permissions.includes(MESSAGE_TYPE_PERMISSION[t]));
  return { messageTypes, ...(messageTypes[0] ? { defaultMessageType: messageTypes[0] } : {}) };
}

// The 5-minute rule (spec 000 section 9, spec 001 section 4)

export const MIN_SCHEDULE_GAP_MS = 5 * 60_000;

export type ScheduleCheck = { ok: true; instant: number } | { ok: false; code: ErrorCode };

/** A changed time must also lie 5 minutes from the one it replaces; an unreadable time or zone answers 401005. */
export function checkScheduleTime(at: string, timeZone: string, now: number | Date, previous?: number): ScheduleCheck {
  if (!parseLocalDateTime(at) || !isTimeZone(timeZone)) return { ok: false, code: '401005' };
  const instant = zonedTimeToUtc(at, timeZone);
  if (instant - Number(now) < MIN_SCHEDULE_GAP_MS) return { ok: false, code: '750002' };
  if (previous !== undefined && Math.abs(instant - previous) < MIN_SCHEDULE_GAP_MS) return { ok: false, code: '750002' };
  return { ok: true, instant };
}

export { TRIGGER_PERMISSION, type Trigger, triggerSchema } from './trigger';

export const contentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('TEMPLATE'), templateId: idString }),
  z.object({ kind: z.literal('EMAIL'), template: emailTemplateSchema }),
  z.object({ kind: z.literal('SMS'), template: smsTemplateSchema }),
  z.object({ kind: z.literal('PUSH_NATIVE'), template: pushTemplateSchema }),
  z.object({ kind: z.literal('LINE'), template: lineTemplateSchema }),
  z.object({ kind: z.literal('DIRECT_MAIL'), template: letterTemplateSchema }),
]);
export type PlanContent = z.output<typeof contentSchema>;
export type PlanContentOf<C extends Channel> = Extract<PlanContent, { kind: C }>;
export const CONTENT_CHANNEL: Record<Exclude<PlanContent['kind'], 'TEMPLATE'>, Channel> = {
  EMAIL: 'EMAIL',
  SMS: 'SMS',
  PUSH_NATIVE: 'PUSH_NATIVE',
  LINE: 'LINE',
  DIRECT_MAIL: 'DIRECT_MAIL',
};

export const rejectionSchema = rejectInputSchema.extend({ by: idString, at: z.number().int() });
export type Rejection = z.output<typeof rejectionSchema>;

export const planSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  title: requiredText('title', 200),
  intro: z.string().trim().max(500).default(''),
  channel: z.enum(CHANNELS, { error: say('validation.chooseRequired', { param: say('field.channel') }) }),
  type: z.enum(PLAN_TYPES).default('SINGLE'),
  messageType: z.union([z.literal(MESSAGE_TYPES.AD_HOC), z.literal(MESSAGE_TYPES.LIFECYCLE)]).default(1),
  status: z.enum(PLAN_STATES).default('DRAFT'),
  content: contentSchema,
  /** an API push checks it still exists (apiPushCheckDeletedTemplate) */
  templateId: idString.optional(),
  segmentId: idString.optional(),
  trigger: triggerSchema.default({ kind: 'IMMEDIATELY' }),
  folderId: idString.optional(),
  tagIds: z.array(idString).max(50).default([]),
  categoryId: idString.optional(),
  groupId: idString.optional(),
  /** issue 24 */
  reportMails: z.array(z.string()).max(20).optional(),
  approval: approvalSchema.optional(),
  rejection: rejectionSchema.optional(),
});
export type Plan = z.output<typeof planSchema>;

/** Kept out of `planSchema` so the registry can still pick and omit its fields. */
export function planIssues(plan: Plan): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (plan.content.kind !== 'TEMPLATE' && CONTENT_CHANNEL[plan.content.kind] !== plan.channel) {
    issues.push({ path: 'content', message: say('render.contentOverChannel', { kind: plan.content.kind, channel: plan.channel }) });
  }
  if (plan.approval?.participants.includes(plan.createdBy)) {
    issues.push({ path: 'approval.participants', message: say('render.ownApproval') });
  }
  return issues;
}

export const checkedPlanSchema = planSchema.superRefine((plan, ctx) => {
  for (const issue of planIssues(plan)) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
});

export function missingForReview(plan: Plan): string[] {
  const missing: string[] = [];
  if (!plan.segmentId) missing.push('segmentId');
  if (!plan.approval) missing.push('approval');
  return missing;
}

export const SYSTEM_ACTOR = 'system';

export const operationRecordSchema = z.object({
  orgId: z.number().int(),
  id: idString,
  planId: idString,
  action: z.enum(PLAN_ACTION_NAMES),
  from: z.enum(PLAN_STATES),
  to: z.enum([...PLAN_STATES, DELETED]),
  by: idString,
  at: z.number().int(),
  reason: z.string().max(1000).optional(),
  rejectType: z.enum(REJECT_TYPES).optional(),
});
export type OperationRecord = z.output<typeof operationRecordSchema>;
