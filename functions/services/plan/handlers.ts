/**
 * Messages: drafts from the single-message wizard, the campaign and home lists, test mails, the actions of
 * the state machine, the operation record, the sent-records and the numbers of a sending.
 */
import { CHANNELS, type Channel, type SendFailureReason } from '../../../shared/delivery';
import { channelOf } from '../../../shared/content';
import { reviewWarnings } from '../../../shared/content/reviewWarnings';
import { type CounterOs, DEVICE_PLATFORMS, type PlanRun, planKeyOf } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { fillText, type LocalText, PROVIDER_TEXTS, textIn } from '../../../shared/i18n';
import { messageFigures } from '../../../shared/metrics';
import {
  type BuilderPlan,
  type Journey,
  journeyOf,
  MAX_DELAY_MINUTES,
  MAX_STEPS,
  MAX_VARIANTS,
  messageSteps,
  parseStepRun,
  REPEAT_MODES,
  STEP_TYPES,
  stepRunId,
  walkOrder,
} from '../../../shared/plan/journey';
import { allowedMessageTypes, checkScheduleTime, MESSAGE_TYPES, type MessageType, type Plan, TRIGGER_PERMISSION } from '../../../shared/plan/plan';
import { checkStandingTrigger } from '../../../shared/plan/trigger';
import { checkApprovalRequest, checkReject, isApprovalExpired, type PlanAction, recordPass } from '../../../shared/plan/stateMachine';
import { passSheet, rejectSheet, shareSheet, sheetConfirmable } from '../../../shared/plan/approvalSheet';
import { APPROVAL_TEXTS, translateServerText } from '../../../shared/i18n';
import { pickContent, pickLanguage, renderEmail } from '../../../shared/render';
import { fill } from '../../../shared/import/accountImport';
import { PLAN_CHANNEL_MESSAGES, PLAN_FILTERS, type PlanView, reachText, TEST_MAIL_LIMITS, TEST_MAIL_MESSAGES } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../api/context';
import { adapterOf, orgProviderSender, type SendOutcome } from '../../channels';
import type { Mail } from '../../platform/mailer';
import { badField } from '../../api/problems';
import {
  planScheduleName,
  requireMessageType,
  type RunTotals,
  TRIGGER_RUN,
  runIdOf,
  SYSTEM_ACTOR,
  scheduleFire,
  startRun,
  type TransitionInput,
  tenantJourney,
  tenantLedger,
  transitionPlan,
} from '../../delivery';
import { auditNew, newId } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { editBaseInfo, editReportMails, requireClassification } from './baseInfo';
import { actionsFor, peopleOf, sentNothingOf, testRecipientsOf, toPlanView } from './plans';
import { getChannels, getTestTargets, testSend } from './testSends';
import { getReplacedTemplateMessage } from './preview';
import { checkTriggerToSave } from './trigger';

export { triggerHandlers } from './trigger';
import { countMatching } from '../segment';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { sdkPlanCounts } from '../../domain/insights';
import { sheetOf, sheetWrite } from '../approvalSheet';
import { notifyPeople } from '../notification';
import { sentRecordPage } from '../message';
import { MESSAGE_CONSOLE_TEXTS } from '../../../shared/services/message';

const SORTABLE = ['name', 'title', 'channel', 'status', 'dateCreated', 'dateUpdated'];
/** What a duplicated message's name ends with (as a duplicated cloud source's does). */
const COPY_SUFFIX = ' (copy)';

/**
 * A draft copy of `source` (duplicateSingle and duplicateBuilder): named "(copy)", by the caller, with what is still
 * valid: a schedule already due (or under 5 minutes away) would be refused at review, so the copy goes immediately
 * until changed, and a segment deleted since is not carried over. `kind` is the copy's type (and a campaign's journey).
 */
async function duplicatePlan(source: Plan, ctx: AuthedContext, kind: Pick<Plan, 'type'> & { journey?: Journey }): Promise<PlanView> {
  requireMessageType(ctx.identity.permissions, source.messageType);
  const now = ctx.rt.clock.now();
  const { name, title, intro, channel, content, trigger, tagIds, categoryId, groupId, folderId, messageType } = source;
  const keep = trigger.kind !== 'SCHEDULE' || checkScheduleTime(trigger.at, trigger.timeZone, now).ok;
  const segmentId = source.segmentId && (await ctx.tenant.get('segment', source.segmentId)) ? source.segmentId : undefined;
  const copy = {
    orgId: ctx.identity.orgId,
    id: newId(),
    name: `${name.slice(0, 100 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
    title,
    intro,
    channel,
    content,
    ...(kind.journey ? { journey: kind.journey } : {}),
    segmentId,
    trigger: keep ? trigger : { kind: 'IMMEDIATELY' },
    tagIds,
    categoryId,
    groupId,
    folderId,
    type: kind.type,
    messageType,
    status: 'DRAFT',
    ...auditNew(now, ctx.identity.userId),
  } as Plan;
  await ctx.tenant.transact([ctx.tenant.putNew('plan', copy, '720001')]);
  return toPlanView(copy, ctx, await peopleOf(ctx));
}

/** A new draft's type: the one asked for, else the caller's default; either one their role holds (730001). */
function newMessageType(ctx: AuthedContext, asked: MessageType | undefined): MessageType {
  const type = asked ?? allowedMessageTypes(ctx.identity.permissions).defaultMessageType ?? MESSAGE_TYPES.AD_HOC;
  requireMessageType(ctx.identity.permissions, type);
  return type;
}

/** The instant a plan is due: now for "immediately", else its wall-clock time in its zone (5-minute rule). */
function dueAtOf(plan: Plan, now: number): number {
  if (plan.trigger.kind !== 'SCHEDULE') {
    // a recurring schedule or an event trigger starts when active (its firings are the pipeline's)
    const standing = checkStandingTrigger(plan.trigger, now);
    if (!standing.ok) throw new AppError(standing.code, standing.detail);
    return now;
  }
  const check = checkScheduleTime(plan.trigger.at, plan.trigger.timeZone, now);
  if (!check.ok) throw new AppError(check.code);
  return check.instant;
}

/** The library template a message copies (so later edits to the template do not change an approved message). */
async function templateContent(ctx: AuthedContext, templateId: string, channel: Channel): Promise<Plan['content']> {
  const source = await ctx.tenant.require('templateMessage', templateId);
  const words = PLAN_CHANNEL_MESSAGES[ctx.lang];
  if (channelOf(source.template) !== channel) throw new AppError('720009', words.otherChannel);
  const content = adapterOf(channel).planContent(source.template);
  if (!content) throw new AppError('720009', words.notSendable);
  return content;
}

/** With the system setting's template approval switch on, a template is used only as its passed sheet approved it. */
async function requireApprovedTemplate(ctx: AuthedContext, templateId: string): Promise<void> {
  if (!(await organizationSettingOf(ctx.tenant)).templateApprovalSheet) return;
  const [template, sheet] = await Promise.all([ctx.tenant.require('templateMessage', templateId), sheetOf(ctx, 'TEMPLATE', templateId)]);
  if (!sheetConfirmable(sheet, ctx.rt.clock.now(), template.version).ok) throw new AppError('730013', APPROVAL_TEXTS.templateNotApproved);
}

/** A participant's answer on the message's sheet, written with the plan's change; a sheet of a revision it does not hold is left. */
async function sheetAnswer(ctx: AuthedContext, plan: Plan, answer: 'PASS' | 'REJECT', now: number, reason = '', approved = false) {
  const sheet = await sheetOf(ctx, 'PLAN', plan.id);
  if (!sheet || sheet.revision !== plan.approval?.revision) return [];
  const next = answer === 'PASS' ? passSheet(sheet, ctx.identity.userId, now) : rejectSheet(sheet, ctx.identity.userId, now, reason);
  if (!next.ok) return [];
  // a message approved by one pass (the single-message switch off) has a passed sheet, whoever else was asked
  const written = approved ? { ...next.sheet, status: 'PASS' as const } : next.sheet;
  return written !== sheet ? [sheetWrite(ctx, sheet, written.version === sheet.version ? { ...written, version: sheet.version + 1 } : written)] : [];
}

/** Who hears of an answer: the message's author and whoever shared its sheet. */
async function requestersOf(ctx: AuthedContext, plan: Plan): Promise<string[]> {
  const sheet = await sheetOf(ctx, 'PLAN', plan.id);
  return [plan.createdBy, ...(sheet ? [sheet.requestedBy] : [])];
}

async function act(ctx: AuthedContext, id: string, version: number | undefined, action: PlanAction, extra: Partial<TransitionInput> = {}): Promise<PlanView> {
  const plan = await ctx.tenant.require('plan', id);
  if (version !== undefined && version !== plan.version) throw new AppError('720007');
  const now = ctx.rt.clock.now();
  const next = await transitionPlan(ctx.tenant, {
    plan,
    action,
    actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: plan.createdBy === ctx.identity.userId },
    by: ctx.identity.userId,
    now,
    ...extra,
  });
  if (!next) throw new AppError('720003');
  return toPlanView(next, ctx, await peopleOf(ctx));
}

/** After approval (or re-activation) the message is scheduled: at once for "immediately". */
async function activateAndSchedule(ctx: AuthedContext, plan: Plan): Promise<Plan> {
  const now = ctx.rt.clock.now();
  const dueAt = dueAtOf(plan, now);
  const active = await transitionPlan(ctx.tenant, { plan, action: 'activate', actor: { kind: 'system' }, by: SYSTEM_ACTOR, now });
  await scheduleFire(ctx.rt.ports, active!, dueAt, now);
  return active!;
}

async function expireIfLate(ctx: AuthedContext, plan: Plan): Promise<Plan> {
  if (plan.status !== 'PENDING_APPROVAL' || !plan.approval || !isApprovalExpired(plan.approval, ctx.rt.clock.now())) return plan;
  return (await transitionPlan(ctx.tenant, { plan, action: 'expire', actor: { kind: 'system' }, by: SYSTEM_ACTOR, now: ctx.rt.clock.now() }))!;
}

async function latestRun(ctx: AuthedContext, planId: string) {
  const runs = await ctx.tenant.keyed('planRun').list(planId);
  return runs.sort((a, b) => b.startedAt - a.startedAt)[0];
}

/**
 * A journey as it is sent: each message step's channel must be sendable, and a library template is copied in
 * (under the template approval switch, only an approved one), as a single message's is.
 */
async function sendableJourney(ctx: AuthedContext, journey: Journey): Promise<Journey> {
  const steps: Journey['steps'] = { ...journey.steps };
  for (const [id, step] of Object.entries(journey.steps)) {
    if (step.type !== 'MESSAGE') continue;
    if (!adapterOf(step.channel).sendable) badField(`journey.steps.${id}.channel`, PLAN_CHANNEL_MESSAGES[ctx.lang].notSendable);
    if (step.content.kind !== 'TEMPLATE') continue;
    await requireApprovedTemplate(ctx, step.content.templateId);
    steps[id] = { ...step, content: await templateContent(ctx, step.content.templateId, step.channel) };
  }
  return { ...journey, steps };
}

/** Several runs' totals as one (a campaign's message steps' runs). */
function sumRunTotals(all: readonly RunTotals[]): RunTotals {
  if (all.length === 1) return all[0]!;
  const sum: RunTotals = { total: { ...all[0]!.total }, os: {}, hours: {}, reasons: { failed: {}, skipped: {} } };
  for (const k of Object.keys(sum.total) as (keyof RunTotals['total'])[]) sum.total[k] = all.reduce((n, t) => n + (t.total[k] ?? 0), 0);
  for (const t of all) {
    for (const [platform, c] of Object.entries(t.os) as [keyof RunTotals['os'], Partial<RunTotals['total']>][]) {
      const o = (sum.os[platform] ??= {});
      for (const [k, n] of Object.entries(c) as [keyof RunTotals['total'], number][]) o[k] = (o[k] ?? 0) + n;
    }
    for (const [hour, c] of Object.entries(t.hours)) {
      const h = (sum.hours[hour] ??= {});
      for (const [k, n] of Object.entries(c) as [keyof RunTotals['total'], number][]) h[k] = (h[k] ?? 0) + n;
    }
    for (const of of ['failed', 'skipped'] as const) {
      for (const [reason, n] of Object.entries(t.reasons[of]) as [SendFailureReason, number][]) sum.reasons[of][reason] = (sum.reasons[of][reason] ?? 0) + n;
    }
  }
  return sum;
}

/** What lists show of a builder campaign: its first message's channel and content. */
function firstMessage(journey: Journey): Pick<Plan, 'channel' | 'content'> {
  const first = messageSteps(journey)[0]!.step;
  return { channel: first.channel, content: first.content };
}

/**
 * Test mails go the way the organization's mail goes: through its own default e-mail provider when it has one
 * (so a test proves that provider), else the deployment's. A provider's refusal is answered in its own words.
 */
async function testMailerOf(ctx: AuthedContext, planId: string): Promise<{ send(mail: Mail): Promise<void>; close(): Promise<void> }> {
  const own = (await ctx.tenant.list('messageProvider')).find((p) => p.channelType === 'EMAIL' && p.isDefault && p.enabled);
  if (!own) return { send: (mail) => ctx.rt.mailer.send(mail), close: async () => undefined };
  const sender = orgProviderSender(own, ctx.rt);
  return {
    async send(mail) {
      const message = {
        channel: 'EMAIL' as const,
        from: ctx.rt.config.mailFrom,
        headers: {},
        tags: { org: String(ctx.identity.orgId), plan: planId },
        ...mail,
        html: mail.html ?? '',
      };
      let outcome: SendOutcome;
      try {
        outcome = await sender.send(message, { tenant: ctx.tenant });
      } catch (e) {
        const detail = (e instanceof Error ? e.message : String(e)).slice(0, 300);
        throw new AppError('400016', localDetail(PROVIDER_TEXTS.testUnknown, { detail }));
      }
      if (outcome.kind === 'throttled') throw new AppError('400016', localDetail(PROVIDER_TEXTS.testThrottled, {}));
      if (outcome.kind !== 'sent') throw new AppError('400016', localDetail(PROVIDER_TEXTS.testFailed, { detail: outcome.detail }));
    },
    close: async () => void (await sender.close?.().catch(() => undefined)),
  };
}

const localDetail = (text: LocalText, params: Record<string, string>) => ({ en: fillText(text.en, params), zh: fillText(text.zh, params), ja: fillText(text.ja, params) });

export const planHandlers: AreaHandlers<'plan'> = {
  async saveSingle(input, ctx) {
    const now = ctx.rt.clock.now();
    const by = ctx.identity.userId;
    if (!adapterOf(input.channel).sendable) throw new AppError('720009', PLAN_CHANNEL_MESSAGES[ctx.lang].notSendable);
    if (input.segmentId) await ctx.tenant.require('segment', input.segmentId);
    await requireClassification(ctx, input);
    // A template from the library is copied in: what is reviewed is exactly what is sent.
    let content = input.content;
    if (content.kind === 'TEMPLATE') {
      await requireApprovedTemplate(ctx, content.templateId);
      content = await templateContent(ctx, content.templateId, input.channel);
    }
    await checkTriggerToSave(ctx, input.trigger);
    // the template it came from is remembered; content written in the message keeps the one it came from before
    const origin = input.content.kind === 'TEMPLATE' ? { templateId: input.content.templateId } : {};
    const { messageType, ...rest } = input;
    const fields = {
      ...rest,
      ...(messageType ? { messageType } : {}),
      content,
      ...origin,
      id: undefined,
      version: undefined,
      categoryId: input.categoryId ?? undefined,
      groupId: input.groupId ?? undefined,
    };
    if (!input.id) {
      const plan: Plan = {
        ...fields,
        orgId: ctx.identity.orgId,
        id: newId(),
        type: 'SINGLE',
        messageType: newMessageType(ctx, messageType),
        status: 'DRAFT',
        ...auditNew(now, by),
      };
      await ctx.tenant.transact([ctx.tenant.putNew('plan', plan, '720001')]);
      return toPlanView(plan, ctx, await peopleOf(ctx));
    }
    const stored = await ctx.tenant.require('plan', input.id);
    // a campaign of the builder is saved whole with its journey (saveDynamic), never as a single message
    if (stored.type === 'BUILDER') throw new AppError('720009');
    if (input.version !== undefined && input.version !== stored.version) throw new AppError('720007');
    const next = await transitionPlan(ctx.tenant, {
      plan: stored,
      action: 'saveDraft',
      actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: stored.createdBy === by },
      by,
      now,
      changes: { ...fields, id: stored.id, rejection: undefined },
    });
    return toPlanView(next!, ctx, await peopleOf(ctx));
  },

  async saveDynamic(input, ctx) {
    const now = ctx.rt.clock.now();
    const by = ctx.identity.userId;
    if (input.segmentId) await ctx.tenant.require('segment', input.segmentId);
    await requireClassification(ctx, input);
    const journey = await sendableJourney(ctx, input.journey);
    if (input.trigger.kind === 'SCHEDULE') {
      const check = checkScheduleTime(input.trigger.at, input.trigger.timeZone, now);
      if (!check.ok) throw new AppError(check.code);
    }
    const { messageType, ...rest } = input;
    const fields = {
      ...rest,
      ...(messageType ? { messageType } : {}),
      ...firstMessage(journey),
      journey,
      title: input.title || input.name,
      id: undefined,
      version: undefined,
      categoryId: input.categoryId ?? undefined,
      groupId: input.groupId ?? undefined,
    };
    if (!input.id) {
      const plan: BuilderPlan = {
        ...fields,
        orgId: ctx.identity.orgId,
        id: newId(),
        type: 'BUILDER',
        messageType: newMessageType(ctx, messageType),
        status: 'DRAFT',
        ...auditNew(now, by),
      };
      await ctx.tenant.transact([ctx.tenant.putNew('plan', plan, '720001')]);
      return toPlanView(plan, ctx, await peopleOf(ctx));
    }
    const stored = await ctx.tenant.require('plan', input.id);
    // a single message is not turned into a campaign (nor the other way): its id answers as another kind's
    if (stored.type !== 'BUILDER') throw new AppError('720009');
    if (input.version !== undefined && input.version !== stored.version) throw new AppError('720007');
    const changes: Partial<BuilderPlan> = { ...fields, id: stored.id, rejection: undefined };
    const next = await transitionPlan(ctx.tenant, {
      plan: stored,
      action: 'saveDraft',
      actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: stored.createdBy === by },
      by,
      now,
      changes,
    });
    return toPlanView(next!, ctx, await peopleOf(ctx));
  },

  async duplicateBuilder({ id }, ctx) {
    const source = await ctx.tenant.require('plan', id);
    const journey = journeyOf(source);
    if (source.type !== 'BUILDER' || !journey) throw new AppError('720009');
    return duplicatePlan(source, ctx, { type: 'BUILDER', journey });
  },

  async duplicateSingle({ id }, ctx) {
    const source = await ctx.tenant.require('plan', id);
    // a campaign is copied with its journey (duplicateBuilder)
    if (source.type === 'BUILDER') throw new AppError('720009');
    return duplicatePlan(source, ctx, { type: source.type });
  },

  async detail({ id }, ctx) {
    const [plan, people] = await Promise.all([ctx.tenant.require('plan', id), peopleOf(ctx)]);
    return toPlanView(await expireIfLate(ctx, plan), ctx, people);
  },

  async getCateByPage(q, ctx) {
    const states: readonly string[] = PLAN_FILTERS[q.filter];
    const plans = (await ctx.tenant.list('plan')).filter(
      (p) =>
        states.includes(p.status) &&
        (!q.channel || p.channel === q.channel) &&
        (!q.messageType || (p.messageType ?? 1) === q.messageType) &&
        (!q.tagId || p.tagIds.includes(q.tagId)) &&
        (!q.categoryId || p.categoryId === q.categoryId) &&
        (!q.groupId || p.groupId === q.groupId) &&
        (matchesText(p.name, q.name) || matchesText(p.title, q.name)),
    );
    const page = pageOfItems(plans, q, SORTABLE, { field: 'dateUpdated', order: 'desc' });
    const [people, empty] = await Promise.all([peopleOf(ctx), sentNothingOf(ctx, page.list)]);
    return { ...page, list: page.list.map((p) => ({ ...toPlanView(p, ctx, people), ...(empty.has(p.id) && { nothingSent: true }) })) };
  },

  edit: editBaseInfo,
  editReportMails,

  async getAll(q, ctx) {
    const plans = (await ctx.tenant.list('plan')).filter((p) => p.status !== 'ARCHIVE' && (!q.channel || p.channel === q.channel) && matchesText(p.name, q.name));
    return plans
      .sort((a, b) => b.dateUpdated - a.dateUpdated)
      .slice(0, 1000)
      .map(({ id, name, channel, messageType, status, dateUpdated }) => ({ id, name, channel, messageType: messageType ?? 1, status, dateUpdated }));
  },

  async getDashPlanByPage(q, ctx) {
    const me = ctx.identity.userId;
    const plans = (await ctx.tenant.list('plan')).filter((p) => {
      switch (q.card) {
        case 'ACTION_REQUIRED':
          return (
            p.status === 'PENDING_APPROVAL' && !!p.approval?.participants.includes(me) && !p.approval.passedBy.includes(me) && !isApprovalExpired(p.approval, ctx.rt.clock.now())
          );
        case 'EXPIRED':
          return (
            (p.status === 'EXPIRED' || (p.status === 'PENDING_APPROVAL' && !!p.approval && isApprovalExpired(p.approval, ctx.rt.clock.now()))) &&
            (p.createdBy === me || !!p.approval?.participants.includes(me))
          );
        case 'APPROVED':
          return ['APPROVED', 'ACTIVE', 'IN_PROGRESS', 'DEPLOYED'].includes(p.status) && p.createdBy === me;
        case 'REJECTED':
          return p.status === 'REJECTED' && p.createdBy === me;
      }
      return false;
    });
    const page = pageOfItems(plans, q, SORTABLE, { field: 'dateUpdated', order: 'desc' });
    // the approved card says "Finished: nothing sent" as the campaign list does, never a bare "Deployed"
    const [people, empty] = await Promise.all([peopleOf(ctx), sentNothingOf(ctx, page.list)]);
    const warned = (p: Plan) => (q.card === 'ACTION_REQUIRED' ? reviewWarnings({ content: p.content, journey: journeyOf(p) }).length : 0);
    return {
      ...page,
      list: page.list.map((p) => ({ ...toPlanView(p, ctx, people), ...(empty.has(p.id) && { nothingSent: true }), ...(warned(p) > 0 && { reviewWarnings: warned(p) }) })),
    };
  },

  async getApprovers(_p, ctx) {
    const people = await peopleOf(ctx);
    return [...people.approvers]
      .filter((id) => id !== ctx.identity.userId)
      .map((id) => ({ id, name: people.names.get(id)! }))
      .sort((a, b) => a.name.localeCompare(b.name));
  },

  async delete({ id, version }, ctx) {
    await act(ctx, id, version, 'delete').catch((e) => {
      // a deleted plan answers nothing to show: that is the success of a delete
      if (e instanceof AppError && e.code === '720003') return;
      throw e;
    });
    return { ok: true };
  },

  async testEmail({ id, emails, language }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    if (plan.content.kind !== 'EMAIL') throw new AppError('400016', 'Only email messages can be tested by email.');
    const template = plan.content.template;
    const words = TEST_MAIL_MESSAGES[ctx.lang];
    const allowed = await testRecipientsOf(ctx);
    const permitted = new Set([...allowed.testAddresses, ...allowed.members.map((m) => m.email)]);
    const outside = emails.findIndex((e) => !permitted.has(e.toLowerCase()));
    if (outside >= 0) badField(`emails.${outside}`, fill(words.notAllowed, { address: emails[outside] }));
    const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
    const all = language === 'ALL';
    const languages = all ? Object.keys(template.contents) : [language ?? pickLanguage(template, undefined)];
    if (language && !all && !Object.hasOwn(template.contents, language)) badField('language', fill(words.noLanguage, { language }));
    const now = ctx.rt.clock.now();
    const max = TEST_MAIL_LIMITS.perMessagePerHour;
    const took = await ctx.rateLimits.take(now, { key: `testMail:${ctx.identity.orgId}:${plan.id}`, max, windowSeconds: 3600 }, unique.length * languages.length);
    if (!took.taken) {
      const { window } = took;
      const wait = Math.max(1, window.endsAt - Math.floor(now / 1000));
      throw new AppError('400014', fill(words.tooMany, { max, left: Math.max(0, max - window.count), minutes: Math.ceil(wait / 60) }), { 'retry-after': String(wait) });
    }
    const mailer = await testMailerOf(ctx, plan.id);
    try {
      for (const to of unique) {
        for (const lang of languages) {
          const rendered = renderEmail(pickContent(template, lang), { email: to }, {});
          // with several languages in the inbox, the subject says which one each is
          const mark = all ? `[TEST ${lang}]` : '[TEST]';
          await mailer.send({ to, subject: `${mark} ${rendered.subject}`, text: rendered.text, html: rendered.html });
        }
      }
    } finally {
      await mailer.close();
    }
    return { sent: unique.length * languages.length };
  },

  getChannels,
  getTestTargets,
  testSend,
  getReplacedTemplateMessage,

  async getTestRecipients(_p, ctx) {
    const recipients = await testRecipientsOf(ctx);
    // members' addresses are for those who manage users; anyone else is offered their own
    const own = (await ctx.tenant.get('organizationUser', ctx.identity.userId))?.member.email?.toLowerCase();
    const members = ctx.identity.permissions.includes('NAV_PORTAL_USER') ? recipients.members : recipients.members.filter((m) => m.email === own);
    return { ...recipients, members, perMessagePerHour: TEST_MAIL_LIMITS.perMessagePerHour };
  },
};

export const planActionHandlers: AreaHandlers<'planAction'> = {
  async sendToReview({ id, version, participants, deadline }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    requireMessageType(ctx.identity.permissions, plan.messageType);
    const now = ctx.rt.clock.now();
    if (!plan.segmentId) throw new AppError('720006', 'Please choose the segment!');
    // a channel the organization has not set up (LINE, push) would fail every recipient at send
    const missing = await adapterOf(plan.channel).missingSetup?.(ctx.tenant);
    if (missing) throw new AppError('720009', textIn(missing, ctx.lang));
    // a message its segment's people cannot receive is refused here, not "delivered" to no one (issue 21);
    // an empty segment is left to the segment's own count
    const size = await countMatching(ctx.tenant, await ctx.tenant.require('segment', plan.segmentId), now, undefined, plan.channel);
    if (size.complete && size.count > 0 && size.reach?.reachable === 0) throw new AppError('720009', reachText(ctx.lang, size.reach, size.count));
    const sound = checkApprovalRequest({ participants, deadline }, plan.createdBy, now);
    if (!sound.ok) throw new AppError(sound.code, sound.detail);
    // every participant is an active member of this organization whose role holds the pass permission
    const people = await peopleOf(ctx);
    if (participants.some((p) => !people.names.has(p))) throw new AppError('720003');
    if (participants.some((p) => !people.approvers.has(p))) throw new AppError('720009', 'A participant cannot approve messages.');
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
      // one participant's pass: the message waits for the others
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

  async cancel({ id, version }, ctx) {
    const view = await act(ctx, id, version, 'cancel');
    await ctx.rt.ports.scheduler.cancel(planScheduleName(ctx.identity.orgId, id));
    return view;
  },

  async active({ id, version }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    if (version !== undefined && version !== plan.version) throw new AppError('720007');
    const now = ctx.rt.clock.now();
    const dueAt = dueAtOf(plan, now);
    const view = await act(ctx, id, version, 'active');
    await scheduleFire(ctx.rt.ports, { ...plan, status: 'ACTIVE' }, dueAt, now);
    return view;
  },

  async inactive({ id, version }, ctx) {
    const view = await act(ctx, id, version, 'inactive');
    await ctx.rt.ports.scheduler.cancel(planScheduleName(ctx.identity.orgId, id));
    return view;
  },

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
    const run = { planKey: planKeyOf(ctx.tenant.orgId, id), runId, orgId: ctx.tenant.orgId, planId: id, status: 'RUNNING' as const, dueAt: now, startedAt: now };
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

export const planStatisticsHandlers: AreaHandlers<'planStatistics'> = {
  async detail({ id }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    const [runs, app] = await Promise.all([ctx.tenant.keyed('planRun').list(plan.id), sdkPlanCounts(ctx.tenant, plan.id)]);
    const ledger = tenantLedger(ctx.tenant);
    const totals = { matched: 0, sent: 0, failed: 0, skipped: 0, uncertain: 0, opens: 0, clicks: 0, unsubscribes: 0, bounces: 0, complaints: 0, likes: 0, dislikes: 0 };
    const hours = new Map<string, { sent: number; opens: number; clicks: number }>();
    const reasons: RunTotals['reasons'] = { failed: {}, skipped: {} };
    const runRows = [];
    let smsParts = 0;
    const os = new Map(DEVICE_PLATFORMS.map((p) => [p, { os: p, sent: 0, failed: 0 }]));
    // a campaign sends under each message step's run (`<runId>~<stepId>`); who entered is its journey's count
    const journey = journeyOf(plan);
    const walk = journey ? walkOrder(journey) : [];
    const stepRows = new Map(
      walk.map(({ id, step }) => [
        id,
        { stepId: id, type: step.type, name: step.name, reached: 0, ...(step.type === 'MESSAGE' ? { sent: 0, failed: 0, skipped: 0, opens: 0, clicks: 0 } : {}) },
      ]),
    );
    // the trigger's sends run while the plan is active (its row is never finished: another event may come)
    const statusOf = (run: PlanRun) => (run.runId === TRIGGER_RUN && plan.status !== 'ACTIVE' ? 'DONE' : run.status);
    for (const run of runs) {
      const parts = journey ? messageSteps(journey).map(({ id }) => ({ stepId: id, runId: stepRunId(run.runId, id) })) : [{ stepId: undefined, runId: run.runId }];
      const all = await Promise.all(parts.map((p) => ledger.totals({ planId: plan.id, runId: p.runId })));
      const entered = journey ? await tenantJourney(ctx.tenant).totals(run) : undefined;
      const t = sumRunTotals(all);
      smsParts += t.total.parts;
      for (const [p, c] of Object.entries(t.os) as [CounterOs, { sent?: number; failed?: number }][]) {
        const at = os.get(p)!;
        at.sent += c.sent ?? 0;
        at.failed += c.failed ?? 0;
      }
      runRows.push({
        runId: run.runId,
        status: statusOf(run),
        startedAt: run.startedAt,
        ...(run.finishedAt !== undefined ? { finishedAt: run.finishedAt } : {}),
        matched: entered ? entered.entered : t.total.matched,
        sent: t.total.sent,
        failed: t.total.failed,
        skipped: t.total.skipped,
      });
      for (const [id, n] of Object.entries(entered?.steps ?? {})) if (stepRows.has(id)) stepRows.get(id)!.reached += n;
      parts.forEach((p, i) => {
        const row = p.stepId ? stepRows.get(p.stepId) : undefined;
        if (!row || row.sent === undefined) return;
        for (const k of ['sent', 'failed', 'skipped', 'opens', 'clicks'] as const) row[k] = (row[k] ?? 0) + all[i]!.total[k];
      });
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += t.total[k];
      for (const of of ['failed', 'skipped'] as const) {
        for (const [reason, n] of Object.entries(t.reasons[of]) as [SendFailureReason, number][]) reasons[of][reason] = (reasons[of][reason] ?? 0) + n;
      }
      for (const [hour, c] of Object.entries(t.hours)) {
        const h = hours.get(hour) ?? { sent: 0, opens: 0, clicks: 0 };
        h.sent += c.sent ?? 0;
        h.opens += c.opens ?? 0;
        h.clicks += c.clicks ?? 0;
        hours.set(hour, h);
      }
    }
    const appCounts = {
      opens: app.opens ?? 0,
      clicks: app.clicks ?? 0,
      os: DEVICE_PLATFORMS.map((p) => ({ os: p, opens: app[`opens|${p}`] ?? 0, clicks: app[`clicks|${p}`] ?? 0 })),
      // the push's buttons are b1 and b2 in what it sends (functions/channels/push/render.ts)
      cta1: app['cta:b1'] ?? 0,
      cta2: app['cta:b2'] ?? 0,
    };
    const osRows = [...os.values()];
    return {
      totals,
      reasons,
      hours: [...hours.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([hour, c]) => ({ hour, ...c })),
      smsParts,
      figures: messageFigures(plan.channel, totals, { parts: smsParts, os: osRows, app: appCounts }),
      os: osRows,
      app: appCounts,
      running: runs.some((r) => statusOf(r) === 'RUNNING'),
      runs: runRows.sort((a, b) => b.startedAt - a.startedAt),
      ...(journey ? { steps: [...stepRows.values()] } : {}),
    };
  },
};

export const operationRecordHandlers: AreaHandlers<'operationRecord'> = {
  async getListByPage(q, ctx) {
    await ctx.tenant.require('plan', q.planId);
    const records = await ctx.tenant.keyed('operationRecord').list(q.planId);
    const page = pageOfItems(records, q, ['at', 'action'], { field: 'at', order: 'desc' });
    const people = await peopleOf(ctx);
    return {
      ...page,
      list: page.list.map(({ id, action, from, to, by, at, reason, rejectType }) => ({
        id,
        action,
        from,
        to,
        by,
        byName: by === SYSTEM_ACTOR ? SYSTEM_ACTOR : (people.names.get(by) ?? ''),
        at,
        reason,
        rejectType,
      })),
    };
  },
};

/**
 * The run whose sends are read: the one asked for, else the latest. A journey sends under a run per message step
 * (`<run>~<step>`, stepRunId), so for a journey it is one of those: the asked one, else the latest run's first
 * step. A run of another plan, or a step that is not one of the journey's message steps, answers 720003.
 */
async function recordRunOf(ctx: AuthedContext, plan: Plan, asked: string | undefined): Promise<string | undefined> {
  const journey = journeyOf(plan);
  const steps = journey ? messageSteps(journey).map((s) => s.id) : [];
  if (asked === undefined) {
    const run = await latestRun(ctx, plan.id);
    if (!run) return undefined;
    return journey ? (steps[0] === undefined ? undefined : stepRunId(run.runId, steps[0])) : run.runId;
  }
  const step = parseStepRun(asked);
  const run = await ctx.tenant.keyed('planRun').get(plan.id, step?.runId ?? asked);
  const fits = journey ? step !== undefined && steps.includes(step.stepId) : step === undefined;
  if (!run || !fits) throw new AppError('720003', MESSAGE_CONSOLE_TEXTS.runMissing);
  return asked;
}

export const sentRecordHandlers: AreaHandlers<'sentRecord'> = {
  async getListByPage({ planId, runId: asked, status, cursor, size }, ctx) {
    const plan = await ctx.tenant.require('plan', planId);
    const runId = await recordRunOf(ctx, plan, asked);
    if (!runId) return { list: [] };
    const page = await sentRecordPage(ctx, { planId, runId, status, cursor, size });
    // a push record names its device, not its token: the page's devices in one batch read
    const pushed = page.list.filter((r) => r.target !== undefined);
    const devices = pushed.length
      ? await ctx.tenant.keyed('device').getMany(
          pushed.map((r) => ({ rest: r.accountId, sort: r.target! })),
          ['deviceId', 'model', 'platform'],
        )
      : [];
    const deviceOf = new Map(pushed.map((r, i) => [`${r.accountId}#${r.target}`, devices[i]]));
    return {
      list: page.list.map(({ accountId, address, target, status: s, reason, detail, doneAt, claimedAt }) => {
        const device = target === undefined ? undefined : deviceOf.get(`${accountId}#${target}`);
        return {
          accountId,
          address: target === undefined ? address : '',
          ...(target === undefined
            ? {}
            : { device: { id: target, ...(device?.model ? { model: device.model } : {}), ...(device?.platform ? { platform: device.platform } : {}) } }),
          status: s,
          reason,
          // Herald's own details (a letter's incomplete address) in the reader's language; a provider's as it said
          detail: detail && translateServerText(detail, ctx.lang),
          doneAt,
          claimedAt,
        };
      }),
      cursor: page.cursor,
    };
  },
};

export const messageUnsubscriptionHandlers: AreaHandlers<'messageUnsubscription'> = {
  async getListByPage(q, ctx) {
    const all = (await ctx.tenant.list('messageUnsubscription')).filter((u) => matchesText(u.target, q.target) && (!q.channelName || u.channelName === q.channelName));
    const page = pageOfItems(all, q, ['target', 'channelName', 'source', 'dateCreated'], { field: 'dateCreated', order: 'desc' });
    return { ...page, list: page.list.map(({ id, target, channelName, source, planId, dateCreated }) => ({ id, target, channelName, source, planId, dateCreated })) };
  },
  async delete({ id, ids }, ctx) {
    const chosen = [...new Set(ids ?? [id!])];
    // every one must be this organization's: another's answers as missing, and nothing is deleted
    await Promise.all(chosen.map((one) => ctx.tenant.require('messageUnsubscription', one)));
    await ctx.tenant.transact(chosen.map((one) => ctx.tenant.deleteItem('messageUnsubscription', one, '720007')));
    return { ok: true };
  },
};

/** planConfig: what the campaign builder needs before it draws (its choices and limits, the organization's lists). */
export const planConfigHandlers: AreaHandlers<'planConfig'> = {
  async initBuilder(_p, ctx) {
    const segments = await ctx.tenant.list('segment', ['id', 'name']);
    return {
      stepTypes: [...STEP_TYPES],
      repeatModes: [...REPEAT_MODES],
      limits: { maxDelayMinutes: MAX_DELAY_MINUTES, maxSteps: MAX_STEPS, maxVariants: MAX_VARIANTS },
      channels: CHANNELS.map((channel) => ({ channel, sendable: adapterOf(channel).sendable })),
      segments: segments.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      ...allowedMessageTypes(ctx.identity.permissions),
    };
  },
  async initSingle(_p, ctx) {
    const held = ctx.identity.permissions;
    return {
      channels: CHANNELS.map((channel) => ({ channel, sendable: adapterOf(channel).sendable })),
      ...allowedMessageTypes(held),
      triggerKinds: Object.entries(TRIGGER_PERMISSION)
        .filter(([, permission]) => held.includes(permission))
        .map(([kind]) => kind),
      segments: await segmentChoices(ctx),
      limits: { reportMails: 20, tags: 50, nameMax: 100, titleMax: 200 },
    };
  },
  async getPageActions({ id }, ctx) {
    const plan = await ctx.tenant.require('plan', id);
    return { id: plan.id, status: plan.status, actions: actionsFor(plan, ctx) };
  },
  getSegments: (_p, ctx) => segmentChoices(ctx),
  async getCloudMapping(_p, ctx) {
    const sources = await ctx.tenant.list('cloudSource', ['id', 'title', 'fileColumns']);
    return sources
      .map((s) => ({
        id: s.id,
        name: s.title,
        columns: s.fileColumns.map((c) => ({ columnId: c.columnId, fieldType: c.fieldType, ...(c.attribute ? { attribute: c.attribute } : {}) })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  },
};

/** Spec 000's 730006: a message whose last send reached more than this many recipients is not resent by hand. */
const RESEND_MAX_RECIPIENTS = 1_000_000;

/** The organization's segments by name, for the wizard's and builder's audience choice. */
async function segmentChoices(ctx: AuthedContext): Promise<{ id: string; name: string }[]> {
  const segments = await ctx.tenant.list('segment', ['id', 'name']);
  return segments.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
