/** The planAction area: the state machine's actions on a message (review, approval, pause, resend, archive). */
import { planKeyOf, runShardsFor } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { Plan } from '../../../shared/plan/plan';
import { checkApprovalRequest, checkReject, recordPass } from '../../../shared/plan/stateMachine';
import { passSheet, rejectSheet, shareSheet } from '../../../shared/plan/approvalSheet';
import { reachText } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { adapterOf } from '../../channels';
import { BY_SYSTEM, planScheduleName, requireMessageType, runIdOf, scheduleFire, startRun, tenantLedger, transitionPlan } from '../../delivery';
import { peopleOf, toPlanView } from './plans';
import { segmentSize } from '../segment';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { sheetOf, sheetWrite } from '../approvalSheet';
import { notifyPeople } from '../notification';
import { act, dueAtOf, expireIfLate, latestRun } from './transitions';
import { say } from '../../../shared/i18n/say';

async function sheetAnswer(ctx: AuthedContext, plan: Plan, answer: 'PASS' | 'REJECT', now: number, reason = '', approved = false) {
  const sheet = await sheetOf(ctx, 'PLAN', plan.id);
  if (!sheet || sheet.revision !== plan.approval?.revision) return [];
  const next = answer === 'PASS' ? passSheet(sheet, ctx.identity.userId, now) : rejectSheet(sheet, ctx.identity.userId, now, reason);
  if (!next.ok) return [];
  // a message approved by one pass (the single-message switch off) has a passed sheet, whoever else was asked
  const written = approved ? { ...next.sheet, status: 'PASS' as const } : next.sheet;
  return written !== sheet ? [sheetWrite(ctx, sheet, written.version === sheet.version ? { ...written, version: sheet.version + 1 } : written)] : [];
}

async function requestersOf(ctx: AuthedContext, plan: Plan): Promise<string[]> {
  const sheet = await sheetOf(ctx, 'PLAN', plan.id);
  return [plan.createdBy, ...(sheet ? [sheet.requestedBy] : [])];
}

async function actOffSchedule(ctx: AuthedContext, id: string, version: number | undefined, action: 'cancel' | 'inactive') {
  const view = await act(ctx, id, version, action);
  await ctx.rt.ports.scheduler.cancel(planScheduleName(ctx.identity.orgId, id));
  return view;
}

/** After approval (or re-activation) the message is scheduled: at once for "immediately". */
async function activateAndSchedule(ctx: AuthedContext, plan: Plan): Promise<Plan> {
  const now = ctx.rt.clock.now();
  const dueAt = dueAtOf(plan, now);
  const active = await transitionPlan(ctx.tenant, { plan, action: 'activate', ...BY_SYSTEM, now });
  await scheduleFire(ctx.rt.ports, active!, dueAt, now);
  return active!;
}

const RESEND_MAX_RECIPIENTS = 1_000_000;

export const planActionHandlers: AreaHandlers<'planAction'> = {
  async sendToReview({ id, version, participants, deadline }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    requireMessageType(ctx.identity.permissions, plan.messageType);
    const now = ctx.rt.clock.now();
    if (!plan.segmentId) throw new AppError('720006', say('validation.chooseRequired', { param: say('field.segment') }));
    // a channel the organization has not set up (LINE, push) would fail every recipient at send
    const missing = await adapterOf(plan.channel).missingSetup?.(ctx.tenant);
    if (missing) throw new AppError('720009', missing);
    // a message its segment's people cannot receive is refused here, not "delivered" to no one (issue 21);
    // an empty segment is left to the segment's own count
    const size = await segmentSize(ctx.tenant, await ctx.tenant.require('segment', plan.segmentId), now, plan.channel);
    if (size.complete && size.count > 0 && size.reach?.reachable === 0) throw new AppError('720009', reachText(ctx.lang, size.reach, size.count));
    const sound = checkApprovalRequest({ participants, deadline }, plan.createdBy, now);
    if (!sound.ok) throw new AppError(sound.code, sound.detail);
    // every participant is an active member of this organization whose role holds the pass permission
    const people = await peopleOf(ctx);
    if (participants.some((p) => !people.names.has(p))) throw new AppError('720003');
    if (participants.some((p) => !people.approvers.has(p))) throw new AppError('720009', say('request.participantApprove'));
    if (plan.trigger.kind === 'SCHEDULE') dueAtOf(plan, now);
    const revision = (plan.approval?.revision ?? 0) + 1;
    // the sheet people see is shared with the same revision, in the same transaction
    const sheet = await sheetOf(ctx, 'PLAN', id);
    const shared = shareSheet(sheet, { orgId: ctx.tenant.orgId, subject: 'PLAN', subjectId: id, name: plan.name, participants, deadline, by: ctx.identity.userId, now, revision });
    const view = await act(ctx, id, version, 'sendToReview', {
      changes: { approval: { participants, deadline, passedBy: [], revision }, rejection: undefined },
      with: [sheetWrite(ctx, sheet, shared)],
    });
    await notifyPeople(ctx, { kind: 'APPROVAL_REQUEST', to: participants, subject: 'PLAN', subjectId: id, name: plan.name, by: ctx.identity.userId });
    return view;
  },

  async pass({ id, version }, ctx) {
    const stored = await ctx.tenant.require('plan', id);
    if (version !== undefined && version !== stored.version) throw new AppError('720007');
    // one participant's pass is recorded by the system: the approver's type permission is checked here
    requireMessageType(ctx.identity.permissions, stored.messageType);
    const plan = await expireIfLate(ctx, stored);
    if (plan.status === 'EXPIRED') throw new AppError('730003');
    if (!plan.approval) throw new AppError('730001');
    if (plan.createdBy === ctx.identity.userId) throw new AppError('730001');
    const outcome = recordPass(plan.approval, ctx.identity.userId, ctx.rt.clock.now());
    if (!outcome.ok) throw new AppError(outcome.code);
    // with the single-message approval sheet switched off, one participant's pass approves the message
    const oneSuffices = !(await organizationSettingOf(ctx.tenant)).singleMessageApprovalSheet;
    const complete = outcome.complete || oneSuffices;
    const sheetChange = await sheetAnswer(ctx, plan, 'PASS', ctx.rt.clock.now(), '', complete);
    if (!complete) {
      const next = await transitionPlan(ctx.tenant, {
        plan,
        action: 'recordPass',
        actor: { kind: 'system' },
        by: ctx.identity.userId,
        now: ctx.rt.clock.now(),
        changes: { approval: outcome.approval },
        with: sheetChange,
      });
      return toPlanView(next!, ctx, await peopleOf(ctx));
    }
    const passed = await transitionPlan(ctx.tenant, {
      plan,
      action: 'pass',
      actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: false },
      by: ctx.identity.userId,
      now: ctx.rt.clock.now(),
      changes: { approval: outcome.approval },
      with: sheetChange,
    });
    await notifyPeople(ctx, { kind: 'APPROVED', to: await requestersOf(ctx, plan), subject: 'PLAN', subjectId: id, name: plan.name, by: ctx.identity.userId });
    return toPlanView(await activateAndSchedule(ctx, passed!), ctx, await peopleOf(ctx));
  },

  async reject({ id, version, type, reason }, ctx) {
    const stored = await ctx.tenant.require('plan', id);
    if (version !== undefined && version !== stored.version) throw new AppError('720007');
    const plan = await expireIfLate(ctx, stored);
    if (plan.status === 'EXPIRED') throw new AppError('730003');
    if (!plan.approval || plan.createdBy === ctx.identity.userId) throw new AppError('730001');
    const check = checkReject(plan.approval, ctx.identity.userId, ctx.rt.clock.now());
    if (!check.ok) throw new AppError(check.code);
    const now = ctx.rt.clock.now();
    const view = await act(ctx, id, plan.version, 'reject', {
      changes: { rejection: { type, reason, by: ctx.identity.userId, at: now } },
      reason,
      rejectType: type,
      with: await sheetAnswer(ctx, plan, 'REJECT', now, reason),
    });
    await notifyPeople(ctx, { kind: 'REJECTED', to: await requestersOf(ctx, plan), subject: 'PLAN', subjectId: id, name: plan.name, by: ctx.identity.userId, reason });
    return view;
  },

  cancel: ({ id, version }, ctx) => actOffSchedule(ctx, id, version, 'cancel'),

  async active({ id, version }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    if (version !== undefined && version !== plan.version) throw new AppError('720007');
    const now = ctx.rt.clock.now();
    const dueAt = dueAtOf(plan, now);
    const view = await act(ctx, id, version, 'active');
    await scheduleFire(ctx.rt.ports, { ...plan, status: 'ACTIVE' }, dueAt, now);
    return view;
  },

  inactive: ({ id, version }, ctx) => actOffSchedule(ctx, id, version, 'inactive'),

  async stop({ id, version }, ctx) {
    const view = await act(ctx, id, version, 'stop');
    const run = await latestRun(ctx, id);
    if (run) await ctx.rt.ports.queue.send('delivery', { kind: 'check', orgId: ctx.identity.orgId, planId: id, runId: run.runId });
    return view;
  },

  async resend({ id, version }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    // a campaign or a standing trigger sends on its own schedule; only a single message is sent again by hand
    if (plan.type !== 'SINGLE' || (plan.trigger.kind !== 'IMMEDIATELY' && plan.trigger.kind !== 'SCHEDULE')) throw new AppError('730004');
    const runs = await ctx.tenant.keyed('planRun').list(id);
    if (runs.some((r) => r.status === 'RUNNING')) throw new AppError('730005');
    const latest = runs.sort((a, b) => b.startedAt - a.startedAt)[0];
    if (latest && (await tenantLedger(ctx.tenant).totals(latest)).total.matched > RESEND_MAX_RECIPIENTS) throw new AppError('730006');
    const now = ctx.rt.clock.now();
    const runId = runIdOf(now);
    const shards = runShardsFor((await ctx.settings.sendRates()).rates[plan.channel]);
    const run = { planKey: planKeyOf(ctx.tenant.orgId, id), runId, orgId: ctx.tenant.orgId, planId: id, status: 'RUNNING' as const, dueAt: now, startedAt: now, shards };
    // the state and the new run in one transaction: two resends at once make one run
    const view = await act(ctx, id, version, 'resend', { with: [ctx.tenant.keyed('planRun').putNew(id, run, '730005')], staleCode: '730005' });
    await startRun(ctx.rt.ports, { orgId: ctx.tenant.orgId, planId: id, runId }, plan.channel);
    return view;
  },

  archive: ({ id, version }, ctx) => act(ctx, id, version, 'archive'),
  unarchive: ({ id, version }, ctx) => act(ctx, id, version, 'unarchive'),

  async modifyDateRange({ id, version, trigger }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    const now = ctx.rt.clock.now();
    const dueAt = dueAtOf({ ...plan, trigger }, now);
    const view = await act(ctx, id, version, 'modifyDateRange', { changes: { trigger } });
    if (plan.status === 'ACTIVE') await scheduleFire(ctx.rt.ports, plan, dueAt, now);
    return view;
  },
};
