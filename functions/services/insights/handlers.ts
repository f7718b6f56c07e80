/**
 * Behaviour insights (`behaviorInsight`): the counters functions/domain/insights.ts writes, summed over a range, and
 * one account's own events a page at a time, read through the caller's tenant store only.
 */
import * as z from 'zod';
import type { Application } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { type DashboardRange, resolveRange } from '../../../shared/services/dashboard';
import { allowedOriginsOf, INSIGHT_LIMITS, INSIGHT_PERMISSION, type InsightSource, WEB_SNIPPET_PATH } from '../../../shared/services/insights';
import { utcDayStart } from '../../../shared/services/report';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { badField } from '../../contract/problems';
import { insightNameOf, pairField, readInsightDays } from '../../domain/insights';
import { Accounts } from '../../domain/accounts';
import { orgCursor } from '../../store/orgCursor';
import { say } from '../../../shared/i18n/say';

const DAY_MS = 86_400_000;

function allowed(source: InsightSource, ctx: AuthedContext): void {
  if (!ctx.identity.permissions.includes(INSIGHT_PERMISSION[source])) throw new AppError('730001');
}

async function rangeOf(range: DashboardRange, ctx: AuthedContext) {
  const now = ctx.rt.clock.now();
  const [since, zone] = await Promise.all([range.preset === 'ALL' ? ctx.organization.get().then((o) => o?.dateCreated) : undefined, ctx.organization.zone(now)]);
  return resolveRange(range, now, typeof since === 'number' ? since : undefined, zone);
}

const timelineCursor = (ctx: AuthedContext) => orgCursor(ctx.rt.keys, 'behaviorInsight.timeline', z.object({ account: z.string(), key: z.string() }));

export const behaviorInsightHandlers: AreaHandlers<'behaviorInsight'> = {
  async summary({ source, range }, ctx) {
    allowed(source, ctx);
    const r = await rangeOf(range, ctx);
    const sums = await readInsightDays(ctx.tenant, source, r.start, r.end);
    const totals = new Map<string, number>();
    const days = [];
    // every day of the range, the quiet ones as zero, so a chart shows them
    for (let ms = utcDayStart(r.start); ms <= utcDayStart(r.end); ms += DAY_MS) {
      const day = new Date(ms).toISOString().slice(0, 10);
      const counts = sums.get(day) ?? {};
      const byName: Record<string, number> = {};
      for (const [k, n] of Object.entries(counts)) {
        if (!k.startsWith('e:') || !n) continue;
        byName[k.slice(2)] = n;
        totals.set(k.slice(2), (totals.get(k.slice(2)) ?? 0) + n);
      }
      days.push({ day, active: counts.active ?? 0, events: counts.events ?? 0, byName });
    }
    const names = [...totals]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, INSIGHT_LIMITS.eventNames)
      .map(([name, count]) => ({ name, count }));
    return { range: r, days, names, events: days.reduce((n, d) => n + d.events, 0) };
  },

  async funnel({ source, range, steps }, ctx) {
    allowed(source, ctx);
    const r = await rangeOf(range, ctx);
    const sums = await readInsightDays(ctx.tenant, source, r.start, r.end);
    const total = (field: string) => [...sums.values()].reduce((n, counts) => n + (counts[field] ?? 0), 0);
    return {
      range: r,
      steps: steps.map((name, i) => ({ name, accounts: total(i === 0 ? `f:${name}` : pairField(steps[i - 1]!, name)) })),
    };
  },

  async timeline({ source, accountId, size, cursor }, ctx) {
    allowed(source, ctx);
    // a missing account and another organization's answer alike
    if (!(await new Accounts(ctx.tenant).get(accountId))) throw new AppError('720003');
    const codec = timelineCursor(ctx);
    const from = cursor ? codec.decode(ctx.tenant.orgId, cursor) : undefined;
    if (from && from.account !== accountId) badField('cursor', say('request.cursor'));
    const events = ctx.tenant.keyed('accountEvent');
    // events from before web apps carry no source: they are app events
    const filter =
      source === 'WEB'
        ? { expression: '#src = :src', names: { '#src': 'source' }, values: { ':src': 'WEB' } }
        : { expression: 'attribute_not_exists(#src) OR #src = :src', names: { '#src': 'source' }, values: { ':src': 'APP' } };
    const list: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined = from ? events.key(accountId, from.key) : undefined;
    let more = true;
    // DynamoDB filters after its limit: read on until the page is full or the account's events end
    while (list.length < size && more) {
      const page = await events.queryPage(accountId, { forward: false, limit: size - list.length, filter, startKey });
      list.push(...page.items);
      startKey = page.lastKey;
      more = startKey !== undefined;
    }
    const last = list[list.length - 1];
    const planIds = [...new Set(list.flatMap((e) => (typeof e.planId === 'string' ? [e.planId] : [])))];
    const plans = planIds.length > 0 ? await ctx.tenant.getMany('plan', planIds, ['id', 'name']) : [];
    const planNames = new Map(plans.flatMap((p) => (p ? [[p.id, p.name] as const] : [])));
    return {
      list: list.map((e) => {
        const planId = typeof e.planId === 'string' ? e.planId : undefined;
        const planName = planId ? planNames.get(planId) : undefined;
        return {
          id: String(e.eventKey),
          type: String(e.type),
          name: insightNameOf({ type: String(e.type), name: e.name as string | undefined }),
          at: Number(e.at),
          ...(typeof e.deviceId === 'string' ? { deviceId: e.deviceId } : {}),
          ...(planId ? { planId } : {}),
          ...(planName ? { planName } : {}),
          ...(typeof e.buttonId === 'string' ? { buttonId: e.buttonId } : {}),
          ...(typeof e.url === 'string' ? { url: e.url } : {}),
          ...(e.properties ? { properties: e.properties as Record<string, string | number | boolean | null> } : {}),
        };
      }),
      ...(more && last ? { next: codec.encode(ctx.tenant.orgId, { account: accountId, key: String(last.eventKey) }) } : {}),
    };
  },

  async webApps(_p, ctx) {
    const apps = (await ctx.tenant.list('application')) as Application[];
    return {
      path: WEB_SNIPPET_PATH,
      apps: apps
        .filter((a) => a.appType === 'WEB' && a.status === 'ACTIVE' && a.appKey)
        .map((a) => ({ name: a.name, appKey: a.appKey!, allowedOrigins: allowedOriginsOf(a) }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    };
  },
};
