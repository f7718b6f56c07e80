/**
 * approvalSheet.*: a message's or template's sheet, its history, a new revision, reminders, whether the subject may go
 * ahead, and a template sheet's answers.
 */
import type { ApprovalSheet, ApprovalSubject } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { APPROVAL_TEXTS } from '../../../shared/i18n';
import type { Plan } from '../../../shared/plan/plan';
import { passSheet, rejectSheet, resendSheet, shareSheet, sheetConfirmable, unanswered } from '../../../shared/plan/approvalSheet';
import { checkApprovalRequest, isApprovalExpired, transition } from '../../../shared/plan/stateMachine';
import type { SheetView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { pageOfItems } from '../../store/paging';
import { notifyPeople } from '../notification';
import { peopleOf } from '../plan';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { sheetOf, sheetWrite, toSheetView } from './sheets';
import { say } from '../../../shared/i18n/say';

type Subject = { kind: 'PLAN'; plan: Plan; name: string } | { kind: 'TEMPLATE'; name: string; version: number; createdBy: string };

async function subjectOf(ctx: AuthedContext, subject: ApprovalSubject, id: string): Promise<{ of: Subject; sheet: ApprovalSheet | undefined }> {
  if (subject === 'PLAN') {
    const [plan, sheet] = await Promise.all([ctx.tenant.require('plan', id), sheetOf(ctx, subject, id)]);
    return { of: { kind: 'PLAN', plan, name: plan.name }, sheet };
  }
  const [template, sheet] = await Promise.all([ctx.tenant.require('templateMessage', id), sheetOf(ctx, subject, id)]);
  return { of: { kind: 'TEMPLATE', name: template.name, version: template.version, createdBy: template.createdBy }, sheet };
}

function confirmable(of: Subject, sheet: ApprovalSheet | undefined, now: number): { canConfirm: boolean; code?: string } {
  if (of.kind === 'TEMPLATE') {
    const check = sheetConfirmable(sheet, now, of.version);
    return check.ok ? { canConfirm: true } : { canConfirm: false, code: check.code };
  }
  const { plan } = of;
  if (plan.status === 'PENDING_APPROVAL' && plan.approval && isApprovalExpired(plan.approval, now)) return { canConfirm: false, code: '730003' };
  const step = transition(plan.status, 'active');
  return step.ok ? { canConfirm: true } : { canConfirm: false, code: step.code };
}

async function view(ctx: AuthedContext, sheet: ApprovalSheet): Promise<SheetView> {
  return toSheetView(sheet, (await peopleOf(ctx)).names, ctx.rt.clock.now());
}

function requireOpen(of: Subject, sheet: ApprovalSheet | undefined, now: number): ApprovalSheet {
  if (
    !sheet ||
    sheet.status === 'PASS' ||
    sheet.status === 'REJECT' ||
    (of.kind === 'PLAN' && (of.plan.status !== 'PENDING_APPROVAL' || of.plan.approval?.revision !== sheet.revision))
  ) {
    throw new AppError('720009', APPROVAL_TEXTS.notUnderReview);
  }
  if (isApprovalExpired(sheet, now)) throw new AppError('730003');
  return sheet;
}

export const approvalSheetHandlers: AreaHandlers<'approvalSheet'> = {
  async detail({ subject, id }, ctx) {
    const [{ of, sheet }, setting] = await Promise.all([subjectOf(ctx, subject, id), organizationSettingOf(ctx.tenant)]);
    return {
      ...(sheet && { sheet: await view(ctx, sheet) }),
      tips: setting.approvalSheetTips,
      singleMessageApprovalSheet: setting.singleMessageApprovalSheet,
      templateApprovalSheet: setting.templateApprovalSheet,
      ...confirmable(of, sheet, ctx.rt.clock.now()),
    };
  },

  async settings(_p, ctx) {
    const { approvalSheetTips: tips, singleMessageApprovalSheet, templateApprovalSheet } = await organizationSettingOf(ctx.tenant);
    return { tips, singleMessageApprovalSheet, templateApprovalSheet };
  },

  async history({ subject, id, ...q }, ctx) {
    const { sheet } = await subjectOf(ctx, subject, id);
    const events = (sheet?.history ?? []).map((e, i) => ({ ...e, i }));
    // newest first; events of one instant keep their order
    const page = pageOfItems(events, { ...q, sortField: undefined }, [], { field: 'i', order: 'desc' });
    const { names } = await peopleOf(ctx);
    return {
      ...page,
      list: page.list.map(({ i: _i, ...e }) => ({ ...e, byName: names.get(e.by) ?? '', ...(e.to && { toName: names.get(e.to) ?? '' }) })),
    };
  },

  async share({ subject, id, participants, deadline, version }, ctx) {
    const { of, sheet } = await subjectOf(ctx, subject, id);
    const now = ctx.rt.clock.now();
    const by = ctx.identity.userId;
    const author = of.kind === 'PLAN' ? of.plan.createdBy : of.createdBy;
    const sound = checkApprovalRequest({ participants, deadline }, author, now);
    if (!sound.ok) throw new AppError(sound.code, sound.detail);
    const people = await peopleOf(ctx);
    if (participants.some((p) => !people.names.has(p))) throw new AppError('720003');
    if (participants.some((p) => !people.approvers.has(p))) throw new AppError('720009', say('request.participantApprove'));
    if (of.kind === 'TEMPLATE') {
      if (version !== undefined && version !== of.version) throw new AppError('720007');
      const next = shareSheet(sheet, { orgId: ctx.tenant.orgId, subject, subjectId: id, name: of.name, participants, deadline, by, now, subjectVersion: of.version });
      await ctx.tenant.transact([sheetWrite(ctx, sheet, next)]);
      await notifyPeople(ctx, { kind: 'APPROVAL_REQUEST', to: participants, subject, subjectId: id, name: of.name, by });
      return toSheetView(next, people.names, now);
    }
    // A message's new revision: it stays pending, every pass is reset and the deadline is the new one. A draft is
    // sent to review by planAction.sendToReview, which checks its audience and channel first.
    const { plan } = of;
    if (plan.status !== 'PENDING_APPROVAL' || !plan.approval) throw new AppError('720009', APPROVAL_TEXTS.notUnderReview);
    if (version !== undefined && version !== plan.version) throw new AppError('720007');
    const revision = plan.approval.revision + 1;
    const next = shareSheet(sheet, { orgId: ctx.tenant.orgId, subject, subjectId: id, name: plan.name, participants, deadline, by, now, revision });
    // the state does not change, so no transition: the plan's approval and the sheet are written together
    const revised: Plan = { ...plan, approval: { participants, deadline, passedBy: [], revision }, version: plan.version + 1, dateUpdated: now, updatedBy: by };
    await ctx.tenant.transact([ctx.tenant.putVersioned('plan', revised, plan.version), sheetWrite(ctx, sheet, next)]);
    await notifyPeople(ctx, { kind: 'APPROVAL_REQUEST', to: participants, subject, subjectId: id, name: plan.name, by });
    return toSheetView(next, people.names, now);
  },

  async resend({ subject, id, userId }, ctx) {
    const { of, sheet } = await subjectOf(ctx, subject, id);
    const now = ctx.rt.clock.now();
    const open = requireOpen(of, sheet, now);
    if (!open.participants.some((p) => p.userId === userId)) throw new AppError('720003');
    if (!unanswered(open).includes(userId)) throw new AppError('720009', APPROVAL_TEXTS.answered);
    const next = resendSheet(open, [userId], ctx.identity.userId, now);
    await ctx.tenant.transact([sheetWrite(ctx, open, next)]);
    await notifyPeople(ctx, { kind: 'APPROVAL_REQUEST', to: [userId], subject, subjectId: id, name: of.name, by: ctx.identity.userId });
    return view(ctx, next);
  },

  async resendAll({ subject, id }, ctx) {
    const { of, sheet } = await subjectOf(ctx, subject, id);
    const now = ctx.rt.clock.now();
    const open = requireOpen(of, sheet, now);
    const to = unanswered(open);
    const next = resendSheet(open, to, ctx.identity.userId, now);
    await ctx.tenant.transact([sheetWrite(ctx, open, next)]);
    await notifyPeople(ctx, { kind: 'APPROVAL_REQUEST', to, subject, subjectId: id, name: of.name, by: ctx.identity.userId });
    return view(ctx, next);
  },

  async canConfirm({ subject, id }, ctx) {
    const { of, sheet } = await subjectOf(ctx, subject, id);
    return confirmable(of, sheet, ctx.rt.clock.now());
  },

  async waiting({ subject, ...q }, ctx) {
    const me = ctx.identity.userId;
    const now = ctx.rt.clock.now();
    const [sheets, templates] = await Promise.all([ctx.tenant.list('approvalSheet'), ctx.tenant.list('templateMessage', ['id'])]);
    const present = new Set(templates.map((t) => t.id));
    // a deleted template's sheet is left behind: it waits for nobody
    const mine = sheets.filter(
      (s) => s.subject === subject && present.has(s.subjectId) && !isApprovalExpired(s, now) && (s.status === 'NEW' || s.status === 'PROCESS') && unanswered(s).includes(me),
    );
    const page = pageOfItems(mine, { ...q, sortField: undefined }, [], { field: 'deadline', order: 'asc' });
    const { names } = await peopleOf(ctx);
    return { ...page, list: page.list.map((s) => toSheetView(s, names, now)) };
  },

  async pass({ subject, id }, ctx) {
    const { of, sheet } = await subjectOf(ctx, subject, id);
    if (!sheet) throw new AppError('720003');
    const outcome = passSheet(sheet, ctx.identity.userId, ctx.rt.clock.now());
    if (!outcome.ok) throw new AppError(outcome.code);
    if (outcome.sheet !== sheet) {
      await ctx.tenant.transact([sheetWrite(ctx, sheet, outcome.sheet)]);
      if (outcome.sheet.status === 'PASS') await notifyPeople(ctx, { kind: 'APPROVED', to: [sheet.requestedBy], subject, subjectId: id, name: of.name, by: ctx.identity.userId });
    }
    return view(ctx, outcome.sheet);
  },

  async reject({ subject, id, reason }, ctx) {
    const { of, sheet } = await subjectOf(ctx, subject, id);
    if (!sheet) throw new AppError('720003');
    const outcome = rejectSheet(sheet, ctx.identity.userId, ctx.rt.clock.now(), reason);
    if (!outcome.ok) throw new AppError(outcome.code);
    await ctx.tenant.transact([sheetWrite(ctx, sheet, outcome.sheet)]);
    await notifyPeople(ctx, { kind: 'REJECTED', to: [sheet.requestedBy], subject, subjectId: id, name: of.name, by: ctx.identity.userId, reason });
    return view(ctx, outcome.sheet);
  },
};
