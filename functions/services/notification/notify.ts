// Writing notifications: one item per person concerned, in the organization the event happened in.
// A mail that fails is logged, never the operation's failure.
import { randomUUID } from 'node:crypto';
import { type Notification, NOTIFICATION_ALERT_TYPE, type NotificationKind, notificationPrefixOf, sheetIdOf } from '../../../shared/entities';
import { displayName } from '../../../shared/format';
import { NOTIFICATION_TEXTS, textIn, textsIn } from '../../../shared/i18n';
import type { UserDirectory } from '../../contract/capabilities';
import { userDirectory } from '../auth';
import { tenantLedger } from '../../delivery';
import type { Runtime } from '../../platform/runtime';
import type { Store, TenantStore } from '../../store/store';
import { ALERT_KIND, type AlertEvent, claimAlert } from './alerts';

export interface NotifyDeps {
  rt: Runtime;
  tenant: TenantStore;
  users: Pick<UserDirectory, 'get'>;
  /** a request's own: the mails then go after its answer, never delaying it (AuthedContext.afterCommit) */
  afterCommit?(work: () => Promise<unknown>): void;
}

export interface NotifyInput {
  kind: NotificationKind;
  /** user ids; the person who caused it is never told of their own act */
  to: readonly string[];
  subject: Notification['subject'];
  subjectId: string;
  name: string;
  by: string;
  reason?: string;
  sent?: number;
  failed?: number;
  /** makes the items' ids fixed, so a retried job writes the same notifications again rather than new ones */
  once?: { at: number; key: string };
  channels?: { portal: boolean; email: boolean };
}

/** Ids sort by time within a user's: `<userId>#<15-digit ms>-<random>`. */
export const notificationIdOf = (userId: string, at: number, key = randomUUID().slice(0, 8)) => `${notificationPrefixOf(userId)}${String(at).padStart(15, '0')}-${key}`;

function linkOf(rt: Runtime, n: NotifyInput): string {
  const base = rt.config.publicUrl.replace(/\/$/, '');
  if (n.subject === 'PLAN')
    return `${base}/campaigns/detail?id=${encodeURIComponent(n.subjectId)}&tab=${n.kind === 'SEND_FINISHED' || n.kind === 'ALERT_FAILURE_RATE' ? 'analytics' : 'approval'}`;
  if (n.subject === 'CLOUD_SOURCE') return `${base}/library/cloud-source/history?source=${encodeURIComponent(n.subjectId)}`;
  return `${base}/notification`;
}

export async function notifyPeople(deps: NotifyDeps, n: NotifyInput): Promise<void> {
  const to = [...new Set(n.to)].filter((id) => id !== n.by);
  if (to.length === 0) return;
  const now = deps.rt.clock.now();
  // only members of this organization hear of its messages
  const members = await deps.tenant.getMany('organizationUser', [...to, ...(n.by === 'system' ? [] : [n.by])]);
  const byId = new Map(members.filter((m) => m !== undefined).map((m) => [m.userId, m]));
  const items: Notification[] = to
    .filter((id) => byId.has(id))
    .map((userId) => ({
      orgId: deps.tenant.orgId,
      id: n.once ? notificationIdOf(userId, n.once.at, n.once.key) : notificationIdOf(userId, now),
      userId,
      kind: n.kind,
      subject: n.subject,
      subjectId: n.subjectId,
      name: n.name.slice(0, 200),
      by: n.by,
      ...(n.reason ? { reason: n.reason.slice(0, 1000) } : {}),
      ...(n.sent !== undefined ? { sent: n.sent, failed: n.failed ?? 0 } : {}),
      read: false,
      at: n.once?.at ?? now,
    }));
  if (items.length === 0) return;
  if (n.channels?.portal !== false) await deps.tenant.putMany('notification', items);
  const actor = byId.get(n.by)?.member;
  const mail = async () => {
    for (const item of items) {
      try {
        await mailIfAsked(deps, item, n, actor ? (lang) => displayName(actor.firstName, actor.lastName, lang) || actor.username : undefined);
      } catch (e) {
        deps.rt.log.warn('notification mail failed', { kind: n.kind, userId: item.userId, error: (e as Error).name });
      }
    }
  };
  if (deps.afterCommit) deps.afterCommit(mail);
  else await mail();
}

async function mailIfAsked(deps: NotifyDeps, item: Notification, n: NotifyInput, actorName?: (lang: 'en' | 'zh' | 'ja') => string): Promise<void> {
  const user = await deps.users.get(item.userId);
  if (user?.status !== 'ACTIVE') return;
  if (n.channels ? !n.channels.email : !user.alertTypes.includes(NOTIFICATION_ALERT_TYPE[item.kind])) return;
  const lang = user.language;
  const params = {
    name: item.name,
    by: actorName?.(lang) ?? textIn(NOTIFICATION_TEXTS.system, lang),
    // a rule's reason is a server text (a cloud source's failure); a rejection's is the approver's own words
    reason: item.reason && n.channels ? textsIn(item.reason, lang) : (item.reason ?? ''),
    sent: item.sent ?? 0,
    failed: item.failed ?? 0,
    url: linkOf(deps.rt, n),
  };
  const subject = textIn(NOTIFICATION_TEXTS[`subject${item.kind}`], lang, params);
  const text = `${textIn(NOTIFICATION_TEXTS[`body${item.kind}`], lang, params)}\n\n${textIn(NOTIFICATION_TEXTS.open, lang, params)}\n`;
  // an alert rule mails the member's own sign-in address; the approval news go where the Alerts tab says
  const addresses = !n.channels && user.alertEmails.length > 0 ? user.alertEmails : [user.email];
  for (const address of new Set(addresses.map((a) => a.toLowerCase()))) await deps.rt.mailer.send({ to: address, subject, text });
}

export async function alertMember(deps: NotifyDeps, e: AlertEvent): Promise<void> {
  const channels = await claimAlert(deps, e);
  if (!channels) return;
  await notifyPeople(deps, {
    kind: ALERT_KIND[e.event],
    to: [e.userId],
    subject: e.subject,
    subjectId: e.subjectId,
    name: e.name,
    by: 'system',
    ...(e.reason ? { reason: e.reason } : {}),
    ...(e.sent !== undefined ? { sent: e.sent, failed: e.failed ?? 0 } : {}),
    once: { at: e.at, key: `alert-${e.key}` },
    channels,
  });
}

export async function notifyRunFinished(deps: { rt: Runtime; store: Store }, orgId: number, planId: string, runId: string): Promise<void> {
  const tenant = deps.store.forOrg(orgId);
  const [plan, sheet, run] = await Promise.all([tenant.get('plan', planId), tenant.get('approvalSheet', sheetIdOf('PLAN', planId)), tenant.keyed('planRun').get(planId, runId)]);
  if (!plan || !run) return;
  const { total } = await tenantLedger(tenant).totals({ planId, runId });
  const at = run.finishedAt ?? deps.rt.clock.now();
  const failed = total.failed + total.uncertain;
  await notifyPeople(
    { rt: deps.rt, tenant, users: userDirectory(deps.store) },
    {
      kind: 'SEND_FINISHED',
      to: [plan.createdBy, ...(sheet ? [sheet.requestedBy] : [])],
      subject: 'PLAN',
      subjectId: planId,
      name: plan.name,
      by: 'system',
      sent: total.sent,
      failed,
      once: { at, key: runId },
    },
  );
  const event = { subject: 'PLAN', subjectId: planId, name: plan.name, at, sent: total.sent, failed } as const;
  await alertMember({ rt: deps.rt, tenant, users: userDirectory(deps.store) }, { ...event, event: 'RUN_FAILURE_RATE', userId: plan.createdBy, key: `${planId}:${runId}` });
}
