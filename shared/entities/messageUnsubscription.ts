import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { defineEntity } from './entity';

/** Spec 001 3.17. Sharded because every recipient of a send is looked up: one partition would take 10,000 reads/s at 10,000 sends/s. */
export const UNSUBSCRIPTION_SOURCES = ['UNSUBSCRIBE', 'BOUNCE', 'COMPLAINT', 'MANUAL'] as const;

export const UNSUBSCRIPTION_SHARDS = 16;

/** An address as an opt-out list names it: trimmed, in lower case. */
export const unsubscriptionTarget = (address: string) => address.trim().toLowerCase();

export function unsubscriptionId(channel: string, target: string): string {
  return `${channel}#${unsubscriptionTarget(target)}`;
}

export const messageUnsubscriptionSchema = z.object({
  orgId: z.number().int(),
  id: z.string(),
  channelName: z.enum(CHANNELS),
  target: z.string().max(320),
  source: z.enum(UNSUBSCRIPTION_SOURCES),
  planId: z.string().optional(),
  dateCreated: z.number().int(),
});
export type MessageUnsubscription = z.infer<typeof messageUnsubscriptionSchema>;

export const messageUnsubscriptionEntity = defineEntity({
  name: 'messageUnsubscription',
  scope: 'tenant',
  schema: messageUnsubscriptionSchema,
  partitionKey: { name: 'orgShard', type: 'S' },
  sortKey: { name: 'id', type: 'S' },
  shardedPartition: { shards: UNSUBSCRIPTION_SHARDS, tenantStore: true },
  listColumns: [
    { field: 'target', label: 'entity.messageUnsubscription.target', sortable: true, filter: 'text' },
    { field: 'channelName', label: 'entity.messageUnsubscription.channelName', sortable: true, filter: 'select', format: 'option' },
    { field: 'source', label: 'entity.messageUnsubscription.source', sortable: true, filter: 'select', format: 'option' },
    { field: 'dateCreated', label: 'common.dateCreated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_MESSAGE_UNSUBSCRIPTION', write: 'NAV_MESSAGE_UNSUBSCRIPTION' },
});
