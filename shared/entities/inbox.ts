import * as z from 'zod';
import { PUSH_BUTTON_ACTIONS } from '../content/push';
import { defineEntity } from './entity';

/**
 * An account's message inbox (issue 20 item 4): what a push message sent with an inbox mode other than "push
 * without inbox" leaves for the app to list (`/service/sdk/v1/inbox`). One item per (plan, run) of an account,
 * written once however often the message is delivered; kept under the account (`<orgId>#<accountId>`), so one
 * account's inbox is one query and never another organization's. Items go when they expire.
 */
export const inboxItemSchema = z.object({
  accountKey: z.string(),
  /** `<planId>#<runId>`: the same message delivered again writes the same item */
  itemId: z.string(),
  orgId: z.number().int(),
  accountId: z.string(),
  planId: z.string(),
  runId: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  body: z.string(),
  contentType: z.string(),
  url: z.string().optional(),
  /** an `html` message's page, as rendered for the app's web view */
  html: z.string().optional(),
  buttons: z.array(z.object({ id: z.string(), text: z.string(), action: z.enum(PUSH_BUTTON_ACTIONS), value: z.string() })),
  media: z.object({ type: z.string(), url: z.string() }).optional(),
  extras: z.record(z.string(), z.string()),
  language: z.string().optional(),
  sentAt: z.number().int(),
  /** epoch ms; listed until then */
  expiresAt: z.number().int(),
  readAt: z.number().int().optional(),
  /** DynamoDB's TTL (epoch seconds): a while after expiry */
  ttl: z.number().int(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxKeyOf = (orgId: number, accountId: string) => `${orgId}#${accountId}`;
export const inboxItemIdOf = (planId: string, runId: string) => `${planId}#${runId}`;

export const inboxItemEntity = defineEntity({
  name: 'inboxItem',
  scope: 'tenant',
  // organization first, spread over its accounts, run shards or files (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: inboxItemSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'itemId', type: 'S' },
  ttlAttribute: 'ttl',
});
