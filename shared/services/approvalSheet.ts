/**
 * Approval sheets (spec 000 section 4: shared, resent, resent to all, can-confirm; spec 001 section 3.5): a
 * message's sheet is shared by planAction.sendToReview and answered by planAction.pass and reject; `share` here
 * starts a new revision of a sheet under review (every pass reset); a template's sheet is shared, passed and
 * rejected here. Reads answer another organization's ids as missing (720003).
 */
import * as z from 'zod';
import { APPROVAL_SUBJECTS, SHEET_EVENTS } from '../entities/approvalSheet';
import { REJECT_REASON_MAX, REVIEW_STATUSES } from '../plan/stateMachine';
import { operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

const id = z.string().min(1).max(64);
const subjectRef = { subject: z.enum(APPROVAL_SUBJECTS, { error: say('approval.chooseSubject') }), id };
/** who may look at a sheet: the message's and template's readers, and approvers from their home page */
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
  /** past the deadline: nobody can approve any more (730003) */
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

/** Whether the subject may go ahead (a message be confirmed, a template be used), else the code that refuses it. */
const confirmable = z.object({ canConfirm: z.boolean(), code: z.string().optional() });

export const approvalSheetServices = {
  /** the subject's sheet (none before it is first shared), the organization's approval tips and switches */
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
  /** the organization's approval tips and switches, for the screens that ask for an approval */
  settings: operation({
    access: READERS,
    payload: z.object({}).default({}),
    response: z.object({ tips: z.string(), singleMessageApprovalSheet: z.boolean(), templateApprovalSheet: z.boolean() }),
  }),
  /** the sheet's events newest first: who did what, when, in which revision */
  history: operation({ access: READERS, payload: z.object({ ...subjectRef, ...pageRequest }), response: pageOf(sheetHistoryItem) }),
  /** a new revision: the participants and deadline given, every one's status NEW again */
  share: operation({
    access: 'PLAN_CREATE',
    payload: z.object({ ...subjectRef, participants, deadline: z.number().int(), version: z.number().int().optional() }),
    response: sheetView,
  }),
  /** a reminder to one participant who has not answered */
  resend: operation({ access: 'PLAN_CREATE', payload: z.object({ ...subjectRef, userId: id }), response: sheetView }),
  /** a reminder to every participant who has not answered */
  resendAll: operation({ access: 'PLAN_CREATE', payload: z.object(subjectRef), response: sheetView }),
  canConfirm: operation({ access: READERS, payload: z.object(subjectRef), response: confirmable }),
  /** the templates whose sheets wait for the caller's answer (open, before the deadline), nearest deadline first */
  waiting: operation({ access: 'PLAN_PASS', payload: z.object({ subject: z.literal('TEMPLATE'), ...pageRequest }), response: pageOf(sheetView) }),
  /** a template sheet's participant approves (messages: planAction.pass) */
  pass: operation({ access: 'PLAN_PASS', payload: z.object({ subject: z.literal('TEMPLATE'), id }), response: sheetView }),
  /** a template sheet's participant rejects, with a reason (messages: planAction.reject) */
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
