/**
 * messageLink.getListByPage: the message's tracked links with their clicks, counted by the click redirect
 * (../../tracking/handler.ts). The plan is read in the caller's organization, so another's answers 720003.
 */
import type { MessageLinkView } from '../../../shared/services';
import type { AreaHandlers } from '../../api/context';
import { matchesText, pageOfItems } from '../../store/paging';

const SORTABLE = ['place', 'url', 'clicks', 'totalClicks', 'lastClickedAt'];

export const messageLinkHandlers: AreaHandlers<'messageLink'> = {
  async getListByPage(q, ctx) {
    const plan = await ctx.tenant.require('plan', q.planId);
    const links = (await ctx.tenant.keyed('messageLink').list(plan.id)).filter((l) => matchesText(l.url, q.url));
    const page = pageOfItems(links, q, SORTABLE, { field: 'place', order: 'asc' });
    return {
      ...page,
      list: page.list.map(
        ({ place, url, clicks, totalClicks, firstClickedAt, lastClickedAt }): MessageLinkView => ({ place, url, clicks, totalClicks, firstClickedAt, lastClickedAt }),
      ),
    };
  },
};
