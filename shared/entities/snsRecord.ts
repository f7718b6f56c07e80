import * as z from 'zod';
import { defineEntity, TENANT_KEYS } from './entity';

/** Two-way SMS received (spec 000 `snsRecord`), kept SNS_RECORD_DAYS as a message log is. */
export const SNS_RECORD_SOURCES = ['SNS', 'TWILIO'] as const;
export const SNS_RECORD_DAYS = 400;

export const snsRecordId = (receivedAt: number, random: string) => `${String(receivedAt).padStart(15, '0')}-${random}`;

export const snsRecordSchema = z.object({
  orgId: z.number().int(),
  id: z.string(),
  source: z.enum(SNS_RECORD_SOURCES),
  fromNumber: z.string(),
  toNumber: z.string().optional(),
  keyword: z.string().optional(),
  body: z.string(),
  providerMessageId: z.string().optional(),
  optOut: z.boolean(),
  receivedAt: z.number().int(),
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
