/**
 * The app inbox (issue 20 item 4): push messages sent with an inbox mode keep an item per account, which the app
 * lists, marks read and deletes through the app SDK API (functions/sdk).
 */
import { type InboxItem, inboxItemIdOf } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { CONDITIONS, type TenantStore } from '../store/store';

/** Items without an expiry of their own stay listed this long. */
export const INBOX_DEFAULT_DAYS = 30;
const KEEP_AFTER_EXPIRY_MS = 7 * 86_400_000;
/** An account's inbox is read whole and paged in memory (it is small: items expire); at most this many. */
const MAX_ITEMS = 1000;

export type InboxWrite = Omit<InboxItem, 'accountKey' | 'itemId' | 'ttl' | 'readAt'>;

/** Writes a message's item once: a redelivered message finds it written and leaves it (and its read mark) alone. */
export async function writeInboxItem(tenant: TenantStore, item: InboxWrite): Promise<string> {
  const itemId = inboxItemIdOf(item.planId, item.runId);
  const full = { ...item, itemId, ttl: Math.ceil((item.expiresAt + KEEP_AFTER_EXPIRY_MS) / 1000) };
  try {
    await tenant.keyed('inboxItem').put(item.accountId, full, CONDITIONS.isNew('itemId'), '720001');
  } catch (e) {
    if (!(e instanceof AppError && e.code === '720001')) throw e;
  }
  return itemId;
}

/** The notification an item shows (its optional parts only when set): as written from a push, as the app reads it. */
export function inboxContentOf(m: Pick<InboxItem, 'title' | 'subtitle' | 'body' | 'contentType' | 'url' | 'html' | 'buttons' | 'media' | 'extras'>) {
  return {
    title: m.title,
    ...(m.subtitle ? { subtitle: m.subtitle } : {}),
    body: m.body,
    contentType: m.contentType,
    ...(m.url ? { url: m.url } : {}),
    ...(m.html ? { html: m.html } : {}),
    buttons: m.buttons,
    ...(m.media ? { media: m.media } : {}),
    extras: m.extras,
  };
}

export function inboxView(i: InboxItem) {
  return {
    id: i.itemId,
    planId: i.planId,
    ...inboxContentOf(i),
    sentAt: i.sentAt,
    expiresAt: i.expiresAt,
    read: i.readAt !== undefined,
    ...(i.readAt !== undefined ? { readAt: i.readAt } : {}),
  };
}

export async function listInbox(tenant: TenantStore, accountId: string, q: { page: number; size: number; unreadOnly?: boolean }, now: number) {
  const { items } = await tenant.keyed('inboxItem').queryPage(accountId, { limit: MAX_ITEMS });
  const live = (items as InboxItem[]).filter((i) => i.expiresAt > now).sort((a, b) => b.sentAt - a.sentAt || (a.itemId < b.itemId ? 1 : -1));
  const listed = q.unreadOnly ? live.filter((i) => i.readAt === undefined) : live;
  return {
    list: listed.slice(q.page * q.size, (q.page + 1) * q.size).map(inboxView),
    total: listed.length,
    unread: live.filter((i) => i.readAt === undefined).length,
    page: q.page,
    size: q.size,
  };
}

/** Marks items read (an item read before keeps its first time); ids that are not the account's are ignored. */
export async function markInboxRead(tenant: TenantStore, accountId: string, ids: readonly string[], now: number): Promise<number> {
  const inbox = tenant.keyed('inboxItem');
  let changed = 0;
  for (const itemId of new Set(ids)) {
    try {
      await inbox.update(
        accountId,
        itemId,
        { readAt: now },
        { ConditionExpression: 'attribute_exists(#i) AND attribute_not_exists(#r)', ExpressionAttributeNames: { '#i': 'itemId', '#r': 'readAt' } },
      );
      changed += 1;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  return changed;
}

export async function deleteInboxItems(tenant: TenantStore, accountId: string, ids: readonly string[]): Promise<number> {
  const inbox = tenant.keyed('inboxItem');
  const found = await inbox.getMany(
    [...new Set(ids)].map((itemId) => ({ rest: accountId, sort: itemId })),
    ['itemId'],
  );
  const present = found.filter((f): f is NonNullable<typeof f> => f !== undefined).map((f) => ({ rest: accountId, sort: f.itemId }));
  await inbox.deleteMany(present);
  return present.length;
}
