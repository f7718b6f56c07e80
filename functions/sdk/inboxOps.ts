/** The SDK's inbox calls: the person's own inbox listed, marked read and deleted. */
import { AppError } from '../../shared/errors';
import { deleteInboxItems, listInbox, markInboxRead } from '../domain/inbox';
import type { SdkContext, Op } from './context';
import { say } from '../../shared/i18n/say';

function inboxOwner(ctx: SdkContext): void {
  if (!ctx.proven) throw new AppError('400018', say('push.inboxNeedsUser'));
}

export const inbox: Op<'inbox'> = async (p, ctx) => {
  inboxOwner(ctx);
  return listInbox(ctx.tenant, p.accountId, { page: p.page ?? 0, size: p.size ?? 20, unreadOnly: p.unreadOnly ?? false }, ctx.rt.clock.now());
};

export const inboxRead: Op<'inboxRead'> = async (p, ctx) => {
  inboxOwner(ctx);
  return { accountId: p.accountId, changed: await markInboxRead(ctx.tenant, p.accountId, p.ids, ctx.rt.clock.now()) };
};

export const inboxDelete: Op<'inboxDelete'> = async (p, ctx) => {
  inboxOwner(ctx);
  return { accountId: p.accountId, deleted: await deleteInboxItems(ctx.tenant, p.accountId, p.ids) };
};
