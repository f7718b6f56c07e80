/** Approval sheets (spec 001 3.5); a message's sheet mirrors `plan.approval`, which the state machine reads. */
import * as z from 'zod';
import { REVIEW_STATUSES } from '../plan/stateMachine';
import { defineEntity, idString, TENANT_KEYS, tenantFields } from './entity';

export const APPROVAL_SUBJECTS = ['PLAN', 'TEMPLATE'] as const;
export type ApprovalSubject = (typeof APPROVAL_SUBJECTS)[number];

export const SHEET_EVENTS = ['SHARED', 'REVISION', 'RESENT', 'PASSED', 'REJECTED', 'EXPIRED'] as const;
export type SheetEvent = (typeof SHEET_EVENTS)[number];
export const SHEET_HISTORY_MAX = 200;

export const sheetParticipantSchema = z.object({
  userId: idString,
  status: z.enum(REVIEW_STATUSES),
  date: z.number().int(),
});
export type SheetParticipant = z.output<typeof sheetParticipantSchema>;

export const sheetEventSchema = z.object({
  at: z.number().int(),
  by: idString,
  event: z.enum(SHEET_EVENTS),
  revision: z.number().int(),
  to: idString.optional(),
  reason: z.string().max(1000).optional(),
});
export type SheetEventRecord = z.output<typeof sheetEventSchema>;

export const approvalSheetSchema = z.object({
  ...tenantFields,
  subject: z.enum(APPROVAL_SUBJECTS),
  subjectId: idString,
  name: z.string().max(200),
  status: z.enum(REVIEW_STATUSES),
  revision: z.number().int().min(1),
  deadline: z.number().int(),
  requestedBy: idString,
  participants: z.array(sheetParticipantSchema).max(50),
  /** an edit since needs a new approval */
  subjectVersion: z.number().int().optional(),
  history: z.array(sheetEventSchema).max(SHEET_HISTORY_MAX),
});
export type ApprovalSheet = z.output<typeof approvalSheetSchema>;

export const sheetIdOf = (subject: ApprovalSubject, subjectId: string) => `${subject}#${subjectId}`;

export const approvalSheetEntity = defineEntity({
  name: 'approvalSheet',
  scope: 'tenant',
  schema: approvalSheetSchema,
  ...TENANT_KEYS,
  permissions: { read: 'NAV_CREATE_NOTIFICATION', write: 'PLAN_CREATE' },
});
