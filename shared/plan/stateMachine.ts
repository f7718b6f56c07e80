/**
 * The plan (message) state machine, declared once as data: spec 001 section 4's message states and spec 000
 * section 4's plan actions. Each action names the states it may start from, where it leads, the permission it
 * needs (spec 000 section 6) and the catalogue code that answers it in any other state.
 *
 * The spec leaves the exact transitions open ("not shown"); the choices here are:
 * - a message is written as a DRAFT, sent to review (PENDING_APPROVAL), passed (APPROVED) by every participant
 *   of its approval sheet, then made ACTIVE (the spec's "confirm"); the scheduler fires it (IN_PROGRESS) and it
 *   ends DEPLOYED. A deployed message can be resent (failed records) and archived.
 * - a review past its deadline EXPIRES; rejected and expired messages go back to DRAFT by saving them.
 * - stopping a send ends it as DEPLOYED: what was sent stays sent, so every state from IN_PROGRESS on means
 *   "has been sent" and nothing in it can be edited or deleted (730002).
 * - where the spec has no code of its own for a refusal, 720007 ("deleted or changed by someone else") answers:
 *   screens only offer allowed actions, so a refused one means the screen showed an older state.
 */
import * as z from 'zod';
import { idString } from '../entities/entity';
import type { ErrorCode } from '../errors';
import type { Permission } from '../permissions';
import { say } from '../i18n/say';

/** Spec 001 section 4: the campaign list's states (less the "All" filter) and the further message states. */
export const PLAN_STATES = ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED', 'ACTIVE', 'INACTIVE', 'IN_PROGRESS', 'DEPLOYED', 'ARCHIVE'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** The state a new plan is saved in. */
export const INITIAL_PLAN_STATE: PlanState = 'DRAFT';

/** The spec's display names; the i18n texts live in the web app. */
export const PLAN_STATE_NAMES: Record<PlanState, string> = {
  DRAFT: 'Draft',
  PENDING_APPROVAL: 'Pending Approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  IN_PROGRESS: 'In Progress',
  DEPLOYED: 'Deployed',
  ARCHIVE: 'Archive',
};

/** Where `delete` leads: the record is removed. Not a state a plan is stored in. */
export const DELETED = 'DELETED';
export type PlanOutcome = PlanState | typeof DELETED;

/** Actions that keep the plan in the state it is in (edits of details, dates). */
export const UNCHANGED = 'UNCHANGED';

export interface PlanActionDef {
  from: readonly PlanState[];
  to: PlanOutcome | typeof UNCHANGED;
  /** null: a system action (scheduler, send pipeline, deadline timer) that no user may invoke */
  permission: Permission | null;
  /** the answer in any state outside `from` */
  refused: ErrorCode;
  /** a more fitting answer in particular states */
  refusedIn?: Partial<Record<PlanState, ErrorCode>>;
  /** the message's author may not take this action (approving or rejecting their own message) */
  notByAuthor?: true;
}

const SENT = { IN_PROGRESS: '730002', DEPLOYED: '730002', ARCHIVE: '730002' } as const satisfies Partial<Record<PlanState, ErrorCode>>;

const defineActions = <const T extends Record<string, PlanActionDef>>(actions: T): T => actions;

/**
 * Spec 000 section 4 and spec 001 section 4 name the user actions (modify date range, edit base info, save as
 * draft, send to review included); `fire`, `complete` and `expire` are the send pipeline's and the approval
 * deadline timer's.
 */
export const PLAN_ACTIONS = defineActions({
  saveDraft: {
    from: ['DRAFT', 'REJECTED', 'EXPIRED'],
    to: 'DRAFT',
    permission: 'PLAN_CREATE',
    refused: '730007',
    refusedIn: SENT,
  },
  sendToReview: {
    from: ['DRAFT'],
    to: 'PENDING_APPROVAL',
    permission: 'PLAN_CREATE',
    refused: '730007',
    refusedIn: { REJECTED: '730012', EXPIRED: '730012', ...SENT },
  },
  cancel: {
    from: ['PENDING_APPROVAL', 'APPROVED', 'ACTIVE', 'INACTIVE'],
    to: 'DRAFT',
    permission: 'PLAN_CANCEL',
    refused: '720007',
    refusedIn: { EXPIRED: '730003', ...SENT },
  },
  pass: {
    from: ['PENDING_APPROVAL'],
    to: 'APPROVED',
    permission: 'PLAN_PASS',
    refused: '720007',
    refusedIn: { EXPIRED: '730003', ...SENT },
    notByAuthor: true,
  },
  reject: {
    from: ['PENDING_APPROVAL'],
    to: 'REJECTED',
    permission: 'PLAN_REJECT',
    refused: '720007',
    refusedIn: { EXPIRED: '730003', ...SENT },
    notByAuthor: true,
  },
  active: {
    from: ['APPROVED', 'INACTIVE'],
    to: 'ACTIVE',
    permission: 'PLAN_ACTIVE',
    refused: '720007',
    refusedIn: { DRAFT: '730012', REJECTED: '730012', EXPIRED: '730012', PENDING_APPROVAL: '730013', ...SENT },
  },
  inactive: {
    from: ['APPROVED', 'ACTIVE'],
    to: 'INACTIVE',
    permission: 'PLAN_INACTIVE',
    refused: '720007',
    refusedIn: SENT,
  },
  stop: {
    from: ['IN_PROGRESS'],
    to: 'DEPLOYED',
    permission: 'PLAN_STOP',
    refused: '740001',
  },
  resend: {
    from: ['DEPLOYED'],
    to: 'IN_PROGRESS',
    permission: 'PLAN_RESEND',
    refused: '730004',
    refusedIn: { IN_PROGRESS: '730005' },
  },
  delete: {
    from: ['DRAFT', 'REJECTED', 'EXPIRED', 'APPROVED', 'INACTIVE'],
    to: DELETED,
    permission: 'PLAN_DELETE',
    refused: '730010',
    refusedIn: SENT,
  },
  // The spec names no archive permission; PLAN_DELETE stands in until PLAN_ARCHIVE exists.
  archive: {
    from: ['DEPLOYED'],
    to: 'ARCHIVE',
    permission: 'PLAN_DELETE',
    refused: '720007',
  },
  unarchive: {
    from: ['ARCHIVE'],
    to: 'DEPLOYED',
    permission: 'PLAN_DELETE',
    refused: '720007',
  },
  modifyDateRange: {
    from: ['DRAFT', 'REJECTED', 'EXPIRED', 'APPROVED', 'ACTIVE', 'INACTIVE'],
    to: UNCHANGED,
    permission: 'PLAN_CHANGE_DATE',
    refused: '750003',
    refusedIn: { PENDING_APPROVAL: '750001' },
  },
  editBaseInfo: {
    from: ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED', 'ACTIVE', 'INACTIVE', 'IN_PROGRESS', 'DEPLOYED'],
    to: UNCHANGED,
    permission: 'PLAN_CHANGE_CONTENT',
    refused: '730007',
  },
  fire: {
    from: ['ACTIVE'],
    to: 'IN_PROGRESS',
    permission: null,
    refused: '720007',
    refusedIn: { IN_PROGRESS: '730005', DEPLOYED: '730002', ARCHIVE: '730002' },
  },
  complete: {
    from: ['IN_PROGRESS'],
    to: 'DEPLOYED',
    permission: null,
    refused: '740001',
  },
  /** the last participant's pass schedules the message: approved means it goes out at its time */
  activate: {
    from: ['APPROVED'],
    to: 'ACTIVE',
    permission: null,
    refused: '720007',
    refusedIn: SENT,
  },
  /** one participant's pass while others have still to pass: recorded on the sheet, the state stays */
  recordPass: {
    from: ['PENDING_APPROVAL'],
    to: UNCHANGED,
    permission: null,
    refused: '720007',
    refusedIn: { EXPIRED: '730003', ...SENT },
  },
  expire: {
    from: ['PENDING_APPROVAL'],
    to: 'EXPIRED',
    permission: null,
    refused: '720007',
    refusedIn: { EXPIRED: '730003' },
  },
});

export type PlanAction = keyof typeof PLAN_ACTIONS;
export const PLAN_ACTION_NAMES = Object.keys(PLAN_ACTIONS) as [PlanAction, ...PlanAction[]];
const ACTION_DEFS: Record<PlanAction, PlanActionDef> = PLAN_ACTIONS;

export function isSystemAction(action: PlanAction): boolean {
  return ACTION_DEFS[action].permission === null;
}

export type TransitionResult = { ok: true; to: PlanOutcome } | { ok: false; code: ErrorCode };

/** Where `action` leads from `state`, or the catalogue code that refuses it. Pure; says nothing about who acts. */
export function transition(state: PlanState, action: PlanAction): TransitionResult {
  const def = ACTION_DEFS[action];
  if (!def.from.includes(state)) return { ok: false, code: def.refusedIn?.[state] ?? def.refused };
  return { ok: true, to: def.to === UNCHANGED ? state : def.to };
}

export interface UserActor {
  kind: 'user';
  permissions: readonly string[];
  /** the caller wrote the message */
  isAuthor: boolean;
}
export type PlanActor = UserActor | { kind: 'system' };

/** Whether `actor` may take `action` at all, whatever the state: 730001 when not. */
export function mayInvoke(action: PlanAction, actor: PlanActor): boolean {
  const def = ACTION_DEFS[action];
  if (def.permission === null) return actor.kind === 'system';
  if (actor.kind !== 'user') return false;
  return actor.permissions.includes(def.permission) && !(def.notByAuthor && actor.isAuthor);
}

/** The service's check: who may act first (730001), then whether the state allows it. */
export function checkAction(state: PlanState, action: PlanAction, actor: PlanActor): TransitionResult {
  if (!mayInvoke(action, actor)) return { ok: false, code: '730001' };
  return transition(state, action);
}

/** The user actions a screen offers for a plan in `state`, in declaration order. */
export function allowedActions(state: PlanState, heldPermissions: readonly string[], { isAuthor }: { isAuthor: boolean }): PlanAction[] {
  const actor: UserActor = { kind: 'user', permissions: heldPermissions, isAuthor };
  return PLAN_ACTION_NAMES.filter((a) => ACTION_DEFS[a].from.includes(state) && mayInvoke(a, actor));
}

// --- Rejection: spec 001 section 5 requires a type and a reason. The spec lists no types; these are ours.

export const REJECT_TYPES = ['CONTENT', 'AUDIENCE', 'SCHEDULE', 'COMPLIANCE', 'OTHER'] as const;
export type RejectType = (typeof REJECT_TYPES)[number];
export const REJECT_REASON_MAX = 1000;

export const rejectInputSchema = z.object({
  type: z.enum(REJECT_TYPES, { error: say('validation.chooseRequired', { param: say('field.type') }) }),
  reason: z
    .string({ error: say('form.reasonRequired') })
    .trim()
    .min(1, say('form.reasonRequired'))
    .max(REJECT_REASON_MAX),
});
export type RejectInput = z.output<typeof rejectInputSchema>;

// --- Approval sheets (spec 001 section 3.5): participants, a deadline, and every participant's pass.

/** Review statuses of an approval sheet. */
export const REVIEW_STATUSES = ['NEW', 'PROCESS', 'REJECT', 'PASS'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const approvalSchema = z.object({
  participants: z
    .array(idString)
    .min(1, say('validation.chooseRequired', { param: say('field.participants') }))
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, say('approval.listedTwice')),
  /** epoch ms: past it, a pending message can no longer be approved and expires (730003) */
  deadline: z.number().int(),
  /** participants who have passed this revision */
  passedBy: z.array(idString).default([]),
  revision: z.number().int().min(1).default(1),
});
export type Approval = z.output<typeof approvalSchema>;

/** An approval request is sound when the deadline lies ahead and the author does not review their own message. */
export function checkApprovalRequest(
  approval: Pick<Approval, 'participants' | 'deadline'>,
  authorId: string,
  now: number,
): { ok: true } | { ok: false; code: ErrorCode; detail: string } {
  if (approval.deadline <= now) return { ok: false, code: '400016', detail: say('approval.deadlinePast') };
  if (approval.participants.includes(authorId)) {
    return { ok: false, code: '400016', detail: say('render.ownApproval') };
  }
  return { ok: true };
}

export function isApprovalExpired(approval: Pick<Approval, 'deadline'>, now: number): boolean {
  return now > approval.deadline;
}

export function approvalComplete(approval: Pick<Approval, 'participants' | 'passedBy'>): boolean {
  return approval.participants.every((p) => approval.passedBy.includes(p));
}

/**
 * One participant's pass. The plan takes the `pass` transition only when `complete`; until then it stays
 * PENDING_APPROVAL and a confirm answers 730013. Passing twice changes nothing.
 */
export function recordPass(approval: Approval, userId: string, now: number): { ok: true; approval: Approval; complete: boolean } | { ok: false; code: ErrorCode } {
  if (!approval.participants.includes(userId)) return { ok: false, code: '730001' };
  if (isApprovalExpired(approval, now)) return { ok: false, code: '730003' };
  const passedBy = approval.passedBy.includes(userId) ? approval.passedBy : [...approval.passedBy, userId];
  const next = { ...approval, passedBy };
  return { ok: true, approval: next, complete: approvalComplete(next) };
}

/** A participant's reject ends the review at once; the same participant and deadline rules as a pass. */
export function checkReject(approval: Approval, userId: string, now: number): { ok: true } | { ok: false; code: ErrorCode } {
  if (!approval.participants.includes(userId)) return { ok: false, code: '730001' };
  if (isApprovalExpired(approval, now)) return { ok: false, code: '730003' };
  return { ok: true };
}
