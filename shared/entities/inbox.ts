import * as z from 'zod';
import { PUSH_BUTTON_ACTIONS } from '../content/push';
import { defineEntity } from './entity';

/** Issue 20 item 4; one item per (plan, run) of an account, written once however often the message is delivered. */
export const inboxItemSchema = z.object({
  accountKey: z.string(),
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
  html: z.string().optional(),
  buttons: z.array(z.object({ id: z.string(), text: z.string(), action: z.enum(PUSH_BUTTON_ACTIONS), value: z.string() })),
  media: z.object({ type: z.string(), url: z.string() }).optional(),
  extras: z.record(z.string(), z.string()),
  language: z.string().optional(),
  sentAt: z.number().int(),
  expiresAt: z.number().int(),
  readAt: z.number().int().optional(),
  ttl: z.number().int(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxKeyOf = (orgId: number, accountId: string) => `${orgId}#${accountId}`;
export const inboxItemIdOf = (planId: string, runId: string) => `${planId}#${runId}`;

export const inboxItemEntity = defineEntity({
  name: 'inboxItem',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: inboxItemSchema,
  partitionKey: { name: 'accountKey', type: 'S' },
  sortKey: { name: 'itemId', type: 'S' },
  ttlAttribute: 'ttl',
});
