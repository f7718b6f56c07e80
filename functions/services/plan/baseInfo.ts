/** A message's base info (spec 000 section 4, "edit base info"). */
import { AppError } from '../../../shared/errors';
import type { Plan } from '../../../shared/plan/plan';
import type { PlanView } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import { transitionPlan } from '../../delivery';
import { peopleOf, toPlanView } from './plans';
import { say } from '../../../shared/i18n/say';

/** 720009 naming the field unless every tag, the category and the group named exist in the caller's organization. */
export async function requireClassification(ctx: AuthedContext, c: { tagIds?: readonly string[]; categoryId?: string | null; groupId?: string | null }): Promise<void> {
  const tagIds = [...new Set(c.tagIds ?? [])];
  const [tags, category, group] = await Promise.all([
    tagIds.length ? ctx.tenant.getMany('planTag', tagIds, ['id']) : [],
    c.categoryId ? ctx.tenant.get('planCategory', c.categoryId) : undefined,
    c.groupId ? ctx.tenant.get('planGroup', c.groupId) : undefined,
  ]);
  const missing = tags.some((t) => !t) ? 'tagIds' : c.categoryId && !category ? 'categoryId' : c.groupId && !group ? 'groupId' : undefined;
  if (missing) throw new AppError('720009', `payload.${missing}: ${say('entity.chosenMissing', { field: missing })}`);
}

async function change(ctx: AuthedContext, id: string, version: number | undefined, changes: Partial<Plan>): Promise<PlanView> {
  const plan = await ctx.tenant.require('plan', id);
  if (version !== undefined && version !== plan.version) throw new AppError('720007');
  const next = await transitionPlan(ctx.tenant, {
    plan,
    action: 'editBaseInfo',
    actor: { kind: 'user', permissions: ctx.identity.permissions, isAuthor: plan.createdBy === ctx.identity.userId },
    by: ctx.identity.userId,
    now: ctx.rt.clock.now(),
    changes,
  });
  return toPlanView(next!, ctx, await peopleOf(ctx));
}

export async function editBaseInfo(
  p: { id: string; version?: number; name: string; intro: string; tagIds: string[]; categoryId?: string | null; groupId?: string | null },
  ctx: AuthedContext,
): Promise<PlanView> {
  await requireClassification(ctx, p);
  return change(ctx, p.id, p.version, {
    name: p.name,
    intro: p.intro,
    tagIds: [...new Set(p.tagIds)],
    // absent keeps what is stored; null clears it
    ...(p.categoryId !== undefined ? { categoryId: p.categoryId ?? undefined } : {}),
    ...(p.groupId !== undefined ? { groupId: p.groupId ?? undefined } : {}),
  });
}

export function editReportMails(p: { id: string; version?: number; reportMails: string[] }, ctx: AuthedContext): Promise<PlanView> {
  const seen = new Set<string>();
  // one address once, whatever its case
  const reportMails = p.reportMails.filter((m) => !seen.has(m.toLowerCase()) && seen.add(m.toLowerCase()));
  return change(ctx, p.id, p.version, { reportMails });
}
