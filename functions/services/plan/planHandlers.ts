// The plan area: drafts from the single-message wizard and the campaign builder, the lists, duplicates and test
// mails.
import { BUILDER_CHANNEL, type Channel } from '../../../shared/delivery';
import { channelOf } from '../../../shared/content';
import { reviewWarnings } from '../../../shared/content/reviewWarnings';
import { AppError } from '../../../shared/errors';
import { type BuilderPlan, type Journey, journeyOf, messageSteps } from '../../../shared/plan/journey';
import { allowedMessageTypes, checkScheduleTime, MESSAGE_TYPES, type MessageType, type Plan } from '../../../shared/plan/plan';
import { isApprovalExpired } from '../../../shared/plan/stateMachine';
import { sheetConfirmable } from '../../../shared/plan/approvalSheet';
import { APPROVAL_TEXTS } from '../../../shared/i18n';
import { pickContent, pickLanguage, renderEmail } from '../../../shared/render';
import { fill } from '../../../shared/import/accountImport';
import { PLAN_CHANNEL_MESSAGES, PLAN_FILTERS, type PlanView, TEST_MAIL_LIMITS, TEST_MAIL_MESSAGES } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { adapterOf } from '../../channels';
import { badField } from '../../contract/problems';
import { requireMessageType, transitionPlan } from '../../delivery';
import { auditNew, newId } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { editBaseInfo, editReportMails, requireClassification } from './baseInfo';
import { peopleOf, sentNothingOf, testRecipientsOf, toPlanView } from './plans';
import { getChannels, getTestTargets, testSend } from './testSends';
import { getReplacedTemplateMessage } from './preview';
import { checkTriggerToSave } from './trigger';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { sheetOf } from '../approvalSheet';
import { act, expireIfLate } from './transitions';
import { testMailerOf } from './testMailer';
import { say } from '../../../shared/i18n/say';

const SORTABLE = ['name', 'title', 'channel', 'status', 'dateCreated', 'dateUpdated'];
const COPY_SUFFIX = ' (copy)';

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

function newMessageType(ctx: AuthedContext, asked: MessageType | undefined): MessageType {
  const type = asked ?? allowedMessageTypes(ctx.identity.permissions).defaultMessageType ?? MESSAGE_TYPES.AD_HOC;
  requireMessageType(ctx.identity.permissions, type);
  return type;
}

type DraftInput = { id?: string; version?: number; messageType?: MessageType; categoryId?: string | null; groupId?: string | null };

async function saveDraft<P extends Plan | BuilderPlan>(ctx: AuthedContext, input: DraftInput, own: object, type: P['type'], now: number): Promise<PlanView> {
  const by = ctx.identity.userId;
  const { messageType, ...rest } = input;
  const fields = {
    ...rest,
    ...(messageType ? { messageType } : {}),
    ...own,
    id: undefined,
    version: undefined,
    categoryId: input.categoryId ?? undefined,
    groupId: input.groupId ?? undefined,
  };
  if (!input.id) {
    const plan = { ...fields, orgId: ctx.identity.orgId, id: newId(), type, messageType: newMessageType(ctx, messageType), status: 'DRAFT', ...auditNew(now, by) } as P;
    await ctx.tenant.transact([ctx.tenant.putNew('plan', plan, '720001')]);
    return toPlanView(plan, ctx, await peopleOf(ctx));
  }
  const stored = await ctx.tenant.require('plan', input.id);
  if ((stored.type === 'BUILDER') !== (type === 'BUILDER')) throw new AppError('720009');
  if (input.version !== undefined && input.version !== stored.version) throw new AppError('720007');
  const changes: Partial<P> = { ...fields, id: stored.id, rejection: undefined } as Partial<P>;
  const next = await transitionPlan(ctx.tenant, {
    plan: stored,
    action: 'saveDraft',
    actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: stored.createdBy === by },
    by,
    now,
    changes,
  });
  return toPlanView(next!, ctx, await peopleOf(ctx));
}

async function templateContent(ctx: AuthedContext, templateId: string, channel: Channel): Promise<Plan['content']> {
  const source = await ctx.tenant.require('templateMessage', templateId);
  const words = PLAN_CHANNEL_MESSAGES[ctx.lang];
  if (channelOf(source.template) !== channel) throw new AppError('720009', words.otherChannel);
  const content = adapterOf(channel).planContent(source.template);
  if (!content) throw new AppError('720009', words.notSendable);
  return content;
}

async function requireApprovedTemplate(ctx: AuthedContext, templateId: string): Promise<void> {
  if (!(await organizationSettingOf(ctx.tenant)).templateApprovalSheet) return;
  const [template, sheet] = await Promise.all([ctx.tenant.require('templateMessage', templateId), sheetOf(ctx, 'TEMPLATE', templateId)]);
  if (!sheetConfirmable(sheet, ctx.rt.clock.now(), template.version).ok) throw new AppError('730013', APPROVAL_TEXTS.templateNotApproved);
}

/** A journey as it is sent: each message step's channel must be sendable. */
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

function firstMessage(journey: Journey): Pick<Plan, 'channel' | 'content'> {
  const first = messageSteps(journey)[0]!.step;
  return { channel: first.channel, content: first.content };
}

export const planHandlers: AreaHandlers<'plan'> = {
  async saveSingle(input, ctx) {
    const now = ctx.rt.clock.now();
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
    return saveDraft<Plan>(ctx, input, { content, ...origin }, 'SINGLE', now);
  },

  async saveDynamic(input, ctx) {
    const now = ctx.rt.clock.now();
    if (input.segmentId) await ctx.tenant.require('segment', input.segmentId);
    await requireClassification(ctx, input);
    const journey = await sendableJourney(ctx, input.journey);
    if (input.trigger.kind === 'SCHEDULE') {
      const check = checkScheduleTime(input.trigger.at, input.trigger.timeZone, now);
      if (!check.ok) throw new AppError(check.code);
    }
    return saveDraft<BuilderPlan>(ctx, input, { ...firstMessage(journey), journey, title: input.title || input.name }, 'BUILDER', now);
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
    // the test mail is the email builder's: its blocks are mailed as they will go out
    if (plan.content.kind !== BUILDER_CHANNEL) throw new AppError('400016', say('request.testEmailOnly'));
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
