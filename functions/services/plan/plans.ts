/** What the plan handlers share: the view of a plan for one caller, and reading a plan of the caller's organization. */
import { permissionsOf } from '../../../shared/entities';
import { displayName } from '../../../shared/format';
import { journeyOf } from '../../../shared/plan/journey';
import { MESSAGE_TYPE_PERMISSION, type Plan } from '../../../shared/plan/plan';
import { allowedActions, type PlanAction } from '../../../shared/plan/stateMachine';
import type { PlanView } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import { tenantLedger } from '../../delivery';
import { organizationSettingOf } from '../../domain/organizationSetting';

/** The actions this caller may take now: the state machine's, and approving only where they are asked to. */
export function actionsFor(plan: Plan, ctx: AuthedContext): PlanAction[] {
  // a message of a type the caller's role does not hold offers nothing (every action would answer 730001)
  if (!ctx.identity.permissions.includes(MESSAGE_TYPE_PERMISSION[plan.messageType ?? 1])) return [];
  const isParticipant = plan.approval?.participants.includes(ctx.identity.userId) ?? false;
  return allowedActions(plan.status, ctx.identity.permissions, { isAuthor: plan.createdBy === ctx.identity.userId }).filter(
    (a) => (a !== 'pass' && a !== 'reject') || isParticipant,
  );
}

export interface People {
  names: Map<string, string>;
  approvers: Set<string>;
  emails: Map<string, string>;
}

export async function peopleOf(ctx: AuthedContext): Promise<People> {
  const [links, roles] = await Promise.all([ctx.tenant.list('organizationUser'), ctx.tenant.list('userRole')]);
  const passing = new Set(roles.filter((r) => r.active && permissionsOf(r).includes('PLAN_PASS')).map((r) => r.id));
  const names = new Map<string, string>();
  const approvers = new Set<string>();
  const emails = new Map<string, string>();
  for (const link of links) {
    names.set(link.userId, displayName(link.member.firstName, link.member.lastName, ctx.lang) || link.member.username);
    if (passing.has(link.roleId) && link.member.status === 'ACTIVE') approvers.add(link.userId);
    if (link.member.status === 'ACTIVE' && link.member.email) emails.set(link.userId, link.member.email.toLowerCase());
  }
  return { names, approvers, emails };
}

export async function testRecipientsOf(ctx: AuthedContext): Promise<{ testAddresses: string[]; members: { name: string; email: string }[] }> {
  const [setting, people] = await Promise.all([organizationSettingOf(ctx.tenant), peopleOf(ctx)]);
  const members = [...people.emails].map(([id, email]) => ({ name: people.names.get(id)!, email })).sort((a, b) => a.name.localeCompare(b.name));
  return { testAddresses: setting.testAddresses.map((a) => a.toLowerCase()), members };
}

function namesFor(plan: Plan, people: People): Record<string, string> {
  const ids = [plan.createdBy, ...(plan.approval?.participants ?? []), ...(plan.rejection ? [plan.rejection.by] : [])];
  return Object.fromEntries(ids.flatMap((id) => (people.names.has(id) ? [[id, people.names.get(id)!]] : [])));
}

const SHOWN = [
  'id',
  'name',
  'title',
  'intro',
  'channel',
  'status',
  'content',
  'type',
  'messageType',
  'segmentId',
  'trigger',
  'tagIds',
  'categoryId',
  'groupId',
  'approval',
  'rejection',
  'createdBy',
  'version',
  'dateCreated',
  'dateUpdated',
] as const satisfies readonly (keyof Plan & keyof PlanView)[];

export function toPlanView(plan: Plan, ctx: AuthedContext, people: People): PlanView {
  const journey = journeyOf(plan);
  return {
    ...(Object.fromEntries(SHOWN.map((field) => [field, plan[field]])) as Pick<Plan, (typeof SHOWN)[number]>),
    ...(journey ? { journey } : {}),
    ...(plan.reportMails ? { reportMails: plan.reportMails } : {}),
    actions: actionsFor(plan, ctx),
    people: namesFor(plan, people),
  };
}

/** Of a page of messages, the finished ones whose runs sent nobody (issue 21), so the list says "Finished. */
export async function sentNothingOf(ctx: AuthedContext, plans: readonly Plan[]): Promise<Set<string>> {
  const ledger = tenantLedger(ctx.tenant);
  const empty = await Promise.all(
    plans
      .filter((p) => p.status === 'DEPLOYED')
      .map(async (p) => {
        const runs = await ctx.tenant.keyed('planRun').list(p.id);
        if (runs.some((r) => r.status === 'RUNNING')) return undefined;
        // newest first: a resend that reached someone answers at once
        for (const run of runs.sort((a, b) => b.startedAt - a.startedAt)) if ((await ledger.totals(run)).total.sent > 0) return undefined;
        return p.id;
      }),
  );
  return new Set(empty.filter((id): id is string => id !== undefined));
}
