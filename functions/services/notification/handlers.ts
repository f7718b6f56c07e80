/** notification.*: the caller's own notifications in the selected organization. */
import { type Notification, notificationPrefixOf } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { NotificationView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { CONDITIONS } from '../../store/store';
import { peopleOf } from '../plan';

const UNREAD = { expression: '#read = :no', names: { '#read': 'read' }, values: { ':no': false } };

function mine(ctx: AuthedContext, id: string): string {
  if (!id.startsWith(notificationPrefixOf(ctx.identity.userId))) throw new AppError('720003');
  return id;
}

async function* pagesOf(ctx: AuthedContext, unread: boolean, from?: string, limit?: number) {
  let startKey = from ? { orgId: ctx.tenant.orgId, id: from } : undefined;
  do {
    const page = await ctx.tenant.queryPage('notification', {
      sortPrefix: { name: 'id', value: notificationPrefixOf(ctx.identity.userId) },
      forward: false,
      ...(unread ? { filter: UNREAD } : {}),
      limit,
      startKey,
    });
    yield page;
    startKey = page.lastKey as typeof startKey;
  } while (startKey);
}

export const notificationHandlers: AreaHandlers<'notification'> = {
  async getListByPage({ unread, size, cursor }, ctx) {
    const list: Notification[] = [];
    let next: string | undefined;
    // a filtered page can come back short: read on until the page is full or the list ends
    for await (const page of pagesOf(ctx, unread, cursor ? mine(ctx, cursor) : undefined, size)) {
      const items = page.items as Notification[];
      const room = size - list.length;
      list.push(...items.slice(0, room));
      if (list.length >= size) {
        next = items.length > room || page.lastKey ? list[list.length - 1]!.id : undefined;
        break;
      }
    }
    const { names } = await peopleOf(ctx);
    const view = (n: Notification): NotificationView => {
      const { orgId: _o, userId: _u, ...rest } = n;
      return { ...rest, byName: n.by === 'system' ? 'system' : (names.get(n.by) ?? '') };
    };
    return { list: list.map(view), ...(next && { cursor: next }) };
  },

  async unreadCount(_p, ctx) {
    let count = 0;
    for await (const page of pagesOf(ctx, true)) count += page.items.length;
    return { count };
  },

  async read({ id }, ctx) {
    await ctx.tenant.update('notification', mine(ctx, id), { read: true }, CONDITIONS.exists('id'), '720003');
    return { ok: true };
  },

  async unread({ id }, ctx) {
    await ctx.tenant.update('notification', mine(ctx, id), { read: false }, CONDITIONS.exists('id'), '720003');
    return { ok: true };
  },

  async readAll(_p, ctx) {
    let count = 0;
    for await (const page of pagesOf(ctx, true)) {
      const items = (page.items as Notification[]).map((n) => ({ ...n, read: true }));
      await ctx.tenant.putMany('notification', items);
      count += items.length;
    }
    return { count };
  },
};
