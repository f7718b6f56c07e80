import * as z from 'zod';
import { importPlanSchema } from '../import/accountImport';
import { defineEntity, TENANT_KEYS, tenantFields } from './entity';

export const IMPORT_KINDS = ['ACCOUNT', 'DEVICE', 'PINPOINT_ENDPOINTS'] as const;
export const IMPORT_STATUSES = ['RUNNING', 'DONE', 'CANCELLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_FAILURES_KEPT = 10_000;

const count = z.number().int().nonnegative();

/** Spec 001 3.13. `nextRow` is where the next page must start, so a page sent twice is applied once. */
export const dataImportSchema = z.object({
  ...tenantFields,
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  totalBytes: count,
  ...importPlanSchema.shape,
  status: z.enum(IMPORT_STATUSES),
  nextRow: z.number().int().min(2),
  bytesRead: count,
  rowsRead: count,
  created: count,
  updated: count,
  failed: count,
  warned: count.optional(),
  finishedAt: z.number().int().optional(),
});
export type DataImport = z.infer<typeof dataImportSchema>;

export const dataImportEntity = defineEntity({
  name: 'dataImport',
  scope: 'tenant',
  schema: dataImportSchema,
  ...TENANT_KEYS,
  permissions: { read: 'NAV_DATA_IMPORT', write: 'NAV_DATA_IMPORT' },
});

export const importKeyOf = (orgId: number, importId: string) => `${orgId}#${importId}`;

export const dataImportFailureSchema = z.object({
  importKey: z.string(),
  row: z.number().int(),
  reason: z.string(),
  key: z.string().optional(),
  warning: z.boolean().optional(),
});
export type DataImportFailure = z.infer<typeof dataImportFailureSchema>;

export const dataImportFailureEntity = defineEntity({
  name: 'dataImportFailure',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: dataImportFailureSchema,
  partitionKey: { name: 'importKey', type: 'S' },
  sortKey: { name: 'row', type: 'N' },
});
