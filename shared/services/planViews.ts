import * as z from 'zod';
import { CHANNELS, SEND_FAILURE_REASONS, type SendFailureReason } from '../delivery';
import { FIGURES, type Figure } from '../metrics';
import { journeySchema } from '../plan/journey';
import { contentSchema, MESSAGE_TYPES, PLAN_TYPES, triggerSchema } from '../plan/plan';
import { PLAN_ACTION_NAMES, PLAN_STATES, REJECT_TYPES } from '../plan/stateMachine';
import { say } from '../i18n/say';

export const id = z.string().min(1).max(64);
/** spec 001 3.1 */
export const messageTypeSchema = z.union([z.literal(MESSAGE_TYPES.AD_HOC), z.literal(MESSAGE_TYPES.LIFECYCLE)], { error: say('messageType.choose') });

/** spec 001 section 4 */
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

/** spec 000 section 2 */
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
  bounces: z.number().int(),
  complaints: z.number().int(),
  /** each recipient's first answer */
  likes: z.number().int(),
  dislikes: z.number().int(),
});
export type PlanTotals = z.infer<typeof planTotals>;
/** null where one does not apply or a rate has no base ('--') */
export const messageFiguresSchema = z.object(Object.fromEntries(FIGURES.map((f) => [f, z.number().nullable()])) as Record<Figure, z.ZodNullable<z.ZodNumber>>);
export const reasonCounts = z.partialRecord(z.enum(Object.keys(SEND_FAILURE_REASONS) as [SendFailureReason, ...SendFailureReason[]]), z.number().int());

export const planView = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  intro: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(PLAN_STATES),
  /** a builder plan's channel and content are its first message step's */
  type: z.enum(PLAN_TYPES).optional(),
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
  actions: z.array(z.enum(PLAN_ACTION_NAMES)),
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
    /** a finished message whose runs sent nobody reads "Finished: nothing sent" (issue 21) */
    nothingSent: z.boolean().optional(),
    /** so an approver approving from the home page is told to look first */
    reviewWarnings: z.number().int().optional(),
  });
export type PlanListItem = z.infer<typeof planListItem>;
