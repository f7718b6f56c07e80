/** Reading and writing a subject's approval sheet, and its view for one caller. */
import { type ApprovalSheet, type ApprovalSubject, sheetIdOf } from '../../../shared/entities';
import { isApprovalExpired } from '../../../shared/plan/stateMachine';
import type { SheetView } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import type { BoundItem } from '../../store/store';

export function sheetOf(ctx: AuthedContext, subject: ApprovalSubject, subjectId: string): Promise<ApprovalSheet | undefined> {
  return ctx.tenant.get('approvalSheet', sheetIdOf(subject, subjectId));
}

export function sheetWrite(ctx: AuthedContext, previous: ApprovalSheet | undefined, next: ApprovalSheet): BoundItem {
  return previous ? ctx.tenant.putVersioned('approvalSheet', next, previous.version) : ctx.tenant.putNew('approvalSheet', next, '720007');
}

export function toSheetView(sheet: ApprovalSheet, names: ReadonlyMap<string, string>, now: number): SheetView {
  const { id, subject, subjectId, name, status, revision, deadline, requestedBy, participants, version } = sheet;
  return {
    id,
    subject,
    subjectId,
    name,
    status,
    revision,
    deadline,
    expired: status !== 'PASS' && status !== 'REJECT' && isApprovalExpired(sheet, now),
    requestedBy,
    requestedByName: names.get(requestedBy) ?? '',
    participants: participants.map((p) => ({ ...p, name: names.get(p.userId) ?? '' })),
    version,
  };
}
