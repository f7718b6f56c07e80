/** The messageUnsubscription area: the addresses that unsubscribed from a channel, listed and deleted. */
import type { AreaHandlers } from '../../contract/context';
import { matchesText, pageOfItems } from '../../store/paging';

export const messageUnsubscriptionHandlers: AreaHandlers<'messageUnsubscription'> = {
  async getListByPage(q, ctx) {
    const all = (await ctx.tenant.list('messageUnsubscription')).filter((u) => matchesText(u.target, q.target) && (!q.channelName || u.channelName === q.channelName));
    const page = pageOfItems(all, q, ['target', 'channelName', 'source', 'dateCreated'], { field: 'dateCreated', order: 'desc' });
    return { ...page, list: page.list.map(({ id, target, channelName, source, planId, dateCreated }) => ({ id, target, channelName, source, planId, dateCreated })) };
  },
  async delete({ id, ids }, ctx) {
    const chosen = [...new Set(ids ?? [id!])];
    // every one must be this organization's: another's answers as missing, and nothing is deleted
    await Promise.all(chosen.map((one) => ctx.tenant.require('messageUnsubscription', one)));
    await ctx.tenant.transact(chosen.map((one) => ctx.tenant.deleteItem('messageUnsubscription', one, '720007')));
    return { ok: true };
  },
};
