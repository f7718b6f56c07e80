import * as z from 'zod';
import { defineEntity, TENANT_KEYS, tenantFields } from './entity';

/** Made once, on the first of the next month, by the scheduler; `id` is the month (`2026-11`). */
export const monthlyReportSchema = z.object({
  ...tenantFields,
  /** a second job finds MAKING and does nothing */
  status: z.enum(['MAKING', 'DONE']),
  planIds: z.array(z.string()).default([]),
  sent: z.number().int().default(0),
  opens: z.number().int().default(0),
  clicks: z.number().int().default(0),
  fileKey: z.string().optional(),
  mailedTo: z.array(z.string()).default([]),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

export const monthlyReportEntity = defineEntity({
  name: 'monthlyReport',
  scope: 'tenant',
  schema: monthlyReportSchema,
  ...TENANT_KEYS,
});
