/**
 * messageLink.getListByPage: the message's tracked links with their clicks, counted by the click redirect
 * (../../tracking/handler.ts), and the links of its latest run nobody followed yet (0 clicks).
 */
import type { MessageLinkView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { matchesText, pageOfItems } from '../../store/paging';
import { shardsOfRun } from '../../../shared/entities';
import { firstRunShard } from '../../store/runShards';

const SORTABLE = ['place', 'url', 'clicks', 'totalClicks', 'lastClickedAt'];

async function sentLinks(ctx: AuthedContext, planId: string): Promise<string[]> {
  const latest = (await ctx.tenant.keyed('planRun').list(planId)).sort((a, b) => b.startedAt - a.startedAt)[0];
  if (!latest) return [];
  const records = ctx.tenant.keyed('sentRecord');
  const found = await firstRunShard(shardsOfRun(latest), async (shard) => {
    const page = await records.queryPage(`${planId}#${latest.runId}#${shard}`, {
      filter: { expression: 'attribute_exists(#l)', names: { '#l': 'links' } },
      attributes: ['links'],
      limit: 25,
    });
    return page.items.find((r) => Array.isArray(r.links) && r.links.length > 0)?.links as string[] | undefined;
  });
  return found ?? [];
}

export const messageLinkHandlers: AreaHandlers<'messageLink'> = {
  async getListByPage(q, ctx) {
    const plan = await ctx.tenant.require('plan', q.planId);
    const clicked: MessageLinkView[] = (await ctx.tenant.keyed('messageLink').list(plan.id)).map(({ place, url, clicks, totalClicks, firstClickedAt, lastClickedAt }) => ({
      place,
      url,
      clicks,
      totalClicks,
      firstClickedAt,
      lastClickedAt,
    }));
    const places = new Set(clicked.map((l) => l.place));
    const unclicked = (await sentLinks(ctx, plan.id)).flatMap((url, place) => (url && !places.has(place) ? [{ place, url, clicks: 0, totalClicks: 0 }] : []));
    const links = [...clicked, ...unclicked].filter((l) => matchesText(l.url, q.url));
    return pageOfItems(links, q, SORTABLE, { field: 'place', order: 'asc' });
  },
};
