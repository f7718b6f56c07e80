/**
 * Approval sheets (spec 001 section 3.5): one per message or template, with each participant's review status
 * and the sheet's history. A message's sheet mirrors `plan.approval` (which the state machine reads) and adds
 * what people see: who answered what, when, in which revision.
 */
import * as z from 'zod';
import { REVIEW_STATUSES } from '../plan/stateMachine';
import { defineEntity, idString, TENANT_KEYS, tenantFields } from './entity';

/** What a sheet approves: a message (plan) or a library template. */
export const APPROVAL_SUBJECTS = ['PLAN', 'TEMPLATE'] as const;
export type ApprovalSubject = (typeof APPROVAL_SUBJECTS)[number];

/** The sheet's history: shared (first revision), a new revision, a reminder, a participant's answer, expiry. */
export const SHEET_EVENTS = ['SHARED', 'REVISION', 'RESENT', 'PASSED', 'REJECTED', 'EXPIRED'] as const;
export type SheetEvent = (typeof SHEET_EVENTS)[number];
/** the newest events a sheet keeps */
export const SHEET_HISTORY_MAX = 200;

export const sheetParticipantSchema = z.object({
  userId: idString,
  status: z.enum(REVIEW_STATUSES),
  /** when the status last changed */
  date: z.number().int(),
});
export type SheetParticipant = z.output<typeof sheetParticipantSchema>;

export const sheetEventSchema = z.object({
  at: z.number().int(),
  by: idString,
  event: z.enum(SHEET_EVENTS),
  revision: z.number().int(),
  /** a reminder's participant */
  to: idString.optional(),
  reason: z.string().max(1000).optional(),
});
export type SheetEventRecord = z.output<typeof sheetEventSchema>;

export const approvalSheetSchema = z.object({
  ...tenantFields,
  subject: z.enum(APPROVAL_SUBJECTS),
  subjectId: idString,
  /** the message's or template's name when last shared */
  name: z.string().max(200),
  status: z.enum(REVIEW_STATUSES),
  revision: z.number().int().min(1),
  /** epoch ms: past it the sheet can no longer be approved (730003) */
  deadline: z.number().int(),
  requestedBy: idString,
  participants: z.array(sheetParticipantSchema).max(50),
  /** a template's version when shared: an edit since needs a new approval */
  subjectVersion: z.number().int().optional(),
  history: z.array(sheetEventSchema).max(SHEET_HISTORY_MAX),
});
export type ApprovalSheet = z.output<typeof approvalSheetSchema>;

/** A subject has one sheet: its id names both. */
export const sheetIdOf = (subject: ApprovalSubject, subjectId: string) => `${subject}#${subjectId}`;

export const approvalSheetEntity = defineEntity({
  name: 'approvalSheet',
  scope: 'tenant',
  schema: approvalSheetSchema,
  ...TENANT_KEYS,
  permissions: { read: 'NAV_CREATE_NOTIFICATION', write: 'PLAN_CREATE' },
});
