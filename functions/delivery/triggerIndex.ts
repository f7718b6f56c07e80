// The trigger engine's keys in the triggerState table (shared/entities/trigger.ts), and the index of the ACTIVE plans
// an app event wakes, written in the same transaction as the plan's change of state.
import { createHash } from 'node:crypto';
import { type EventTrigger, isEventTrigger, listenKeyOf, resetKeysOf, visitedUrlOf } from '../../shared/plan/trigger';
import type { Plan } from '../../shared/plan/plan';
import type { Store, TransactItem } from '../store/store';

export const zonesKey = (orgId: number) => `zones#${orgId}`;
export const listenKey = (orgId: number, key: string) => `on#${orgId}#${key}`;
export const limitKey = (orgId: number, planId: string, accountId: string) => `limit#${orgId}#${planId}#${accountId}`;
/** A trigger's inbound webhook: the hash of its token (the token itself is only ever in `issueWebhookToken`'s answer). */
export const hookKey = (orgId: number, planId: string) => `hook#${orgId}#${planId}`;

export function urlKeyOf(url: string): string | undefined {
  const visited = visitedUrlOf(url);
  return visited === undefined ? undefined : `URL:${createHash('sha256').update(visited).digest('base64url')}`;
}

export function fireKeysOf(t: EventTrigger): string[] {
  const url = t.kind === 'ACTION' && t.url ? urlKeyOf(t.url) : undefined;
  return url ? [listenKeyOf(t), url] : [listenKeyOf(t)];
}

const indexKeysOf = (plan: { orgId: number; trigger: Plan['trigger'] }): string[] =>
  isEventTrigger(plan.trigger) ? [...fireKeysOf(plan.trigger), ...resetKeysOf(plan.trigger)].map((k) => listenKey(plan.orgId, k)) : [];

/** The index writes of a plan's change of state (written in the change's transaction). */
export function triggerIndexWrites(store: Store, before: Plan, after: Plan | undefined): TransactItem[] {
  const old = before.status === 'ACTIVE' ? indexKeysOf(before) : [];
  const next = after?.status === 'ACTIVE' ? indexKeysOf(after) : [];
  const write = (key: string, op: 'ADD' | 'DELETE'): TransactItem => ({
    Update: {
      TableName: store.table('triggerState'),
      Key: { key },
      UpdateExpression: `${op} #p :p`,
      ExpressionAttributeNames: { '#p': 'plans' },
      ExpressionAttributeValues: { ':p': new Set([before.id]) },
    },
  });
  return [...old.filter((k) => !next.includes(k)).map((k) => write(k, 'DELETE')), ...next.filter((k) => !old.includes(k)).map((k) => write(k, 'ADD'))];
}
