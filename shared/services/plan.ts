/**
 * Messages (plans): the single-message wizard saves drafts, the campaign list pages them by the seven filters
 * of spec 001 section 4, the detail shows what may be done now and the numbers of the sending; `planAction`
 * moves a plan through the state machine of shared/plan, each action behind its own permission.
 */
import * as z from 'zod';
import { CHANNELS, type ChannelsWith, channelsWith, SEND_FAILURE_REASONS, type SendFailureReason, SENT_STATES } from '../delivery';
import { DEVICE_PLATFORMS } from '../entities/device';
import { UNSUBSCRIPTION_SOURCES } from '../entities/messageUnsubscription';
import { FIGURES, type Figure } from '../metrics';
import { journeySchema, STEP_TYPES, stepIdSchema } from '../plan/journey';
import { CONTENT_CHANNEL, contentSchema, MESSAGE_TYPES, PLAN_TYPES, triggerSchema } from '../plan/plan';
import { PLAN_ACTION_NAMES, PLAN_STATES, REJECT_TYPES, rejectInputSchema } from '../plan/stateMachine';
import { E164, LINE_USER_ID, PHONE_TEXTS } from '../phone';
import { isValidEmail, MESSAGES } from '../validation';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';

const id = z.string().min(1).max(64);
/** spec 001 3.1: 1 Ad-Hoc, 2 Lifecycle */
export const messageTypeSchema = z.union([z.literal(MESSAGE_TYPES.AD_HOC), z.literal(MESSAGE_TYPES.LIFECYCLE)], { error: 'Please choose the message type!' });

/** The campaign list's filters (spec 001 section 4) and the states each shows. */
export const PLAN_FILTERS = {
  ALL: PLAN_STATES.filter((s) => s !== 'ARCHIVE'),
  ACTIVE: ['APPROVED', 'ACTIVE', 'IN_PROGRESS', 'DEPLOYED'],
  PENDING_APPROVAL: ['PENDING_APPROVAL'],
  INACTIVE: ['INACTIVE', 'EXPIRED'],
  DRAFT: ['DRAFT'],
  REJECTED: ['REJECTED'],
  ARCHIVE: ['ARCHIVE'],
} as const satisfies Record<string, readonly (typeof PLAN_STATES)[number][]>;
export type PlanFilter = keyof typeof PLAN_FILTERS;

/** The home page's cards (spec 000 section 2). */
export const HOME_CARDS = ['ACTION_REQUIRED', 'EXPIRED', 'APPROVED', 'REJECTED'] as const;

export const planTotals = z.object({
  matched: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  uncertain: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  unsubscribes: z.number().int(),
  /** hard bounces and complaints the provider reported for the message's mail */
  bounces: z.number().int(),
  complaints: z.number().int(),
  /** answers to a thumb block's like/dislike prompt, each recipient's first answer */
  likes: z.number().int(),
  dislikes: z.number().int(),
});
export type PlanTotals = z.infer<typeof planTotals>;
/** A message's figures for its channel (shared/metrics): null where one does not apply or a rate has no base ('--'). */
export const messageFiguresSchema = z.object(Object.fromEntries(FIGURES.map((f) => [f, z.number().nullable()])) as Record<Figure, z.ZodNullable<z.ZodNumber>>);
const reasonCounts = z.partialRecord(z.enum(Object.keys(SEND_FAILURE_REASONS) as [SendFailureReason, ...SendFailureReason[]]), z.number().int());

export const planView = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  intro: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(PLAN_STATES),
  /** SINGLE, or BUILDER with its journey (a builder plan's channel and content are its first message step's) */
  type: z.enum(PLAN_TYPES).optional(),
  /** 1 ad hoc, 2 lifecycle (spec 001 3.1) */
  messageType: messageTypeSchema.optional(),
  journey: journeySchema.optional(),
  content: contentSchema,
  segmentId: z.string().optional(),
  trigger: triggerSchema,
  tagIds: z.array(z.string()),
  categoryId: z.string().optional(),
  groupId: z.string().optional(),
  reportMails: z.array(z.string()).optional(),
  approval: z.object({ participants: z.array(z.string()), deadline: z.number(), passedBy: z.array(z.string()), revision: z.number() }).optional(),
  rejection: z.object({ type: z.enum(REJECT_TYPES), reason: z.string(), by: z.string(), at: z.number() }).optional(),
  /** the actions the caller may take now */
  actions: z.array(z.enum(PLAN_ACTION_NAMES)),
  /** display names of the people the message names (author, participants, rejecter), by user id */
  people: z.record(z.string(), z.string()),
  createdBy: z.string(),
  version: z.number().int(),
  dateCreated: z.number(),
  dateUpdated: z.number(),
});
export type PlanView = z.infer<typeof planView>;

export const planListItem = planView
  .pick({
    id: true,
    name: true,
    title: true,
    channel: true,
    type: true,
    messageType: true,
    status: true,
    trigger: true,
    createdBy: true,
    dateCreated: true,
    dateUpdated: true,
    version: true,
    rejection: true,
    approval: true,
    people: true,
  })
  .extend({
    actions: z.array(z.enum(PLAN_ACTION_NAMES)),
    /**
     * true for a finished (DEPLOYED) message whose runs sent nobody: the campaign list and the home page's approved
     * card (`getCateByPage`, `getDashPlanByPage`) show "Finished: nothing sent" (issue 21)
     */
    nothingSent: z.boolean().optional(),
    /**
     * on the home page's action-required card: how many review warnings the message's content has
     * (shared/content/reviewWarnings), so an approver approving from the list is told to look first
     */
    reviewWarnings: z.number().int().optional(),
  });
export type PlanListItem = z.infer<typeof planListItem>;

const saveSingle = z
  .object({
    id: id.optional(),
    version: z.number().int().optional(),
    name: z.string({ error: 'Please input the name!' }).trim().min(1, 'Please input the name!').max(100),
    title: z.string({ error: 'Please input the title!' }).trim().min(1, 'Please input the title!').max(200),
    intro: z.string().trim().max(500).default(''),
    channel: z.enum(CHANNELS, { error: 'Please choose the channel!' }),
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
      ctx.addIssue({ code: 'custom', path: ['content'], message: `${plan.content.kind} content cannot be sent over ${plan.channel}.` });
    }
  });

/** A campaign of the builder (spec 000 /builder): its journey of steps, audience and trigger; saved whole as a draft. */
const saveDynamic = z.object({
  id: id.optional(),
  version: z.number().int().optional(),
  name: z.string({ error: 'Please input the name!' }).trim().min(1, 'Please input the name!').max(100),
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
  name: z.string({ error: 'Please input the name!' }).trim().min(1, 'Please input the name!').max(100),
  intro: z.string().trim().max(500).default(''),
  tagIds: z.array(id).max(50).default([]),
  /** null clears it */
  categoryId: id.nullable().optional(),
  groupId: id.nullable().optional(),
});

/**
 * Test mails of a draft go only to the organization's members or to the test addresses its administrators keep
 * (system setting), and a message gets at most this many in a rolling hour, each address counting one.
 */
export const TEST_MAIL_LIMITS = { perCall: 10, perMessagePerHour: 50, testAddresses: 100 } as const;

/** The server's words for a refused test mail, in the caller's language. */
export const TEST_MAIL_MESSAGES = {
  en: {
    notAllowed: '{address} is neither a member of this organization nor one of its test addresses (System settings).',
    tooMany: 'A message gets at most {max} test mails an hour; {left} left now. Try again in {minutes} min.',
    noLanguage: 'The message has no content in {language}.',
  },
  zh: {
    notAllowed: '{address} 既不是本组织的成员，也不在本组织的测试地址（系统设置）中。',
    tooMany: '每条消息每小时最多发送 {max} 封测试邮件，当前还可发送 {left} 封。请在 {minutes} 分钟后重试。',
    noLanguage: '该消息没有 {language} 的内容。',
  },
  ja: {
    notAllowed: '{address} はこの組織のメンバーでも、テスト用アドレス（システム設定）でもありません。',
    tooMany: 'テストメールは 1 メッセージにつき 1 時間に {max} 通までです（残り {left} 通）。{minutes} 分後にお試しください。',
    noLanguage: 'このメッセージには {language} のコンテンツがありません。',
  },
} as const;

/** The server's words for a message on a channel that cannot carry it (the channel registry decides). */
export const PLAN_CHANNEL_MESSAGES = {
  en: { notSendable: 'Messages cannot be sent on this channel yet.', otherChannel: 'The template is for another channel than the message.' },
  zh: { notSendable: '该渠道暂时还不能发送消息。', otherChannel: '该模板所属的渠道与消息的渠道不一致。' },
  ja: { notSendable: 'このチャネルではまだメッセージを送信できません。', otherChannel: 'テンプレートのチャネルがメッセージのチャネルと異なります。' },
} as const;

/**
 * Test sends on the other channels (plan.testSend) go, like test mails, only to the organization's own people:
 * the accounts whose primary address is a member's or one of the kept test addresses (plan.getTestTargets), at
 * the address each channel reaches them at; they count against the same TEST_MAIL_LIMITS of the message.
 */
export const TEST_SEND_CHANNELS = channelsWith('testSends');
export type TestSendChannel = ChannelsWith<'testSends'>;

/** The server's words for a refused test send, in the caller's language. */
export const TEST_SEND_MESSAGES = {
  en: {
    notAllowed: '{address} is not the address of an account of a member or of a test address (System settings) on this channel.',
    noTargets: 'No account of a member or of a test address can be reached on this channel: add the address to such an account first.',
    otherChannel: 'The message is sent on another channel.',
    refused: 'The provider refused the test to {address}: {reason}.',
  },
  zh: {
    notAllowed: '{address} 不是本组织成员或测试地址（系统设置）所对应账户在此渠道上的地址。',
    noTargets: '本组织成员或测试地址对应的账户在此渠道上都无法送达：请先为这些账户添加地址。',
    otherChannel: '该消息通过其他渠道发送。',
    refused: '服务商拒绝了发往 {address} 的测试：{reason}。',
  },
  ja: {
    notAllowed: '{address} は、このチャネルでのメンバーまたはテスト用アドレス（システム設定）のアカウントの宛先ではありません。',
    noTargets: 'このチャネルで届けられるメンバーまたはテスト用アドレスのアカウントがありません。先にアカウントに宛先を追加してください。',
    otherChannel: 'このメッセージは別のチャネルで送信されます。',
    refused: 'プロバイダーが {address} へのテストを拒否しました：{reason}。',
  },
} as const;

const testLanguage = z.string().trim().min(1).max(35).optional();
/** What a test of each channel goes to: phone numbers, devices (none named: every test device), LINE user ids; a letter is its PDF. */
export const testSendTarget = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('SMS'),
    // as people type numbers: international, or national (read with the organization's default country by the
    // handler); full-width digits as a Japanese keyboard gives them; spaces and punctuation dropped
    to: z
      .array(
        z
          .string()
          .trim()
          .max(40)
          .transform((v) => v.normalize('NFKC').replace(/[\s().-]/g, ''))
          .refine((v) => E164.test(v) || /^0\d{5,14}$/.test(v), PHONE_TEXTS.phone.en),
      )
      .min(1)
      .max(TEST_MAIL_LIMITS.perCall),
  }),
  z.object({ channel: z.literal('PUSH_NATIVE'), to: z.array(z.string().trim().min(1).max(200)).min(1).max(TEST_MAIL_LIMITS.perCall).optional() }),
  z.object({ channel: z.literal('LINE'), to: z.array(z.string().trim().regex(LINE_USER_ID, PHONE_TEXTS.lineUserId.en)).min(1).max(TEST_MAIL_LIMITS.perCall) }),
  z.object({ channel: z.literal('DIRECT_MAIL') }),
]);
export type TestSendTarget = z.infer<typeof testSendTarget>;

export const testTargetView = z.object({
  /** the account's name, or its primary address */
  name: z.string(),
  /** what a test names: the phone number, the LINE user id, the device id (a push token is never shown) */
  to: z.string(),
  /** a push device's platform and model */
  detail: z.string().optional(),
});

/** Channel nouns and reasons for "n of m can receive" (sendToReview's refusal; the wizard says the same). */
const REACH_WORDS = {
  en: {
    channel: { EMAIL: 'e-mail', SMS: 'SMS', PUSH_NATIVE: 'push notifications', LINE: 'LINE messages', DIRECT_MAIL: 'post' },
    head: (reachable: number, count: number, ch: string) => `${reachable} of ${count} can receive ${ch}`,
    noConsent: (n: number, ch: string) => `${n} have no ${ch} consent`,
    noAddress: (n: number, ch: string) => `${n} have no ${ch} address`,
    noPostal: (n: number) => `${n} have no complete postal address (an address line and a postcode)`,
    optedOut: (n: number, ch: string) => `${n} are on the ${ch} opt-out list`,
    other: (n: number, reason: string) => `${n} cannot be reached (${reason})`,
    sep: ', ',
  },
  zh: {
    channel: { EMAIL: '邮件', SMS: '短信', PUSH_NATIVE: '推送通知', LINE: 'LINE 消息', DIRECT_MAIL: '邮寄' },
    head: (reachable: number, count: number, ch: string) => `${count} 人中有 ${reachable} 人可以接收${ch}`,
    noConsent: (n: number, ch: string) => `${n} 人未同意接收${ch}`,
    noAddress: (n: number, ch: string) => `${n} 人没有${ch}地址`,
    noPostal: (n: number) => `${n} 人没有完整的邮寄地址（需要详细地址和邮政编码）`,
    optedOut: (n: number, ch: string) => `${n} 人在${ch}退订名单中`,
    other: (n: number, reason: string) => `${n} 人无法送达（${reason}）`,
    sep: '，',
  },
  ja: {
    channel: { EMAIL: 'メール', SMS: 'SMS', PUSH_NATIVE: 'プッシュ通知', LINE: 'LINE メッセージ', DIRECT_MAIL: '郵送' },
    head: (reachable: number, count: number, ch: string) => `${count} 人中 ${reachable} 人が${ch}を受信できます`,
    noConsent: (n: number, ch: string) => `${n} 人は${ch}の受信に同意していません`,
    noAddress: (n: number, ch: string) => `${n} 人は${ch}の宛先がありません`,
    noPostal: (n: number) => `${n} 人は郵送先の住所が不完全です（番地と郵便番号が必要です）`,
    optedOut: (n: number, ch: string) => `${n} 人は${ch}の配信停止リストにあります`,
    other: (n: number, reason: string) => `${n} 人には届きません（${reason}）`,
    sep: '、',
  },
} as const;

/** "0 of 192 can receive e-mail: 192 have no e-mail consent", the reasons largest first. */
export function reachText(
  lang: 'en' | 'zh' | 'ja',
  reach: { channel: (typeof CHANNELS)[number]; reachable: number; unreachable: Partial<Record<SendFailureReason, number>> },
  count: number,
): string {
  const w = REACH_WORDS[lang];
  const ch = w.channel[reach.channel];
  const parts = (Object.entries(reach.unreachable) as [SendFailureReason, number][])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => {
      if (reason === 'USER_SETTINGS_BLOCK') return w.noConsent(n, ch);
      if (reason === 'USER_NOT_MATCHED' && reach.channel === 'DIRECT_MAIL') return w.noPostal(n);
      if (reason === 'USER_NOT_MATCHED' || reason === 'APP_UNINSTALLED') return w.noAddress(n, ch);
      if (reason === 'UNSUBSCRIBED' || reason === 'BOUNCE' || reason === 'COMPLAINT') return w.optedOut(n, ch);
      return w.other(n, reason);
    });
  const head = w.head(reach.reachable, count, ch);
  return parts.length ? `${head}${lang === 'en' ? ': ' : '：'}${parts.join(w.sep)}` : head;
}

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
    payload: z.object({ id, version: z.number().int().optional(), reportMails: z.array(email).max(20, 'At most 20 report addresses.') }),
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
      emails: z.array(email).min(1, 'Please input the email!').max(TEST_MAIL_LIMITS.perCall),
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

const actionPayload = z.object({ id, version: z.number().int().optional() });

export const planActionServices = {
  sendToReview: operation({
    access: 'PLAN_CREATE',
    payload: actionPayload.extend({
      participants: z.array(id).min(1, 'Please choose the participants!').max(50),
      /** epoch ms: a pending message past it can no longer be approved */
      deadline: z.number().int(),
    }),
    response: planView,
  }),
  pass: operation({ access: 'PLAN_PASS', payload: actionPayload, response: planView }),
  reject: operation({ access: 'PLAN_REJECT', payload: actionPayload.extend(rejectInputSchema.shape), response: planView }),
  cancel: operation({ access: 'PLAN_CANCEL', payload: actionPayload, response: planView }),
  active: operation({ access: 'PLAN_ACTIVE', payload: actionPayload, response: planView }),
  inactive: operation({ access: 'PLAN_INACTIVE', payload: actionPayload, response: planView }),
  stop: operation({ access: 'PLAN_STOP', payload: actionPayload, response: planView }),
  /** a sent single message again to its segment, as a new run (who has opted out since is skipped) */
  resend: operation({ access: 'PLAN_RESEND', payload: actionPayload, response: planView }),
  archive: operation({ access: 'PLAN_DELETE', payload: actionPayload, response: planView }),
  unarchive: operation({ access: 'PLAN_DELETE', payload: actionPayload, response: planView }),
  modifyDateRange: operation({ access: 'PLAN_CHANGE_DATE', payload: actionPayload.extend({ trigger: triggerSchema }), response: planView }),
} as const;

/**
 * Spec 000's `trigger.save`: a draft's trigger (spec 001 section 3.4): immediately, a date, a recurring schedule,
 * or an app event (action code, geofence, beacon) with its delay, throttling, limiter rule and reset events.
 */
export const triggerServices = {
  save: operation({ access: 'PLAN_CREATE_TRIGGER', payload: actionPayload.extend({ trigger: triggerSchema }), response: planView }),
  /**
   * A recipient-action trigger's webhook (its `webhook` switched on and saved): its endpoint, and a new token for
   * it (the one before stops working). The token is shown in this answer only; Herald keeps its hash.
   */
  issueWebhookToken: operation({ access: 'PLAN_CREATE_TRIGGER', payload: idPayload, response: z.object({ url: z.string(), token: z.string(), issuedAt: z.number().int() }) }),
} as const;

export const planStatisticsServices = {
  /** a message's numbers: totals of its runs and sends, opens and clicks per hour (UTC) */
  detail: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: idPayload,
    response: z.object({
      totals: planTotals,
      /** failures and skips by their send-failure reason, over all runs */
      reasons: z.object({ failed: reasonCounts, skipped: reasonCounts }),
      hours: z.array(z.object({ hour: z.string(), sent: z.number().int(), opens: z.number().int(), clicks: z.number().int() })),
      /** the parts an SMS message's sends took (what the carrier bills) */
      smsParts: z.number().int(),
      /** every figure of spec 001 section 9 for the message's channel, as shared/metrics defines them */
      figures: messageFiguresSchema,
      /** a push message's sends and failures per device OS */
      os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), sent: z.number().int(), failed: z.number().int() })),
      /**
       * what the organization's apps reported of a push message (SDK events, each account and device once): opens
       * and clicks, per device OS too, and taps of its first and second button (CTA1, CTA2)
       */
      app: z.object({
        opens: z.number().int(),
        clicks: z.number().int(),
        os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), opens: z.number().int(), clicks: z.number().int() })),
        cta1: z.number().int(),
        cta2: z.number().int(),
      }),
      running: z.boolean(),
      /** every run of the message, newest first: when it went out and what it reached (the Schedule tab) */
      runs: z.array(
        z.object({
          runId: z.string(),
          status: z.enum(['RUNNING', 'DONE', 'STOPPED']),
          startedAt: z.number(),
          finishedAt: z.number().optional(),
          matched: z.number().int(),
          sent: z.number().int(),
          failed: z.number().int(),
          skipped: z.number().int(),
        }),
      ),
      /**
       * a builder campaign's steps (the Plan Step tab), in the order a walk from the entry meets them: how many
       * reached each, and what each message step sent and drew, over all runs
       */
      steps: z
        .array(
          z.object({
            stepId: z.string(),
            type: z.enum(STEP_TYPES),
            name: z.string(),
            reached: z.number().int(),
            sent: z.number().int().optional(),
            failed: z.number().int().optional(),
            skipped: z.number().int().optional(),
            opens: z.number().int().optional(),
            clicks: z.number().int().optional(),
          }),
        )
        .optional(),
    }),
  }),
} as const;

export const operationRecordServices = {
  getListByPage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({ ...pageRequest, planId: id }),
    response: pageOf(
      z.object({
        id: z.string(),
        action: z.enum(PLAN_ACTION_NAMES),
        from: z.enum(PLAN_STATES),
        to: z.string(),
        by: z.string(),
        /** the actor's display name ("system" for the pipeline) */
        byName: z.string(),
        at: z.number(),
        reason: z.string().optional(),
        rejectType: z.enum(REJECT_TYPES).optional(),
      }),
    ),
  }),
} as const;

export const sentRecordServices = {
  /**
   * the sent-records of one run of a message, a page at a time by cursor (runs can hold millions): `runId` one of
   * plan.stats' runs, or for a journey `<runId>~<stepId>` of one of its message steps; else the latest (a
   * journey's: its first message step)
   */
  getListByPage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({
      planId: id,
      runId: z.string().min(1).max(200).optional(),
      status: z.enum(SENT_STATES).optional(),
      cursor: z.string().max(2000).optional(),
      size: z.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(
        z.object({
          accountId: z.string(),
          address: z.string(),
          /** a push record's device: its id, and its model and platform where the device says them (not its token) */
          device: z.object({ id: z.string(), model: z.string().optional(), platform: z.string().optional() }).optional(),
          status: z.enum(SENT_STATES),
          reason: z.string().optional(),
          /** what the provider said, or why Herald did not send (a letter's incomplete address) */
          detail: z.string().optional(),
          doneAt: z.number().optional(),
          claimedAt: z.number(),
        }),
      ),
      cursor: z.string().optional(),
    }),
  }),
} as const;

/** spec 001 section 5 */
export const UNSUBSCRIPTION_NONE_SELECTED = 'No target were selected';
/** a page's worth, and one DynamoDB transaction */
export const UNSUBSCRIPTION_DELETE_MAX = 100;

export const messageUnsubscriptionServices = {
  getListByPage: operation({
    access: 'NAV_MESSAGE_UNSUBSCRIPTION',
    payload: z.object({ ...pageRequest, target: z.string().max(320).optional(), channelName: z.enum(CHANNELS).optional() }),
    response: pageOf(
      z.object({
        id: z.string(),
        target: z.string(),
        channelName: z.enum(CHANNELS),
        source: z.enum(UNSUBSCRIPTION_SOURCES),
        planId: z.string().optional(),
        dateCreated: z.number(),
      }),
    ),
  }),
  /** One entry by `id`, or the chosen ones by `ids` (all of them or, if one is missing, none). */
  delete: operation({
    access: 'NAV_MESSAGE_UNSUBSCRIPTION',
    payload: z
      .object({
        id: z.string().min(1).max(400).optional(),
        /** spec 001 section 5: 'No target were selected' */
        ids: z
          .array(z.string().min(1).max(400))
          .min(1, UNSUBSCRIPTION_NONE_SELECTED)
          .max(UNSUBSCRIPTION_DELETE_MAX, `At most ${UNSUBSCRIPTION_DELETE_MAX} entries at once.`)
          .optional(),
      })
      .refine((p) => (p.id === undefined) !== (p.ids === undefined), { message: UNSUBSCRIPTION_NONE_SELECTED, path: ['ids'] }),
    response: ok,
  }),
} as const;
