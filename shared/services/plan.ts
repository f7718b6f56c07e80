/**
 * Messages (plans): the single-message wizard saves drafts, the campaign list pages them by the seven filters
 * of spec 001 section 4, the detail shows what may be done now and the numbers of the sending; `planAction`
 * moves a plan through the state machine of shared/plan, each action behind its own permission.
 */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { journeySchema, stepIdSchema } from '../plan/journey';
import { CONTENT_CHANNEL, contentSchema, triggerSchema } from '../plan/plan';
import { PLAN_STATES } from '../plan/stateMachine';
import { isValidEmail, MESSAGES } from '../validation';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { HOME_CARDS, id, messageTypeSchema, PLAN_FILTERS, type PlanFilter, planListItem, planView } from './planViews';
import { TEST_MAIL_LIMITS, TEST_SEND_CHANNELS, testLanguage, testSendTarget, testTargetView } from './planTestSends';
import { say } from '../i18n/say';

export * from './messageUnsubscription';
export * from './operationRecord';
export * from './planActions';
export * from './planStatistics';
export {
  TEST_MAIL_LIMITS,
  TEST_MAIL_MESSAGES,
  PLAN_CHANNEL_MESSAGES,
  TEST_SEND_CHANNELS,
  type TestSendChannel,
  TEST_SEND_MESSAGES,
  testSendTarget,
  type TestSendTarget,
  testTargetView,
  reachText,
} from './planTestSends';
export {
  HOME_CARDS,
  messageFiguresSchema,
  messageTypeSchema,
  PLAN_FILTERS,
  type PlanFilter,
  type PlanListItem,
  planListItem,
  type PlanTotals,
  planTotals,
  type PlanView,
  planView,
} from './planViews';
export * from './sentRecord';

const saveSingle = z
  .object({
    id: id.optional(),
    version: z.number().int().optional(),
    name: z
      .string({ error: say('validation.inputRequired', { param: say('field.name') }) })
      .trim()
      .min(1, say('validation.inputRequired', { param: say('field.name') }))
      .max(100),
    title: z
      .string({ error: say('validation.inputRequired', { param: say('field.title') }) })
      .trim()
      .min(1, say('validation.inputRequired', { param: say('field.title') }))
      .max(200),
    intro: z.string().trim().max(500).default(''),
    channel: z.enum(CHANNELS, { error: say('validation.chooseRequired', { param: say('field.channel') }) }),
    content: contentSchema,
    /** Ad-Hoc (1) or Lifecycle (2), behind its MESSAGE_TYPE_* permission; absent: a new draft's is initSingle's default, a saved one's stays */
    messageType: messageTypeSchema.optional(),
    segmentId: id.optional(),
    trigger: triggerSchema.default({ kind: 'IMMEDIATELY' }),
    tagIds: z.array(id).max(50).default([]),
    /** a draft is saved whole: absent or null means none */
    categoryId: id.nullable().optional(),
    groupId: id.nullable().optional(),
  })
  .superRefine((plan, ctx) => {
    // content written in the message is for one channel: SMS content cannot go out as an email
    if (plan.content.kind !== 'TEMPLATE' && CONTENT_CHANNEL[plan.content.kind] !== plan.channel) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: say('render.contentOverChannel', { kind: plan.content.kind, channel: plan.channel }) });
    }
  });

/** A campaign of the builder (spec 000 /builder): its journey of steps, audience and trigger; saved whole as a draft. */
const saveDynamic = z.object({
  id: id.optional(),
  version: z.number().int().optional(),
  name: z
    .string({ error: say('validation.inputRequired', { param: say('field.name') }) })
    .trim()
    .min(1, say('validation.inputRequired', { param: say('field.name') }))
    .max(100),
  /** the campaign's title in lists; its name when absent */
  title: z.string().trim().max(200).optional(),
  intro: z.string().trim().max(500).default(''),
  journey: journeySchema,
  /** as saveSingle's */
  messageType: messageTypeSchema.optional(),
  segmentId: id.optional(),
  trigger: triggerSchema.default({ kind: 'IMMEDIATELY' }),
  tagIds: z.array(id).max(50).default([]),
  categoryId: id.nullable().optional(),
  groupId: id.nullable().optional(),
});

const email = z.string().trim().max(254).refine(isValidEmail, MESSAGES.emailIncorrect);

/** A message's base info: what can change in any state but archived, its content and audience aside. */
const editBaseInfo = z.object({
  id,
  version: z.number().int().optional(),
  name: z
    .string({ error: say('validation.inputRequired', { param: say('field.name') }) })
    .trim()
    .min(1, say('validation.inputRequired', { param: say('field.name') }))
    .max(100),
  intro: z.string().trim().max(500).default(''),
  tagIds: z.array(id).max(50).default([]),
  /** null clears it */
  categoryId: id.nullable().optional(),
  groupId: id.nullable().optional(),
});

export const planServices = {
  saveSingle: operation({ access: 'PLAN_CREATE', payload: saveSingle, response: planView }),
  /** a builder campaign's draft (new, or saved again whole while a draft): its message steps' templates are copied in */
  saveDynamic: operation({ access: 'PLAN_BUILDER', payload: saveDynamic, response: planView }),
  detail: operation({ access: 'NAV_CREATE_NOTIFICATION', payload: idPayload, response: planView }),
  getCateByPage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({
      ...pageRequest,
      filter: z.enum(Object.keys(PLAN_FILTERS) as [PlanFilter, ...PlanFilter[]]).default('ALL'),
      name: z.string().max(100).optional(),
      channel: z.enum(CHANNELS).optional(),
      /** a list filter's select sends '1' or '2' */
      messageType: z.coerce.number().pipe(messageTypeSchema).optional(),
      tagId: id.optional(),
      categoryId: id.optional(),
      groupId: id.optional(),
    }),
    response: pageOf(planListItem),
  }),
  /** edit base info (spec 000 section 4): name, intro, tags, category and group, in any state but archived */
  edit: operation({ access: 'PLAN_CHANGE_CONTENT', payload: editBaseInfo, response: planView }),
  /** the addresses the message's reports are mailed to */
  editReportMails: operation({
    access: 'PLAN_CHANGE_CONTENT',
    payload: z.object({ id, version: z.number().int().optional(), reportMails: z.array(email).max(20, say('form.reportMailsMax', { max: 20 })) }),
    response: planView,
  }),
  /** every message of the organization by name, newest first, for pickers (reports, dashboards): at most 1,000 */
  getAll: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({ name: z.string().max(100).optional(), channel: z.enum(CHANNELS).optional() }).default({}),
    response: z.array(
      z.object({ id: z.string(), name: z.string(), channel: z.enum(CHANNELS), messageType: messageTypeSchema, status: z.enum(PLAN_STATES), dateUpdated: z.number() }),
    ),
  }),
  getDashPlanByPage: operation({
    access: 'NAV_HOME',
    payload: z.object({ ...pageRequest, card: z.enum(HOME_CARDS).default('ACTION_REQUIRED') }),
    response: pageOf(planListItem),
  }),
  delete: operation({ access: 'PLAN_DELETE', payload: idPayload.extend({ version: z.number().int().optional() }), response: ok }),
  /** a new draft with the message's content, segment and channel, named " (copy)"; a schedule already due is dropped */
  duplicateSingle: operation({ access: 'PLAN_CREATE', payload: idPayload, response: planView }),
  /** a new builder draft with the campaign's journey, segment and trigger, named " (copy)" (a schedule already due is dropped) */
  duplicateBuilder: operation({ access: 'PLAN_BUILDER', payload: idPayload, response: planView }),
  /** who may be asked to approve: members of the organization whose role holds PLAN_PASS, the caller aside */
  getApprovers: operation({
    access: 'PLAN_CREATE',
    payload: z.object({}).default({}),
    response: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  /** to members and the organization's test addresses only (getTestRecipients), TEST_MAIL_LIMITS a message */
  testEmail: operation({
    access: 'PLAN_CREATE',
    payload: z.object({
      id,
      emails: z
        .array(email)
        .min(1, say('validation.inputRequired', { param: say('field.email') }))
        .max(TEST_MAIL_LIMITS.perCall),
      /** one of the content's languages, or ALL for one mail per language an address; else the default language */
      language: z.string().trim().min(1).max(35).optional(),
    }),
    response: z.object({ sent: z.number().int() }),
  }),
  /** Each channel, and whether messages may be written for it yet (the channel registry decides; saveSingle refuses the others with 720009). */
  getChannels: operation({
    access: ['NAV_CREATE_NOTIFICATION', 'NAV_TEMPLATE_MESSAGE', 'PLAN_CREATE'],
    payload: z.object({}).default({}),
    response: z.object({
      channels: z.array(z.object({ channel: z.enum(CHANNELS), sendable: z.boolean() })),
      /** the most an SMS part may cost (USD, the deployment's HERALD_SMS_MAX_PRICE), for the review's cost line */
      smsMaxPrice: z.string().optional(),
    }),
  }),
  /** Where a test of the message's channel may go (TEST_SEND_MESSAGES): the test accounts' addresses on it. */
  getTestTargets: operation({
    access: 'PLAN_CREATE',
    payload: z.object({ channel: z.enum(TEST_SEND_CHANNELS) }),
    response: z.object({ targets: z.array(testTargetView) }),
  }),
  /**
   * A test of a saved message on its channel, rendered and sent by the channel's own adapter and provider as
   * the real sending is; a letter answers its PDF instead. TEST_MAIL_LIMITS a message, as test mails.
   */
  testSend: operation({
    access: 'PLAN_CREATE',
    payload: z.object({
      id,
      target: testSendTarget,
      /** one of the content's languages, or ALL for one test per language and address; else each account's own */
      language: testLanguage,
    }),
    response: z.object({
      sent: z.number().int(),
      /** tests the provider refused, with its reason */
      refused: z.array(z.object({ to: z.string(), reason: z.string() })),
      /** a letter's PDF, as printed for the first test account (or a sample recipient) */
      file: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }).optional(),
    }),
  }),
  /**
   * The message with its placeholders replaced, as one account would receive it (or a sample recipient when no
   * account is named): rendered by the channel's adapter as the send renders it, with untracked links. A
   * campaign of the builder names the message step. Naming an account needs the right to see accounts.
   */
  getReplacedTemplateMessage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({
      id,
      stepId: stepIdSchema.optional(),
      accountId: id.optional(),
      /** one of the content's languages; else the account's own (or the default) */
      language: z.string().trim().min(1).max(35).optional(),
    }),
    response: z.object({
      channel: z.enum(CHANNELS),
      language: z.string(),
      /** who it was rendered for: the account's name, or "sample" */
      recipient: z.object({ accountId: z.string().optional(), name: z.string() }),
      /** the channel's rendered message (email: subject, html, text; SMS: text and parts; push, LINE, letter: their fields) */
      message: z.record(z.string(), z.unknown()),
    }),
  }),
  /** The addresses a test mail may go to: the organization's test addresses, and its active members'. */
  getTestRecipients: operation({
    access: 'PLAN_CREATE',
    payload: z.object({}).default({}),
    response: z.object({
      testAddresses: z.array(z.string()),
      members: z.array(z.object({ name: z.string(), email: z.string() })),
      perMessagePerHour: z.number().int(),
    }),
  }),
} as const;
