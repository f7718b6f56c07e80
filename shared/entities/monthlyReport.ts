import * as z from 'zod';
import { defineEntity, TENANT_KEYS, tenantFields } from './entity';

/**
 * A month's report of an organization (/monthly-reports): made once, on the first of the next month, by the
 * scheduler; `id` is the month (`2026-11`). It covers every message with a run in the month, and is mailed to
 * those messages' report mails.
 */
export const monthlyReportSchema = z.object({
  ...tenantFields,
  /** MAKING while the job writes it (a second job finds it and does nothing), then DONE */
  status: z.enum(['MAKING', 'DONE']),
  planIds: z.array(z.string()).default([]),
  sent: z.number().int().default(0),
  opens: z.number().int().default(0),
  clicks: z.number().int().default(0),
  /** the Word file in storage */
  fileKey: z.string().optional(),
  /** who it was mailed to */
  mailedTo: z.array(z.string()).default([]),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

export const monthlyReportEntity = defineEntity({
  name: 'monthlyReport',
  scope: 'tenant',
  schema: monthlyReportSchema,
  ...TENANT_KEYS,
});
