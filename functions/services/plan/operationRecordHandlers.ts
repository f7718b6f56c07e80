/** The operationRecord area: what was done to a message, by whom and when. */
import type { AreaHandlers } from '../../contract/context';
import { SYSTEM_ACTOR } from '../../delivery';
import { pageOfItems } from '../../store/paging';
import { peopleOf } from './plans';

export const operationRecordHandlers: AreaHandlers<'operationRecord'> = {
  async getListByPage(q, ctx) {
    await ctx.tenant.require('plan', q.planId);
    const records = await ctx.tenant.keyed('operationRecord').list(q.planId);
    const page = pageOfItems(records, q, ['at', 'action'], { field: 'at', order: 'desc' });
    const people = await peopleOf(ctx);
    return {
      ...page,
      list: page.list.map(({ id, action, from, to, by, at, reason, rejectType }) => ({
        id,
        action,
        from,
        to,
        by,
        byName: by === SYSTEM_ACTOR ? SYSTEM_ACTOR : (people.names.get(by) ?? ''),
        at,
        reason,
        rejectType,
      })),
    };
  },
};
