/** The approval sheet's rules, pure: participants start NEW, a reminder or opening makes them PROCESS, they answer PASS or REJECT. */
import { type ApprovalSheet, type ApprovalSubject, SHEET_HISTORY_MAX, type SheetEventRecord, sheetIdOf } from '../entities/approvalSheet';
import type { ErrorCode } from '../errors';
import { isApprovalExpired, type ReviewStatus } from './stateMachine';

export function sheetStatus(participants: readonly { status: ReviewStatus }[]): ReviewStatus {
  if (participants.some((p) => p.status === 'REJECT')) return 'REJECT';
  if (participants.length > 0 && participants.every((p) => p.status === 'PASS')) return 'PASS';
  if (participants.some((p) => p.status !== 'NEW')) return 'PROCESS';
  return 'NEW';
}

function withEvent(sheet: ApprovalSheet, event: SheetEventRecord): ApprovalSheet['history'] {
  return [...sheet.history, event].slice(-SHEET_HISTORY_MAX);
}

export interface ShareInput {
  orgId: number;
  subject: ApprovalSubject;
  subjectId: string;
  name: string;
  participants: readonly string[];
  deadline: number;
  by: string;
  now: number;
  subjectVersion?: number;
  /** kept equal to `plan.approval.revision` */
  revision?: number;
}

export function shareSheet(previous: ApprovalSheet | undefined, input: ShareInput): ApprovalSheet {
  const revision = input.revision ?? (previous?.revision ?? 0) + 1;
  const participants = input.participants.map((userId) => ({ userId, status: 'NEW' as const, date: input.now }));
  const base = previous ?? {
    orgId: input.orgId,
    id: sheetIdOf(input.subject, input.subjectId),
    subject: input.subject,
    subjectId: input.subjectId,
    history: [],
    version: 0,
    dateCreated: input.now,
    createdBy: input.by,
  };
  const sheet: ApprovalSheet = {
    ...base,
    name: input.name.slice(0, 200),
    status: 'NEW',
    revision,
    deadline: input.deadline,
    requestedBy: input.by,
    participants,
    subjectVersion: input.subjectVersion,
    history: base.history,
    version: base.version + 1,
    dateUpdated: input.now,
    updatedBy: input.by,
  };
  return { ...sheet, history: withEvent(sheet, { at: input.now, by: input.by, event: previous ? 'REVISION' : 'SHARED', revision }) };
}

type Answer = { ok: true; sheet: ApprovalSheet } | { ok: false; code: ErrorCode };

function answer(sheet: ApprovalSheet, userId: string, status: 'PASS' | 'REJECT', now: number, reason?: string): Answer {
  const me = sheet.participants.find((p) => p.userId === userId);
  if (!me) return { ok: false, code: '730001' };
  if (isApprovalExpired(sheet, now)) return { ok: false, code: '730003' };
  // passing twice changes nothing; a rejected sheet takes no more answers
  if (status === 'PASS' && me.status === 'PASS') return { ok: true, sheet };
  if (sheet.status === 'REJECT') return { ok: false, code: '720007' };
  const participants = sheet.participants.map((p) => (p.userId === userId ? { ...p, status, date: now } : p));
  const next = { ...sheet, participants, status: sheetStatus(participants), version: sheet.version + 1, dateUpdated: now, updatedBy: userId };
  return {
    ok: true,
    sheet: {
      ...next,
      history: withEvent(sheet, { at: now, by: userId, event: status === 'PASS' ? 'PASSED' : 'REJECTED', revision: sheet.revision, ...(reason ? { reason } : {}) }),
    },
  };
}

export const passSheet = (sheet: ApprovalSheet, userId: string, now: number) => answer(sheet, userId, 'PASS', now);
export const rejectSheet = (sheet: ApprovalSheet, userId: string, now: number, reason: string) => answer(sheet, userId, 'REJECT', now, reason);

export function resendSheet(sheet: ApprovalSheet, to: readonly string[], by: string, now: number): ApprovalSheet {
  const reminded = new Set(to);
  const participants = sheet.participants.map((p) => (reminded.has(p.userId) && p.status === 'NEW' ? { ...p, status: 'PROCESS' as const, date: now } : p));
  let history = sheet.history;
  for (const userId of to) history = withEvent({ ...sheet, history }, { at: now, by, event: 'RESENT', revision: sheet.revision, to: userId });
  return { ...sheet, participants, status: sheetStatus(participants), history, version: sheet.version + 1, dateUpdated: now, updatedBy: by };
}

export function unanswered(sheet: ApprovalSheet): string[] {
  return sheet.participants.filter((p) => p.status === 'NEW' || p.status === 'PROCESS').map((p) => p.userId);
}

/** passed in full, in time, for the subject as it is now */
export function sheetConfirmable(sheet: ApprovalSheet | undefined, now: number, subjectVersion?: number): { ok: true } | { ok: false; code: ErrorCode } {
  if (!sheet) return { ok: false, code: '730012' };
  if (sheet.status === 'REJECT') return { ok: false, code: '730013' };
  if (sheet.status !== 'PASS') return { ok: false, code: isApprovalExpired(sheet, now) ? '730003' : '730013' };
  if (subjectVersion !== undefined && sheet.subjectVersion !== subjectVersion) return { ok: false, code: '730013' };
  return { ok: true };
}

/** OUTDATED: edited since it was approved. */
export const TEMPLATE_APPROVAL_STATES = ['NONE', 'NEW', 'PROCESS', 'EXPIRED', 'REJECT', 'PASS', 'OUTDATED'] as const;
export type TemplateApprovalState = (typeof TEMPLATE_APPROVAL_STATES)[number];

export function templateApprovalOf(sheet: Pick<ApprovalSheet, 'status' | 'subjectVersion' | 'deadline'> | undefined, templateVersion: number, now: number): TemplateApprovalState {
  if (!sheet) return 'NONE';
  if (sheet.status === 'PASS') return sheet.subjectVersion === templateVersion ? 'PASS' : 'OUTDATED';
  if (sheet.status === 'REJECT') return 'REJECT';
  return isApprovalExpired(sheet, now) ? 'EXPIRED' : sheet.status;
}
