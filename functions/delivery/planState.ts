// A plan's state changes, written one way for people (planAction) and for the pipeline (fire, complete, expire): the
// state machine decides; the plan is written only if its version is still the one read, in one transaction with its
// operation record and whatever else the change brings (a run).
import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '../../shared/errors';
import { AppError } from '../../shared/errors';
import { planKeyOf } from '../../shared/entities';
import { MESSAGE_TYPE_KEYS, say } from '../../shared/i18n';
import { MESSAGE_TYPE_PERMISSION, type MessageType, type OperationRecord, type Plan } from '../../shared/plan/plan';
import { checkAction, DELETED, type PlanAction, type PlanActor, type PlanState } from '../../shared/plan/stateMachine';
import type { Store, TransactItem } from '../store/store';
import { triggerIndexWrites } from './triggerIndex';

export const SYSTEM_ACTOR = 'system';
/** Who makes the changes no person makes (fire, complete, activate, expire): the system, recorded as SYSTEM_ACTOR. */
export const BY_SYSTEM = { actor: { kind: 'system' }, by: SYSTEM_ACTOR } as const satisfies Pick<TransitionInput, 'actor' | 'by'>;

export function operationRecordId(at: number): string {
  return `${String(at).padStart(15, '0')}-${randomUUID().slice(0, 8)}`;
}

export interface TransitionInput {
  plan: Plan;
  action: PlanAction;
  actor: PlanActor;
  by: string;
  now: number;
  changes?: Partial<Plan>;
  reason?: string;
  rejectType?: OperationRecord['rejectType'];
  with?: (TransactItem & { failCode?: ErrorCode })[];
  /** a stale version answers this (the pipeline uses it to tell "someone else did it") */
  staleCode?: ErrorCode;
}

/** A person works on a message only of a type their role holds (spec 000 section 6: message types gate features). */
export function requireMessageType(permissions: readonly string[], type: MessageType | undefined): void {
  const t = type ?? 1;
  if (permissions.includes(MESSAGE_TYPE_PERMISSION[t])) return;
  throw new AppError('730001', say('messageType.denied', { type: say(`messageType.${MESSAGE_TYPE_KEYS[t]}`) }));
}

export async function applyTransition(store: Store, input: TransitionInput): Promise<Plan | undefined> {
  const { plan, action, now } = input;
  // every action of a person, on the type the message has and on one a save gives it
  if (input.actor.kind === 'user') {
    requireMessageType(input.actor.permissions, plan.messageType);
    if (input.changes?.messageType !== undefined) requireMessageType(input.actor.permissions, input.changes.messageType);
  }
  const outcome = checkAction(plan.status, action, input.actor);
  if (!outcome.ok) throw new AppError(outcome.code);
  const to: PlanState | typeof DELETED = outcome.to;
  const record: OperationRecord & { planKey: string } = {
    planKey: planKeyOf(plan.orgId, plan.id),
    orgId: plan.orgId,
    id: operationRecordId(now),
    planId: plan.id,
    action,
    from: plan.status,
    to,
    by: input.by,
    at: now,
    ...(input.reason ? { reason: input.reason } : {}),
    ...(input.rejectType ? { rejectType: input.rejectType } : {}),
  };
  // keyed in the plan's organization by the tenant store (operation records are org-keyed)
  const placed = store.forOrg(plan.orgId).keyed('operationRecord').place(plan.id, record);
  const key = { orgId: plan.orgId, id: plan.id };
  const versionIs = {
    ConditionExpression: '#v = :v',
    ExpressionAttributeNames: { '#v': 'version' },
    ExpressionAttributeValues: { ':v': plan.version },
  };
  const staleCode = input.staleCode ?? '720007';
  const next: Plan | undefined = to === DELETED ? undefined : { ...plan, ...input.changes, status: to, version: plan.version + 1, dateUpdated: now, updatedBy: input.by };
  const planWrite: TransactItem = next
    ? { Put: { TableName: store.table('plan'), Item: next, ...versionIs } }
    : { Delete: { TableName: store.table('plan'), Key: key, ...versionIs } };
  await store.transact([
    { ...planWrite, failCode: staleCode },
    { Put: { TableName: store.table('operationRecord'), Item: placed } },
    ...(input.with ?? []),
    // an event trigger listens while ACTIVE: the index of listening plans changes with the state
    ...triggerIndexWrites(store, plan, next),
  ]);
  return next;
}
