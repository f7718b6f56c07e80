/**
 * The plan state machine as data: spec 001 section 4's states and spec 000 section 4's actions.
 * The spec leaves transitions open; ours: stopping a send ends it DEPLOYED, so every state from IN_PROGRESS on means "has been sent" (730002).
 * A refusal without a spec code answers 720007: screens offer only allowed actions, so a refused one means a stale screen.
 */
import * as z from 'zod';
import { idString } from '../entities/entity';
import type { ErrorCode } from '../errors';
import type { Permission } from '../permissions';
import { say } from '../i18n/say';

/** Spec 001 section 4. */
export const PLAN_STATES = ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'EXPIRED', 'ACTIVE', 'INACTIVE', 'IN_PROGRESS', 'DEPLOYED', 'ARCHIVE'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const INITIAL_PLAN_STATE: PlanState = 'DRAFT';

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

export const DELETED = 'DELETED';
export type PlanOutcome = PlanState | typeof DELETED;

export const UNCHANGED = 'UNCHANGED';

export interface PlanActionDef {
  from: readonly PlanState[];
  to: PlanOutcome | typeof UNCHANGED;
  /** null: a system action no user may invoke */
  permission: Permission | null;
  refused: ErrorCode;
  refusedIn?: Partial<Record<PlanState, ErrorCode>>;
  notByAuthor?: true;
}

const SENT = { IN_PROGRESS: '730002', DEPLOYED: '730002', ARCHIVE: '730002' } as const satisfies Partial<Record<PlanState, ErrorCode>>;

const defineActions = <const T extends Record<string, PlanActionDef>>(actions: T): T => actions;

/** `fire`, `complete` and `expire` are the send pipeline's and the deadline timer's. */
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
  activate: {
    from: ['APPROVED'],
    to: 'ACTIVE',
    permission: null,
    refused: '720007',
    refusedIn: SENT,
  },
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

export function transition(state: PlanState, action: PlanAction): TransitionResult {
  const def = ACTION_DEFS[action];
  if (!def.from.includes(state)) return { ok: false, code: def.refusedIn?.[state] ?? def.refused };
  return { ok: true, to: def.to === UNCHANGED ? state : def.to };
}

export interface UserActor {
  kind: 'user';
  permissions: readonly string[];
  isAuthor: boolean;
}
export type PlanActor = UserActor | { kind: 'system' };

export function mayInvoke(action: PlanAction, actor: PlanActor): boolean {
  const def = ACTION_DEFS[action];
  if (def.permission === null) return actor.kind === 'system';
  if (actor.kind !== 'user') return false;
  return actor.permissions.includes(def.permission) && !(def.notByAuthor && actor.isAuthor);
}

export function checkAction(state: PlanState, action: PlanAction, actor: PlanActor): TransitionResult {
  if (!mayInvoke(action, actor)) return { ok: false, code: '730001' };
  return transition(state, action);
}

export function allowedActions(state: PlanState, heldPermissions: readonly string[], { isAuthor }: { isAuthor: boolean }): PlanAction[] {
  const actor: UserActor = { kind: 'user', permissions: heldPermissions, isAuthor };
  return PLAN_ACTION_NAMES.filter((a) => ACTION_DEFS[a].from.includes(state) && mayInvoke(a, actor));
}

// Spec 001 section 5 requires a rejection type and reason but lists no types; these are ours.

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

// Approval sheets (spec 001 section 3.5)

export const REVIEW_STATUSES = ['NEW', 'PROCESS', 'REJECT', 'PASS'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const approvalSchema = z.object({
  participants: z
    .array(idString)
    .min(1, say('validation.chooseRequired', { param: say('field.participants') }))
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, say('approval.listedTwice')),
  deadline: z.number().int(),
  passedBy: z.array(idString).default([]),
  revision: z.number().int().min(1).default(1),
});
export type Approval = z.output<typeof approvalSchema>;

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

/** Until `complete` the plan stays PENDING_APPROVAL and a confirm answers 730013. */
export function recordPass(approval: Approval, userId: string, now: number): { ok: true; approval: Approval; complete: boolean } | { ok: false; code: ErrorCode } {
  if (!approval.participants.includes(userId)) return { ok: false, code: '730001' };
  if (isApprovalExpired(approval, now)) return { ok: false, code: '730003' };
  const passedBy = approval.passedBy.includes(userId) ? approval.passedBy : [...approval.passedBy, userId];
  const next = { ...approval, passedBy };
  return { ok: true, approval: next, complete: approvalComplete(next) };
}

export function checkReject(approval: Approval, userId: string, now: number): { ok: true } | { ok: false; code: ErrorCode } {
  if (!approval.participants.includes(userId)) return { ok: false, code: '730001' };
  if (isApprovalExpired(approval, now)) return { ok: false, code: '730003' };
  return { ok: true };
}
