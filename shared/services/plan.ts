/** Messages (plans): the list's seven filters are spec 001 section 4's; `planAction` moves a plan through shared/plan's state machine. */
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
    /** absent: a new draft takes initSingle's default, a saved one keeps its own */
    messageType: messageTypeSchema.optional(),
    segmentId: id.optional(),
    trigger: triggerSchema.default({ kind: 'IMMEDIATELY' }),
    tagIds: z.array(id).max(50).default([]),
    categoryId: id.nullable().optional(),
    groupId: id.nullable().optional(),
  })
  .superRefine((plan, ctx) => {
    // content written in the message is for one channel: SMS content cannot go out as an email
    if (plan.content.kind !== 'TEMPLATE' && CONTENT_CHANNEL[plan.content.kind] !== plan.channel) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: say('render.contentOverChannel', { kind: plan.content.kind, channel: plan.channel }) });
    }
  });

const saveDynamic = z.object({
  id: id.optional(),
  version: z.number().int().optional(),
  name: z
    .string({ error: say('validation.inputRequired', { param: say('field.name') }) })
    .trim()
    .min(1, say('validation.inputRequired', { param: say('field.name') }))
    .max(100),
  title: z.string().trim().max(200).optional(),
  intro: z.string().trim().max(500).default(''),
  journey: journeySchema,
  messageType: messageTypeSchema.optional(),
  segmentId: id.optional(),
  trigger: triggerSchema.default({ kind: 'IMMEDIATELY' }),
  tagIds: z.array(id).max(50).default([]),
  categoryId: id.nullable().optional(),
  groupId: id.nullable().optional(),
});

const email = z.string().trim().max(254).refine(isValidEmail, MESSAGES.emailIncorrect);

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
  categoryId: id.nullable().optional(),
  groupId: id.nullable().optional(),
});

export const planServices = {
  saveSingle: operation({ access: 'PLAN_CREATE', payload: saveSingle, response: planView }),
  saveDynamic: operation({ access: 'PLAN_BUILDER', payload: saveDynamic, response: planView }),
  detail: operation({ access: 'NAV_CREATE_NOTIFICATION', payload: idPayload, response: planView }),
  getCateByPage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({
      ...pageRequest,
      filter: z.enum(Object.keys(PLAN_FILTERS) as [PlanFilter, ...PlanFilter[]]).default('ALL'),
      name: z.string().max(100).optional(),
      channel: z.enum(CHANNELS).optional(),
      messageType: z.coerce.number().pipe(messageTypeSchema).optional(),
      tagId: id.optional(),
      categoryId: id.optional(),
      groupId: id.optional(),
    }),
    response: pageOf(planListItem),
  }),
  /** spec 000 section 4 */
  edit: operation({ access: 'PLAN_CHANGE_CONTENT', payload: editBaseInfo, response: planView }),
  editReportMails: operation({
    access: 'PLAN_CHANGE_CONTENT',
    payload: z.object({ id, version: z.number().int().optional(), reportMails: z.array(email).max(20, say('form.reportMailsMax', { max: 20 })) }),
    response: planView,
  }),
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
  duplicateSingle: operation({ access: 'PLAN_CREATE', payload: idPayload, response: planView }),
  duplicateBuilder: operation({ access: 'PLAN_BUILDER', payload: idPayload, response: planView }),
  getApprovers: operation({
    access: 'PLAN_CREATE',
    payload: z.object({}).default({}),
    response: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  testEmail: operation({
    access: 'PLAN_CREATE',
    payload: z.object({
      id,
      emails: z
        .array(email)
        .min(1, say('validation.inputRequired', { param: say('field.email') }))
        .max(TEST_MAIL_LIMITS.perCall),
      language: z.string().trim().min(1).max(35).optional(),
    }),
    response: z.object({ sent: z.number().int() }),
  }),
  getChannels: operation({
    access: ['NAV_CREATE_NOTIFICATION', 'NAV_TEMPLATE_MESSAGE', 'PLAN_CREATE'],
    payload: z.object({}).default({}),
    response: z.object({
      channels: z.array(z.object({ channel: z.enum(CHANNELS), sendable: z.boolean() })),
      smsMaxPrice: z.string().optional(),
    }),
  }),
  getTestTargets: operation({
    access: 'PLAN_CREATE',
    payload: z.object({ channel: z.enum(TEST_SEND_CHANNELS) }),
    response: z.object({ targets: z.array(testTargetView) }),
  }),
  /** Rendered and sent by the channel's own adapter and provider, as the real sending is. */
  testSend: operation({
    access: 'PLAN_CREATE',
    payload: z.object({
      id,
      target: testSendTarget,
      language: testLanguage,
    }),
    response: z.object({
      sent: z.number().int(),
      refused: z.array(z.object({ to: z.string(), reason: z.string() })),
      file: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }).optional(),
    }),
  }),
  /** Rendered by the channel's adapter as the send renders it, with untracked links. */
  getReplacedTemplateMessage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({
      id,
      stepId: stepIdSchema.optional(),
      accountId: id.optional(),
      language: z.string().trim().min(1).max(35).optional(),
    }),
    response: z.object({
      channel: z.enum(CHANNELS),
      language: z.string(),
      recipient: z.object({ accountId: z.string().optional(), name: z.string() }),
      message: z.record(z.string(), z.unknown()),
    }),
  }),
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
