// The effect of members' own alert rules (userAlert): an event of a member's message or cloud source reaches the
// member through the notifications, on the channels their matching rules ask for, once per event however many of
// their rules match it and however often the job that saw it runs.
import { type UserAlert, type UserAlertEvent, userAlertFiredIdOf, userAlertPrefixOf } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { CONDITIONS, type TenantStore } from '../../store/store';

const MARKER_DAYS = 90;

export interface AlertEvent {
  event: UserAlertEvent;
  userId: string;
  key: string;
  at: number;
  subject: 'PLAN' | 'CLOUD_SOURCE';
  subjectId: string;
  name: string;
  sent?: number;
  failed?: number;
  reason?: string;
}

export const ALERT_KIND = { RUN_FAILURE_RATE: 'ALERT_FAILURE_RATE', CLOUD_SOURCE_FAILED: 'ALERT_SOURCE_FAILED' } as const;

function matches(rule: UserAlert, e: AlertEvent): boolean {
  if (!rule.enabled || rule.event !== e.event) return false;
  if (e.event !== 'RUN_FAILURE_RATE') return true;
  const failed = e.failed ?? 0;
  const total = failed + (e.sent ?? 0);
  return total > 0 && failed * 100 >= rule.threshold * total;
}

export async function rulesOf(deps: { tenant: TenantStore }, userId: string): Promise<UserAlert[]> {
  const rules: UserAlert[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.tenant.queryPage('userAlert', { sortPrefix: { name: 'id', value: userAlertPrefixOf(userId) }, startKey });
    rules.push(...(page.items as UserAlert[]));
    startKey = page.lastKey;
  } while (startKey);
  return rules;
}

/**
 * The channels a member's matching rules ask for, once per event: undefined when no enabled rule matches, or when the
 * event was already claimed (its marker is written first: a second run of the same job finds it and says nothing, so
 * an alert is at most once even if a run stops in between).
 */
export async function claimAlert(deps: { tenant: TenantStore }, e: AlertEvent): Promise<{ portal: boolean; email: boolean } | undefined> {
  const matching = (await rulesOf(deps, e.userId)).filter((r) => matches(r, e));
  if (matching.length === 0) return undefined;
  const marker = { orgId: deps.tenant.orgId, id: userAlertFiredIdOf(e.userId, `${e.event}:${e.key}`), expiresAt: Math.floor(e.at / 1000) + MARKER_DAYS * 86_400 };
  try {
    // a marker carries only its keys and its expiry: it is no rule
    await deps.tenant.put('userAlert', marker as never, CONDITIONS.isNew('id'), '720001');
  } catch (err) {
    if (err instanceof AppError && err.code === '720001') return undefined;
    throw err;
  }
  return { portal: matching.some((r) => r.portal), email: matching.some((r) => r.email) };
}
