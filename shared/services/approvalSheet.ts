/** Approval sheets (spec 000 section 4, spec 001 3.5); another organization's ids answer as missing (720003). */
import * as z from 'zod';
import { APPROVAL_SUBJECTS, SHEET_EVENTS } from '../entities/approvalSheet';
import { REJECT_REASON_MAX, REVIEW_STATUSES } from '../plan/stateMachine';
import { operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

const id = z.string().min(1).max(64);
const subjectRef = { subject: z.enum(APPROVAL_SUBJECTS, { error: say('approval.chooseSubject') }), id };
const READERS = ['NAV_CREATE_NOTIFICATION', 'NAV_TEMPLATE_MESSAGE', 'NAV_HOME', 'PLAN_PASS'] as const;

const participants = z
  .array(id)
  .min(1, say('validation.chooseRequired', { param: say('field.participants') }))
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, say('approval.listedTwice'));

export const sheetView = z.object({
  id: z.string(),
  subject: z.enum(APPROVAL_SUBJECTS),
  subjectId: z.string(),
  name: z.string(),
  status: z.enum(REVIEW_STATUSES),
  revision: z.number().int(),
  deadline: z.number(),
  expired: z.boolean(),
  requestedBy: z.string(),
  requestedByName: z.string(),
  participants: z.array(z.object({ userId: z.string(), name: z.string(), status: z.enum(REVIEW_STATUSES), date: z.number() })),
  version: z.number().int(),
});
export type SheetView = z.infer<typeof sheetView>;

export const sheetHistoryItem = z.object({
  at: z.number(),
  by: z.string(),
  byName: z.string(),
  event: z.enum(SHEET_EVENTS),
  revision: z.number().int(),
  to: z.string().optional(),
  toName: z.string().optional(),
  reason: z.string().optional(),
});
export type SheetHistoryItem = z.infer<typeof sheetHistoryItem>;

const confirmable = z.object({ canConfirm: z.boolean(), code: z.string().optional() });

export const approvalSheetServices = {
  detail: operation({
    access: READERS,
    payload: z.object(subjectRef),
    response: z.object({
      sheet: sheetView.optional(),
      tips: z.string(),
      singleMessageApprovalSheet: z.boolean(),
      templateApprovalSheet: z.boolean(),
      ...confirmable.shape,
    }),
  }),
  settings: operation({
    access: READERS,
    payload: z.object({}).default({}),
    response: z.object({ tips: z.string(), singleMessageApprovalSheet: z.boolean(), templateApprovalSheet: z.boolean() }),
  }),
  history: operation({ access: READERS, payload: z.object({ ...subjectRef, ...pageRequest }), response: pageOf(sheetHistoryItem) }),
  share: operation({
    access: 'PLAN_CREATE',
    payload: z.object({ ...subjectRef, participants, deadline: z.number().int(), version: z.number().int().optional() }),
    response: sheetView,
  }),
  resend: operation({ access: 'PLAN_CREATE', payload: z.object({ ...subjectRef, userId: id }), response: sheetView }),
  resendAll: operation({ access: 'PLAN_CREATE', payload: z.object(subjectRef), response: sheetView }),
  canConfirm: operation({ access: READERS, payload: z.object(subjectRef), response: confirmable }),
  waiting: operation({ access: 'PLAN_PASS', payload: z.object({ subject: z.literal('TEMPLATE'), ...pageRequest }), response: pageOf(sheetView) }),
  /** messages: planAction.pass */
  pass: operation({ access: 'PLAN_PASS', payload: z.object({ subject: z.literal('TEMPLATE'), id }), response: sheetView }),
  /** messages: planAction.reject */
  reject: operation({
    access: 'PLAN_REJECT',
    payload: z.object({
      subject: z.literal('TEMPLATE'),
      id,
      reason: z
        .string({ error: say('form.reasonRequired') })
        .trim()
        .min(1, say('form.reasonRequired'))
        .max(REJECT_REASON_MAX),
    }),
    response: sheetView,
  }),
} as const;
