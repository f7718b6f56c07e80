import * as z from 'zod';
import { importPlanSchema } from '../import/accountImport';
import { defineEntity, TENANT_KEYS, tenantFields } from './entity';

/**
 * accounts from a CSV file; devices of existing accounts from a CSV file (the key column is the account id); or
 * accounts and devices from an Amazon Pinpoint endpoint export (JSON lines: one row, one endpoint)
 */
export const IMPORT_KINDS = ['ACCOUNT', 'DEVICE', 'PINPOINT_ENDPOINTS'] as const;
export const IMPORT_STATUSES = ['RUNNING', 'DONE', 'CANCELLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Failed rows kept per import for the report; the counts go on past it. */
export const IMPORT_FAILURES_KEPT = 10_000;

const count = z.number().int().nonnegative();

/**
 * One data import (spec 001 3.13: kind, column mappings, CSV split char, primary key column): the plan its rows
 * are read with, and its progress. The browser sends the file's rows in pages, in order; `nextRow` is the row
 * the next page must start at (the header is row 1), so a page sent twice is applied once.
 */
export const dataImportSchema = z.object({
  ...tenantFields,
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  totalBytes: count,
  ...importPlanSchema.shape,
  status: z.enum(IMPORT_STATUSES),
  nextRow: z.number().int().min(2),
  bytesRead: count,
  /** data rows read, blank ones included */
  rowsRead: count,
  created: count,
  updated: count,
  failed: count,
  /** rows imported without a cell that could not be read (a phone number); reported beside the failed rows */
  warned: count.optional(),
  finishedAt: z.number().int().optional(),
});
export type DataImport = z.infer<typeof dataImportSchema>;

/** Imports of an organization: a few a day, so keyed like every admin-sized tenant entity. */
export const dataImportEntity = defineEntity({
  name: 'dataImport',
  scope: 'tenant',
  schema: dataImportSchema,
  ...TENANT_KEYS,
  permissions: { read: 'NAV_DATA_IMPORT', write: 'NAV_DATA_IMPORT' },
});

/** `<orgId>#<importId>`: the partition of one import's failed rows. */
export const importKeyOf = (orgId: number, importId: string) => `${orgId}#${importId}`;

/** A failed row of an import: its number in the file and why it was not imported. */
export const dataImportFailureSchema = z.object({
  importKey: z.string(),
  row: z.number().int(),
  reason: z.string(),
  /** the row's primary key value, when it had one */
  key: z.string().optional(),
  /** the row was imported, without the cells the reason names */
  warning: z.boolean().optional(),
});
export type DataImportFailure = z.infer<typeof dataImportFailureSchema>;

export const dataImportFailureEntity = defineEntity({
  name: 'dataImportFailure',
  scope: 'tenant',
  // organization first, spread over its accounts, run shards or files (high volume: see OrgKeyForm)
  orgKey: { form: 'prefixed' },
  schema: dataImportFailureSchema,
  partitionKey: { name: 'importKey', type: 'S' },
  sortKey: { name: 'row', type: 'N' },
});
