import * as z from 'zod';
import { defineEntity, TENANT_KEYS } from './entity';

/**
 * What an organization received over two-way SMS (spec 000's `snsRecord` group): each inbound message End User
 * Messaging SMS published to the deployment's SNS topic, recorded for every organization that had texted the
 * number (as its opt-outs are), and each reply an organization's Twilio number was sent (its webhook). Kept
 * SNS_RECORD_DAYS, as a message log is.
 */
export const SNS_RECORD_SOURCES = ['SNS', 'TWILIO'] as const;
export const SNS_RECORD_DAYS = 400;

/** Ids sort by arrival: the time in milliseconds, zero-padded, then a random part. */
export const snsRecordId = (receivedAt: number, random: string) => `${String(receivedAt).padStart(15, '0')}-${random}`;

export const snsRecordSchema = z.object({
  orgId: z.number().int(),
  id: z.string(),
  source: z.enum(SNS_RECORD_SOURCES),
  /** the number that wrote, in E.164 */
  fromNumber: z.string(),
  /** the number or identity it wrote to */
  toNumber: z.string().optional(),
  keyword: z.string().optional(),
  body: z.string(),
  /** the provider's id of the inbound message */
  providerMessageId: z.string().optional(),
  /** an opt-out reply: the number was listed as unsubscribed */
  optOut: z.boolean(),
  receivedAt: z.number().int(),
  /** epoch seconds */
  expiresAt: z.number().int(),
});
export type SnsRecord = z.infer<typeof snsRecordSchema>;

export const snsRecordEntity = defineEntity({
  name: 'snsRecord',
  scope: 'tenant',
  schema: snsRecordSchema,
  ...TENANT_KEYS,
  ttlAttribute: 'expiresAt',
  listColumns: [
    { field: 'receivedAt', label: 'snsRecord.receivedAt', sortable: true, format: 'dateTime' },
    { field: 'fromNumber', label: 'snsRecord.fromNumber', sortable: true, filter: 'text' },
    { field: 'body', label: 'snsRecord.body', filter: 'text' },
    { field: 'source', label: 'snsRecord.source', sortable: true, filter: 'select', format: 'option' },
    { field: 'optOut', label: 'snsRecord.optOut', sortable: true, filter: 'boolean', format: 'boolean' },
  ],
  permissions: { read: 'NAV_SNS', write: null },
});
